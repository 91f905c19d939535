// Address search and geocoding (spec 1 §2, §3 "Address suggestion", §5):
// suggestions from 3 characters, US only, address type. One interface; with
// no GEOCODER set, the default chain: suggestions from the offline ZIP/city
// gazetteer (or Photon when PHOTON_URL is set), and a street address resolved
// by the US Census one-line geocoder, falling back to the gazetteer's ZIP or
// city centroid when the Census fails or finds nothing. GEOCODER=gazetteer|
// photon|census|mapbox|google forces one provider (its failures are then 502/504).
// A keyed provider's key alone (MAPBOX_ACCESS_TOKEN, GOOGLE_MAPS_API_KEY; Google
// first when both are set) switches suggestions to it, with the gazetteer
// answering while it fails.
//
// Every result says how exact it is (`precision`: address, street, postcode,
// city) and what was found (`matched`), so the page can say when a position
// is only approximate.
//
// place_id: base64url(JSON {v, p, lat, lng, a}) "." base64url(HMAC-SHA256)[16 bytes].
// It carries the coordinates, so resolving it never calls anyone (and a place
// id from one provider still resolves after switching providers); the
// signature keeps callers from minting their own. Google Places is the one
// exception: its predictions have no coordinates, so its ids carry
// {v, p: 'google', g: Google place id, s: session token, a} instead and are
// resolved by one Place Details call (which closes that autocomplete session);
// when that fails, the default chain geocodes the suggestion's text instead. Providers are only ever
// called at their configured base URL with the caller's text as a query
// parameter, and redirects are refused: nothing a caller sends picks a host.
//
// Failures: a provider that does not answer within GEOCODER_TIMEOUT_MS is a
// GeocoderError 504; one that answers an error status, a non-JSON or
// unexpected reply, or cannot be reached is a GeocoderError 502. Both are
// HttpErrors, so api() turns them into `{ error }` replies.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { PRECISIONS, type Precision } from '~/lib/geocode-precision.ts'
import { isInUnitedStates, looksLikeStreetAddress } from '~/lib/us-bounds.ts'
import { readLimited } from '~/utils/read-limited.server.ts'
import { getEnv } from '~/env.server.ts'
import { HttpError } from '~/utils/http.server.ts'

export const SUGGEST_MIN_CHARS = 3
export const SUGGEST_DEFAULT_LIMIT = 5
export const SUGGEST_MAX_LIMIT = 10
export const ADDRESS_MAX_CHARS = 200
const MAX_REPLY_BYTES = 1024 * 1024

export type GeocoderProvider = 'gazetteer' | 'photon' | 'census' | 'mapbox' | 'google'
/** `default`: Census for street addresses, the gazetteer for the rest and as the fallback. */
export type GeocoderChoice = GeocoderProvider | 'default'

/** Spec 1 §3 "Address suggestion", exactly. */
export type Suggestion = {
	place_id: string
	description: string
	structured_formatting: { main_text: string; secondary_text: string }
}

export type GeocodeResult = {
	lat: number
	lng: number
	/** the address to keep (the user's text when the position is only a ZIP or city centroid) */
	address: string
	precision: Precision
	/** what the position is of: the matched address, or the ZIP / city whose centroid it is */
	matched: string
}

export type SuggestOptions = { limit?: number; signal?: AbortSignal }

export interface Geocoder {
	readonly provider: GeocoderChoice
	/** Up to `limit` US address suggestions; [] below 3 characters. */
	suggest(query: string, options?: SuggestOptions): Promise<Suggestion[]>
	/** The same, with the provider whose results they are (for the credit it requires: SUGGESTION_ATTRIBUTION). */
	suggestFrom(query: string, options?: SuggestOptions): Promise<{ suggestions: Suggestion[]; provider: GeocoderProvider }>
	/** Coordinates for a place_id from suggest(), or for typed address text; null when nothing matches. */
	geocode(placeIdOrAddress: string, options?: { signal?: AbortSignal }): Promise<GeocodeResult | null>
}

