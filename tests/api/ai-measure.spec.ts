// POST /api/ai-measure over HTTP against the production build, with imagery
// from the local tile server of tests/support/e2e-server.ts (a generated yard
// scene with known lawn area; some places answer garbage, 500 or nothing).
import type { APIRequestContext } from '@playwright/test'
import { LAWN_CALIBRATION } from '../../app/grass/calibration.ts'
import { MIN_FRAGMENT_SQFT, ROUGH_OUTLINE } from '../../app/lib/ai-result.ts'
import { expect, test, TEST_PASSWORD } from '../support/fixtures.ts'
import { insidePolygon, interiorPoint } from '../support/polygon-interior.ts'

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
		expect(area.ai_confidence).toBeGreaterThan(0)
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

// ── one-tap corrections (seeds) and honest results (issue 17 items 4 and 6) ──

type Reply = {
	grassAreas: GrassArea[]
	imagery: { zoom: number; metresPerPixel: number; groundMetresPerPixel: number; source: string }
	meanConfidence: number | null
	roughOutline: boolean
	seeds: { lawn: number; other: number }
}
const totalSqft = (r: Reply) => r.grassAreas.reduce((s, a) => s + a.area_sqft, 0)
const searches = async (request: APIRequestContext) => ((await (await request.get('/api/auth/user')).json()) as { usageStats: { searches: number } }).usageStats.searches

test('honest results: mean confidence (area-weighted, calibrated on real imagery), imagery source and resolution; sharp imagery and a confident result are not flagged rough', async ({ request, makeUser, env }) => {
	const user = await makeUser({ tierId: 'pro' })
	await login(request, user.email)
	const res = await request.post('/api/ai-measure', { data: { propertyCenter: env.grass.center } })
	expect(res.status()).toBe(200)
	const body = (await res.json()) as Reply
	const weighted = body.grassAreas.reduce((s, a) => s + a.area_sqft * a.ai_confidence, 0) / totalSqft(body)
	expect(body.meanConfidence).toBeCloseTo(weighted, 2)
	// the confidence shown is what such scores meant on real labelled imagery (app/grass/calibration.ts):
	// never more than the share of lawn found there under the highest scores; the detector is near
	// certain on these generated yards, and such scores were lawn often enough there to quote on
	expect(body.meanConfidence).toBeLessThanOrEqual(Math.max(...LAWN_CALIBRATION) + 0.005)
	expect(body.meanConfidence).toBeGreaterThanOrEqual(ROUGH_OUTLINE.minConfidence)
	// TILE_ATTRIBUTION is the default in the e2e stack
	expect(body.imagery.source).toBe('U.S. Geological Survey, The National Map')
	expect(body.imagery.zoom).toBe(20)
	expect(body.imagery.metresPerPixel).toBeCloseTo(0.1149, 3)
	// what the imagery resolves, read off its pixels (app/grass/resolution.ts): these generated tiles are as sharp as their pixels
	expect(body.imagery.groundMetresPerPixel).toBeGreaterThanOrEqual(body.imagery.metresPerPixel)
	expect(body.imagery.groundMetresPerPixel).toBeLessThan(ROUGH_OUTLINE.maxMetresPerPixel)
	// sharp imagery and a confident model: the outline is not flagged rough
	expect(body.roughOutline).toBe(false)
	expect(body.seeds).toEqual({ lawn: 0, other: 0 })
})

