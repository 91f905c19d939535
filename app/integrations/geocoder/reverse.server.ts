// Reverse geocoding (issue 21 §3, "I'm at the property"): the address nearest
// a point, through the configured geocoder (../geocoder.server.ts).
//
// - gazetteer: the nearest ZIP centroid (offline), precision `postcode`.
// - census: the US Census geocoder has no address lookup by coordinates, so a
//   forced Census answers from the gazetteer, as the default chain does.
// - photon: GET {PHOTON_URL}/reverse?lat=&lon=.
// - mapbox: Geocoding v6 GET {MAPBOX_SEARCH_URL}/reverse?longitude=&latitude=.
// - google: the Geocoding API GET {GOOGLE_GEOCODING_URL}/json?latlng= (the key
//   is a query parameter there, sent only to that host, never logged).
// - default chain (no GEOCODER): the keyed provider whose key is set (Google
//   first, then Mapbox), else Photon when PHOTON_URL is set; when it fails or
//   finds nothing US, the gazetteer's nearest ZIP. It always has an answer.
// Forced providers' failures are 502/504 GeocoderErrors; nothing found is null.
import { z } from 'zod'
import type { LatLng } from '~/lib/geodesy.ts'
import type { Precision } from '~/lib/geocode-precision.ts'
import { isInUnitedStates } from '~/lib/us-bounds.ts'
import { geocoderConfig } from './chain.server.ts'
import { loadGazetteer } from './gazetteer.server.ts'
import { googlePrecision } from './google.server.ts'
import { expectShape, getJson, joinUrl } from './http.server.ts'
import { mapboxPlace } from './mapbox.server.ts'
import { photonPlace } from './photon.server.ts'
import { GeocoderError, type GeocoderChoice, type GeocoderConfig, type GeocoderProvider } from './types.server.ts'

export const DEFAULT_GOOGLE_GEOCODING_URL = 'https://maps.googleapis.com/maps/api/geocode'
export const NO_ADDRESS_NEARBY = 'No address was found near this point.'

export type ReverseResult = LatLng & {
	/** the address (or ZIP / city) found nearest the point */
	address: string
	precision: Precision
	/** who answered */
	provider: GeocoderProvider
}

export interface ReverseGeocoder {
	readonly provider: GeocoderChoice
	/** The address nearest `at` (a US point), or null when the provider finds none. */
	reverse(at: LatLng, options?: { signal?: AbortSignal }): Promise<ReverseResult | null>
}

type Lookup = (at: LatLng, signal?: AbortSignal) => Promise<ReverseResult | null>

let cached: ReverseGeocoder | undefined
export function getReverseGeocoder(): ReverseGeocoder {
	cached ??= createReverseGeocoder(geocoderConfig())
	return cached
}

export function createReverseGeocoder(config: GeocoderConfig): ReverseGeocoder {
	const round = (r: ReverseResult | null) => (r ? { ...r, lat: Math.round(r.lat * 1e7) / 1e7, lng: Math.round(r.lng * 1e7) / 1e7 } : null)
	if (config.provider !== 'default') {
		const lookup = providerLookup(config, config.provider)
		return { provider: config.provider, reverse: async (at, options = {}) => round(await lookup(at, options.signal)) }
	}
	const keyed: GeocoderProvider | null = config.google ? 'google' : config.mapbox ? 'mapbox' : config.photonUrl ? 'photon' : null
	const first = keyed ? providerLookup(config, keyed) : null
	return {
		provider: 'default',
		async reverse(at, options = {}) {
			if (first) {
				const found = await first(at, options.signal).catch((error: unknown) => {
					// a provider failure falls back; the caller leaving does not
					if (options.signal?.aborted || !(error instanceof GeocoderError)) throw error
					return null
				})
				if (found) return round(found)
			}
			return round(await nearestZip(at))
		},
	}
}

function providerLookup(config: GeocoderConfig, provider: GeocoderProvider): Lookup {
	const timeoutMs = config.timeoutMs
	if (provider === 'photon') {
		if (!config.photonUrl) throw new Error('GEOCODER=photon needs PHOTON_URL')
		return photonReverse(config.photonUrl, timeoutMs)
	}
	if (provider === 'mapbox') {
		if (!config.mapbox) throw new Error('GEOCODER=mapbox needs MAPBOX_ACCESS_TOKEN')
		return mapboxReverse(config.mapbox, timeoutMs)
	}
	if (provider === 'google') {
		if (!config.google) throw new Error('GEOCODER=google needs GOOGLE_MAPS_API_KEY')
		return googleReverse(config.google.geocodingUrl ?? DEFAULT_GOOGLE_GEOCODING_URL, config.google.key, timeoutMs)
	}
	// the Census has no reverse address lookup; the gazetteer is offline
	return async (at) => nearestZip(at)
}

