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
//
// The code lives in geocoder/: types (shared types, limits, GeocoderError),
// http (the bounded fetch and JSON reading), place-ids, one module per
// provider (census, photon, mapbox, google, gazetteer), chain (picks the
// providers and the fallbacks) and reverse (reverse geocoding). This module is
// the public import path.
export { geocoderConfig, getGeocoder, createGeocoder } from './geocoder/chain.server.ts'
export {
	SUGGEST_MIN_CHARS,
	SUGGEST_DEFAULT_LIMIT,
	SUGGEST_MAX_LIMIT,
	ADDRESS_MAX_CHARS,
	SUGGESTION_ATTRIBUTION,
	ADDRESS_NOT_FOUND,
	GEOCODER_TIMEOUT_MESSAGE,
	GEOCODER_UNAVAILABLE_MESSAGE,
	GeocoderError,
	type GeocoderProvider,
	type GeocoderChoice,
	type Suggestion,
	type GeocodeResult,
	type SuggestOptions,
	type Geocoder,
	type GeocoderConfig,
} from './geocoder/types.server.ts'
export { getJson, expectShape, joinUrl } from './geocoder/http.server.ts'
export { photonPlace } from './geocoder/photon.server.ts'
export { mapboxPlace } from './geocoder/mapbox.server.ts'
export { googlePrecision } from './geocoder/google.server.ts'
export { loadGazetteer } from './geocoder/gazetteer.server.ts'