export type GeocoderConfig = {
	provider: GeocoderChoice
	photonUrl?: string
	censusUrl: string
	/** Mapbox Search: the token stays on the server */
	mapbox?: { url: string; token: string }
	/** Google Places API (New): Autocomplete + Place Details; the key stays on the server. `geocodingUrl`: the Geocoding API (reverse lookups) */
	google?: { url: string; key: string; geocodingUrl?: string }
	timeoutMs: number
	/** signs place ids */
	secret: string
}

/** The credit a provider's terms require where its suggestions are shown (none for public-domain and offline data). */
export const SUGGESTION_ATTRIBUTION: Partial<Record<GeocoderProvider, string>> = {
	google: 'Powered by Google',
	mapbox: '© Mapbox',
	photon: '© OpenStreetMap contributors',
}

export const ADDRESS_NOT_FOUND = 'We could not find that address.'
export const GEOCODER_TIMEOUT_MESSAGE = 'The address service did not answer in time. Please try again.'
export const GEOCODER_UNAVAILABLE_MESSAGE = 'The address service is unavailable. Please try again.'

export class GeocoderError extends HttpError {
	constructor(
		status: 502 | 504,
		public provider: GeocoderProvider,
		/** what went wrong, for the log; the reply says only `message` */
		public detail: string,
	) {
		super(status, status === 504 ? GEOCODER_TIMEOUT_MESSAGE : GEOCODER_UNAVAILABLE_MESSAGE)
		this.name = 'GeocoderError'
	}
}

/** The geocoding configuration of the environment (GEOCODER, PHOTON_URL, CENSUS_GEOCODER_URL, the keys, GEOCODER_TIMEOUT_MS). */
export function geocoderConfig(): GeocoderConfig {
	const env = getEnv()
	return {
		provider: env.GEOCODER ?? 'default',
		photonUrl: env.PHOTON_URL,
		censusUrl: env.CENSUS_GEOCODER_URL,
		mapbox: env.MAPBOX_ACCESS_TOKEN ? { url: env.MAPBOX_SEARCH_URL, token: env.MAPBOX_ACCESS_TOKEN } : undefined,
		google: env.GOOGLE_MAPS_API_KEY ? { url: env.GOOGLE_PLACES_URL, key: env.GOOGLE_MAPS_API_KEY, geocodingUrl: env.GOOGLE_GEOCODING_URL } : undefined,
		timeoutMs: env.GEOCODER_TIMEOUT_MS,
		secret: createHmac('sha256', env.SESSION_SECRET).update('yardstick-place-id').digest('hex'),
	}
}

let cached: Geocoder | undefined
/** The geocoder configured by the environment (geocoderConfig). */
export function getGeocoder(): Geocoder {
	cached ??= createGeocoder(geocoderConfig())
	return cached
}

export function createGeocoder(config: GeocoderConfig): Geocoder {
	if (config.provider === 'default') return defaultChain(config)
	return singleProvider({ ...config, provider: config.provider })
}

/**
 * No GEOCODER: suggestions from Photon when PHOTON_URL is set (the gazetteer
 * when Photon fails), else from the offline gazetteer. A street address (typed,
 * or a suggestion that only placed it at a ZIP or city centroid) goes to the
 * Census; when the Census cannot be reached, is slow, answers garbage or
 * something too large, finds nothing or answers a point outside the US, the
 * gazetteer's centroid is the answer (precision postcode or city).
 */
