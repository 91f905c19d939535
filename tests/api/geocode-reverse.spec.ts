// GET /api/geocode/reverse ("I'm at the property", issue 21 §3) over HTTP
// against the production build. The default chain of the e2e stack (no keys,
// the Census, which has no reverse lookup) answers from the offline gazetteer;
// forced Photon, Mapbox and Google, and the default chain with a Google key,
// run in app servers of their own against a local server speaking those
// providers' reverse protocols (tests/support/reverse-geocoder-server.ts).
import type { APIRequestContext } from '@playwright/test'
import { startAppProcess, type AppProcess } from '../support/app-process.ts'
import { readE2eEnv } from '../support/e2e-env.ts'
import { E2E_SESSION_SECRET, expect, sessionCookieHeader, test } from '../support/fixtures.ts'
import { REVERSE_POINTS, REVERSE_TOKEN, startReverseGeocoderServer, type ReverseGeocoderServer } from '../support/reverse-geocoder-server.ts'

const at = (p: { lat: number; lng: number }) => `/api/geocode/reverse?lat=${p.lat}&lng=${p.lng}`
const GEOCODER_UNAVAILABLE = 'The address service is unavailable. Please try again.'
const GEOCODER_TIMEOUT = 'The address service did not answer in time. Please try again.'

test('signed out: 401 JSON', async ({ request }) => {
	const res = await request.get(at(REVERSE_POINTS.address))
	expect(res.status()).toBe(401)
	expect(await res.json()).toEqual({ error: 'Authentication required' })
})

test('default chain (the Census has no reverse lookup): the nearest ZIP from the offline gazetteer, precision postcode', async ({ apiAs, makeUser }) => {
	const api = await apiAs(await makeUser())
	const res = await api.get(at(REVERSE_POINTS.address))
	expect(res.status()).toBe(200)
	expect(res.headers()['cache-control']).toBe('private, no-store')
	const body = await res.json()
	expect(body).toEqual({ lat: expect.any(Number), lng: expect.any(Number), address: expect.stringMatching(/^Austin, TX 787\d\d, USA$/), precision: 'postcode' })
	// the ZIP's centroid, a few km at most from the point
	expect(Math.abs(body.lat - REVERSE_POINTS.address.lat)).toBeLessThan(0.05)
	expect(Math.abs(body.lng - REVERSE_POINTS.address.lng)).toBeLessThan(0.05)

	// Alaska and Hawaii are in the US too
	const juneau = await (await api.get(at({ lat: 58.3019, lng: -134.4197 }))).json()
	expect(juneau).toMatchObject({ address: expect.stringMatching(/^Juneau, AK 998\d\d, USA$/), precision: 'postcode' })
	const honolulu = await (await api.get(at({ lat: 21.3069, lng: -157.8583 }))).json()
	expect(honolulu).toMatchObject({ address: expect.stringMatching(/, HI 968\d\d, USA$/), precision: 'postcode' })
})

test('bad input: 400 { error, fields } for missing, non-numeric, out-of-range and non-US coordinates; only GET', async ({ apiAs, makeUser }) => {
	const api = await apiAs(await makeUser())
	const bad = async (path: string, field: 'lat' | 'lng', message: RegExp) => {
		const res = await api.get(path)
		expect(res.status(), path).toBe(400)
		const body = await res.json()
		expect(body.error, path).toBe('Invalid input')
		expect(String(body.fields[field]), path).toMatch(message)
	}
	await bad('/api/geocode/reverse', 'lat', /Latitude is required/)
	await bad('/api/geocode/reverse?lat=30.27', 'lng', /Longitude is required/)
	await bad('/api/geocode/reverse?lat=&lng=-97.74', 'lat', /Latitude is required/)
	await bad('/api/geocode/reverse?lat=abc&lng=-97.74', 'lat', /must be a number/)
	await bad('/api/geocode/reverse?lat=30.27&lng=Infinity', 'lng', /must be a number|between/)
	await bad('/api/geocode/reverse?lat=91&lng=-97.74', 'lat', /between -90 and 90/)
	await bad('/api/geocode/reverse?lat=30.27&lng=-181', 'lng', /between -180 and 180/)
	await bad(`/api/geocode/reverse?lat=${'1'.repeat(40)}&lng=-97.74`, 'lat', /must be a number/)
	// Paris, the middle of the Atlantic, Mexico City: not US properties
	for (const p of [{ lat: 48.8584, lng: 2.2945 }, { lat: 30, lng: -40 }, { lat: 19.4326, lng: -99.1332 }]) await bad(at(p), 'lat', /outside the United States/)
	const post = await api.post(at(REVERSE_POINTS.address))
	expect(post.status()).toBe(405)
	expect((await post.json()).error).toBeTruthy()
})

