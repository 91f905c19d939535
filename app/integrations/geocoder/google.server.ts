// -- Google Places API (New): Autocomplete, then Place Details for the chosen one --
// POST {base}/places:autocomplete and GET {base}/places/{id}, the key in the
// X-Goog-Api-Key header (never in a URL, never in a reply). Each suggestion
// list gets its own session token, carried in the place ids it returns and
// sent with the Details call that resolves one of them.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Precision } from '~/lib/geocode-precision.ts'
import { isInUnitedStates } from '~/lib/us-bounds.ts'
import { expectShape, getJson, joinUrl } from './http.server.ts'
import type { GooglePlaceRef, PlaceIds } from './place-ids.server.ts'
import { GeocoderError, suggestion, type GeocodeResult, type Search, type Suggestion } from './types.server.ts'

const GoogleAutocompleteReply = z.object({ suggestions: z.array(z.unknown()).optional().default([]) })
const GoogleText = z.object({ text: z.string().trim().min(1) })
const GooglePrediction = z.object({
	placePrediction: z.object({
		placeId: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/),
		text: GoogleText,
		structuredFormat: z.object({ mainText: GoogleText, secondaryText: GoogleText.optional() }).optional(),
		types: z.array(z.string()).optional().default([]),
	}),
})
const GoogleDetailsReply = z.object({
	formattedAddress: z.string().trim().min(1),
	location: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
	types: z.array(z.string()).optional().default([]),
	addressComponents: z.array(z.object({ shortText: z.string().optional(), types: z.array(z.string()) })).optional().default([]),
})
/** Google place types → how exact the place is; predictions of other types (businesses, regions) are dropped */
const GOOGLE_PRECISION: [string, Precision][] = [
	['street_address', 'address'],
	['premise', 'address'],
	['subpremise', 'address'],
	['route', 'street'],
	['postal_code', 'postcode'],
	['locality', 'city'],
	['sublocality', 'city'],
	['postal_town', 'city'],
	['neighborhood', 'city'],
]
export function googlePrecision(types: readonly string[]): Precision | null {
	return GOOGLE_PRECISION.find(([type]) => types.includes(type))?.[1] ?? null
}
const googleHeaders = (key: string, fieldMask?: string): Record<string, string> => ({
	'X-Goog-Api-Key': key,
	'Content-Type': 'application/json',
	...(fieldMask ? { 'X-Goog-FieldMask': fieldMask } : {}),
})

export function googleSearch({ url: baseUrl, key }: { url: string; key: string }, timeoutMs: number, places: PlaceIds): Search {
	return async (query, limit, signal) => {
		const session = randomUUID()
		const body = JSON.stringify({ input: query, includedRegionCodes: ['us'], languageCode: 'en', regionCode: 'us', sessionToken: session })
		const reply = expectShape(
			'google',
			GoogleAutocompleteReply,
			await getJson('google', joinUrl(baseUrl, './places:autocomplete'), timeoutMs, signal, { method: 'POST', headers: googleHeaders(key), body }),
		)
		const out: Suggestion[] = []
		for (const raw of reply.suggestions) {
			const parsed = GooglePrediction.safeParse(raw)
			if (!parsed.success) continue // query predictions and unknown kinds
			const p = parsed.data.placePrediction
			if (!googlePrecision(p.types)) continue
			const main = p.structuredFormat?.mainText.text ?? p.text.text
			const secondary = p.structuredFormat?.secondaryText?.text ?? ''
			out.push(suggestion(places.encodeGoogle({ googlePlaceId: p.placeId, session, address: p.text.text }), main, secondary, p.text.text))
			if (out.length >= limit) break
		}
		return out
	}
}

/** Place Details of a Google prediction: its point, checked to be in the US; a wrong or foreign answer is a 502 (never a wrong centre). */
export async function googleDetails({ url: baseUrl, key }: { url: string; key: string }, timeoutMs: number, ref: GooglePlaceRef, signal?: AbortSignal): Promise<GeocodeResult> {
	const url = joinUrl(baseUrl, `places/${encodeURIComponent(ref.googlePlaceId)}`)
	url.searchParams.set('sessionToken', ref.session)
	url.searchParams.set('languageCode', 'en')
	const reply = expectShape('google', GoogleDetailsReply, await getJson('google', url, timeoutMs, signal, { headers: googleHeaders(key, 'id,formattedAddress,location,types,addressComponents') }))
	const country = reply.addressComponents.find((c) => c.types.includes('country'))?.shortText
	const { latitude: lat, longitude: lng } = reply.location
	if ((country && country.toUpperCase() !== 'US') || !isInUnitedStates(lat, lng)) {
		const detail = `Place Details of ${ref.googlePlaceId} is outside the US (${lat}, ${lng})`
		console.warn(`[geocoder] google: ${detail}`)
		throw new GeocoderError(502, 'google', detail)
	}
	const precision = googlePrecision(reply.types) ?? (reply.addressComponents.some((c) => c.types.includes('street_number')) ? 'address' : 'city')
	return { lat: Math.round(lat * 1e7) / 1e7, lng: Math.round(lng * 1e7) / 1e7, address: reply.formattedAddress, precision, matched: reply.formattedAddress }
}