test('real imagery (issue 29 items 5 and 7): a labelled NAIP crop of Long Beach served as zoom-20 tiles is measured against our label; the imagery is read as the 0.6 m it is, and the result says it is rough', async ({ request, makeUser, env }) => {
	const real = env.grass.real
	if ('error' in real) throw new Error(real.error)
	const user = await makeUser({ tierId: 'pro' })
	await login(request, user.email)
	const res = await request.post('/api/ai-measure', { data: { propertyCenter: real.center } })
	expect(res.status()).toBe(200)
	const body = (await res.json()) as Reply
	const error = (totalSqft(body) - real.truthSqft) / real.truthSqft
	console.log(`${real.name}: ${Math.round(totalSqft(body))} sq ft detected against ${Math.round(real.truthSqft)} sq ft of labelled lawn (${(error * 100).toFixed(1)} %)`)
	// The target is 15 %; the detector finds about four fifths of this lawn
	// (-34 % with the trees alone, -27 % with the GPU-trained lawn CNN blended in, -19 % with
	// the CPU-trained one, -20 % since the trees learn from hazy copies too), so this guards the
	// path from real tiles to a measured area and today's figure, not the target.
	expect(Math.abs(error)).toBeLessThan(0.25)
	for (const area of body.grassAreas) expect(area.area_sqft).toBeGreaterThanOrEqual(MIN_FRAGMENT_SQFT)
	// the confidence shown is the calibrated one (fitted on the tune town)
	expect(body.meanConfidence).toBeGreaterThan(0)
	expect(body.meanConfidence).toBeLessThanOrEqual(Math.max(...LAWN_CALIBRATION) + 0.005)
	// the tiles claim 0.11 m a pixel, but what they show is 0.6 m NAIP enlarged: read off the pixels,
	// the imagery resolves far coarser than the tiles, and the result says its outline is rough
	expect(body.imagery.zoom).toBe(20)
	expect(body.imagery.metresPerPixel).toBeLessThan(0.13)
	expect(body.imagery.groundMetresPerPixel).toBeGreaterThan(ROUGH_OUTLINE.maxMetresPerPixel)
	expect(body.imagery.groundMetresPerPixel).toBeLessThan(0.9)
	expect(body.roughOutline).toBe(true)
	// edges are drawn to what the imagery resolves, not to the tiles' pixel staircase: the outlines'
	// points lie over two resolved pixels apart on average (2.4 m at 0.47 m; traced to the tiles'
	// 0.11 m pixels, 909 points were 0.52 m apart)
	const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
		Math.hypot((b.lat - a.lat) * 110_950, (b.lng - a.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180))
	let length = 0
	let points = 0
	for (const area of body.grassAreas) {
		for (const ring of [area.coordinates, ...(area.holes as { lat: number; lng: number }[][])]) {
			ring.forEach((p, i) => (length += metres(p, ring[(i + 1) % ring.length]!)))
			points += ring.length
		}
	}
	console.log(`${real.name}: ${points} outline points, ${(length / points).toFixed(2)} m apart on average`)
	expect(length / points).toBeGreaterThan(2 * body.imagery.groundMetresPerPixel)
})

test('real imagery: a "Lawn here" tap on the deepest labelled lawn the detector missed brings that lawn in, and the area nearer our label', async ({ request, makeUser, env }) => {
	const real = env.grass.real
	if ('error' in real) throw new Error(real.error)
	const user = await makeUser({ tierId: 'pro' })
	await login(request, user.email)
	const first = (await (await request.post('/api/ai-measure', { data: { propertyCenter: real.center } })).json()) as Reply
	const inside = (p: { lat: number; lng: number }, r: Reply) => r.grassAreas.some((a) => insidePolygon(p, a.coordinates, a.holes as { lat: number; lng: number }[][]))
	// where a contractor would tap: the middle of a lawn our label has and the outline left out
	const tap = real.deepLawn.find((p) => !inside(p, first))
	expect(tap).toBeDefined()
	const { lat, lng } = tap!
	const res = await request.post('/api/ai-measure', { data: { propertyCenter: real.center, seeds: { lawn: [{ lat, lng }] } } })
	expect(res.status()).toBe(200)
	const body = (await res.json()) as Reply
	expect(body.seeds).toEqual({ lawn: 1, other: 0 })
	expect(inside({ lat, lng }, body)).toBe(true)
	console.log(`${real.name}, one "Lawn here" tap: ${Math.round(totalSqft(first))} → ${Math.round(totalSqft(body))} sq ft (label ${Math.round(real.truthSqft)})`)
	expect(Math.abs(totalSqft(body) - real.truthSqft)).toBeLessThan(Math.abs(totalSqft(first) - real.truthSqft))
})

test('a "Not lawn" seed inside a detected area removes the lawn under it; re-runs with cached tiles count no search (their time is printed, not asserted: tests are not timed)', async ({ request, makeUser, env }) => {
	const user = await makeUser({ tierId: 'pro' })
	await login(request, user.email)
	const searchesBefore = await searches(request)
	const first = (await (await request.post('/api/ai-measure', { data: { propertyCenter: env.grass.center } })).json()) as Reply
	const target = first.grassAreas[0]!
	const tap = interiorPoint(target.coordinates, target.holes as { lat: number; lng: number }[][])

	// the tiles are cached now: the correction's time end to end (request to parsed reply), for the log
	const started = performance.now()
	const res = await request.post('/api/ai-measure', { data: { propertyCenter: env.grass.center, seeds: { other: [tap] } } })
	const body = (await res.json()) as Reply
	const ms = performance.now() - started
	console.log(`correction re-run with cached tiles: ${Math.round(ms)} ms end to end`)
	expect(res.status()).toBe(200)
	expect(body.seeds).toEqual({ lawn: 0, other: 1 })
	expect(body.grassAreas.some((a) => insidePolygon(tap, a.coordinates, a.holes as { lat: number; lng: number }[][]))).toBe(false)
	expect(totalSqft(body)).toBeLessThan(totalSqft(first) - 50)

	// a "Lawn here" seed on the same point brings lawn back there
	const back = (await (await request.post('/api/ai-measure', { data: { propertyCenter: env.grass.center, seeds: { lawn: [tap] } } })).json()) as Reply
	expect(back.grassAreas.some((a) => insidePolygon(tap, a.coordinates, a.holes as { lat: number; lng: number }[][]))).toBe(true)
	expect(await searches(request)).toBe(searchesBefore)
})

