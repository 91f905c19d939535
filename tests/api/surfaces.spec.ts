// Surfaces (issue 32) over HTTP against the production build: `surface` on
// each shape and `totals_by_surface` on saved measurements, price-list items
// bound to a surface, the estimates priced per surface (shared page and PDF),
// and the bad input that is refused with nothing saved.
import { db, expect, test } from '../support/fixtures.ts'
import { pdfText } from '../support/report-pdf.ts'

const ADDRESS = '1437 Bannock St, Denver, CO 80202'
const square = (lat: number, lng: number, d: number) => [
	{ lat, lng },
	{ lat, lng: lng + d },
	{ lat: lat + d, lng: lng + d },
	{ lat: lat + d, lng },
]
/** a lawn, a bed inside it, a driveway apart, an edging line and a shape sent without a surface */
const property = (c: { lat: number; lng: number }) => [
	{ type: 'polygon', label: 'Back lawn', surface: 'lawn', coordinates: square(c.lat - 0.0002, c.lng - 0.0004, 0.0003) },
	{ type: 'polygon', label: 'Rose bed', surface: 'bed', coordinates: square(c.lat - 0.00015, c.lng - 0.00035, 0.0001) },
	{ type: 'rectangle', label: 'Driveway', surface: 'hardscape', coordinates: square(c.lat + 0.0002, c.lng, 0.0001) },
	{ type: 'polyline', label: 'Bed edge', surface: 'edging', coordinates: [c, { lat: c.lat, lng: c.lng + 0.0002 }] },
	{ type: 'polygon', label: 'Shed pad', coordinates: square(c.lat - 0.0006, c.lng, 0.00003) },
]

test('shapes keep their surface; totals per surface count a bed inside a lawn as bed only; editing a surface and combining keep them', async ({ makeUser, apiAs, env }) => {
	const api = await apiAs(await makeUser())
	const c = env.grass.center
	const res = await api.post('/api/measurements', { data: { address: ADDRESS, measurement_type: 'manual', property_center: c, shapes: property(c) } })
	expect(res.status()).toBe(201)
	const m = await res.json()
	expect(m.shapes.map((s: { surface: string }) => s.surface)).toEqual(['lawn', 'bed', 'hardscape', 'edging', 'other'])
	const [lawn, bed, driveway, edge, shed] = m.shapes as { area_sqft: number; distance_feet: number }[]
	const t = m.totals_by_surface
	expect(Object.keys(t).sort()).toEqual(['bed', 'edging', 'hardscape', 'lawn', 'other'])
	expect(t.bed.area_sqft).toBeCloseTo(bed!.area_sqft, 6)
	// the bed is not also lawn
	expect(t.lawn.area_sqft).toBeCloseTo(lawn!.area_sqft - bed!.area_sqft, 1)
	expect(t.hardscape).toMatchObject({ shape_count: 1 })
	expect(t.hardscape.area_sqft).toBeCloseTo(driveway!.area_sqft, 6)
	expect(t.edging.distance_feet).toBeCloseTo(edge!.distance_feet, 6)
	expect(t.other.area_sqft).toBeCloseTo(shed!.area_sqft, 6)
	// the spec's totals are unchanged beside them: every area once
	expect(m.total_area_sqft).toBeCloseTo(lawn!.area_sqft + driveway!.area_sqft + shed!.area_sqft, 1)
	const perSurface = Object.values(t as Record<string, { area_sqft: number }>).reduce((s, x) => s + x.area_sqft, 0)
	expect(perSurface).toBeCloseTo(m.total_area_sqft, 1)

	// read back: one, and in the list
	expect((await (await api.get(`/api/measurements/${m.id}`)).json()).totals_by_surface).toEqual(t)
	const listed = (await (await api.get('/api/measurements')).json()).measurements.find((x: { id: string }) => x.id === m.id)
	expect(listed.totals_by_surface).toEqual(t)
	expect(listed.shapes[4].surface).toBe('other')

	// the bed becomes lawn: one lawn, no bed
	const shapes = m.shapes.map((s: Record<string, unknown>, i: number) => (i === 1 ? { ...s, surface: 'lawn' } : s))
	const edited = await (await api.put(`/api/measurements/${m.id}`, { data: { shapes } })).json()
	expect(edited.totals_by_surface.bed).toBeUndefined()
	expect(edited.totals_by_surface.lawn.area_sqft).toBeCloseTo(lawn!.area_sqft, 1)
	expect(edited.totals_by_surface.lawn.shape_count).toBe(2)

	// combine merges the shapes and keeps their surfaces
	await api.post('/api/measurements', { data: { address: ADDRESS, measurement_type: 'manual', property_center: c, shapes: [property(c)[3]] } })
	const { combined } = await (await api.post('/api/measurements/combine', { data: { address: ADDRESS } })).json()
	expect(combined.shapes.map((s: { surface: string }) => s.surface)).toEqual(['lawn', 'lawn', 'hardscape', 'edging', 'other', 'edging'])
	expect(combined.totals_by_surface.edging.shape_count).toBe(2)
	expect(combined.totals_by_surface.edging.distance_feet).toBeCloseTo(2 * edge!.distance_feet, 6)
})

