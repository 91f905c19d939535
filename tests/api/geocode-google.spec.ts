// GEOCODER=google over HTTP against the production build: a local server
// speaking the Places API (New) — Autocomplete and Place Details — that
// misbehaves on purpose. A forced provider's failures are clear 502/504
// `{ error }` replies (never a 500, never a hang, never a wrong centre); the
// key stays on the server.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { startAppProcess } from '../support/app-process.ts'
import { E2E_SESSION_SECRET, expect, sessionCookieHeader, test } from '../support/fixtures.ts'

const KEY = 'places-key-that-stays-on-the-server'
type Behaviour = 'ok' | 'hang' | 'garbage' | 'huge' | 'outside-us' | 'error'

test.describe.configure({ timeout: 180_000 })

test('forced Google Places: suggestions with its credit; Place Details resolves; every failure a clear 502/504 { error }', async ({ makeUser, env, playwright }) => {
	let details: Behaviour = 'ok'
	let autocomplete: Behaviour = 'ok'
	const hanging: http.ServerResponse[] = []
	const places = http.createServer((req, res) => {
		req.resume()
		req.on('end', () => {
			const json = (body: unknown, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
			if (req.headers['x-goog-api-key'] !== KEY) return json({ error: { code: 403 } }, 403)
			const path = new URL(req.url ?? '/', 'http://places').pathname
			const behaviour = path === '/v1/places:autocomplete' ? autocomplete : details
			if (behaviour === 'hang') return void hanging.push(res)
			if (behaviour === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"suggestions": [')
			if (behaviour === 'huge') return json({ suggestions: [], formattedAddress: 'x', padding: 'x'.repeat(1_100_000) })
			if (behaviour === 'error') return json({ error: { code: 500 } }, 500)
			if (path === '/v1/places:autocomplete') {
				return json({ suggestions: [{ placePrediction: { placeId: 'ChIJ1100', text: { text: '1100 Congress Ave, Austin, TX 78701, USA' }, structuredFormat: { mainText: { text: '1100 Congress Ave' }, secondaryText: { text: 'Austin, TX 78701, USA' } }, types: ['street_address'] } }] })
			}
			const location = behaviour === 'outside-us' ? { latitude: 48.8584, longitude: 2.2945 } : { latitude: 30.2746652, longitude: -97.7403505 }
			return json({ id: 'ChIJ1100', formattedAddress: '1100 Congress Ave, Austin, TX 78701, USA', location, types: ['street_address'], addressComponents: [{ shortText: 'US', types: ['country'] }] })
		})
	})
	await new Promise<void>((resolve) => places.listen(0, '127.0.0.1', resolve))
	const app = await startAppProcess(
		{
			DATABASE_URL: env.databaseUrl,
			SESSION_SECRET: E2E_SESSION_SECRET,
			GEOCODER: 'google',
			GOOGLE_MAPS_API_KEY: KEY,
			GOOGLE_PLACES_URL: `http://127.0.0.1:${(places.address() as AddressInfo).port}/v1`,
			GEOCODER_TIMEOUT_MS: '800',
			JOBS: 'off',
		},
		{ unset: ['SMTP_URL', 'SATELLITE_TILE_URL'] },
	)
	const request = await playwright.request.newContext({ baseURL: app.baseURL, extraHTTPHeaders: { cookie: await sessionCookieHeader((await makeUser()).id) } })
	try {
		const res = await request.get('/api/geocode/suggest?q=1100%20Congress')
		expect(res.status()).toBe(200)
		const body = await res.json()
		expect(body.attribution).toBe('Powered by Google')
		expect(body.suggestions.map((s: { description: string }) => s.description)).toEqual(['1100 Congress Ave, Austin, TX 78701, USA'])
		expect(JSON.stringify(body)).not.toContain(KEY)
		const placeId = body.suggestions[0].place_id as string
		const resolved = await request.get(`/api/geocode/resolve?place_id=${encodeURIComponent(placeId)}`)
		expect(resolved.status()).toBe(200)
		expect(await resolved.json()).toEqual({ lat: 30.2746652, lng: -97.7403505, address: '1100 Congress Ave, Austin, TX 78701, USA', precision: 'address' })

		const unavailable = { error: 'The address service is unavailable. Please try again.' }
		for (const bad of ['outside-us', 'garbage', 'huge', 'error'] as const) {
			details = bad
			const r = await request.get(`/api/geocode/resolve?place_id=${encodeURIComponent(placeId)}`)
			expect(r.status(), bad).toBe(502)
			expect(await r.json()).toEqual(unavailable)
		}
		details = 'hang'
		const slow = await request.get(`/api/geocode/resolve?place_id=${encodeURIComponent(placeId)}`)
		expect(slow.status()).toBe(504)
		expect(await slow.json()).toEqual({ error: 'The address service did not answer in time. Please try again.' })

		for (const bad of ['garbage', 'huge', 'error'] as const) {
			autocomplete = bad
			const r = await request.get('/api/geocode/suggest?q=1100%20Congress')
			expect(r.status(), bad).toBe(502)
			expect(await r.json()).toEqual(unavailable)
		}
		autocomplete = 'hang'
		const slowSuggest = await request.get('/api/geocode/suggest?q=1100%20Congress')
		expect(slowSuggest.status()).toBe(504)
	} finally {
		await request.dispose()
		for (const res of hanging) res.destroy()
		places.closeAllConnections()
		await new Promise((resolve) => places.close(resolve))
		await app.stop()
	}
})
