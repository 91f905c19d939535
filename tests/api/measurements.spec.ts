// /api/measurements, /api/usage/increment-search, /api/organizations/{id},
// /api/subscription-tiers over HTTP against the production build.
import { expect, test } from '../support/fixtures.ts'

// a ~30 m × 30 m square near Austin, TX (lat/lng order as the API takes it)
const square = (lat = 30.2672, lng = -97.7431, d = 0.0003) => [
	{ lat, lng },
	{ lat, lng: lng + d },
	{ lat: lat + d, lng: lng + d },
	{ lat: lat + d, lng },
]
const polygon = (coordinates = square()) => ({ type: 'polygon', coordinates })
const body = (extra: Record<string, unknown> = {}) => ({
	address: '1100 Congress Ave, Austin, TX 78701',
	shapes: [polygon()],
	measurement_type: 'manual',
	property_center: { lat: 30.2672, lng: -97.7431 },
	...extra,
})

test('create: the server computes the figures and the default labels', async ({ makeUser, apiAs }) => {
	const api = await apiAs(await makeUser())
	const res = await api.post('/api/measurements', { data: body({ total_area_sqft: 1, shape_count: 99 }) })
	expect(res.status()).toBe(201)
	const m = await res.json()
	expect(m.label).toBe('1100 Congress Ave #1')
	expect(m.shape_count).toBe(1)
	// 0.0003° × 0.0003° at 30.27°N ≈ 33.2 m × 28.9 m; the client's "1 sq ft" was ignored
	expect(m.total_area_sqm).toBeGreaterThan(950)
	expect(m.total_area_sqm).toBeLessThan(970)
	expect(m.total_area_sqft).toBeCloseTo(m.total_area_sqm * 10.7639104167, 6)
	expect(m.total_area_acres).toBeCloseTo(m.total_area_sqft / 43560, 9)
	expect(m.shapes[0].area_sqm).toBeCloseTo(m.total_area_sqm, 9)
	expect(m.is_linear_measurement).toBe(false)
	expect(m.yard_type).toBe('back_yard') // > 1500 sq ft
	expect(m.is_training_data).toBe('false')

	const second = await (await api.post('/api/measurements', { data: body() })).json()
	expect(second.label).toBe('1100 Congress Ave #2')
	await api.delete(`/api/measurements/${m.id}`)
	// the first free number is used again
	expect((await (await api.post('/api/measurements', { data: body() })).json()).label).toBe('1100 Congress Ave #1')
	const noAddress = await (await api.post('/api/measurements', { data: body({ address: null }) })).json()
	expect(noAddress.label).toBe('Unknown Location #1')

	const list = await (await api.get('/api/measurements')).json()
	expect(list.total).toBe(3)
	const byAddress = await (await api.get('/api/measurements?address=1100%20congress%20ave')).json()
	expect(byAddress.measurements.map((x: { label: string }) => x.label).sort()).toEqual(['1100 Congress Ave #1', '1100 Congress Ave #2'])
})

test('lines, circles and holes get exact figures; overlapping shapes count once', async ({ makeUser, apiAs }) => {
	const api = await apiAs(await makeUser())
	const line = await (
		await api.post('/api/measurements', {
			data: body({ shapes: [{ type: 'polyline', coordinates: [{ lat: 30.2672, lng: -97.7431 }, { lat: 30.2682, lng: -97.7431 }] }] }),
		})
	).json()
	expect(line.is_linear_measurement).toBe(true)
	expect(line.total_distance_meters).toBeCloseTo(110.86, 1) // 0.001° of latitude at 30°N
	expect(line.total_distance_feet).toBeCloseTo(line.total_distance_meters / 0.3048, 9)

	const circle = await (await api.post('/api/measurements', { data: body({ shapes: [{ type: 'circle', coordinates: [{ lat: 30.2672, lng: -97.7431 }], radius_m: 10 }] }) })).json()
	expect(circle.total_area_sqm).toBeCloseTo(Math.PI * 100, 4)

	const withHole = await (
		await api.post('/api/measurements', { data: body({ shapes: [{ ...polygon(), holes: [square(30.2673, -97.743, 0.0001)] }] }) })
	).json()
	const plain = await (await api.post('/api/measurements', { data: body() })).json()
	const hole = await (await api.post('/api/measurements', { data: body({ shapes: [polygon(square(30.2673, -97.743, 0.0001))] }) })).json()
	expect(withHole.total_area_sqm).toBeCloseTo(plain.total_area_sqm - hole.total_area_sqm, 6)

	// two squares overlapping by half: 1.5 squares, not 2
	const overlapping = await (
		await api.post('/api/measurements', { data: body({ shapes: [polygon(), polygon(square(30.2672, -97.74295))] }) })
	).json()
	expect(overlapping.total_area_sqm / plain.total_area_sqm).toBeCloseTo(1.5, 3)
	expect(overlapping.shape_count).toBe(2)
})