/** The nearest ZIP centroid of the 50 states and DC: "Austin, TX 78701, USA". */
async function nearestZip(at: LatLng): Promise<ReverseResult | null> {
	const g = await loadGazetteer()
	const k = Math.cos((at.lat * Math.PI) / 180)
	let best: { zip: string; city: string; state: string; lat: number; lng: number } | undefined
	let bestD = Infinity
	for (const z of g.zips.values()) {
		// the antimeridian: the Aleutians' ZIPs are on both sides of it
		let dLng = Math.abs(z.lng - at.lng)
		if (dLng > 180) dLng = 360 - dLng
		const dLat = z.lat - at.lat
		const d = dLat * dLat + dLng * k * (dLng * k)
		if (d < bestD) {
			bestD = d
			best = z
		}
	}
	return best ? { lat: best.lat, lng: best.lng, address: `${best.city}, ${best.state} ${best.zip}, USA`, precision: 'postcode', provider: 'gazetteer' } : null
}

const FeatureCollection = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })
const RANK: Record<Precision, number> = { address: 0, street: 1, postcode: 2, city: 3 }
const mostExact = <T extends { precision: Precision }>(places: (T | null)[]) =>
	places.filter((p): p is T => p !== null).sort((a, b) => RANK[a.precision] - RANK[b.precision])[0] ?? null

// -- Photon: GET /reverse?lat=&lon= (komoot/photon) --
function photonReverse(baseUrl: string, timeoutMs: number): Lookup {
	return async (at, signal) => {
		const url = joinUrl(baseUrl, 'reverse')
		url.searchParams.set('lat', String(at.lat))
		url.searchParams.set('lon', String(at.lng))
		url.searchParams.set('lang', 'en')
		url.searchParams.set('limit', '3')
		const reply = expectShape('photon', FeatureCollection, await getJson('photon', url, timeoutMs, signal))
		const place = mostExact(reply.features.map(photonPlace))
		return place ? { lat: place.lat, lng: place.lng, address: place.description, precision: place.precision, provider: 'photon' } : null
	}
}

// -- Mapbox Geocoding v6: GET /reverse?longitude=&latitude= (one feature per type) --
function mapboxReverse({ url: baseUrl, token }: { url: string; token: string }, timeoutMs: number): Lookup {
	return async (at, signal) => {
		const url = joinUrl(baseUrl, 'reverse')
		url.searchParams.set('longitude', String(at.lng))
		url.searchParams.set('latitude', String(at.lat))
		url.searchParams.set('types', 'address,street,postcode,place,locality')
		url.searchParams.set('country', 'us')
		url.searchParams.set('language', 'en')
		url.searchParams.set('access_token', token)
		const reply = expectShape('mapbox', FeatureCollection, await getJson('mapbox', url, timeoutMs, signal))
		const place = mostExact(reply.features.map(mapboxPlace))
		return place ? { lat: place.lat, lng: place.lng, address: place.description, precision: place.precision, provider: 'mapbox' } : null
	}
}

// -- Google Geocoding API: GET /json?latlng=lat,lng&key= --
const GoogleGeocodeReply = z.object({ status: z.string(), results: z.array(z.unknown()).optional().default([]) })
const GoogleGeocodeResult = z.object({
	formatted_address: z.string().trim().min(1),
	geometry: z.object({ location: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }) }),
	types: z.array(z.string()).optional().default([]),
	address_components: z.array(z.object({ short_name: z.string().optional(), types: z.array(z.string()) })).optional().default([]),
})

function googleReverse(baseUrl: string, key: string, timeoutMs: number): Lookup {
	return async (at, signal) => {
		const url = joinUrl(baseUrl, 'json')
		url.searchParams.set('latlng', `${at.lat},${at.lng}`)
		url.searchParams.set('result_type', 'street_address|premise|route|postal_code|locality')
		url.searchParams.set('language', 'en')
		url.searchParams.set('key', key)
		const reply = expectShape('google', GoogleGeocodeReply, await getJson('google', url, timeoutMs, signal))
		if (reply.status === 'ZERO_RESULTS') return null
		if (reply.status !== 'OK') {
			// REQUEST_DENIED, OVER_QUERY_LIMIT, INVALID_REQUEST…: the provider refused, say so (without the key)
			const detail = `Geocoding answered ${reply.status.slice(0, 40)}`
			console.warn(`[geocoder] google: ${detail}`)
			throw new GeocoderError(502, 'google', detail)
		}
		const places = reply.results.map((raw) => {
			const r = GoogleGeocodeResult.safeParse(raw)
			if (!r.success) return null
			const country = r.data.address_components.find((c) => c.types.includes('country'))?.short_name
			const { lat, lng } = r.data.geometry.location
			if ((country && country.toUpperCase() !== 'US') || !isInUnitedStates(lat, lng)) return null
			const precision = googlePrecision(r.data.types)
			return precision ? { lat, lng, address: r.data.formatted_address, precision } : null
		})
		const place = mostExact(places)
		return place ? { ...place, provider: 'google' } : null
	}
}
