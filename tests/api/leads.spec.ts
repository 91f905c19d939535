// Leads (issue 19 item 4) over HTTP against the production build: GET and
// PATCH /api/leads/{id}, the dashboard's status change and "Open in Measure"
// (its form posts), each for members of the organization only.
import type { FeatureCollection } from 'geojson'
import { db, expect, test } from '../support/fixtures.ts'
import { lawnSquare, widgetLead as createWidgetLead } from '../support/quote-widget.ts'

const form = (fields: Record<string, string>) => ({ data: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, maxRedirects: 0 })

/** Two detected lawns near Denver, as the widget stores them ([lng, lat], closed rings). */
const DETECTED: FeatureCollection = {
	type: 'FeatureCollection',
	features: [
		{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [lawnSquare(-104.9903, 39.7392, 0.0003)] }, properties: { number: 1, area_sqft: 9000, ai_confidence: 0.9 } },
		{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [lawnSquare(-104.9895, 39.7392, 0.0001)] }, properties: { number: 2, area_sqft: 1000, ai_confidence: 0.7 } },
	],
}

const widgetLead = (organizationId: string, extra: Record<string, unknown> = {}) => createWidgetLead(organizationId, { shapes: DETECTED, ...extra })

test('GET and PATCH /api/leads/{id}: 401 signed out, 404 for another organization, 400 for a bad status, any member changes the status', async ({ makeUser, apiAs, request }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const orgId = admin.organization!.id
	const member = await makeUser({ role: 'member', organizationId: orgId })
	const stranger = await makeUser({ role: 'account_admin' })
	const lead = await widgetLead(orgId)
	const url = `/api/leads/${lead.id}`

	for (const res of [await request.get(url), await request.patch(url, { data: { status: 'won' } })]) {
		expect(res.status()).toBe(401)
		expect(await res.json()).toEqual({ error: 'Authentication required' })
	}

	const memberApi = await apiAs(member)
	const got = await memberApi.get(url)
	expect(got.status()).toBe(200)
	expect(await got.json()).toMatchObject({ id: lead.id, source: 'widget', status: 'new', address: '1200 TEST LAWN WAY, DENVER, CO, 80202', areaSqft: 10000, priceQuoted: '$250.00', name: 'Hana Homeowner', measurementId: null, shapes: DETECTED })

	const changed = await memberApi.patch(url, { data: { status: 'contacted' } })
	expect(changed.status()).toBe(200)
	expect(await changed.json()).toMatchObject({ id: lead.id, status: 'contacted' })
	expect((await db().lead.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe('contacted')
	expect((await (await memberApi.get('/api/leads?status=contacted')).json()).leads.map((l: { id: string }) => l.id)).toEqual([lead.id])

	// another organization: 404 for GET and PATCH, nothing changed
	const strangerApi = await apiAs(stranger)
	for (const res of [await strangerApi.get(url), await strangerApi.patch(url, { data: { status: 'lost' } })]) {
		expect(res.status()).toBe(404)
		expect(await res.json()).toEqual({ error: 'Lead not found' })
	}
	expect((await memberApi.get('/api/leads/no-such-lead')).status()).toBe(404)
	expect((await db().lead.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe('contacted')

	// bad input: 400 with the field at fault, nothing changed
	const bad: [unknown, string][] = [
		[{ status: 'maybe' }, 'status'],
		[{ status: 'WON' }, 'status'],
		[{ status: 3 }, 'status'],
		[{}, 'status'],
		[{ status: 'won', organizationId: stranger.organization!.id }, 'organizationId'],
	]
	for (const [data, field] of bad) {
		const res = await memberApi.patch(url, { data: data as object })
		expect(res.status(), JSON.stringify(data)).toBe(400)
		const body = await res.json()
		expect(typeof body.error).toBe('string')
		expect(body.fields, JSON.stringify(data)).toHaveProperty(field)
	}
	expect((await (await memberApi.patch(url, { data: { status: 'maybe' } })).json()).fields.status).toBe('Status must be one of new, contacted, won, lost')
	expect((await memberApi.patch(url, { data: '{"status":', headers: { 'content-type': 'application/json' } })).status()).toBe(400)
	expect((await db().lead.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe('contacted')

	for (const method of ['POST', 'PUT', 'DELETE']) expect((await memberApi.fetch(url, { method, data: { status: 'won' } })).status(), method).toBe(405)
})

test('dashboard: a member changes a lead\'s status with the form; another organization\'s lead and a bad status are refused', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const member = await makeUser({ role: 'member', organizationId: admin.organization!.id })
	const stranger = await makeUser({ role: 'account_admin' })
	const lead = await widgetLead(admin.organization!.id)
	const theirs = await widgetLead(stranger.organization!.id)
	const memberApi = await apiAs(member)

	const saved = await memberApi.post('/dashboard?leadStatus=new&leadPage=1&q=oak', form({ intent: 'leadStatus', id: lead.id, status: 'won' }))
	expect(saved.status()).toBe(302)
	expect(saved.headers()['location']).toBe('/dashboard?leadStatus=new&leadPage=1&q=oak')
	expect((await db().lead.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe('won')

	const bad = await memberApi.post('/dashboard', form({ intent: 'leadStatus', id: lead.id, status: 'maybe' }))
	expect(bad.status()).toBe(400)
	const foreign = await memberApi.post('/dashboard', form({ intent: 'leadStatus', id: theirs.id, status: 'lost' }))
	expect(foreign.status()).toBe(404)
	expect((await db().lead.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe('new')
	expect((await db().lead.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe('won')

	// the list: every member sees the organization's leads, never another's
	const page = await (await memberApi.get('/dashboard')).text()
	expect(page).toContain('1200 TEST LAWN WAY, DENVER, CO, 80202')
	expect(page).toContain('mailto:hana@example.com')
	expect(page).toContain('tel:3035550142')
	expect(page).not.toContain(theirs.id)
})

test('Open in Measure: the detected lawn becomes one ai measurement at the address (a second click opens it again); no shapes opens /measure without saving; a share lead opens the shared measurement', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const orgId = admin.organization!.id
	const member = await makeUser({ role: 'member', organizationId: orgId })
	const stranger = await makeUser({ role: 'account_admin' })
	const memberApi = await apiAs(member)
	const lead = await widgetLead(orgId)

	const opened = await memberApi.post('/dashboard', form({ intent: 'openLead', id: lead.id }))
	expect(opened.status()).toBe(302)
	const measurements = await db().measurement.findMany({ where: { organizationId: orgId } })
	expect(measurements).toHaveLength(1)
	const [m] = measurements
	expect(opened.headers()['location']).toBe(`/measure?id=${m!.id}&lat=39.7393&lng=-104.9902&address=1200+TEST+LAWN+WAY%2C+DENVER%2C+CO%2C+80202`)
	expect(m).toMatchObject({ address: '1200 TEST LAWN WAY, DENVER, CO, 80202', label: '1200 TEST LAWN WAY #1', measurement_type: 'ai', shape_count: 2, createdByUserId: member.id, user_verified: 'false' })
	expect(m!.property_center).toEqual({ lat: 39.7393, lng: -104.9902 })
	expect(m!.ai_confidence).toBeCloseTo(0.8, 5)
	// the totals are computed from the shapes, as POST /api/measurements does
	const api = await (await memberApi.get(`/api/measurements/${m!.id}`)).json()
	expect(api.shapes.map((s: { type: string; measurement_type: string }) => [s.type, s.measurement_type])).toEqual([
		['polygon', 'ai'],
		['polygon', 'ai'],
	])
	expect(api.total_area_sqft).toBeCloseTo(api.shapes[0].area_sqft + api.shapes[1].area_sqft, 3)
	expect(api.total_area_sqft).toBeGreaterThan(8000)
	expect((await db().lead.findUniqueOrThrow({ where: { id: lead.id } })).measurementId).toBe(m!.id)
	// /measure lists it
	expect(await (await memberApi.get(opened.headers()['location']!)).text()).toContain('1200 TEST LAWN WAY #1')

	// a second click opens the same measurement
	const again = await memberApi.post('/dashboard', form({ intent: 'openLead', id: lead.id }))
	expect(again.headers()['location']).toBe(opened.headers()['location'])
	expect(await db().measurement.count({ where: { organizationId: orgId } })).toBe(1)
	// deleted since: the next click saves it again
	await memberApi.delete(`/api/measurements/${m!.id}`)
	expect((await db().lead.findUniqueOrThrow({ where: { id: lead.id } })).measurementId).toBeNull()
	await memberApi.post('/dashboard', form({ intent: 'openLead', id: lead.id }))
	expect(await db().measurement.count({ where: { organizationId: orgId } })).toBe(1)

	// no lawn found (no shapes, no price): /measure at the address, nothing saved
	const bare = await widgetLead(orgId, { shapes: undefined, areaSqft: 0, priceLowCents: null, priceHighCents: null, address: '9 Elm St, Denver, CO 80202' })
	const bareOpened = await memberApi.post('/dashboard', form({ intent: 'openLead', id: bare.id }))
	expect(bareOpened.status()).toBe(302)
	expect(bareOpened.headers()['location']).toBe('/measure?lat=39.7393&lng=-104.9902&address=9+Elm+St%2C+Denver%2C+CO+80202')
	expect(await db().measurement.count({ where: { organizationId: orgId } })).toBe(1)
	expect((await db().lead.findUniqueOrThrow({ where: { id: bare.id } })).measurementId).toBeNull()

	// a share lead: the measurement that was shared, not a copy
	const shared = await db().measurement.create({ data: { organizationId: orgId, label: 'Shared lawn', address: '5 Oak St, Denver, CO 80202', shapes: [], shape_count: 0 } })
	const share = await db().measurementShare.create({ data: { measurementId: shared.id, organizationId: orgId, createdByUserId: member.id, tokenHash: `hash-${shared.id}`, contactName: 'Ada', expiresAt: new Date(Date.now() + 86_400_000) } })
	const shareLead = await widgetLead(orgId, { source: 'share', measurementShareId: share.id, address: '5 Oak St, Denver, CO 80202' })
	const shareOpened = await memberApi.post('/dashboard', form({ intent: 'openLead', id: shareLead.id }))
	expect(shareOpened.headers()['location']).toContain(`/measure?id=${shared.id}&`)
	expect(await db().measurement.count({ where: { organizationId: orgId } })).toBe(2)

	// another organization's lead: 404, nothing saved anywhere
	const strangerApi = await apiAs(stranger)
	const refused = await strangerApi.post('/dashboard', form({ intent: 'openLead', id: bare.id }))
	expect(refused.status()).toBe(404)
	const other = await strangerApi.post('/dashboard', form({ intent: 'openLead', id: lead.id }))
	expect(other.status()).toBe(404)
	expect(await db().measurement.count({ where: { organizationId: stranger.organization!.id } })).toBe(0)
})
