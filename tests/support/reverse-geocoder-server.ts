// A local server speaking the reverse-geocoding protocols of the keyed and
// self-hosted providers, so "I'm at the property" can be tested without the
// internet (the US Census has no reverse address lookup):
//   Photon            GET /photon/reverse?lat=&lon=            → GeoJSON FeatureCollection
//   Mapbox (v6)       GET /mapbox/reverse?longitude=&latitude=&access_token=
//   Google Geocoding  GET /google/json?latlng=lat,lng&key=     → { status, results }
// It knows one address; other points make it misbehave like a broken provider
// (REVERSE_POINTS), so tests can walk every failure and the fallback.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export const REVERSE_TOKEN = 'reverse-token-that-stays-on-the-server'

/** Where the fake providers answer what (latitudes are matched to 3 decimals). */
export const REVERSE_POINTS = {
	/** 1100 Congress Ave, Austin, TX 78701 */
	address: { lat: 30.2746652, lng: -97.7403505 },
	/** a point where the provider finds nothing */
	nothing: { lat: 31.5, lng: -100.5 },
	/** HTTP 500 */
	error: { lat: 35.1, lng: -90.1 },
	/** no answer (for timeouts) */
	hang: { lat: 41.2, lng: -100.3 },
	/** not JSON */
	garbage: { lat: 38.5, lng: -98.5 },
	/** an answer in another country, whatever was asked */
	abroad: { lat: 44.9, lng: -93.2 },
} as const
type Behaviour = keyof typeof REVERSE_POINTS

const ADDRESS = { line: '1100 Congress Ave', city: 'Austin', state: 'Texas', code: 'TX', postcode: '78701', lat: 30.2746652, lng: -97.7403505 }
const PARIS = { lat: 48.8584, lng: 2.2945 }

export type ReverseGeocoderServer = { url: string; requests: URL[]; close: () => Promise<void> }

function behaviourAt(lat: number): Behaviour | null {
	const found = Object.entries(REVERSE_POINTS).find(([, p]) => Math.abs(p.lat - lat) < 0.001)
	return (found?.[0] as Behaviour | undefined) ?? null
}

const photon = (behaviour: Behaviour | null) => {
	if (behaviour === 'abroad') {
		return [{ type: 'Feature', geometry: { type: 'Point', coordinates: [PARIS.lng, PARIS.lat] }, properties: { housenumber: '5', street: 'Avenue Anatole France', city: 'Paris', countrycode: 'FR', type: 'house' } }]
	}
	if (behaviour !== 'address') return []
	return [
		{ type: 'Feature', geometry: { type: 'Point', coordinates: [-97.7404, 30.2745] }, properties: { name: 'Congress Avenue', street: 'Congress Avenue', city: 'Austin', state: 'Texas', postcode: '78701', countrycode: 'US', type: 'street' } },
		{ type: 'Feature', geometry: { type: 'Point', coordinates: [ADDRESS.lng, ADDRESS.lat] }, properties: { housenumber: '1100', street: 'Congress Avenue', city: 'Austin', state: 'Texas', postcode: '78701', countrycode: 'US', type: 'house' } },
	]
}

const mapbox = (behaviour: Behaviour | null) => {
	const us = { country: { country_code: 'us' } }
	if (behaviour === 'abroad') {
		return [{ type: 'Feature', geometry: { type: 'Point', coordinates: [PARIS.lng, PARIS.lat] }, properties: { feature_type: 'address', name: '5 Avenue Anatole France', full_address: '5 Avenue Anatole France, 75007 Paris, France', context: { country: { country_code: 'fr' } } } }]
	}
	if (behaviour !== 'address') return []
	return [
		{ type: 'Feature', geometry: { type: 'Point', coordinates: [-97.74, 30.27] }, properties: { feature_type: 'postcode', name: '78701', place_formatted: 'Austin, Texas, United States', context: us } },
		{
			type: 'Feature',
			geometry: { type: 'Point', coordinates: [ADDRESS.lng, ADDRESS.lat] },
			properties: { feature_type: 'address', name: '1100 Congress Avenue', place_formatted: 'Austin, Texas 78701, United States', full_address: '1100 Congress Avenue, Austin, Texas 78701, United States', context: us },
		},
	]
}

const google = (behaviour: Behaviour | null) => {
	if (behaviour === 'abroad') {
		return { status: 'OK', results: [{ formatted_address: '5 Av. Anatole France, 75007 Paris, France', geometry: { location: PARIS }, types: ['street_address'], address_components: [{ short_name: 'FR', types: ['country', 'political'] }] }] }
	}
	if (behaviour === 'nothing') return { status: 'ZERO_RESULTS', results: [] }
	if (behaviour !== 'address') return { status: 'ZERO_RESULTS', results: [] }
	return {
		status: 'OK',
		results: [
			{ formatted_address: 'Austin, TX 78701, USA', geometry: { location: { lat: 30.27, lng: -97.74 } }, types: ['postal_code'], address_components: [{ short_name: 'US', types: ['country', 'political'] }] },
			{
				formatted_address: '1100 Congress Ave, Austin, TX 78701, USA',
				geometry: { location: { lat: ADDRESS.lat, lng: ADDRESS.lng } },
				types: ['street_address'],
				address_components: [{ short_name: '1100', types: ['street_number'] }, { short_name: 'US', types: ['country', 'political'] }],
			},
		],
	}
}

/** `googleStatus`: answer this status instead (REQUEST_DENIED, OVER_QUERY_LIMIT…), as Google does for a bad key. */
export async function startReverseGeocoderServer(options: { googleStatus?: () => string | null } = {}): Promise<ReverseGeocoderServer> {
	const requests: URL[] = []
	const hanging = new Set<http.ServerResponse>()
	const server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://localhost')
		requests.push(url)
		const json = (body: unknown, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
		let lat: number
		if (url.pathname === '/photon/reverse') lat = Number(url.searchParams.get('lat'))
		else if (url.pathname === '/mapbox/reverse') {
			if (url.searchParams.get('access_token') !== REVERSE_TOKEN) return json({ message: 'Not Authorized - Invalid Token' }, 401)
			lat = Number(url.searchParams.get('latitude'))
		} else if (url.pathname === '/google/json') {
			if (url.searchParams.get('key') !== REVERSE_TOKEN) return json({ status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] })
			const status = options.googleStatus?.()
			if (status) return json({ status, results: [] })
			lat = Number(url.searchParams.get('latlng')?.split(',')[0])
		} else return void res.writeHead(404).end()
		const behaviour = behaviourAt(lat)
		if (behaviour === 'error') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error')
		if (behaviour === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>Service Unavailable')
		if (behaviour === 'hang') {
			hanging.add(res)
			res.on('close', () => hanging.delete(res))
			return
		}
		if (url.pathname === '/google/json') return json(google(behaviour))
		return json({ type: 'FeatureCollection', features: url.pathname === '/photon/reverse' ? photon(behaviour) : mapbox(behaviour) })
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		requests,
		close: async () => {
			for (const res of hanging) res.destroy()
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
		},
	}
}
