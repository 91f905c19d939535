// Concurrency (issue 10 §3) over HTTP against the production build: limits hold
// under a burst, parallel edits of one measurement leave one whole version,
// parallel creates at one address never share a default label.
import { db, expect, test } from '../support/fixtures.ts'

// a square of side d degrees near Austin, TX
const square = (lat: number, lng: number, d: number) => [
	{ lat, lng },
	{ lat, lng: lng + d },
	{ lat: lat + d, lng: lng + d },
	{ lat: lat + d, lng },
]
/** Version i of a drawing: i+1 squares, each a different size, so every figure tells the versions apart. */
const version = (i: number) => ({
	label: `Version ${i}`,
	yard_type: i % 2 ? 'front_yard' : 'back_yard',
	shapes: Array.from({ length: (i % 5) + 1 }, (_, k) => ({ type: 'polygon', coordinates: square(30.2 + k * 0.01, -97.7, 0.0001 * (i + 1)) })),
})

type Saved = {
	id: string
	label: string
	yard_type: string
	shapes: { area_sqft: number; coordinates: unknown }[]
	shape_count: number
	total_area_sqft: number
	total_area_sqm: number
	total_area_acres: number
	updated_at: string
}
const figures = (m: Saved) => ({
	label: m.label,
	yard_type: m.yard_type,
	shapes: m.shapes,
	shape_count: m.shape_count,
	total_area_sqft: m.total_area_sqft,
	total_area_sqm: m.total_area_sqm,
	total_area_acres: m.total_area_acres,
})

test('200 parallel search increments against a limit of 100: exactly 100 succeed, the counters end at 100', async ({ makeUser, apiAs}) => {
	// the user's own limit is 100; the Pro tier allows 250 for the organization, so the user's limit is the one that binds
	const user = await makeUser({ tierId: 'pro', maxSearchesPerMonth: 100 })
	const api = await apiAs(user)
	const statuses = await Promise.all(Array.from({ length: 200 }, async () => (await api.post('/api/usage/increment-search')).status()))
	const histogram: Record<number, number> = {}
	for (const s of statuses) histogram[s] = (histogram[s] ?? 0) + 1
	expect(histogram).toEqual({ 200: 100, 429: 100 })
	expect(statuses.filter((s) => s === 200)).toHaveLength(100)
	expect(statuses.filter((s) => s === 429)).toHaveLength(100)
	const row = await db().user.findUniqueOrThrow({ where: { id: user.id } })
	expect(row.searchesUsedThisMonth).toBe(100)
	expect((await db().organization.findUniqueOrThrow({ where: { id: user.organizationId! } })).searchesUsedThisMonth).toBe(100)
	const stats = (await (await api.get('/api/auth/user')).json()) as { usageStats: { searches: number } }
	expect(stats.usageStats.searches).toBe(100)
	const over = await api.post('/api/usage/increment-search')
	expect(over.status()).toBe(429)
	expect(await over.json()).toEqual({ error: 'You have reached your search limit for this month.' })

	// and when the tier's limit binds (Free: 10 a month for the whole organization), two people at once share it
	const owner = await makeUser({ tierId: 'free', maxSearchesPerMonth: 1000 })
	const colleague = await makeUser({ organizationId: owner.organizationId!, maxSearchesPerMonth: 1000 })
	const apis = [await apiAs(owner), await apiAs(colleague)]
	const both = await Promise.all(Array.from({ length: 60 }, async (_, i) => (await apis[i % 2]!.post('/api/usage/increment-search')).status()))
	expect(both.filter((s) => s === 200)).toHaveLength(10)
	expect((await db().organization.findUniqueOrThrow({ where: { id: owner.organizationId! } })).searchesUsedThisMonth).toBe(10)
	const users = await db().user.findMany({ where: { organizationId: owner.organizationId! } })
	expect(users.reduce((sum, u) => sum + u.searchesUsedThisMonth, 0)).toBe(10)
})

for (const parallel of [2, 20]) {
	test(`${parallel} parallel PATCHes of one measurement: the row is one request's version whole (last writer wins)`, async ({ makeUser, apiAs}) => {
		const user = await makeUser()
		const api = await apiAs(user)
		const created = await api.post('/api/measurements', { data: { address: '500 Lamar Blvd, Austin, TX 78703', measurement_type: 'manual', ...version(99) } })
		expect(created.status()).toBe(201)
		const { id } = (await created.json()) as Saved

		for (let round = 0; round < 3; round++) {
			const responses = await Promise.all(
				Array.from({ length: parallel }, async (_, i) => {
					const res = await api.patch(`/api/measurements/${id}`, { data: version(i + round * parallel) })
					expect(res.status()).toBe(200)
					return (await res.json()) as Saved
				}),
			)
			// every reply is its own request's version, whole
			responses.forEach((r, i) => expect(r.label).toBe(`Version ${i + round * parallel}`))
			const stored = (await (await api.get(`/api/measurements/${id}`)).json()) as Saved
			const winner = responses.find((r) => r.label === stored.label)
			expect(winner, `stored label ${stored.label} is one of the requests'`).toBeDefined()
			// shapes, shape_count, totals and the other fields all come from that one request
			expect(figures(stored)).toEqual(figures(winner!))
			expect(stored.shape_count).toBe(stored.shapes.length)
			expect(stored.total_area_sqft).toBeCloseTo(stored.shapes.reduce((sum, s) => sum + s.area_sqft, 0), 6)
			// and the database row says the same
			const row = await db().measurement.findUniqueOrThrow({ where: { id } })
			expect(row.label).toBe(stored.label)
			expect(row.shape_count).toBe((row.shapes as unknown[]).length)
			expect(row.total_area_sqft).toBe(stored.total_area_sqft)
		}
	})
}