test('bad shapes are a 400 naming the shape and field', async ({ makeUser, apiAs }) => {
	const api = await apiAs(await makeUser())
	const bad = async (shapes: unknown, expected: Record<string, string | RegExp>) => {
		const res = await api.post('/api/measurements', { data: body({ shapes }) })
		expect(res.status()).toBe(400)
		const { fields } = await res.json()
		for (const [key, message] of Object.entries(expected)) {
			if (message instanceof RegExp) expect(fields[key]).toMatch(message)
			else expect(fields[key]).toBe(message)
		}
	}
	await bad([{ type: 'polygon', coordinates: [{ lat: 91, lng: 0 }, { lat: 0, lng: 1 }, { lat: 1, lng: 1 }] }], { 'shapes.0.coordinates.0.lat': 'Latitude must be between -90 and 90' })
	await bad([{ type: 'polygon', coordinates: [{ lat: 'NaN', lng: 0 }] }], { 'shapes.0.coordinates.0.lat': 'Latitude must be a number' })
	await bad([{ type: 'hexagon', coordinates: square() }], { 'shapes.0.type': 'Shape type must be polygon, rectangle, circle or polyline' })
	await bad([{ type: 'polygon', coordinates: square().slice(0, 2) }], { 'shapes.0.coordinates': 'An area needs at least 3 distinct points' })
	await bad([{ type: 'polyline', coordinates: [{ lat: 1, lng: 1 }, { lat: 1, lng: 1 }] }], { 'shapes.0.coordinates': 'A line needs at least 2 distinct points' })
	const bowtie = [square()[0], square()[2], square()[1], square()[3]]
	await bad([{ type: 'polygon', coordinates: bowtie }], { 'shapes.0.coordinates': 'The outline crosses itself. Redraw it without crossing edges.' })
	await bad([{ ...polygon(), holes: [square(40, -100, 0.0001)] }], { 'shapes.0.holes.0': 'An excluded area must lie inside its shape' })
	await bad([{ type: 'circle', coordinates: square() }], { 'shapes.0.coordinates': 'A circle has exactly one point, its centre', 'shapes.0.radius_m': 'A circle needs a radius' })
	const many = Array.from({ length: 5001 }, (_, i) => ({ lat: 30 + Math.sin(i) * 0.001, lng: -97 + Math.cos(i) * 0.001 }))
	await bad([{ type: 'polygon', coordinates: many }], { 'shapes.0.coordinates': /at most 5000 points/ })
	await bad(Array.from({ length: 201 }, () => polygon()), { shapes: /at most 200 shapes/ })
	await bad([], { shapes: 'A measurement needs at least one shape' })
	const unknownField = await api.post('/api/measurements', { data: body({ owner: 'me' }) })
	expect(unknownField.status()).toBe(400)
	expect((await unknownField.json()).fields).toEqual({ owner: 'Unknown field' })
	expect((await (await api.get('/api/measurements')).json()).total).toBe(0)
})

test('update recomputes totals; rename refuses an empty label; delete is final', async ({ makeUser, apiAs }) => {
	const api = await apiAs(await makeUser())
	const m = await (await api.post('/api/measurements', { data: body() })).json()
	const bigger = await api.put(`/api/measurements/${m.id}`, { data: { shapes: [polygon(square(30.2672, -97.7431, 0.0006))], label: 'Front lawn' } })
	expect(bigger.status()).toBe(200)
	const updated = await bigger.json()
	expect(updated.label).toBe('Front lawn')
	expect(updated.total_area_sqm / m.total_area_sqm).toBeCloseTo(4, 3)
	const empty = await api.put(`/api/measurements/${m.id}`, { data: { label: '   ' } })
	expect(empty.status()).toBe(400)
	expect((await empty.json()).fields).toEqual({ label: 'Label cannot be empty' })
	expect((await api.put(`/api/measurements/${m.id}`, { data: {} })).status()).toBe(400)
	expect((await api.delete(`/api/measurements/${m.id}`)).status()).toBe(200)
	expect((await api.get(`/api/measurements/${m.id}`)).status()).toBe(404)
	expect((await api.delete(`/api/measurements/${m.id}`)).status()).toBe(404)
})

test("another organization's measurements answer 404 and never show up", async ({ makeUser, apiAs }) => {
	const owner = await apiAs(await makeUser())
	const stranger = await apiAs(await makeUser())
	const m = await (await owner.post('/api/measurements', { data: body() })).json()
	expect((await stranger.get(`/api/measurements/${m.id}`)).status()).toBe(404)
	expect((await stranger.put(`/api/measurements/${m.id}`, { data: { label: 'Mine now' } })).status()).toBe(404)
	expect((await stranger.delete(`/api/measurements/${m.id}`)).status()).toBe(404)
	expect((await (await stranger.get('/api/measurements')).json()).total).toBe(0)
	expect((await (await owner.get(`/api/measurements/${m.id}`)).json()).label).toBe('1100 Congress Ave #1')
})

