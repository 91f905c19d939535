// The geocoder's shared pieces: limits, the types every provider answers in,
// the messages and GeocoderError (an HttpError, so api() turns it into
// `{ error }`), and the small helpers that shape suggestions.
import type { Precision } from '~/lib/geocode-precision.ts'
import { HttpError } from '~/utils/http.server.ts'

export const SUGGEST_MIN_CHARS = 3
export const SUGGEST_DEFAULT_LIMIT = 5
export const SUGGEST_MAX_LIMIT = 10
export const ADDRESS_MAX_CHARS = 200

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
	geocode(placeIdOrAddress: string, options?: GeocodeOptions): Promise<GeocodeResult | null>
}

export type GeocodeOptions = {
	signal?: AbortSignal
	/**
	 * Whether a street address whose exact lookup failed (the provider down, slow or garbled) is answered
	 * with its ZIP or city centroid (the default chain's fallback, right for someone at /measure who can
	 * move the pin) or the failure is thrown (false: bulk measure retries it rather than fail the row as
	 * an address that was only found approximately).
	 */
	approximateOnFailure?: boolean
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

/** One provider's search: up to `limit` suggestions for the (cleaned) text. */
export type Search = (text: string, limit: number, signal?: AbortSignal) => Promise<Suggestion[]>

export const cleanText = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, ADDRESS_MAX_CHARS)

export function dedupe(suggestions: Suggestion[]): Suggestion[] {
	const seen = new Set<string>()
	return suggestions.filter((s) => !seen.has(s.description.toLowerCase()) && seen.add(s.description.toLowerCase()))
}

export function suggestion(place_id: string, main_text: string, secondary_text: string, description = [main_text, secondary_text].filter(Boolean).join(', ')): Suggestion {
	return { place_id, description, structured_formatting: { main_text, secondary_text } }
}
