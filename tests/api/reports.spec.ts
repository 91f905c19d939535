// Exports (GeoJSON, KML, CSV), PDF reports and the price list over HTTP
// against the production build (issue 9).
import { parse } from 'csv-parse/sync'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { Feature, FeatureCollection, Polygon } from 'geojson'
import { expect, test } from '../support/fixtures.ts'

const ADDRESS = '1437 Bannock St, Denver, CO 80202'
const square = (lat: number, lng: number, d = 0.0002) => [
	{ lat, lng },
	{ lat, lng: lng + d },
	{ lat: lat + d, lng: lng + d },
	{ lat: lat + d, lng },
]

async function saved(api: import('@playwright/test').APIRequestContext, center: { lat: number; lng: number }, extra: Record<string, unknown> = {}) {
	const res = await api.post('/api/measurements', {
		data: {
			address: ADDRESS,
			measurement_type: 'manual',
			property_center: center,
			shapes: [
				{ type: 'polygon', coordinates: square(center.lat - 0.0001, center.lng - 0.0003), label: 'Front lawn' },
				{ type: 'polyline', coordinates: [center, { lat: center.lat, lng: center.lng + 0.0003 }], label: 'Fence' },
			],
			...extra,
		},
	})
	expect(res.status()).toBe(201)
	return res.json()
}

/** RFC 7946 §3: FeatureCollection of Features, closed rings of ≥ 4 [lng, lat] positions, outer ring counter-clockwise. */
function assertRfc7946(fc: FeatureCollection) {
	expect(fc.type).toBe('FeatureCollection')
	for (const f of fc.features) {
		expect(f.type).toBe('Feature')
		expect(typeof f.properties).toBe('object')
		if (f.geometry.type === 'Polygon') {
			f.geometry.coordinates.forEach((ring, i) => {
				expect(ring.length).toBeGreaterThanOrEqual(4)
				expect(ring[0]).toEqual(ring.at(-1))
				let twice = 0
				for (let k = 0; k < ring.length - 1; k++) twice += ring[k]![0]! * ring[k + 1]![1]! - ring[k + 1]![0]! * ring[k]![1]!
				expect(twice > 0).toBe(i === 0) // outer CCW, holes CW
			})
		} else {
			expect(f.geometry.type).toBe('LineString')
		}
		for (const p of f.geometry.type === 'Polygon' ? f.geometry.coordinates.flat() : (f.geometry as { coordinates: number[][] }).coordinates) {
			expect(p).toHaveLength(2)
			expect(Math.abs(p[0]!)).toBeLessThanOrEqual(180)
			expect(Math.abs(p[1]!)).toBeLessThanOrEqual(90)
		}
	}
}

test('exports of one measurement: GeoJSON re-imports to the same figures, KML is well-formed, CSV has one row per shape', async ({ makeUser, apiAs, env }) => {
	const api = await apiAs(await makeUser())
	const m = await saved(api, env.grass.center, { label: 'Bannock front' })

	const geo = await api.get(`/api/measurements/${m.id}/export.geojson`)
	expect(geo.status()).toBe(200)
	expect(geo.headers()['content-type']).toBe('application/geo+json')
	expect(geo.headers()['content-disposition']).toBe('attachment; filename="bannock-front.geojson"')
	const fc = (await geo.json()) as FeatureCollection
	assertRfc7946(fc)
	expect(fc.features).toHaveLength(2)
	expect(fc.features[0]!.properties).toMatchObject({ measurement_id: m.id, shape_label: 'Front lawn', shape_type: 'polygon' })
	// re-importing the exported geometry gives the same figures
	const ring = (fc.features[0] as Feature<Polygon>).geometry.coordinates[0]!.slice(0, -1).map(([lng, lat]) => ({ lat: lat!, lng: lng! }))
	const again = await (await api.post('/api/measurements', { data: { address: ADDRESS, measurement_type: 'manual', shapes: [{ type: 'polygon', coordinates: ring }] } })).json()
	expect(again.total_area_sqft).toBeCloseTo(fc.features[0]!.properties!.area_sqft, 6)
	expect(fc.features[0]!.properties!.area_sqft).toBeCloseTo(m.shapes[0].area_sqft, 9)
	expect(fc.features[1]!.properties!.distance_feet).toBeCloseTo(m.total_distance_feet, 9)

	const kml = await api.get(`/api/measurements/${m.id}/export.kml`)
	expect(kml.headers()['content-type']).toBe('application/vnd.google-earth.kml+xml')
	expect(kml.headers()['content-disposition']).toBe('attachment; filename="bannock-front.kml"')
	const text = await kml.text()
	expect(XMLValidator.validate(text)).toBe(true)
	const doc = new XMLParser().parse(text)
	expect(doc.kml.Document.Folder.Placemark.map((p: { name: string }) => p.name)).toEqual(['Front lawn', 'Fence'])

	const csv = await api.get(`/api/measurements/${m.id}/export.csv`)
	expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
	expect(csv.headers()['content-disposition']).toBe('attachment; filename="bannock-front.csv"')
	const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[]
	expect(rows.map((r) => [r.shape_label, r.shape_type])).toEqual([
		['Front lawn', 'polygon'],
		['Fence', 'polyline'],
	])
	expect(Number(rows[0]!.area_sqft)).toBeCloseTo(m.shapes[0].area_sqft, 2)
})