test('teammates share the organization’s measurements', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const member = await makeUser({ organizationId: admin.organizationId! })
	const m = await (await (await apiAs(admin)).post('/api/measurements', { data: body() })).json()
	const memberApi = await apiAs(member)
	expect((await memberApi.put(`/api/measurements/${m.id}`, { data: { label: 'Renamed by crew' } })).status()).toBe(200)
	expect((await (await memberApi.get('/api/measurements')).json()).measurements[0].createdByUserId).toBe(admin.id)
})

test('combine replaces the saved measurements of an address with one', async ({ makeUser, apiAs }) => {
	const api = await apiAs(await makeUser())
	const a = await (await api.post('/api/measurements', { data: body() })).json()
	const b = await (await api.post('/api/measurements', { data: body({ shapes: [polygon(square(30.268, -97.7431))] }) })).json()
	await api.post('/api/measurements', { data: body({ address: '9 Elm St, Dallas, TX' }) })
	const res = await api.post('/api/measurements/combine', { data: { address: '1100 Congress Ave, Austin, TX 78701' } })
	const { combined } = await res.json()
	expect(combined.label).toBe('1100 Congress Ave Combined')
	expect(combined.shape_count).toBe(2)
	expect(combined.total_area_sqm).toBeCloseTo(a.total_area_sqm + b.total_area_sqm, 6)
	const left = (await (await api.get('/api/measurements')).json()).measurements.map((m: { label: string }) => m.label).sort()
	expect(left).toEqual(['1100 Congress Ave Combined', '9 Elm St #1'])
	const nothing = await (await api.post('/api/measurements/combine', { data: { address: '9 Elm St, Dallas, TX' } })).json()
	expect(nothing.combined).toBeNull()
})

test('training flag only sticks when the organization allows AI training', async ({ makeUser, apiAs }) => {
	const allowed = await apiAs(await makeUser({ allowAiTraining: true }))
	const denied = await apiAs(await makeUser({ allowAiTraining: false }))
	expect((await (await allowed.post('/api/measurements', { data: body({ is_training_data: 'true' }) })).json()).is_training_data).toBe('true')
	expect((await (await denied.post('/api/measurements', { data: body({ is_training_data: 'true' }) })).json()).is_training_data).toBe('false')
})

test('signed out: 401 everywhere', async ({ request }) => {
	expect((await request.get('/api/measurements')).status()).toBe(401)
	expect((await request.post('/api/measurements', { data: body() })).status()).toBe(401)
	expect((await request.delete('/api/measurements/abc')).status()).toBe(401)
	expect((await request.post('/api/usage/increment-search')).status()).toBe(401)
	expect((await request.get('/api/organizations/abc')).status()).toBe(401)
})

test('search increments: the user limit and the tier limit both hold, 429 with the spec message', async ({ makeUser, apiAs }) => {
	const user = await makeUser({ maxSearchesPerMonth: 2 })
	const api = await apiAs(user)
	const first = await (await api.post('/api/usage/increment-search')).json()
	expect(first.usageStats.searches).toBe(1)
	expect(first.usageStats.organizationUsage.searches).toBe(1)
	expect((await api.post('/api/usage/increment-search')).status()).toBe(200)
	const third = await api.post('/api/usage/increment-search')
	expect(third.status()).toBe(429)
	expect(await third.json()).toEqual({ error: 'You have reached your search limit for this month.' })

	// the free tier allows 10 a month for the whole organization, whatever each user may
	const owner = await makeUser({ tierId: 'free', maxSearchesPerMonth: 1000 })
	const results = await Promise.all(Array.from({ length: 25 }, async () => (await (await apiAs(owner)).post('/api/usage/increment-search')).status()))
	expect(results.filter((s) => s === 200)).toHaveLength(10)
	expect(results.filter((s) => s === 429)).toHaveLength(15)
})

test('organizations: your own, 404 for others; tiers are listed with decimal prices', async ({ makeUser, apiAs, request }) => {
	const user = await makeUser({ tierId: 'pro', allowAiTraining: true })
	const other = await makeUser()
	const api = await apiAs(user)
	const own = await api.get(`/api/organizations/${user.organizationId}`)
	expect(own.status()).toBe(200)
	expect(await own.json()).toMatchObject({ id: user.organizationId, subscriptionTierId: 'pro', defaultMapType: 'hybrid', defaultUnit: 'sqft', allowAiTraining: true, accountBalance: '0.00' })
	expect((await api.get(`/api/organizations/${other.organizationId}`)).status()).toBe(404)

	const tiers = await (await request.get('/api/subscription-tiers')).json()
	const pro = tiers.find((t: { id: string }) => t.id === 'pro')
	expect(pro).toMatchObject({ name: 'Pro', monthlyPrice: '49.99', searchesPerMonth: 250, hasAiMeasurement: true })
	expect(tiers.find((t: { id: string }) => t.id === 'beta-plan')).toMatchObject({ monthlyPrice: '0.00', hasAiMeasurement: false })
})
