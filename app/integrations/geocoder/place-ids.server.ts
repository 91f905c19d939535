// place_id: base64url(JSON {v, p, lat, lng, a}) "." base64url(HMAC-SHA256)[16 bytes].
// It carries the coordinates, so resolving it never calls anyone; Google's ids
// carry {v, p: 'google', g, s, a} instead (see geocoder.server.ts).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { PRECISIONS, type Precision } from '~/lib/geocode-precision.ts'
import { ADDRESS_MAX_CHARS, type GeocodeResult, type GeocoderProvider } from './types.server.ts'

export const PLACE_ID_SHAPE = /^[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{22}$/
const GooglePayload = z.object({
	v: z.literal(1),
	p: z.literal('google'),
	g: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/),
	s: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
	a: z.string().max(ADDRESS_MAX_CHARS),
})
const PlacePayload = z.object({
	v: z.literal(1),
	p: z.enum(['gazetteer', 'photon', 'census', 'mapbox', 'google']),
	lat: z.number().min(-90).max(90),
	lng: z.number().min(-180).max(180),
	a: z.string().max(ADDRESS_MAX_CHARS * 2),
	// precision and what was matched (absent in ids made before they existed)
	r: z.enum(PRECISIONS).optional(),
	m: z.string().max(ADDRESS_MAX_CHARS * 2).optional(),
})
export type Place = { provider: GeocoderProvider; lat: number; lng: number; address: string; precision: Precision; matched?: string }
/** a Google prediction, resolved by Place Details */
export type GooglePlaceRef = { googlePlaceId: string; session: string; address: string }
export type PlaceIds = { encode(place: Place): string; encodeGoogle(ref: GooglePlaceRef): string; decode(id: string): GeocodeResult | GooglePlaceRef | null }

export function placeIds(secret: string): PlaceIds {
	const sign = (body: string) => createHmac('sha256', secret).update(body).digest().subarray(0, 16)
	const round = (x: number) => Math.round(x * 1e7) / 1e7
	const signed = (payload: unknown) => {
		const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
		return `${body}.${sign(body).toString('base64url')}`
	}
	return {
		encode({ provider, lat, lng, address, precision, matched }) {
			const m = matched && matched !== address ? matched : undefined
			return signed({ v: 1, p: provider, lat: round(lat), lng: round(lng), a: address, r: precision, m })
		},
		encodeGoogle({ googlePlaceId, session, address }) {
			// kept under the API's 1024-character place_id limit: the text is at most an address's length
			return signed({ v: 1, p: 'google', g: googlePlaceId, s: session, a: address.slice(0, ADDRESS_MAX_CHARS) })
		},
		decode(id) {
			const [body, signature] = id.split('.')
			if (!body || !signature) return null
			// compared as text (base64url's last character carries unused bits)
			const given = Buffer.from(signature)
			const expected = Buffer.from(sign(body).toString('base64url'))
			if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
			try {
				const json: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
				const google = GooglePayload.safeParse(json)
				if (google.success) return { googlePlaceId: google.data.g, session: google.data.s, address: google.data.a }
				const payload = PlacePayload.parse(json)
				// ids from before precision existed: the gazetteer only ever knew ZIPs and cities
				const precision = payload.r ?? (payload.p === 'gazetteer' ? 'city' : 'address')
				return { lat: payload.lat, lng: payload.lng, address: payload.a, precision, matched: payload.m ?? payload.a }
			} catch {
				return null
			}
		},
	}
}