test('exports for an address hold every measurement there; other organizations get 404 and nothing leaks', async ({ makeUser, apiAs, env }) => {
	const owner = await makeUser()
	const api = await apiAs(owner)
	const a = await saved(api, env.grass.center)
	const b = await saved(api, env.grass.center)
	const elsewhere = await (await api.post('/api/measurements', { data: { address: '9 Other Rd, Austin, TX', measurement_type: 'manual', shapes: [{ type: 'polygon', coordinates: square(30.2, -97.7) }] } })).json()

	const csv = await api.get(`/api/measurements/export.csv?address=${encodeURIComponent(ADDRESS)}`)
	expect(csv.headers()['content-disposition']).toBe('attachment; filename="1437-bannock-st-denver-co-80202.csv"')
	const ids = new Set((parse(await csv.text(), { columns: true }) as Record<string, string>[]).map((r) => r.measurement_id))
	expect(ids).toEqual(new Set([a.id, b.id]))
	const kml = await api.get(`/api/measurements/export.kml?address=${encodeURIComponent(ADDRESS)}`)
	expect(XMLValidator.validate(await kml.text())).toBe(true)
	const geo = (await (await api.get(`/api/measurements/export.geojson?address=${encodeURIComponent(ADDRESS)}`)).json()) as FeatureCollection
	assertRfc7946(geo)
	expect(geo.features).toHaveLength(4)
	expect(geo.features.some((f) => f.properties!.measurement_id === elsewhere.id)).toBe(false)

	const stranger = await apiAs(await makeUser())
	for (const path of ['export.geojson', 'export.kml', 'export.csv', 'report.pdf']) {
		const res = await stranger.get(`/api/measurements/${a.id}/${path}`)
		expect(res.status(), path).toBe(404)
		expect(await res.json()).toEqual({ error: 'Measurement not found' })
	}
	const theirs = await stranger.get(`/api/measurements/export.csv?address=${encodeURIComponent(ADDRESS)}`)
	expect(parse(await theirs.text(), { columns: true })).toEqual([])
	expect((await stranger.get(`/api/measurements/report.pdf?address=${encodeURIComponent(ADDRESS)}`)).status()).toBe(404)
})