function defaultChain(config: GeocoderConfig): Geocoder {
	const gazetteer = singleProvider({ ...config, provider: 'gazetteer' })
	const census = singleProvider({ ...config, provider: 'census' })
	const places = placeIds(config.secret)
	// suggestions: the keyed provider when its key is set (Google first), else Photon when configured, else offline
	const photon = config.google
		? singleProvider({ ...config, provider: 'google' })
		: config.mapbox
		? singleProvider({ ...config, provider: 'mapbox' })
		: config.photonUrl
			? singleProvider({ ...config, provider: 'photon' })
			: undefined
	/** a provider failure becomes "nothing" (the next in the chain answers); the caller leaving does not */
	const orNothing = <T,>(signal: AbortSignal | undefined) => (error: unknown): T | null => {
		if (signal?.aborted || !(error instanceof GeocoderError)) throw error
		return null
	}
	const suggestFrom: Geocoder['suggestFrom'] = async (query, options = {}) => {
		if (photon) {
			const found = await photon.suggest(query, options).catch(orNothing<Suggestion[]>(options.signal))
			if (found?.length) return { suggestions: found, provider: photon.provider as GeocoderProvider }
		}
		return { suggestions: await gazetteer.suggest(query, options), provider: 'gazetteer' }
	}
	return {
		provider: 'default',
		suggestFrom,
		suggest: async (query, options) => (await suggestFrom(query, options)).suggestions,
		async geocode(placeIdOrAddress, options = {}) {
			const text = placeIdOrAddress.trim()
			let approximate: GeocodeResult | null = null
			let query: string
			if (PLACE_ID_SHAPE.test(text)) {
				const place = places.decode(text)
				if (!place) return null
				if ('googlePlaceId' in place) {
					// a Google suggestion: its Place Details, else its text through the rest of the chain
					const exact = config.google
						? await googleDetails(config.google, config.timeoutMs, place, options.signal).catch(orNothing<GeocodeResult>(options.signal))
						: null
					if (exact) return exact
					query = cleanText(place.address)
				} else {
					approximate = place
					if (approximate.precision === 'address') return approximate
					query = approximate.address
				}
			} else query = cleanText(text)
			if (looksLikeStreetAddress(query)) {
				const exact = await census.geocode(query, options).catch(orNothing<GeocodeResult>(options.signal))
				if (exact) return exact
			}
			return approximate ?? gazetteer.geocode(query, options)
		},
	}
}

function singleProvider(config: GeocoderConfig & { provider: GeocoderProvider }): Geocoder {
	const places = placeIds(config.secret)
	const search = providerSearch(config, places)
	const clamp = (limit = SUGGEST_DEFAULT_LIMIT) => Math.min(SUGGEST_MAX_LIMIT, Math.max(1, Math.floor(limit)))
	const suggest = async (query: string, options: SuggestOptions = {}) => {
		const text = cleanText(query)
		if (text.length < SUGGEST_MIN_CHARS) return []
		return dedupe(await search(text, clamp(options.limit), options.signal)).slice(0, clamp(options.limit))
	}
	return {
		provider: config.provider,
		suggest,
		suggestFrom: async (query, options) => ({ suggestions: await suggest(query, options), provider: config.provider }),
		async geocode(placeIdOrAddress, options = {}) {
			// place ids are longer than any address: tested before the text is cut to size
			const id = placeIdOrAddress.trim()
			const text = cleanText(id)
			const found = PLACE_ID_SHAPE.test(id) ? id : (await suggest(text, { limit: 1, signal: options.signal }))[0]?.place_id
			const place = found ? places.decode(found) : null
			if (!place || !('googlePlaceId' in place)) return place
			// a Google id resolves only where the Google key is configured
			return config.google ? googleDetails(config.google, config.timeoutMs, place, options.signal) : null
		},
	}
}

const cleanText = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, ADDRESS_MAX_CHARS)

function dedupe(suggestions: Suggestion[]): Suggestion[] {
	const seen = new Set<string>()
	return suggestions.filter((s) => !seen.has(s.description.toLowerCase()) && seen.add(s.description.toLowerCase()))
}

function suggestion(place_id: string, main_text: string, secondary_text: string, description = [main_text, secondary_text].filter(Boolean).join(', ')): Suggestion {
	return { place_id, description, structured_formatting: { main_text, secondary_text } }
}

// ---- place ids ----

