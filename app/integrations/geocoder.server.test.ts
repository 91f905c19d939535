// The geocoder's three providers: the offline gazetteer on its real data, and
// Photon and the Census geocoder against real local HTTP servers that speak
// their JSON protocols (and misbehave on purpose: slow, 500, garbage).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
	createGeocoder,
	GEOCODER_TIMEOUT_MESSAGE,
	GEOCODER_UNAVAILABLE_MESSAGE,
	GeocoderError,
	getGeocoder,
	type GeocoderConfig,
	SUGGESTION_ATTRIBUTION,
	type Suggestion,
} from './geocoder.server.ts'

const SECRET = 'geocoder-test-secret'
const base: Omit<GeocoderConfig, 'provider'> = { censusUrl: 'http://127.0.0.1:9/unused', timeoutMs: 2000, secret: SECRET }

/** Exactly the spec's shape: no other keys anywhere. */
function expectSpecShape(s: Suggestion) {
	expect(Object.keys(s).sort()).toEqual(['description', 'place_id', 'structured_formatting'])
	expect(Object.keys(s.structured_formatting).sort()).toEqual(['main_text', 'secondary_text'])
	expect(s.place_id).toMatch(/^[\w-]+\.[\w-]{22}$/)
	expect(typeof s.description).toBe('string')
}

async function expectGeocoderError(promise: Promise<unknown>, status: number, message: string) {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(GeocoderError)
	expect((error as GeocoderError).status).toBe(status)
	expect((error as GeocoderError).message).toBe(message)
}

// ---- a local server whose behaviour each test chooses ----
type Handler = (url: URL, res: http.ServerResponse) => void
let handler: Handler = (_url, res) => res.writeHead(404).end()
const requests: URL[] = []
let server: http.Server
let origin = ''

beforeAll(async () => {
	server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://localhost')
		requests.push(url)
		handler(url, res)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
	server.closeAllConnections()
	await new Promise((resolve) => server.close(resolve))
})

const json = (res: http.ServerResponse, body: unknown, status = 200) =>
	res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

function serve(next: Handler) {
	handler = next
	requests.length = 0
}