test('an unknown surface, or one of the wrong kind for the shape, is a 400 naming shapes.N.surface; nothing is saved', async ({ makeUser, apiAs, env }) => {
	const user = await makeUser()
	const api = await apiAs(user)
	const c = env.grass.center
	const count = () => db().measurement.count({ where: { organizationId: user.organization!.id } })
	const bad = async (shapes: unknown[], field: string, message: RegExp) => {
		const res = await api.post('/api/measurements', { data: { address: ADDRESS, measurement_type: 'manual', shapes } })
		expect(res.status()).toBe(400)
		const body = await res.json()
		expect(body.error).toBeTruthy()
		expect(body.fields[field]).toMatch(message)
	}
	const [lawn, , , edge] = property(c)
	await bad([lawn, { ...lawn, surface: 'pool' }], 'shapes.1.surface', /^Surface must be one of lawn, bed, hardscape, building, edging, fence, other$/)
	await bad([lawn, { ...edge, surface: 'lawn' }], 'shapes.1.surface', /^A line is edging, fence or other$/)
	await bad([{ ...lawn, surface: 'fence' }], 'shapes.0.surface', /^An area is lawn, bed, hardscape, building or other$/)
	expect(await count()).toBe(0)
	// nor on an edit: the saved shapes stay as they were
	const m = await (await api.post('/api/measurements', { data: { address: ADDRESS, measurement_type: 'manual', shapes: [lawn] } })).json()
	const res = await api.put(`/api/measurements/${m.id}`, { data: { shapes: [{ ...lawn, surface: 'edging' }] } })
	expect(res.status()).toBe(400)
	expect((await res.json()).fields['shapes.0.surface']).toBe('An area is lawn, bed, hardscape, building or other')
	expect((await (await api.get(`/api/measurements/${m.id}`)).json()).shapes[0].surface).toBe('lawn')
})

test('price-list items name their surface ("all" by default); a unit of the wrong kind for the surface is a 400 naming surface, nothing saved', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const api = await apiAs(admin)
	const base = `/api/organizations/${admin.organization!.id}/price-list`
	const made = await api.post(base, { data: { name: 'Mulch', unit: 'sqft', unitPrice: '0.5', surface: 'bed' } })
	expect(made.status()).toBe(201)
	const mulch = await made.json()
	expect(mulch.surface).toBe('bed')
	expect((await (await api.post(base, { data: { name: 'Aeration', unit: 'sqft', unitPrice: '0.01' } })).json()).surface).toBe('all')
	for (const [data, message] of [
		[{ name: 'Edging', unit: 'ft', unitPrice: '1', surface: 'lawn' }, 'A per ft service applies to edging, fence or other lines'],
		[{ name: 'Seal', unit: 'sqft', unitPrice: '1', surface: 'fence' }, 'A per sq ft service applies to lawn, bed, hardscape, building or other areas'],
		[{ name: 'Seal', unit: 'sqft', unitPrice: '1', surface: 'roof' }, /^Surface must be one of/],
	] as const) {
		const res = await api.post(base, { data })
		expect(res.status()).toBe(400)
		const fields = (await res.json()).fields
		if (typeof message === 'string') expect(fields.surface).toBe(message)
		else expect(fields.surface).toMatch(message)
	}
	const update = await api.put(`${base}/${mulch.id}`, { data: { name: 'Mulch', unit: 'ft', unitPrice: '0.5', surface: 'bed' } })
	expect(update.status()).toBe(400)
	expect((await update.json()).fields.surface).toBe('A per ft service applies to edging, fence or other lines')
	const list = (await (await api.get(base)).json()).services
	expect(list.map((i: { name: string; unit: string; surface: string }) => [i.name, i.unit, i.surface])).toEqual([
		['Aeration', 'sqft', 'all'],
		['Mulch', 'sqft', 'bed'],
	])
})