const PLACE_ID_SHAPE = /^[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{22}$/
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
type Place = { provider: GeocoderProvider; lat: number; lng: number; address: string; precision: Precision; matched?: string }
/** a Google prediction, resolved by Place Details */
type GooglePlaceRef = { googlePlaceId: string; session: string; address: string }
type PlaceIds = { encode(place: Place): string; encodeGoogle(ref: GooglePlaceRef): string; decode(id: string): GeocodeResult | GooglePlaceRef | null }

function placeIds(secret: string): PlaceIds {
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

// ---- providers ----

type Search = (text: string, limit: number, signal?: AbortSignal) => Promise<Suggestion[]>

function providerSearch(config: GeocoderConfig, places: PlaceIds): Search {
	if (config.provider === 'photon') {
		if (!config.photonUrl) throw new Error('GEOCODER=photon needs PHOTON_URL')
		return photonSearch(config.photonUrl, config.timeoutMs, places)
	}
	if (config.provider === 'census') return censusSearch(config.censusUrl, config.timeoutMs, places)
	if (config.provider === 'mapbox') {
		if (!config.mapbox) throw new Error('GEOCODER=mapbox needs MAPBOX_ACCESS_TOKEN')
		return mapboxSearch(config.mapbox, config.timeoutMs, places)
	}
	if (config.provider === 'google') {
		if (!config.google) throw new Error('GEOCODER=google needs GOOGLE_MAPS_API_KEY')
		return googleSearch(config.google, config.timeoutMs, places)
	}
	return gazetteerSearch(places)
}

/** GET a provider URL as JSON within the timeout; every failure becomes a GeocoderError. */
export async function getJson(
	provider: GeocoderProvider,
	url: URL,
	timeoutMs: number,
	signal?: AbortSignal,
	init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<unknown> {
	const timeout = AbortSignal.timeout(timeoutMs)
	const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
	const fail = (status: 502 | 504, detail: string) => {
		console.warn(`[geocoder] ${provider}: ${detail}`)
		return new GeocoderError(status, provider, detail)
	}
	let text: string
	try {
		const response = await fetch(url, { method: init.method ?? 'GET', body: init.body, signal: combined, redirect: 'error', headers: { Accept: 'application/json', ...init.headers } })
		if (!response.ok) {
			await response.body?.cancel().catch(() => {})
			throw fail(502, `HTTP ${response.status} from ${url.origin}`)
		}
		text = await readText(response)
	} catch (error) {
		if (error instanceof GeocoderError) throw error
		// the caller went away: not the provider's fault, nothing to answer
		if (signal?.aborted) throw signal.reason
		if (timeout.aborted) throw fail(504, `no answer from ${url.origin} within ${timeoutMs} ms`)
		throw fail(502, `${url.origin} unreachable: ${error instanceof Error ? error.message : String(error)}`)
	}
	try {
		return JSON.parse(text)
	} catch {
		throw fail(502, `reply from ${url.origin} is not JSON`)
	}
}

async function readText(response: Response): Promise<string> {
	const declared = Number(response.headers.get('content-length') ?? '0')
	if (declared > MAX_REPLY_BYTES) throw new Error('reply too large')
	return (await readLimited(response.body, MAX_REPLY_BYTES, () => new Error('reply too large'))).toString('utf8')
}

export function expectShape<S extends z.ZodType>(provider: GeocoderProvider, schema: S, reply: unknown): z.output<S> {
	const parsed = schema.safeParse(reply)
	if (!parsed.success) {
		const detail = `unexpected reply: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`
		console.warn(`[geocoder] ${provider}: ${detail}`)
		throw new GeocoderError(502, provider, detail)
	}
	return parsed.data
}

export const joinUrl = (base: string, path: string) => new URL(path, base.endsWith('/') ? base : `${base}/`)

// -- Photon (komoot/photon API) --

// the United States with Alaska and Hawaii; the country code filters the rest
const US_BBOX = '-179.2,18.8,-66.9,71.5'
const PhotonReply = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })
const optionalText = z.string().trim().min(1).optional().catch(undefined)
const PhotonFeature = z.object({
	geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number()) }),
	properties: z.object({
		name: optionalText,
		housenumber: optionalText,
		street: optionalText,
		city: optionalText,
		district: optionalText,
		county: optionalText,
		state: optionalText,
		postcode: optionalText,
		countrycode: optionalText,
		osm_type: optionalText,
		type: optionalText,
		osm_id: z.union([z.number(), z.string()]).optional().catch(undefined),
	}),
})