/** Misbehaviours every provider must turn into a clear error. */
function misbehaviours(make: () => ReturnType<typeof createGeocoder>, makeFast: () => ReturnType<typeof createGeocoder>) {
	test('a provider that does not answer in time → 504 with a clear message, no hang', async () => {
		serve(() => {
			/* never answers */
		})
		const started = Date.now()
		await expectGeocoderError(makeFast().suggest('123 Main Street'), 504, GEOCODER_TIMEOUT_MESSAGE)
		expect(Date.now() - started).toBeLessThan(1500)
	})

	test('a provider that answers 500 → 502', async () => {
		serve((_url, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error'))
		await expectGeocoderError(make().suggest('123 Main Street'), 502, GEOCODER_UNAVAILABLE_MESSAGE)
	})

	test('garbage instead of JSON, or JSON of the wrong shape → 502', async () => {
		serve((_url, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"features": [oops'))
		await expectGeocoderError(make().suggest('123 Main Street'), 502, GEOCODER_UNAVAILABLE_MESSAGE)
		serve((_url, res) => json(res, { hello: 'world' }))
		await expectGeocoderError(make().suggest('123 Main Street'), 502, GEOCODER_UNAVAILABLE_MESSAGE)
	})

	test('a redirect is refused (the configured host is the only one called) → 502', async () => {
		serve((_url, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end())
		await expectGeocoderError(make().suggest('123 Main Street'), 502, GEOCODER_UNAVAILABLE_MESSAGE)
		expect(requests).toHaveLength(1)
	})

	test('the caller giving up aborts the call; it is not reported as the provider failing', async () => {
		serve(() => {
			/* never answers */
		})
		const controller = new AbortController()
		const pending = make().suggest('123 Main Street', { signal: controller.signal })
		setTimeout(() => controller.abort(new Error('client went away')), 50)
		await expect(pending).rejects.toThrow('client went away')
	})
}

describe('gazetteer (offline, default)', () => {
	const geocoder = createGeocoder({ ...base, provider: 'gazetteer' })


	test('fewer than 3 characters: no suggestions', async () => {
		expect(await geocoder.suggest('')).toEqual([])
		expect(await geocoder.suggest('Au')).toEqual([])
		expect(await geocoder.suggest('  7 8 ')).toEqual([])
	})

	test('a ZIP code: its city and centroid', async () => {
		const [first, ...rest] = await geocoder.suggest('78701')
		expect(rest).toEqual([])
		expectSpecShape(first!)
		expect(first).toMatchObject({
			description: 'Austin, TX 78701, USA',
			structured_formatting: { main_text: '78701', secondary_text: 'Austin, TX, USA' },
		})
		expect(await geocoder.geocode(first!.place_id)).toEqual({ lat: 30.2713, lng: -97.7426, address: 'Austin, TX 78701, USA', precision: 'postcode', matched: 'Austin, TX 78701, USA' })
	})

	test('a ZIP being typed (3–4 digits) lists ZIPs with that start, up to the limit', async () => {
		const suggestions = await geocoder.suggest('9021', { limit: 3 })
		expect(suggestions.map((s) => s.structured_formatting.main_text)).toEqual(['90210', '90211', '90212'])
		expect(suggestions[0]!.description).toBe('Beverly Hills, CA 90210, USA')
	})

	test('a city name prefix: bigger cities first; "City, ST" and "City, State" narrow it', async () => {
		const aus = await geocoder.suggest('Aus')
		expect(aus).toHaveLength(5)
		expect(aus[0]!.description).toBe('Austin, TX, USA')
		aus.forEach(expectSpecShape)
		expect((await geocoder.suggest('Austin, TX')).map((s) => s.description)).toEqual(['Austin, TX, USA'])
		expect((await geocoder.suggest('austin, texas')).map((s) => s.description)).toEqual(['Austin, TX, USA'])
		expect((await geocoder.suggest('Austin, T')).map((s) => s.description)).toEqual(['Austin, TX, USA'])
		const springfield = await geocoder.suggest('Springfield', { limit: 10 })
		expect(springfield).toHaveLength(10)
		expect(springfield.every((s) => s.structured_formatting.main_text === 'Springfield')).toBe(true)
	})

	test('a typed street address with a ZIP keeps the user text and lands on the ZIP centroid', async () => {
		const typed = '123 Main St, Austin, TX 78701'
		const [first, second] = await geocoder.suggest(typed)
		expectSpecShape(first!)
		expect(first).toMatchObject({
			description: typed,
			structured_formatting: { main_text: '123 Main St', secondary_text: 'Austin, TX 78701' },
		})
		expect(second!.description).toBe('Austin, TX 78701, USA')
		const atZip = { lat: 30.2713, lng: -97.7426, address: typed, precision: 'postcode', matched: 'Austin, TX 78701, USA' }
		expect(await geocoder.geocode(first!.place_id)).toEqual(atZip)
		// and as free text, without choosing a suggestion
		expect(await geocoder.geocode(typed)).toEqual(atZip)
	})

	test('a typed street address with a city and state (no ZIP) lands on the city centroid', async () => {
		const [first] = await geocoder.suggest('500 Congress Ave,  Austin, TX')
		expect(first!.description).toBe('500 Congress Ave, Austin, TX')
		const place = await geocoder.geocode(first!.place_id)
		expect(place).toMatchObject({ precision: 'city', matched: 'Austin, TX, USA' })
		// the mean of Austin's ZIP centroids: inside the city
		expect(place!.lat).toBeGreaterThan(30.1)
		expect(place!.lat).toBeLessThan(30.5)
		expect(place!.lng).toBeGreaterThan(-97.95)
		expect(place!.lng).toBeLessThan(-97.6)
	})

	test('a leading 5-digit house number is not taken for a ZIP', async () => {
		expect(await geocoder.suggest('12345 Main St')).toEqual([])
		const [first] = await geocoder.suggest('12345 Main St, Beverly Hills, CA 90210')
		expect(await geocoder.geocode(first!.place_id)).toEqual({
			lat: 34.0901,
			lng: -118.4065,
			address: '12345 Main St, Beverly Hills, CA 90210',
			precision: 'postcode',
			matched: 'Beverly Hills, CA 90210, USA',
		})
	})

	test('outside the US, unknown places and unknown ZIPs: nothing', async () => {
		expect(await geocoder.suggest('Toronto, ON')).toEqual([])
		expect(await geocoder.suggest('M5V 2T6')).toEqual([])
		expect(await geocoder.suggest('00600')).toEqual([]) // Puerto Rico: not one of the states
		expect(await geocoder.suggest('99999')).toEqual([])
		expect(await geocoder.suggest('Qwxyzzy')).toEqual([])
		expect(await geocoder.geocode('Qwxyzzy')).toBeNull()
	})

	test('place ids cannot be forged or altered', async () => {
		const [first] = await geocoder.suggest('78701')
		const [body, signature] = first!.place_id.split('.')
		const payload = JSON.parse(Buffer.from(body!, 'base64url').toString())
		const forged = Buffer.from(JSON.stringify({ ...payload, lat: 0, lng: 0 })).toString('base64url')
		expect(await geocoder.geocode(`${forged}.${signature}`)).toBeNull()
		expect(await geocoder.geocode(`${body}.${'A'.repeat(22)}`)).toBeNull()
		// a place id signed with another secret does not resolve either
		const other = createGeocoder({ ...base, provider: 'gazetteer', secret: 'another-secret' })
		expect(await other.geocode(first!.place_id)).toBeNull()
	})
})

describe('photon', () => {
	const feature = (lng: number, lat: number, properties: Record<string, unknown>) => ({
		type: 'Feature',
		geometry: { type: 'Point', coordinates: [lng, lat] },
		properties,
	})
	const reply = {
		type: 'FeatureCollection',
		features: [
			feature(-97.7404, 30.2747, {
				osm_id: 123456,
				osm_type: 'W',
				housenumber: '1100',
				street: 'Congress Avenue',
				city: 'Austin',
				state: 'Texas',
				postcode: '78701',
				countrycode: 'US',
				type: 'house',
			}),
			// in the bounding box but in Canada: dropped
			feature(-123.1207, 49.2827, { name: 'Main Street', city: 'Vancouver', state: 'British Columbia', countrycode: 'CA', type: 'street' }),
			feature(-97.743, 30.2672, { osm_id: 9, osm_type: 'W', name: 'Congress Avenue', street: 'Congress Avenue', city: 'Austin', state: 'Texas', countrycode: 'US', type: 'street' }),
			// no coordinates: dropped
			{ type: 'Feature', geometry: null, properties: { name: 'Nowhere', countrycode: 'US' } },
		],
	}
	const make = () => createGeocoder({ ...base, provider: 'photon', photonUrl: `${origin}/photon` })
	const makeFast = () => createGeocoder({ ...base, provider: 'photon', photonUrl: `${origin}/photon`, timeoutMs: 200 })

	test('asks /api with q, limit, lang=en, a US bounding box and address layers; keeps only US results', async () => {
		serve((url, res) => (url.pathname === '/photon/api' ? json(res, reply) : res.writeHead(404).end()))
		const suggestions = await make().suggest('1100 Congress', { limit: 4 })
		expect(requests).toHaveLength(1)
		const asked = requests[0]!.searchParams
		expect(asked.get('q')).toBe('1100 Congress')
		expect(asked.get('limit')).toBe('8')
		expect(asked.get('lang')).toBe('en')
		expect(asked.get('bbox')).toBe('-179.2,18.8,-66.9,71.5')
		expect(asked.getAll('layer')).toEqual(['house', 'street'])

		suggestions.forEach(expectSpecShape)
		expect(suggestions.map((s) => [s.description, s.structured_formatting.main_text, s.structured_formatting.secondary_text])).toEqual([
			['1100 Congress Avenue, Austin, TX 78701, USA', '1100 Congress Avenue', 'Austin, TX 78701, USA'],
			['Congress Avenue, Austin, TX, USA', 'Congress Avenue', 'Austin, TX, USA'],
		])

		// resolving a place id calls nobody
		requests.length = 0
		expect(await make().geocode(suggestions[0]!.place_id)).toEqual({
			lat: 30.2747,
			lng: -97.7404,
			address: '1100 Congress Avenue, Austin, TX 78701, USA',
			precision: 'address',
			matched: '1100 Congress Avenue, Austin, TX 78701, USA',
		})
		expect(await make().geocode(suggestions[1]!.place_id)).toMatchObject({ precision: 'street' })
		expect(requests).toHaveLength(0)
	})

	test('free text geocodes to the first US result; no result → null; under 3 characters calls nobody', async () => {
		serve((url, res) => json(res, url.searchParams.get('q') === 'nothing here' ? { type: 'FeatureCollection', features: [] } : reply))
		expect(await make().geocode('1100 Congress Ave, Austin')).toMatchObject({ lat: 30.2747, lng: -97.7404 })
		expect(await make().geocode('nothing here')).toBeNull()
		requests.length = 0
		expect(await make().suggest('11')).toEqual([])
		expect(requests).toHaveLength(0)
	})

	test('a URL typed as the address is only ever a query parameter to the configured host', async () => {
		serve((_url, res) => json(res, { type: 'FeatureCollection', features: [] }))
		expect(await make().geocode('http://169.254.169.254/latest/meta-data/')).toBeNull()
		expect(requests).toHaveLength(1)
		expect(requests[0]!.pathname).toBe('/photon/api')
		expect(requests[0]!.searchParams.get('q')).toBe('http://169.254.169.254/latest/meta-data/')
	})

	misbehaviours(make, makeFast)

	test('an endpoint that cannot be reached → 502', async () => {
		const closed = http.createServer()
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
		const port = (closed.address() as AddressInfo).port
		await new Promise((resolve) => closed.close(resolve))
		const geocoder = createGeocoder({ ...base, provider: 'photon', photonUrl: `http://127.0.0.1:${port}` })
		await expectGeocoderError(geocoder.suggest('123 Main Street'), 502, GEOCODER_UNAVAILABLE_MESSAGE)
	})

	test('photon without a URL is a configuration error at start', () => {
		expect(() => createGeocoder({ ...base, provider: 'photon' })).toThrow('GEOCODER=photon needs PHOTON_URL')
	})
})

describe('census', () => {
	const match = {
		tigerLine: { side: 'L', tigerLineId: '76355984' },
		coordinates: { x: -76.92748724230096, y: 38.84601622386617 },
		addressComponents: { zip: '20233', streetName: 'SILVER HILL', preType: '', city: 'WASHINGTON', preDirection: '', suffixDirection: '', fromAddress: '4600', state: 'DC', suffixType: 'RD', toAddress: '4700', suffixQualifier: '', preQualifier: '' },
		matchedAddress: '4600 SILVER HILL RD, WASHINGTON, DC, 20233',
	}
	const reply = (matches: unknown[]) => ({
		result: { input: { address: { address: '4600 Silver Hill Rd, Washington, DC 20233' }, benchmark: { benchmarkName: 'Public_AR_Current' } }, addressMatches: matches },
	})
	const make = () => createGeocoder({ ...base, provider: 'census', censusUrl: `${origin}/geocoder` })
	const makeFast = () => createGeocoder({ ...base, provider: 'census', censusUrl: `${origin}/geocoder`, timeoutMs: 200 })

	test('asks locations/onelineaddress with benchmark and format; the match becomes a suggestion', async () => {
		serve((url, res) => (url.pathname === '/geocoder/locations/onelineaddress' ? json(res, reply([match])) : res.writeHead(404).end()))
		const [first, ...rest] = await make().suggest('4600 Silver Hill Rd, Washington, DC 20233')
		expect(rest).toEqual([])
		const asked = requests[0]!.searchParams
		expect(asked.get('address')).toBe('4600 Silver Hill Rd, Washington, DC 20233')
		expect(asked.get('benchmark')).toBe('Public_AR_Current')
		expect(asked.get('format')).toBe('json')
		expectSpecShape(first!)
		expect(first).toMatchObject({
			description: '4600 SILVER HILL RD, WASHINGTON, DC, 20233',
			structured_formatting: { main_text: '4600 SILVER HILL RD', secondary_text: 'WASHINGTON, DC, 20233' },
		})
		requests.length = 0
		expect(await make().geocode(first!.place_id)).toEqual({
			lat: 38.8460162,
			lng: -76.9274872,
			address: '4600 SILVER HILL RD, WASHINGTON, DC, 20233',
			precision: 'address',
			matched: '4600 SILVER HILL RD, WASHINGTON, DC, 20233',
		})
		expect(requests).toHaveLength(0)
	})

	test('free text: the first match, or null when the Census finds none', async () => {
		serve((url, res) => json(res, reply(url.searchParams.get('address')?.startsWith('4600') ? [match] : [])))
		expect(await make().geocode('4600 Silver Hill Rd, Washington, DC')).toMatchObject({ lat: 38.8460162, lng: -76.9274872 })
		expect(await make().geocode('1 Nowhere Lane')).toBeNull()
	})

	misbehaviours(make, makeFast)
})

describe('default chain (no GEOCODER): Census for street addresses, the gazetteer for the rest and as fallback', () => {
	const whiteHouse = { coordinates: { x: -77.03654, y: 38.89768 }, matchedAddress: '1600 PENNSYLVANIA AVE NW, WASHINGTON, DC, 20500' }
	const censusReply = (matches: unknown[]) => ({ result: { input: {}, addressMatches: matches } })
	const typed = '1600 Pennsylvania Ave NW, Washington, DC 20500'
	const make = (timeoutMs = 2000) => createGeocoder({ ...base, provider: 'default', censusUrl: `${origin}/geocoder`, timeoutMs })
	const exact = { lat: 38.89768, lng: -77.03654, address: whiteHouse.matchedAddress, precision: 'address', matched: whiteHouse.matchedAddress }

	test('is what the environment selects when GEOCODER is not set', () => {
		expect(getGeocoder().provider).toBe('default')
	})

	test('a street address is resolved by the Census, typed or chosen from the offline suggestions', async () => {
		serve((url, res) => json(res, censusReply(url.pathname === '/geocoder/locations/onelineaddress' ? [whiteHouse] : [])))
		expect(await make().geocode(typed)).toEqual(exact)
		expect(requests[0]!.searchParams.get('address')).toBe(typed)
		// the suggestion list stays offline (the gazetteer places the text at its ZIP) …
		requests.length = 0
		const [first] = await make().suggest(typed)
		expect(first!.description).toBe(typed)
		expect(requests).toHaveLength(0)
		// … and choosing it asks the Census for the exact point
		expect(await make().geocode(first!.place_id)).toEqual(exact)
		expect(requests).toHaveLength(1)
	})

	test('a ZIP or a city goes to the gazetteer without calling the Census', async () => {
		serve((_url, res) => json(res, censusReply([whiteHouse])))
		expect(await make().geocode('20500')).toEqual({ lat: 38.8946, lng: -77.0355, address: 'Washington, DC 20500, USA', precision: 'postcode', matched: 'Washington, DC 20500, USA' })
		expect(await make().geocode('Austin, TX')).toMatchObject({ address: 'Austin, TX, USA', precision: 'city' })
		expect(requests).toHaveLength(0)
	})

	const atZip = { lat: 38.8946, lng: -77.0355, address: typed, precision: 'postcode', matched: 'Washington, DC 20500, USA' }
	const failures: [string, Handler][] = [
		['finds nothing', (_url, res) => json(res, censusReply([]))],
		['answers 500', (_url, res) => res.writeHead(500).end('oops')],
		['answers garbage', (_url, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"result": [')],
		['answers the wrong shape', (_url, res) => json(res, { hello: 'world' })],
		['answers more than 1 MB', (_url, res) => json(res, censusReply([{ ...whiteHouse, padding: 'x'.repeat(1_100_000) }]))],
		['answers a point outside the US', (_url, res) => json(res, censusReply([{ ...whiteHouse, coordinates: { x: 2.2945, y: 48.8584 } }]))],
		['redirects elsewhere', (_url, res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end()],
	]
	for (const [what, handler] of failures) {
		test(`the Census ${what} → the ZIP centroid, said to be approximate`, async () => {
			serve(handler)
			expect(await make().geocode(typed)).toEqual(atZip)
		})
	}

	test('a Census that does not answer in time → the ZIP centroid, no hang', async () => {
		serve(() => {
			/* never answers */
		})
		const started = Date.now()
		expect(await make(200).geocode(typed)).toEqual(atZip)
		expect(Date.now() - started).toBeLessThan(1500)
	})

	test('a Census that cannot be reached → the city centroid when no ZIP was typed', async () => {
		const geocoder = createGeocoder({ ...base, provider: 'default', censusUrl: 'http://127.0.0.1:9/geocoder' })
		expect(await geocoder.geocode('500 Congress Ave, Austin, TX')).toMatchObject({ address: '500 Congress Ave, Austin, TX', precision: 'city', matched: 'Austin, TX, USA' })
	})

	test('nothing anywhere → null (404 on the API)', async () => {
		serve((_url, res) => json(res, censusReply([])))
		expect(await make().geocode('12 Qwxyzzy Road')).toBeNull()
	})

	test('the caller giving up is not a fallback: the abort goes through', async () => {
		serve(() => {
			/* never answers */
		})
		const controller = new AbortController()
		const pending = make().geocode(typed, { signal: controller.signal })
		setTimeout(() => controller.abort(new Error('client went away')), 50)
		await expect(pending).rejects.toThrow('client went away')
	})

	test('with PHOTON_URL, suggestions come from Photon, and from the gazetteer while Photon fails', async () => {
		const geocoder = createGeocoder({ ...base, provider: 'default', censusUrl: `${origin}/geocoder`, photonUrl: `${origin}/photon` })
		serve((url, res) =>
			url.pathname === '/photon/api'
				? json(res, {
						type: 'FeatureCollection',
						features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-97.7404, 30.2747] }, properties: { housenumber: '1100', street: 'Congress Avenue', city: 'Austin', state: 'Texas', postcode: '78701', countrycode: 'US' } }],
					})
				: res.writeHead(404).end(),
		)
		expect((await geocoder.suggest('1100 Congress Ave, Austin, TX 78701')).map((s) => s.description)).toEqual(['1100 Congress Avenue, Austin, TX 78701, USA'])
		serve((_url, res) => res.writeHead(503).end())
		expect((await geocoder.suggest('1100 Congress Ave, Austin, TX 78701')).map((s) => s.description)).toEqual(['1100 Congress Ave, Austin, TX 78701', 'Austin, TX 78701, USA'])
	})
})

describe('mapbox (Search, Geocoding v6): chosen by MAPBOX_ACCESS_TOKEN', () => {
	const TOKEN = 'pk.test-token-never-in-a-reply'
	const feature = (lng: number, lat: number, properties: Record<string, unknown>) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [lng, lat] }, properties })
	const us = { country: { country_code: 'us', name: 'United States' } }
	const reply = {
		type: 'FeatureCollection',
		features: [
			feature(-97.740312, 30.274669, { mapbox_id: 'a1', feature_type: 'address', name: '1100 Congress Avenue', place_formatted: 'Austin, Texas 78701, United States', full_address: '1100 Congress Avenue, Austin, Texas 78701, United States', context: us }),
			feature(-97.7431, 30.2672, { mapbox_id: 's1', feature_type: 'street', name: 'Congress Avenue', place_formatted: 'Austin, Texas, United States', context: us }),
			// outside the US (and saying so): dropped
			feature(-79.3832, 43.6532, { mapbox_id: 'c1', feature_type: 'address', name: '1100 Congress St', place_formatted: 'Toronto, Ontario, Canada', context: { country: { country_code: 'ca' } } }),
			// a POI type we did not ask for: dropped
			feature(-97.74, 30.27, { mapbox_id: 'p1', feature_type: 'poi', name: 'Capitol', context: us }),
		],
	}
	const make = (provider: 'mapbox' | 'default' = 'mapbox', timeoutMs = 2000) =>
		createGeocoder({ ...base, provider, censusUrl: `${origin}/geocoder`, timeoutMs, mapbox: { url: `${origin}/search/geocode/v6`, token: TOKEN } })

	test('asks /forward with the US, address types and the token; answers the spec shape with precision; the token stays on the server', async () => {
		serve((url, res) => (url.pathname === '/search/geocode/v6/forward' ? json(res, reply) : res.writeHead(404).end()))
		const suggestions = await make().suggest('1100 Congress', { limit: 4 })
		const asked = requests[0]!.searchParams
		expect(asked.get('q')).toBe('1100 Congress')
		expect(asked.get('country')).toBe('us')
		expect(asked.get('types')).toBe('address,street,postcode,place,locality')
		expect(asked.get('limit')).toBe('4')
		expect(asked.get('access_token')).toBe(TOKEN)
		suggestions.forEach(expectSpecShape)
		expect(suggestions.map((s) => [s.description, s.structured_formatting.main_text, s.structured_formatting.secondary_text])).toEqual([
			['1100 Congress Avenue, Austin, Texas 78701, United States', '1100 Congress Avenue', 'Austin, Texas 78701, United States'],
			['Congress Avenue, Austin, Texas, United States', 'Congress Avenue', 'Austin, Texas, United States'],
		])
		expect(JSON.stringify(suggestions)).not.toContain(TOKEN)
		expect(Buffer.from(suggestions[0]!.place_id.split('.')[0]!, 'base64url').toString()).not.toContain(TOKEN)
		expect(await make().geocode(suggestions[0]!.place_id)).toMatchObject({ lat: 30.274669, lng: -97.740312, precision: 'address' })
		expect(await make().geocode(suggestions[1]!.place_id)).toMatchObject({ precision: 'street' })
	})

	test('with no GEOCODER the token alone switches suggestions to Mapbox; while Mapbox fails, the gazetteer answers', async () => {
		serve((url, res) => (url.pathname === '/search/geocode/v6/forward' ? json(res, reply) : res.writeHead(404).end()))
		expect((await make('default').suggest('1100 Congress Ave, Austin, TX 78701'))[0]!.description).toBe('1100 Congress Avenue, Austin, Texas 78701, United States')
		serve((_url, res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Not Authorized - Invalid Token"}'))
		expect((await make('default').suggest('1100 Congress Ave, Austin, TX 78701')).map((s) => s.description)).toEqual(['1100 Congress Ave, Austin, TX 78701', 'Austin, TX 78701, USA'])
	})

	test('forced, a bad token or a broken reply is a clear 502, and a slow one 504', async () => {
		serve((_url, res) => res.writeHead(401).end())
		await expectGeocoderError(make().suggest('1100 Congress'), 502, GEOCODER_UNAVAILABLE_MESSAGE)
		serve((_url, res) => json(res, { type: 'FeatureCollection', features: 'nope' }))
		await expectGeocoderError(make().suggest('1100 Congress'), 502, GEOCODER_UNAVAILABLE_MESSAGE)
		serve(() => {
			/* never answers */
		})
		await expectGeocoderError(make('mapbox', 200).suggest('1100 Congress'), 504, GEOCODER_TIMEOUT_MESSAGE)
	})

	test('mapbox without a token is a configuration error at start', () => {
		expect(() => createGeocoder({ ...base, provider: 'mapbox' })).toThrow('GEOCODER=mapbox needs MAPBOX_ACCESS_TOKEN')
	})
})

describe('google (Places API New: Autocomplete + Place Details): chosen by GOOGLE_MAPS_API_KEY', () => {
	const KEY = 'AIza-test-key-never-in-a-reply'
	const prediction = (placeId: string, text: string, main: string, secondary: string, types: string[]) => ({
		placePrediction: { place: `places/${placeId}`, placeId, text: { text, matches: [] }, structuredFormat: { mainText: { text: main }, secondaryText: { text: secondary } }, types },
	})
	const autocomplete = {
		suggestions: [
			prediction('ChIJaddress1', '1100 Congress Ave, Austin, TX 78701, USA', '1100 Congress Ave', 'Austin, TX 78701, USA', ['street_address', 'geocode']),
			prediction('ChIJroute1', 'Congress Ave, Austin, TX, USA', 'Congress Ave', 'Austin, TX, USA', ['route', 'geocode']),
			// a business, not an address: dropped
			prediction('ChIJcafe', 'Capitol Cafe, Congress Ave, Austin, TX, USA', 'Capitol Cafe', 'Congress Ave, Austin, TX, USA', ['cafe', 'establishment']),
			// a query prediction (no place): dropped
			{ queryPrediction: { text: { text: '1100 congress near me' } } },
		],
	}
	const details: Record<string, unknown> = {
		ChIJaddress1: {
			id: 'ChIJaddress1',
			formattedAddress: '1100 Congress Ave, Austin, TX 78701, USA',
			location: { latitude: 30.2746652, longitude: -97.7403505 },
			types: ['street_address'],
			addressComponents: [{ longText: '1100', shortText: '1100', types: ['street_number'] }, { longText: 'United States', shortText: 'US', types: ['country', 'political'] }],
		},
		ChIJroute1: {
			id: 'ChIJroute1',
			formattedAddress: 'Congress Ave, Austin, TX, USA',
			location: { latitude: 30.2672, longitude: -97.7431 },
			types: ['route'],
			addressComponents: [{ shortText: 'US', types: ['country', 'political'] }],
		},
	}
	type Seen = { url: URL; method: string; headers: http.IncomingHttpHeaders; body: string }
	const seen: Seen[] = []
	let google: http.Server
	let googleOrigin = ''
	let behave: (req: Seen, res: http.ServerResponse) => void = () => {}
	/** a Places API (New) server: POST /v1/places:autocomplete, GET /v1/places/{id}, key in X-Goog-Api-Key */
	const speaksPlaces = (req: Seen, res: http.ServerResponse) => {
		if (req.headers['x-goog-api-key'] !== KEY) return json(res, { error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' } }, 403)
		if (req.method === 'POST' && req.url.pathname === '/v1/places:autocomplete') return json(res, autocomplete)
		const id = req.url.pathname.match(/^\/v1\/places\/([^/]+)$/)?.[1]
		if (req.method === 'GET' && id && details[id]) return json(res, details[id])
		json(res, { error: { code: 404, status: 'NOT_FOUND' } }, 404)
	}
	beforeAll(async () => {
		google = http.createServer((req, res) => {
			let body = ''
			req.on('data', (chunk) => (body += chunk))
			req.on('end', () => {
				const entry = { url: new URL(req.url ?? '/', 'http://localhost'), method: req.method ?? 'GET', headers: req.headers, body }
				seen.push(entry)
				behave(entry, res)
			})
		})
		await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve))
		googleOrigin = `http://127.0.0.1:${(google.address() as AddressInfo).port}`
	})
	afterAll(async () => {
		google.closeAllConnections()
		await new Promise((resolve) => google.close(resolve))
	})
	const use = (next: typeof behave) => {
		behave = next
		seen.length = 0
	}
	const make = (provider: 'google' | 'default' = 'google', timeoutMs = 2000) =>
		createGeocoder({ ...base, provider, censusUrl: `${origin}/geocoder`, timeoutMs, google: { url: `${googleOrigin}/v1`, key: KEY } })

	test('suggestions from Autocomplete (US, English, a session token, the key in a header); choosing one asks Place Details with that session; precision from types', async () => {
		use(speaksPlaces)
		const suggestions = await make().suggest('1100 Congress', { limit: 4 })
		expect(seen).toHaveLength(1)
		const asked = JSON.parse(seen[0]!.body)
		expect(asked).toMatchObject({ input: '1100 Congress', includedRegionCodes: ['us'], languageCode: 'en' })
		expect(asked.sessionToken).toMatch(/^[\w-]{16,}$/)
		expect(seen[0]!.url.search).toBe('')
		suggestions.forEach(expectSpecShape)
		expect(suggestions.map((s) => [s.description, s.structured_formatting.main_text, s.structured_formatting.secondary_text])).toEqual([
			['1100 Congress Ave, Austin, TX 78701, USA', '1100 Congress Ave', 'Austin, TX 78701, USA'],
			['Congress Ave, Austin, TX, USA', 'Congress Ave', 'Austin, TX, USA'],
		])
		expect(JSON.stringify(suggestions)).not.toContain(KEY)
		expect(Buffer.from(suggestions[0]!.place_id.split('.')[0]!, 'base64url').toString()).not.toContain(KEY)

		use(speaksPlaces)
		expect(await make().geocode(suggestions[0]!.place_id)).toEqual({
			lat: 30.2746652,
			lng: -97.7403505,
			address: '1100 Congress Ave, Austin, TX 78701, USA',
			precision: 'address',
			matched: '1100 Congress Ave, Austin, TX 78701, USA',
		})
		expect(seen).toHaveLength(1)
		expect(seen[0]!.url.pathname).toBe('/v1/places/ChIJaddress1')
		expect(seen[0]!.url.searchParams.get('sessionToken')).toBe(asked.sessionToken)
		expect(seen[0]!.url.searchParams.get('key')).toBeNull()
		expect(seen[0]!.headers['x-goog-fieldmask']).toBe('id,formattedAddress,location,types,addressComponents')
		expect(await make().geocode(suggestions[1]!.place_id)).toMatchObject({ precision: 'street' })
		// free text: the first prediction's details
		expect(await make().geocode('1100 Congress Ave, Austin')).toMatchObject({ lat: 30.2746652, precision: 'address' })
	})

	test('a Google place id cannot be altered to point at another place', async () => {
		use(speaksPlaces)
		const [first] = await make().suggest('1100 Congress')
		const [body, signature] = first!.place_id.split('.')
		const payload = JSON.parse(Buffer.from(body!, 'base64url').toString())
		const forged = Buffer.from(JSON.stringify({ ...payload, g: 'ChIJroute1' })).toString('base64url')
		expect(await make().geocode(`${forged}.${signature}`)).toBeNull()
	})

	const broken: [string, (req: Seen, res: http.ServerResponse) => void][] = [
		['answers malformed JSON', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"formattedAddress": ')],
		['answers the wrong shape', (_req, res) => json(res, { location: 'here' })],
		['answers more than 1 MB', (req, res) => json(res, { ...(details.ChIJaddress1 as object), padding: 'x'.repeat(1_100_000), id: req.url.pathname })],
		['answers a point outside the US', (_req, res) => json(res, { ...(details.ChIJaddress1 as object), location: { latitude: 48.8584, longitude: 2.2945 } })],
		['answers a foreign country', (_req, res) => json(res, { ...(details.ChIJaddress1 as object), addressComponents: [{ shortText: 'FR', types: ['country'] }] })],
		['refuses the key', (_req, res) => json(res, { error: { code: 403 } }, 403)],
	]
	for (const [what, handler] of broken) {
		test(`forced: Place Details that ${what} → 502, never a wrong centre`, async () => {
			use(speaksPlaces)
			const [first] = await make().suggest('1100 Congress')
			use(handler)
			await expectGeocoderError(make().geocode(first!.place_id), 502, GEOCODER_UNAVAILABLE_MESSAGE)
		})
		test(`default chain: Place Details that ${what} → the suggestion's text goes to the Census instead`, async () => {
			use(speaksPlaces)
			const [first] = await make('default').suggest('1100 Congress Ave, Austin, TX 78701')
			use(handler)
			serve((url, res) =>
				json(res, { result: { addressMatches: url.searchParams.get('address') === '1100 Congress Ave, Austin, TX 78701, USA' ? [{ matchedAddress: '1100 CONGRESS AVE, AUSTIN, TX, 78701', coordinates: { x: -97.74, y: 30.2747 } }] : [] } }),
			)
			expect(await make('default').geocode(first!.place_id)).toEqual({ lat: 30.2747, lng: -97.74, address: '1100 CONGRESS AVE, AUSTIN, TX, 78701', precision: 'address', matched: '1100 CONGRESS AVE, AUSTIN, TX, 78701' })
		})
	}

	test('Autocomplete slow → 504 when forced, the gazetteer when not; malformed or oversize → 502 when forced, the gazetteer when not', async () => {
		use(() => {
			/* never answers */
		})
		const started = Date.now()
		await expectGeocoderError(make('google', 200).suggest('1100 Congress'), 504, GEOCODER_TIMEOUT_MESSAGE)
		expect((await make('default', 200).suggest('1100 Congress Ave, Austin, TX 78701')).map((s) => s.description)).toEqual(['1100 Congress Ave, Austin, TX 78701', 'Austin, TX 78701, USA'])
		expect(Date.now() - started).toBeLessThan(2500)
		for (const handler of [
			(_req: Seen, res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"suggestions": [oops'),
			(_req: Seen, res: http.ServerResponse) => json(res, { suggestions: 'nope' }),
			(_req: Seen, res: http.ServerResponse) => json(res, { suggestions: [], padding: 'x'.repeat(1_100_000) }),
		]) {
			use(handler)
			await expectGeocoderError(make().suggest('1100 Congress'), 502, GEOCODER_UNAVAILABLE_MESSAGE)
			expect((await make('default').suggest('1100 Congress Ave, Austin, TX 78701')).map((s) => s.description)).toEqual(['1100 Congress Ave, Austin, TX 78701', 'Austin, TX 78701, USA'])
		}
	})

	test('Place Details that does not answer in time → 504 forced; the Census/gazetteer in the default chain; no hang', async () => {
		use(speaksPlaces)
		const [first] = await make('google', 300).suggest('1100 Congress Ave, Austin, TX 78701')
		use(() => {
			/* never answers */
		})
		serve((_url, res) => json(res, { result: { addressMatches: [] } }))
		await expectGeocoderError(make('google', 300).geocode(first!.place_id), 504, GEOCODER_TIMEOUT_MESSAGE)
		// the Census finds nothing: the gazetteer places the suggestion's text at its ZIP
		expect(await make('default', 300).geocode(first!.place_id)).toMatchObject({ precision: 'postcode', matched: 'Austin, TX 78701, USA' })
	})

	test('a Google place id with no Google key configured resolves to nothing in a forced provider', async () => {
		use(speaksPlaces)
		const [first] = await make().suggest('1100 Congress')
		expect(await createGeocoder({ ...base, provider: 'gazetteer' }).geocode(first!.place_id)).toBeNull()
	})

	test('google without a key is a configuration error at start', () => {
		expect(() => createGeocoder({ ...base, provider: 'google' })).toThrow('GEOCODER=google needs GOOGLE_MAPS_API_KEY')
	})
})

describe('whose suggestions they are (the credit a provider requires is shown with them)', () => {
	test('the default chain says which provider answered: Google while it works, the gazetteer when it fails', async () => {
		const google = http.createServer((req, res) => {
			req.resume()
			req.on('end', () =>
				req.url?.startsWith('/v1/places:autocomplete')
					? json(res, { suggestions: [{ placePrediction: { placeId: 'ChIJa', text: { text: '1100 Congress Ave, Austin, TX 78701, USA' }, types: ['street_address'] } }] })
					: res.writeHead(503).end(),
			)
		})
		await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve))
		const url = `http://127.0.0.1:${(google.address() as AddressInfo).port}/v1`
		try {
			const geocoder = createGeocoder({ ...base, provider: 'default', google: { url, key: 'k' } })
			const found = await geocoder.suggestFrom('1100 Congress Ave, Austin, TX 78701')
			expect(found.provider).toBe('google')
			expect(SUGGESTION_ATTRIBUTION[found.provider]).toBe('Powered by Google')
			const broken = createGeocoder({ ...base, provider: 'default', google: { url: `${url}/broken`, key: 'k' } })
			const fallback = await broken.suggestFrom('1100 Congress Ave, Austin, TX 78701')
			expect(fallback.provider).toBe('gazetteer')
			expect(fallback.suggestions.length).toBeGreaterThan(0)
			expect(SUGGESTION_ATTRIBUTION[fallback.provider]).toBeUndefined()
			expect(SUGGESTION_ATTRIBUTION.mapbox).toBe('© Mapbox')
		} finally {
			google.closeAllConnections()
			await new Promise((resolve) => google.close(resolve))
		}
	})
})

test('a Google place id stays under the API place_id limit (1024) even for the longest id and text', async () => {
	const long = http.createServer((req, res) => {
		req.resume()
		req.on('end', () =>
			json(res, { suggestions: [{ placePrediction: { placeId: 'C'.repeat(200), text: { text: `1 ${'Very Long Street Name '.repeat(30)}, Austin, TX` }, types: ['street_address'] } }] }),
		)
	})
	await new Promise<void>((resolve) => long.listen(0, '127.0.0.1', resolve))
	try {
		const geocoder = createGeocoder({ ...base, provider: 'google', google: { url: `http://127.0.0.1:${(long.address() as AddressInfo).port}/v1`, key: 'k' } })
		const [first] = await geocoder.suggest('1 Very Long Street')
		expect(first!.place_id.length).toBeLessThanOrEqual(1024)
	} finally {
		long.closeAllConnections()
		await new Promise((resolve) => long.close(resolve))
	}
})