test.describe('configured providers', () => {
	test.describe.configure({ timeout: 180_000 })
	let provider: ReverseGeocoderServer
	test.beforeAll(async () => {
		provider = await startReverseGeocoderServer()
	})
	test.afterAll(async () => {
		await provider?.close()
	})

	/** an app server of the test's own with this geocoding configuration, and a signed-in client of it */
	async function appWith(env: NodeJS.ProcessEnv, makeUser: () => Promise<{ id: string }>, playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }) {
		const { databaseUrl } = readE2eEnv()
		const app = await startAppProcess({ DATABASE_URL: databaseUrl, SESSION_SECRET: E2E_SESSION_SECRET, GEOCODER_TIMEOUT_MS: '1500', JOBS: 'off', ...env }, { unset: ['SMTP_URL', 'SATELLITE_TILE_URL'] })
		const request = await playwright.request.newContext({ baseURL: app.baseURL, extraHTTPHeaders: { cookie: await sessionCookieHeader((await makeUser()).id) } })
		return { app, request }
	}
	async function expectFailures(request: APIRequestContext, forced: boolean) {
		for (const [point, status, error] of [
			[REVERSE_POINTS.error, 502, GEOCODER_UNAVAILABLE],
			[REVERSE_POINTS.garbage, 502, GEOCODER_UNAVAILABLE],
			[REVERSE_POINTS.hang, 504, GEOCODER_TIMEOUT],
		] as const) {
			const res = await request.get(at(point))
			if (forced) {
				expect(res.status(), JSON.stringify(point)).toBe(status)
				expect(await res.json()).toEqual({ error })
			} else {
				// the default chain falls back to the gazetteer's nearest ZIP
				expect(res.status(), JSON.stringify(point)).toBe(200)
				expect(await res.json()).toMatchObject({ precision: 'postcode', address: expect.stringMatching(/, [A-Z]{2} \d{5}, USA$/) })
			}
		}
		// a foreign answer is never a US property's address
		const abroad = await request.get(at(REVERSE_POINTS.abroad))
		if (forced) {
			expect(abroad.status()).toBe(404)
			expect(await abroad.json()).toEqual({ error: 'No address was found near this point.' })
		} else expect(await abroad.json()).toMatchObject({ precision: 'postcode', address: expect.stringMatching(/, MN \d{5}, USA$/) })
	}
	let running: AppProcess | undefined
	test.afterEach(async () => {
		await running?.stop()
		running = undefined
	})

	test('GEOCODER=photon: /reverse with lat, lon and English; the house over the street; nothing → 404; failures 502/504', async ({ makeUser, playwright }) => {
		const { app, request } = await appWith({ GEOCODER: 'photon', PHOTON_URL: `${provider.url}/photon` }, makeUser, playwright)
		running = app
		const res = await request.get(at(REVERSE_POINTS.address))
		expect(res.status()).toBe(200)
		expect(await res.json()).toEqual({ lat: 30.2746652, lng: -97.7403505, address: '1100 Congress Avenue, Austin, TX 78701, USA', precision: 'address' })
		const asked = provider.requests.filter((u) => u.pathname === '/photon/reverse').at(-1)!
		expect([asked.searchParams.get('lat'), asked.searchParams.get('lon'), asked.searchParams.get('lang')]).toEqual(['30.2746652', '-97.7403505', 'en'])
		const nothing = await request.get(at(REVERSE_POINTS.nothing))
		expect(nothing.status()).toBe(404)
		expect(await nothing.json()).toEqual({ error: 'No address was found near this point.' })
		await expectFailures(request, true)
		await request.dispose()
	})

	test('GEOCODER=mapbox: Geocoding v6 /reverse with the token (never in the reply); the address over the postcode; failures 502/504', async ({ makeUser, playwright }) => {
		const { app, request } = await appWith({ GEOCODER: 'mapbox', MAPBOX_ACCESS_TOKEN: REVERSE_TOKEN, MAPBOX_SEARCH_URL: `${provider.url}/mapbox` }, makeUser, playwright)
		running = app
		const res = await request.get(at(REVERSE_POINTS.address))
		expect(res.status()).toBe(200)
		const body = await res.json()
		expect(body).toEqual({ lat: 30.2746652, lng: -97.7403505, address: '1100 Congress Avenue, Austin, Texas 78701, United States', precision: 'address' })
		expect(JSON.stringify(body)).not.toContain(REVERSE_TOKEN)
		const asked = provider.requests.filter((u) => u.pathname === '/mapbox/reverse').at(-1)!
		expect([asked.searchParams.get('latitude'), asked.searchParams.get('longitude'), asked.searchParams.get('country')]).toEqual(['30.2746652', '-97.7403505', 'us'])
		expect((await request.get(at(REVERSE_POINTS.nothing))).status()).toBe(404)
		await expectFailures(request, true)
		await request.dispose()
	})

	test('GEOCODER=google: Geocoding API latlng with the key; a refused key is a 502 (key never shown); ZERO_RESULTS → 404; failures 502/504', async ({ makeUser, playwright }) => {
		const { app, request } = await appWith({ GEOCODER: 'google', GOOGLE_MAPS_API_KEY: REVERSE_TOKEN, GOOGLE_GEOCODING_URL: `${provider.url}/google` }, makeUser, playwright)
		running = app
		const res = await request.get(at(REVERSE_POINTS.address))
		expect(res.status()).toBe(200)
		expect(await res.json()).toEqual({ lat: 30.2746652, lng: -97.7403505, address: '1100 Congress Ave, Austin, TX 78701, USA', precision: 'address' })
		const asked = provider.requests.filter((u) => u.pathname === '/google/json').at(-1)!
		expect(asked.searchParams.get('latlng')).toBe('30.2746652,-97.7403505')
		expect((await request.get(at(REVERSE_POINTS.nothing))).status()).toBe(404)
		await expectFailures(request, true)
		await request.dispose()
		expect(app.output()).not.toContain(REVERSE_TOKEN)

		// a key Google refuses (REQUEST_DENIED) is the provider failing, said without the key
		const wrong = await appWith({ GEOCODER: 'google', GOOGLE_MAPS_API_KEY: 'a-key-google-refuses', GOOGLE_GEOCODING_URL: `${provider.url}/google` }, makeUser, playwright)
		const refused = await wrong.request.get(at(REVERSE_POINTS.address))
		expect(refused.status()).toBe(502)
		expect(await refused.json()).toEqual({ error: GEOCODER_UNAVAILABLE })
		await wrong.request.dispose()
		await wrong.app.stop()
		expect(wrong.app.output()).not.toContain('a-key-google-refuses')
	})

	test('default chain with a Google key: Google while it works; the gazetteer’s nearest ZIP when it fails, finds nothing or answers abroad', async ({ makeUser, playwright }) => {
		const { app, request } = await appWith({ GOOGLE_MAPS_API_KEY: REVERSE_TOKEN, GOOGLE_GEOCODING_URL: `${provider.url}/google` }, makeUser, playwright)
		running = app
		expect(await (await request.get(at(REVERSE_POINTS.address))).json()).toEqual({ lat: 30.2746652, lng: -97.7403505, address: '1100 Congress Ave, Austin, TX 78701, USA', precision: 'address' })
		expect(await (await request.get(at(REVERSE_POINTS.nothing))).json()).toMatchObject({ precision: 'postcode', address: expect.stringMatching(/, TX \d{5}, USA$/) })
		await expectFailures(request, false)
		await request.dispose()
	})
})
