// POST /api/ai-measure over HTTP against the production build, with imagery
// from the local tile server of tests/support/e2e-server.ts (a generated yard
// scene with known lawn area; some places answer garbage, 500 or nothing).
import type { APIRequestContext } from '@playwright/test'
import { expect, test, TEST_PASSWORD } from '../support/fixtures.ts'

const STEPS = ['Loading satellite imagery', 'Detecting property boundaries', 'AI analyzing grass vs hardscapes', 'Calculating grass measurements']

async function login(request: APIRequestContext, email: string) {
	const res = await request.post('/api/auth/login', { data: { email, password: TEST_PASSWORD } })
	expect(res.status()).toBe(200)
}

type GrassArea = { id: string; area_sqft: number; coordinates: { lat: number; lng: number }[]; holes: unknown[]; ai_confidence: number }

test('pro plan: the detected lawn area matches the scene truth within 5 %', async ({ request, makeUser, env }) => {
	const user = await makeUser({ tierId: 'pro' })
	await login(request, user.email)
	const res = await request.post('/api/ai-measure', { data: { address: '1 Test St, Denver, CO', propertyCenter: env.grass.center } })
	expect(res.status()).toBe(200)
	const body = (await res.json()) as { grassAreas: GrassArea[]; learnedFromSamples: number; excludedFeatures: { type: string; area_sqft: number }[] }
	expect(body.grassAreas.length).toBeGreaterThan(0)
	const total = body.grassAreas.reduce((s, a) => s + a.area_sqft, 0)
	expect(Math.abs(total - env.grass.truthSqft) / env.grass.truthSqft).toBeLessThan(0.05)
	for (const area of body.grassAreas) {
		expect(area.id).toMatch(/^ai-grass-\d+$/)
		expect(area.area_sqft).toBeGreaterThan(0)
		expect(area.coordinates.length).toBeGreaterThanOrEqual(3)
		expect(area.ai_confidence).toBeGreaterThan(0.5)
		expect(area.ai_confidence).toBeLessThanOrEqual(1)
		// every vertex within the ±30 m property window (about ±0.00035° of latitude)
		for (const p of area.coordinates) expect(Math.abs(p.lat - env.grass.center.lat)).toBeLessThan(0.0004)
	}
	expect(body.learnedFromSamples).toBe(0)
	const excluded = body.excludedFeatures.map((e) => e.type)
	expect(excluded).toEqual(expect.arrayContaining(['building', 'pavement']))
})

test('event stream: the four steps in order, then the result', async ({ request, makeUser, env }) => {
	const user = await makeUser({ tierId: 'enterprise' })
	await login(request, user.email)
	const res = await request.post('/api/ai-measure', { data: { propertyCenter: env.grass.center }, headers: { Accept: 'text/event-stream' } })
	expect(res.status()).toBe(200)
	expect(res.headers()['content-type']).toContain('text/event-stream')
	const events = (await res.text())
		.split('\n\n')
		.filter(Boolean)
		.map((block) => ({ event: /^event: (\w+)/m.exec(block)?.[1], data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') }))
	expect(events.filter((e) => e.event === 'step').map((e) => e.data)).toEqual(STEPS.map((name, index) => ({ index, name })))
	const last = events.at(-1)!
	expect(last.event).toBe('result')
	expect(last.data.grassAreas.length).toBeGreaterThan(0)
})

test('plans without AI get the spec messages; signed out gets 401', async ({ request, makeUser, env }) => {
	const anonymous = await request.post('/api/ai-measure', { data: { propertyCenter: env.grass.center } })
	expect(anonymous.status()).toBe(401)
	const cases = [
		['starter', 'Upgrade to Pro or higher to access AI-powered measurements'],
		['beta-plan', 'Coming soon! This feature is currently under development and being trained to accurately measure turf.'],
		['free', 'AI measurements are not available on your current plan'],
	] as const
	for (const [tierId, message] of cases) {
		const user = await makeUser({ tierId })
		await login(request, user.email)
		const res = await request.post('/api/ai-measure', { data: { propertyCenter: env.grass.center } })
		expect(res.status(), tierId).toBe(403)
		expect(await res.json()).toEqual({ error: message })
	}
})

test('bad centres and bodies answer 400 with fields', async ({ request, makeUser }) => {
	const user = await makeUser({ tierId: 'pro' })
	await login(request, user.email)
	const london = await request.post('/api/ai-measure', { data: { propertyCenter: { lat: 51.5, lng: -0.12 } } })
	expect(london.status()).toBe(400)
	expect((await london.json()).fields).toEqual({ propertyCenter: 'Property center must be in the United States' })

	const notFinite = await request.post('/api/ai-measure', { data: '{"propertyCenter":{"lat":1e999,"lng":-100}}', headers: { 'content-type': 'application/json' } })
	expect(notFinite.status()).toBe(400)
	expect((await notFinite.json()).fields['propertyCenter.lat']).toBe('Latitude must be a number')

	const missing = await request.post('/api/ai-measure', { data: { address: 'Somewhere' } })
	expect(missing.status()).toBe(400)
	expect((await missing.json()).fields).toEqual({ propertyCenter: 'Property center is required' })

	const extra = await request.post('/api/ai-measure', { data: { propertyCenter: { lat: 40, lng: -100 }, tier: 'enterprise' } })
	expect(extra.status()).toBe(400)
	expect((await extra.json()).fields).toEqual({ tier: 'Unknown field' })

	const wrongMethod = await request.get('/api/ai-measure')
	expect(wrongMethod.status()).toBe(405)
})

test('a broken imagery provider gives a clear error, fast', async ({ request, makeUser, env }) => {
	const user = await makeUser({ tierId: 'growth' })
	await login(request, user.email)
	const garbage = await request.post('/api/ai-measure', { data: { propertyCenter: env.grass.garbageCenter } })
	expect(garbage.status()).toBe(502)
	expect((await garbage.json()).error).toMatch(/^Satellite imagery could not be loaded from 127\.0\.0\.1:\d+\. The imagery provider returned data that is not a map tile image/)

	const failing = await request.post('/api/ai-measure', { data: { propertyCenter: env.grass.errorCenter } })
	expect(failing.status()).toBe(502)
	expect((await failing.json()).error).toMatch(/^Satellite imagery could not be loaded from 127\.0\.0\.1:\d+\. The imagery provider answered 500\.$/)

	const started = Date.now()
	const hanging = await request.post('/api/ai-measure', { data: { propertyCenter: env.grass.hangCenter }, headers: { Accept: 'text/event-stream' } })
	const text = await hanging.text()
	expect(Date.now() - started).toBeLessThan(10_000) // TILE_FETCH_TIMEOUT_MS is 1500 in the e2e stack
	expect(text).toContain('event: step\ndata: {"index":0,"name":"Loading satellite imagery"}')
	expect(text).toMatch(/event: error\ndata: \{"error":"Satellite imagery could not be loaded from 127\.0\.0\.1:\d+\. The imagery provider did not answer within 1500 ms\.","status":504\}/)
})
