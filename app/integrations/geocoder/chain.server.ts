// Picking providers: the configuration of the environment, one forced
// provider (GEOCODER=…), or the default chain with its fallbacks (see the
// overview in geocoder.server.ts).
import { createHmac } from 'node:crypto'
import { looksLikeStreetAddress } from '~/lib/us-bounds.ts'
import { getEnv } from '~/env.server.ts'
import { censusSearch } from './census.server.ts'
import { gazetteerSearch } from './gazetteer.server.ts'
import { googleDetails, googleSearch } from './google.server.ts'
import { mapboxSearch } from './mapbox.server.ts'
import { photonSearch } from './photon.server.ts'
import { PLACE_ID_SHAPE, placeIds, type PlaceIds } from './place-ids.server.ts'
import {
	cleanText,
	dedupe,
	GeocoderError,
	SUGGEST_DEFAULT_LIMIT,
	SUGGEST_MAX_LIMIT,
	SUGGEST_MIN_CHARS,
	type GeocodeResult,
	type Geocoder,
	type GeocoderConfig,
	type GeocoderProvider,
	type Search,
	type Suggestion,
	type SuggestOptions,
} from './types.server.ts'

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
				const lookup = census.geocode(query, options)
				// the Census failing: the centroid below, unless the caller would rather see the failure
				const exact = options.approximateOnFailure === false ? await lookup : await lookup.catch(orNothing<GeocodeResult>(options.signal))
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