function photonSearch(baseUrl: string, timeoutMs: number, places: PlaceIds): Search {
	return async (query, limit, signal) => {
		const url = joinUrl(baseUrl, 'api')
		url.searchParams.set('q', query)
		// some results are dropped below (outside the US), so ask for more
		url.searchParams.set('limit', String(Math.min(limit * 2, 20)))
		url.searchParams.set('lang', 'en')
		url.searchParams.set('bbox', US_BBOX)
		url.searchParams.append('layer', 'house')
		url.searchParams.append('layer', 'street')
		const reply = expectShape('photon', PhotonReply, await getJson('photon', url, timeoutMs, signal))
		const out: Suggestion[] = []
		for (const raw of reply.features) {
			const place = photonPlace(raw)
			if (!place) continue
			const { lat, lng, line, secondary, description, precision } = place
			out.push(suggestion(places.encode({ provider: 'photon', lat, lng, address: description, precision }), line, secondary, description))
		}
		return out
	}
}

const PHOTON_PLACES = new Set(['city', 'district', 'locality', 'county', 'postcode'])

/** A Photon feature as a US place ("12 Main St, Austin, TX 78701, USA"); null when it is not one (abroad, no street or name). */
export function photonPlace(raw: unknown) {
	const feature = PhotonFeature.safeParse(raw)
	if (!feature.success) return null
	const p = feature.data.properties
	if (p.countrycode?.toUpperCase() !== 'US') return null
	const line = p.street ? [p.housenumber, p.street].filter(Boolean).join(' ') : p.name
	if (!line) return null
	const state = (p.state && STATE_CODES.get(p.state.toUpperCase())) ?? p.state
	const secondary = [p.city ?? p.district ?? p.county, [state, p.postcode].filter(Boolean).join(' '), 'USA'].filter(Boolean).join(', ')
	const [lng, lat] = feature.data.geometry.coordinates
	if (!isInUnitedStates(lat, lng)) return null
	// a house, else a street (searches ask only for those layers); a reverse lookup may land on a place
	const precision: Precision = p.housenumber ? 'address' : p.type && PHOTON_PLACES.has(p.type) ? (p.type === 'postcode' ? 'postcode' : 'city') : 'street'
	return { lat, lng, line, secondary, description: `${line}, ${secondary}`, precision }
}

// -- US Census Geocoder, one-line address --

const CensusReply = z.object({
	result: z.object({
		addressMatches: z.array(
			z.object({
				matchedAddress: z.string().min(1),
				coordinates: z.object({ x: z.number().min(-180).max(180), y: z.number().min(-90).max(90) }),
			}),
		),
	}),
})

function censusSearch(baseUrl: string, timeoutMs: number, places: PlaceIds): Search {
	return async (query, _limit, signal) => {
		const url = joinUrl(baseUrl, 'locations/onelineaddress')
		url.searchParams.set('address', query)
		url.searchParams.set('benchmark', 'Public_AR_Current')
		url.searchParams.set('format', 'json')
		const reply = expectShape('census', CensusReply, await getJson('census', url, timeoutMs, signal))
		// a point outside the states is not the US address that was asked for
		return reply.result.addressMatches
			.filter((match) => isInUnitedStates(match.coordinates.y, match.coordinates.x))
			.map((match) => {
				const [main = match.matchedAddress, ...rest] = match.matchedAddress.split(',').map((part) => part.trim())
				const place = places.encode({ provider: 'census', lat: match.coordinates.y, lng: match.coordinates.x, address: match.matchedAddress, precision: 'address' })
				return suggestion(place, main, rest.join(', '), match.matchedAddress)
			})
	}
}

// -- Mapbox Search, Geocoding API v6 (forward) --