test('PDF report: a download with the figures and the estimate; 429 with a clear message at the monthly limit', async ({ makeUser, apiAs, env }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'free' })
	const api = await apiAs(admin)
	const m = await saved(api, env.grass.center, { label: 'Bannock front' })
	const service = await (await api.post(`/api/organizations/${admin.organization!.id}/price-list`, { data: { name: 'Lawn mowing', unit: 'sqft', unitPrice: '0.02', minimumCharge: '0' } })).json()

	const bad = await api.get(`/api/measurements/${m.id}/report.pdf?taxRate=abc`)
	expect(bad.status()).toBe(400)
	expect((await bad.json()).fields.taxRate).toMatch(/Tax rate/)

	const res = await api.get(`/api/measurements/${m.id}/report.pdf?services=${service.id}&taxRate=7.5&notes=${encodeURIComponent('Side gate is locked')}`)
	expect(res.status()).toBe(200)
	expect(res.headers()['content-type']).toBe('application/pdf')
	expect(res.headers()['content-disposition']).toBe('attachment; filename="bannock-front-report.pdf"')
	const { PDFParse } = await import('pdf-parse')
	const parser = new PDFParse({ data: new Uint8Array(await res.body()) })
	const text = (await parser.getText()).text.replace(/\s+/g, ' ')
	await parser.destroy()
	const sqft = Math.round(m.total_area_sqft)
	expect(text).toContain(ADDRESS)
	expect(text).toContain(`Total area ${sqft.toLocaleString('en-US')} sq ft`)
	const cents = Math.round(sqft * 2)
	expect(text).toContain(`Lawn mowing ${sqft.toLocaleString('en-US')} sq ft $0.02 per sq ft $${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`)
	expect(text).toContain('Tax (7.5%)')
	expect(text).toContain('Side gate is locked')
	expect(text).toContain('Imagery: U.S. Geological Survey')

	// the free tier has 1 report a month
	const limited = await api.get(`/api/measurements/${m.id}/report.pdf`)
	expect(limited.status()).toBe(429)
	expect((await limited.json()).error).toBe('You have reached your report limit for this month. Upgrade your plan or wait until your next billing period to create more reports.')
	const me = await (await api.get('/api/auth/user')).json()
	expect(me.usageStats).toMatchObject({ reports: 1, reportLimit: 1, organizationUsage: { reports: 1, reportLimit: 1 } })
	// exports are not reports: they still work
	expect((await api.get(`/api/measurements/${m.id}/export.csv`)).status()).toBe(200)
})

test('price list: members read it, account admins change it, other organizations get 404', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const orgId = admin.organization!.id
	const api = await apiAs(admin)
	const member = await apiAs(await makeUser({ organizationId: orgId }))
	const base = `/api/organizations/${orgId}/price-list`

	const invalid = await api.post(base, { data: { name: '', unit: 'acre', unitPrice: '1.23456', minimumCharge: '-1' } })
	expect(invalid.status()).toBe(400)
	expect(Object.keys((await invalid.json()).fields).sort()).toEqual(['minimumCharge', 'name', 'unit', 'unitPrice'])

	const created = await api.post(base, { data: { name: 'Edging', unit: 'ft', unitPrice: 0.75, minimumCharge: '25' } })
	expect(created.status()).toBe(201)
	const edging = await created.json()
	expect(edging).toMatchObject({ name: 'Edging', unit: 'ft', unitPrice: '0.75', minimumCharge: '25.00' })

	expect((await (await member.get(base)).json()).services.map((s: { name: string }) => s.name)).toEqual(['Edging'])
	const denied = await member.post(base, { data: { name: 'X', unit: 'flat', unitPrice: '1' } })
	expect(denied.status()).toBe(403)
	expect((await member.delete(`${base}/${edging.id}`)).status()).toBe(403)

	const updated = await api.put(`${base}/${edging.id}`, { data: { name: 'Bed edging', unit: 'ft', unitPrice: '0.8125', minimumCharge: '0' } })
	expect(await updated.json()).toMatchObject({ name: 'Bed edging', unitPrice: '0.8125', minimumCharge: '0.00' })

	const outsider = await apiAs(await makeUser({ role: 'account_admin' }))
	expect((await outsider.get(base)).status()).toBe(404)
	expect((await outsider.delete(`${base}/${edging.id}`)).status()).toBe(404)

	expect(await (await api.delete(`${base}/${edging.id}`)).json()).toEqual({ message: 'Service deleted' })
	expect((await api.delete(`${base}/${edging.id}`)).status()).toBe(404)
})