test('parallel PATCHes of different fields both land; a PATCH racing a DELETE is 200 or 404, never 500', async ({ makeUser, apiAs }) => {
	const user = await makeUser()
	const api = await apiAs(user)
	const make = async () => ((await (await api.post('/api/measurements', { data: { address: '9 Rainey St, Austin, TX 78701', measurement_type: 'manual', ...version(1) } })).json()) as Saved).id

	// fields are written independently: a rename and a redraw at the same moment keep both
	const id = await make()
	const [rename, redraw] = await Promise.all([
		api.patch(`/api/measurements/${id}`, { data: { label: 'Renamed' } }),
		api.patch(`/api/measurements/${id}`, { data: { shapes: version(7).shapes } }),
	])
	expect([rename.status(), redraw.status()]).toEqual([200, 200])
	const both = (await (await api.get(`/api/measurements/${id}`)).json()) as Saved
	expect(both.label).toBe('Renamed')
	expect(figures(both).shapes).toEqual(((await redraw.json()) as Saved).shapes)
	expect(both.shape_count).toBe(version(7).shapes.length)

	for (let i = 0; i < 5; i++) {
		const target = await make()
		const results = await Promise.all([
			...Array.from({ length: 6 }, (_, k) => api.patch(`/api/measurements/${target}`, { data: version(k) })),
			api.delete(`/api/measurements/${target}`),
		])
		for (const res of results) expect([200, 404], await res.text()).toContain(res.status())
		expect(results.at(-1)!.status()).toBe(200)
		expect((await api.get(`/api/measurements/${target}`)).status()).toBe(404)
	}
})

test('parallel creates without a label at one address never share a default label', async ({ makeUser, apiAs}) => {
	const user = await makeUser()
	const colleague = await makeUser({ organizationId: user.organizationId! })
	const apis = [await apiAs(user), await apiAs(colleague)]
	const address = '1100 Congress Ave, Austin, TX 78701'
	const created = await Promise.all(
		Array.from({ length: 20 }, async (_, i) => {
			const res = await apis[i % 2]!.post('/api/measurements', { data: { address, measurement_type: 'manual', shapes: version(i).shapes } })
			expect(res.status()).toBe(201)
			return ((await res.json()) as Saved).label
		}),
	)
	expect(new Set(created).size).toBe(20)
	expect([...created].sort((a, b) => Number(a.split('#')[1]) - Number(b.split('#')[1]))).toEqual(Array.from({ length: 20 }, (_, i) => `1100 Congress Ave #${i + 1}`))
	const rows = await db().measurement.findMany({ where: { organizationId: user.organizationId! }, select: { label: true } })
	expect(new Set(rows.map((r) => r.label)).size).toBe(20)

	// another organization at the same address numbers its own from #1, also in parallel
	const other = await makeUser()
	const otherApi = await apiAs(other)
	const theirs = await Promise.all(
		Array.from({ length: 5 }, async () => ((await (await otherApi.post('/api/measurements', { data: { address, measurement_type: 'manual', shapes: version(1).shapes } })).json()) as Saved).label),
	)
	expect(theirs.sort()).toEqual(['1100 Congress Ave #1', '1100 Congress Ave #2', '1100 Congress Ave #3', '1100 Congress Ave #4', '1100 Congress Ave #5'])

	// interleaved creates at two addresses (and two spellings of one) each number their own
	const addresses = ['200 Lavaca St, Austin, TX 78701', '200 Lavaca St', '900 Red River St, Austin, TX 78701']
	const mixed = await Promise.all(
		Array.from({ length: 12 }, async (_, i) => ((await (await otherApi.post('/api/measurements', { data: { address: addresses[i % 3], measurement_type: 'manual', shapes: version(i).shapes } })).json()) as Saved).label),
	)
	const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true })
	expect(mixed.filter((l) => l.startsWith('200 Lavaca St')).sort(byNumber)).toEqual(Array.from({ length: 8 }, (_, i) => `200 Lavaca St #${i + 1}`))
	expect(mixed.filter((l) => l.startsWith('900 Red River St')).sort(byNumber)).toEqual(Array.from({ length: 4 }, (_, i) => `900 Red River St #${i + 1}`))
})