const MapboxReply = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })
const MapboxFeature = z.object({
	geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number()) }),
	properties: z.object({
		feature_type: z.string(),
		name: z.string().min(1),
		place_formatted: optionalText,
		full_address: optionalText,
		context: z.object({ country: z.object({ country_code: z.string() }).optional() }).optional(),
	}),
})
const MAPBOX_PRECISION: Record<string, Precision> = { address: 'address', secondary_address: 'address', street: 'street', postcode: 'postcode', place: 'city', locality: 'city', neighborhood: 'city' }

function mapboxSearch({ url: baseUrl, token }: { url: string; token: string }, timeoutMs: number, places: PlaceIds): Search {
	return async (query, limit, signal) => {
		const url = joinUrl(baseUrl, 'forward')
		url.searchParams.set('q', query)
		url.searchParams.set('country', 'us')
		url.searchParams.set('types', 'address,street,postcode,place,locality')
		url.searchParams.set('autocomplete', 'true')
		url.searchParams.set('limit', String(limit))
		url.searchParams.set('language', 'en')
		url.searchParams.set('access_token', token)
		const reply = expectShape('mapbox', MapboxReply, await getJson('mapbox', url, timeoutMs, signal))
		const out: Suggestion[] = []
		for (const raw of reply.features) {
			const place = mapboxPlace(raw)
			if (!place) continue
			const { lat, lng, name, secondary, description, precision } = place
			out.push(suggestion(places.encode({ provider: 'mapbox', lat, lng, address: description, precision }), name, secondary, description))
		}
		return out
	}
}

/** A Mapbox v6 feature as a US place of a type we keep; null otherwise. */
export function mapboxPlace(raw: unknown) {
	const feature = MapboxFeature.safeParse(raw)
	if (!feature.success) return null
	const p = feature.data.properties
	const precision = MAPBOX_PRECISION[p.feature_type]
	if (!precision || (p.context?.country && p.context.country.country_code.toUpperCase() !== 'US')) return null
	const [lng, lat] = feature.data.geometry.coordinates
	if (!isInUnitedStates(lat, lng)) return null
	const secondary = p.place_formatted ?? ''
	const description = p.full_address ?? [p.name, secondary].filter(Boolean).join(', ')
	return { lat, lng, name: p.name, secondary, description, precision }
}

// -- Google Places API (New): Autocomplete, then Place Details for the chosen one --
// POST {base}/places:autocomplete and GET {base}/places/{id}, the key in the
// X-Goog-Api-Key header (never in a URL, never in a reply). Each suggestion
// list gets its own session token, carried in the place ids it returns and
// sent with the Details call that resolves one of them.

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