test('estimates price each service on its surface: the shared page and the PDF; a service whose surface is absent is left out with a note', async ({ makeUser, apiAs, env, request }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'free' })
	const api = await apiAs(admin)
	const base = `/api/organizations/${admin.organization!.id}/price-list`
	const service = async (data: Record<string, string>) => (await (await api.post(base, { data: { minimumCharge: '0', ...data } })).json()) as { id: string }
	const mowing = await service({ name: 'Mowing', unit: 'sqft', unitPrice: '0.02', surface: 'lawn' })
	const mulch = await service({ name: 'Mulch', unit: 'sqft', unitPrice: '0.5', surface: 'bed' })
	const fence = await service({ name: 'Fence paint', unit: 'ft', unitPrice: '2', minimumCharge: '75', surface: 'fence' })
	const c = env.grass.center
	const m = await (await api.post('/api/measurements', { data: { label: 'Bannock', address: ADDRESS, measurement_type: 'manual', property_center: c, shapes: property(c) } })).json()
	const lawnSqft = Math.round(m.totals_by_surface.lawn.area_sqft)
	const bedSqft = Math.round(m.totals_by_surface.bed.area_sqft)
	const money = (c: number) => `$${Math.floor(c / 100).toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`

	const share = await (await api.post(`/api/measurements/${m.id}/share`, { data: { services: [mowing.id, mulch.id, fence.id] } })).json()
	const html = (await (await request.get(`/p/${share.token}`)).text()).replace(/<!-- -->/g, '')
	expect(html).toContain(`${lawnSqft.toLocaleString('en-US')} sq ft of lawn × $0.02 per sq ft`)
	expect(html).toContain(`${bedSqft.toLocaleString('en-US')} sq ft of bed × $0.50 per sq ft`)
	expect(html).toContain('Not included: no fence measured on this job')
	// the fence's $75 minimum is not charged
	expect(html).toContain(money(lawnSqft * 2 + bedSqft * 50))

	const pdf = await api.get(`/api/measurements/${m.id}/report.pdf?services=${mowing.id},${mulch.id},${fence.id}&imagery=off`)
	expect(pdf.status()).toBe(200)
	const text = await pdfText(await pdf.body())
	expect(text).toContain('Totals by surface')
	expect(text).toContain(`Lawn 1 ${lawnSqft.toLocaleString('en-US')} sq ft`)
	expect(text).toContain(`Bed 1 ${bedSqft.toLocaleString('en-US')} sq ft`)
	expect(text).toContain('Hardscape 1')
	expect(text).toContain('Edging 1')
	expect(text).toContain(`Mowing ${lawnSqft.toLocaleString('en-US')} sq ft $0.02 per sq ft ${money(lawnSqft * 2)}`)
	expect(text).toContain('Fence paint: Not included: no fence measured on this job')
})

test("another organization cannot change a shape's surface through /measure's form: 404, the shape keeps its surface", async ({ makeUser, apiAs, env }) => {
	const owner = await apiAs(await makeUser())
	const stranger = await apiAs(await makeUser())
	const c = env.grass.center
	const m = await (await owner.post('/api/measurements', { data: { address: ADDRESS, measurement_type: 'manual', shapes: [property(c)[0]] } })).json()
	const res = await stranger.post('/measure', { form: { intent: 'surface', id: m.id, shape: '0', surface: 'bed' }, maxRedirects: 0 })
	expect(res.status()).toBe(404)
	expect((await (await owner.get(`/api/measurements/${m.id}`)).json()).shapes[0].surface).toBe('lawn')
	// the owner's own: a line surface on an area is a 400, nothing written
	const wrong = await owner.post('/measure', { form: { intent: 'surface', id: m.id, shape: '0', surface: 'fence' }, maxRedirects: 0 })
	expect(wrong.status()).toBe(400)
	expect((await (await owner.get(`/api/measurements/${m.id}`)).json()).shapes[0].surface).toBe('lawn')
	const done = await owner.post('/measure', { form: { intent: 'surface', id: m.id, shape: '0', surface: 'bed' }, maxRedirects: 0 })
	expect(done.status()).toBe(302)
	expect((await (await owner.get(`/api/measurements/${m.id}`)).json()).totals_by_surface.bed.shape_count).toBe(1)
})