test('bad seeds answer 400 naming the field, and count nothing', async ({ request, makeUser, env }) => {
	const user = await makeUser({ tierId: 'pro' })
	await login(request, user.email)
	const searchesBefore = await searches(request)
	const c = env.grass.center
	const near = (i: number) => ({ lat: c.lat + 0.00001 * (i % 5), lng: c.lng + 0.00001 * Math.floor(i / 5) })
	const post = (seeds: unknown) => request.post('/api/ai-measure', { data: { propertyCenter: c, seeds } })
	const cases: [unknown, Record<string, string>][] = [
		// 40 m north of the centre: outside the ±30 m window
		[{ other: [near(0), near(1), near(2), { lat: c.lat + 0.00036, lng: c.lng }] }, { 'seeds.other.3': 'The point must be inside the analysed property window (30 m around the centre)' }],
		[{ lawn: [{ lat: c.lat, lng: c.lng - 0.0005 }] }, { 'seeds.lawn.0': 'The point must be inside the analysed property window (30 m around the centre)' }],
		[{ lawn: Array.from({ length: 21 }, (_, i) => near(i)) }, { 'seeds.lawn': 'At most 20 "Lawn here" points' }],
		[{ other: Array.from({ length: 21 }, (_, i) => near(i)) }, { 'seeds.other': 'At most 20 "Not lawn" points' }],
		[{ lawn: [{ lat: 'north', lng: c.lng }] }, { 'seeds.lawn.0.lat': 'Latitude must be a number' }],
		[{ other: [{ lat: c.lat }] }, { 'seeds.other.0.lng': 'Longitude must be a number' }],
		[{ other: 'here' }, { 'seeds.other': 'Not lawn must be a list of points' }],
		[[c], { seeds: 'Seeds must be {lawn, other}' }],
		[{ lawn: [], maybe: [] }, { 'seeds.maybe': 'Unknown field' }],
	]
	for (const [seeds, fields] of cases) {
		const res = await post(seeds)
		expect(res.status(), JSON.stringify(seeds)).toBe(400)
		const body = (await res.json()) as { error: string; fields: Record<string, string> }
		expect(body.error).toBeTruthy()
		expect(body.fields, JSON.stringify(seeds)).toEqual(fields)
	}
	// not finite: JSON's 1e999 is Infinity
	const infinite = await request.post('/api/ai-measure', { data: `{"propertyCenter":${JSON.stringify(c)},"seeds":{"other":[{"lat":1e999,"lng":${c.lng}}]}}`, headers: { 'content-type': 'application/json' } })
	expect(infinite.status()).toBe(400)
	expect((await infinite.json()).fields).toEqual({ 'seeds.other.0.lat': 'Latitude must be a number' })
	expect(await searches(request)).toBe(searchesBefore)
	// exactly 20 of each, inside the window, is fine
	const ok = await post({ lawn: Array.from({ length: 20 }, (_, i) => near(i)), other: [] })
	expect(ok.status()).toBe(200)
})

test('correction re-runs with cached tiles, 1 tap and 20 + 20 taps, answer (times printed, not asserted)', async ({ request, makeUser, env }) => {
	// seven detections: ~6 s, and 30 s on CI's busiest run (a machine shared with six other jobs)
	test.slow()
	const user = await makeUser({ tierId: 'pro' })
	await login(request, user.email)
	const c = env.grass.center
	// fills the tile cache
	expect((await request.post('/api/ai-measure', { data: { propertyCenter: c } })).status()).toBe(200)
	const ring = (n: number, radiusM: number, turn: number) =>
		Array.from({ length: n }, (_, i) => {
			const a = turn + (2 * Math.PI * i) / n
			return { lat: c.lat + (radiusM * Math.sin(a)) / 111_320, lng: c.lng + (radiusM * Math.cos(a)) / (111_320 * Math.cos((c.lat * Math.PI) / 180)) }
		})
	for (const [label, seeds] of [
		['1 tap', { other: ring(1, 8, 0) }],
		['20 + 20 taps', { lawn: ring(20, 12, 0), other: ring(20, 20, 0.1) }],
	] as const) {
		const times: number[] = []
		for (let k = 0; k < 3; k++) {
			const started = performance.now()
			const res = await request.post('/api/ai-measure', { data: { propertyCenter: c, seeds } })
			await res.json()
			times.push(Math.round(performance.now() - started))
			expect(res.status()).toBe(200)
		}
		console.log(`correction re-run, ${label}, cached tiles, end to end: ${times.join(', ')} ms`)
		// the ≤ 1 s target is measured, not asserted: a timed test fails on a busy CI host (README, benchmarks)
	}
})