function googleSearch({ url: baseUrl, key }: { url: string; key: string }, timeoutMs: number, places: PlaceIds): Search {
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
async function googleDetails({ url: baseUrl, key }: { url: string; key: string }, timeoutMs: number, ref: GooglePlaceRef, signal?: AbortSignal): Promise<GeocodeResult> {
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

// -- the offline gazetteer (zipcodes: US ZIP centroids with city and state) --

const US_STATES: Record<string, string> = {
	AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
	DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
	IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
	MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
	NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
	NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
	RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
	VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
}
/** upper-case state name or code → code */
const STATE_CODES = new Map<string, string>(Object.entries(US_STATES).flatMap(([code, name]) => [[code, code], [name.toUpperCase(), code]]))

type ZipPlace = { zip: string; city: string; state: string; lat: number; lng: number }
type CityPlace = { key: string; city: string; state: string; lat: number; lng: number; zipCount: number }
type Gazetteer = { zips: Map<string, ZipPlace>; zipList: string[]; cities: CityPlace[]; cityKeys: string[] }

const cityKey = (name: string) => name.toUpperCase().replace(/[.']/g, '').replace(/\s+/g, ' ').trim()

let gazetteer: Promise<Gazetteer> | undefined
/** Built once, on first use (the data is 5 MB of JavaScript). */
export function loadGazetteer(): Promise<Gazetteer> {
	gazetteer ??= import('zipcodes').then(({ default: zipcodes }) => {
		const zips = new Map<string, ZipPlace>()
		const byCity = new Map<string, { city: string; state: string; lat: number; lng: number; n: number }>()
		for (const code of Object.values(zipcodes.codes)) {
			// the 50 states and DC (not territories, not military post offices)
			if (code.country !== 'US' || !US_STATES[code.state]) continue
			if (!Number.isFinite(code.latitude) || !Number.isFinite(code.longitude) || (code.latitude === 0 && code.longitude === 0)) continue
			zips.set(code.zip, { zip: code.zip, city: code.city, state: code.state, lat: code.latitude, lng: code.longitude })
			const key = `${cityKey(code.city)}|${code.state}`
			const city = byCity.get(key) ?? { city: code.city, state: code.state, lat: 0, lng: 0, n: 0 }
			city.lat += code.latitude
			city.lng += code.longitude
			city.n += 1
			byCity.set(key, city)
		}
		const cities = [...byCity.entries()]
			.map(([key, c]) => ({ key, city: c.city, state: c.state, lat: c.lat / c.n, lng: c.lng / c.n, zipCount: c.n }))
			.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
		return { zips, zipList: [...zips.keys()].sort(), cities, cityKeys: cities.map((c) => c.key) }
	})
	return gazetteer
}

function lowerBound(sorted: string[], value: string): number {
	let lo = 0
	let hi = sorted.length
	while (lo < hi) {
		const mid = (lo + hi) >>> 1
		if (sorted[mid]! < value) lo = mid + 1
		else hi = mid
	}
	return lo
}

/** Cities whose name starts with `prefix` (upper-cased key), optionally in one state: bigger ones (more ZIPs) first. */
function citiesByPrefix(g: Gazetteer, prefix: string, state?: (code: string) => boolean): CityPlace[] {
	const found: CityPlace[] = []
	for (let i = lowerBound(g.cityKeys, prefix); i < g.cities.length && g.cityKeys[i]!.startsWith(prefix); i++) {
		const city = g.cities[i]!
		if (!state || state(city.state)) found.push(city)
	}
	const exact = (c: CityPlace) => (c.key.startsWith(`${prefix}|`) ? 0 : 1)
	return found.sort((x, y) => exact(x) - exact(y) || y.zipCount - x.zipCount || x.key.localeCompare(y.key))
}

function findCity(g: Gazetteer, name: string, state?: string): CityPlace | undefined {
	return citiesByPrefix(g, `${cityKey(name)}|`, state ? (code) => code === state : undefined)[0]
}

/** A ZIP in the text: the last 5-digit group, unless it leads an address ("12345 Main St" is a house number). */
function findZip(text: string): { zip: string; rest: string } | undefined {
	const matches = [...text.matchAll(/\b(\d{5})(?:-\d{4})?\b/g)]
	const last = matches.at(-1)
	if (!last || (last.index === 0 && /^\d{5}\s+[A-Za-z]/.test(text))) return undefined
	const rest = (text.slice(0, last.index) + text.slice(last.index + last[0].length)).replace(/\s*,\s*(,\s*)*/g, ', ')
	return { zip: last[1]!, rest: rest.replace(/^[\s,]+|[\s,]+$/g, '') }
}

/** Splits "…, City, ST" / "… City ST" / "…, City, State" into street part, city and state. */
function parsePlace(g: Gazetteer, text: string) {
	const segments = text.split(',').map((s) => s.trim()).filter(Boolean)
	let state: string | undefined
	let statePrefix: string | undefined
	const last = segments.at(-1)
	// a lone "Washington" or "New York" is a city being looked for, not a state
	if (last && segments.length >= 2 && STATE_CODES.has(last.toUpperCase())) {
		state = STATE_CODES.get(last.toUpperCase())
		segments.pop()
	} else if (last) {
		const words = last.split(' ')
		for (let k = Math.min(3, words.length - 1); k >= 1 && !state; k--) {
			const tail = words.slice(-k).join(' ').toUpperCase()
			if (STATE_CODES.has(tail)) {
				state = STATE_CODES.get(tail)
				segments[segments.length - 1] = words.slice(0, -k).join(' ')
			}
		}
		// "Austin, T" while typing: a state still being written
		if (!state && segments.length >= 2 && /^[A-Za-z][A-Za-z ]{0,12}$/.test(last)) {
			const upper = last.toUpperCase()
			if ([...STATE_CODES.keys()].some((name) => name.startsWith(upper))) {
				statePrefix = upper
				segments.pop()
			}
		}
	}
	// the city: the longest run of trailing words of the last segment that names one
	let city: CityPlace | undefined
	let street = segments.slice(0, -1)
	const cityPart = segments.at(-1) ?? ''
	const words = cityPart.split(' ').filter(Boolean)
	for (let k = Math.min(5, words.length); k >= 1 && !city; k--) {
		city = statePrefix ? undefined : findCity(g, words.slice(-k).join(' '), state)
		if (city) street = [...street, words.slice(0, -k).join(' ')].filter(Boolean)
	}
	return { state, statePrefix, city, cityPart, street: city ? street : segments }
}

function gazetteerSearch(places: PlaceIds): Search {
	return async (query, limit) => {
		const g = await loadGazetteer()
		const out: Suggestion[] = []
		const zipSuggestion = (z: ZipPlace) => {
			const description = `${z.city}, ${z.state} ${z.zip}, USA`
			return suggestion(places.encode({ provider: 'gazetteer', lat: z.lat, lng: z.lng, address: description, precision: 'postcode' }), z.zip, `${z.city}, ${z.state}, USA`, description)
		}
		const citySuggestion = (c: CityPlace) => {
			const description = `${c.city}, ${c.state}, USA`
			return suggestion(places.encode({ provider: 'gazetteer', lat: c.lat, lng: c.lng, address: description, precision: 'city' }), c.city, `${c.state}, USA`, description)
		}
		/** the user's own text, placed at the ZIP or city it names */
		const typedAddress = (at: { lat: number; lng: number }, where: string, precision: Precision) => {
			const [main = query, ...rest] = query.split(',').map((s) => s.trim())
			const place = places.encode({ provider: 'gazetteer', lat: at.lat, lng: at.lng, address: query, precision, matched: where })
			return suggestion(place, main, rest.join(', ') || where, query)
		}

		const zipHit = findZip(query)
		const zip = zipHit ? g.zips.get(zipHit.zip) : undefined
		if (zipHit && !zip) return [] // a ZIP that does not exist (or is outside the states)
		if (zip && zipHit) {
			const place = zipHit.rest ? parsePlace(g, zipHit.rest) : undefined
			if (place?.street.length) out.push(typedAddress(zip, zipSuggestion(zip).description, 'postcode'))
			out.push(zipSuggestion(zip))
			return out
		}

		// 3 or 4 digits: ZIP codes being typed
		if (/^\d{3,4}$/.test(query)) {
			for (let i = lowerBound(g.zipList, query); i < g.zipList.length && g.zipList[i]!.startsWith(query) && out.length < limit; i++) {
				out.push(zipSuggestion(g.zips.get(g.zipList[i]!)!))
			}
			return out
		}

		const place = parsePlace(g, query)
		if (place.city) {
			if (place.street.length) out.push(typedAddress(place.city, citySuggestion(place.city).description, 'city'))
			const sameName = citiesByPrefix(g, `${place.city.key.split('|')[0]}|`, place.state ? (code) => code === place.state : undefined)
			out.push(...sameName.slice(0, limit).map(citySuggestion))
			return out
		}
		// a city name being typed, perhaps with a state (or the start of one)
		if (place.street.length <= 1 && place.cityPart.length >= 1) {
			const prefix = cityKey(place.cityPart)
			const inState = place.state
				? (code: string) => code === place.state
				: place.statePrefix
					? (code: string) => code.startsWith(place.statePrefix!) || US_STATES[code]!.toUpperCase().startsWith(place.statePrefix!)
					: undefined
			if (prefix.length >= 1) out.push(...citiesByPrefix(g, prefix, inState).slice(0, limit).map(citySuggestion))
		}
		return out
	}
}
