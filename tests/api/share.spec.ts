// Share with customer (issue 19) over HTTP against the production build:
// POST/GET/DELETE /api/measurements/{id}/share, the public page /p/{token},
// its picture and PDF, and the customer's acceptance.
import { createHash } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { createUser, db, expect, mailsTo, test } from '../support/fixtures.ts'

const ADDRESS = '1437 Bannock St, Denver, CO 80202'
const square = (lat: number, lng: number, d = 0.0002) => [
	{ lat, lng },
	{ lat, lng: lng + d },
	{ lat: lat + d, lng: lng + d },
	{ lat: lat + d, lng },
]

async function saved(api: APIRequestContext, center: { lat: number; lng: number }) {
	const res = await api.post('/api/measurements', {
		data: {
			label: 'Front and back',
			address: ADDRESS,
			measurement_type: 'manual',
			property_center: center,
			shapes: [
				{ type: 'polygon', coordinates: square(center.lat - 0.0001, center.lng - 0.0003), label: 'Front lawn' },
				{ type: 'polyline', coordinates: [center, { lat: center.lat, lng: center.lng + 0.0003 }], label: 'Fence' },
			],
		},
	})
	expect(res.status()).toBe(201)
	return (await res.json()) as { id: string; total_area_sqft: number }
}

/** An organization (admin + member) with a price list and a saved measurement. */
type SetUp = {
	makeUser: (options?: { role?: string; organizationId?: string; firstName?: string }) => ReturnType<typeof createUser>
	apiAs: (user: { id: string }) => Promise<APIRequestContext>
	env: { grass: { center: { lat: number; lng: number } } }
}
async function setUp({ makeUser, apiAs, env }: SetUp) {
	const admin = await makeUser({ role: 'account_admin', firstName: 'Ada' })
	const orgId = admin.organization!.id
	const member = await makeUser({ role: 'member', organizationId: orgId, firstName: 'Milo' })
	const adminApi = await apiAs(admin)
	const memberApi = await apiAs(member)
	const mowing = await (await adminApi.post(`/api/organizations/${orgId}/price-list`, { data: { name: 'Lawn mowing', unit: 'sqft', unitPrice: '0.02', minimumCharge: '0' } })).json()
	const visit = await (await adminApi.post(`/api/organizations/${orgId}/price-list`, { data: { name: 'Site visit', unit: 'flat', unitPrice: '45', minimumCharge: '0' } })).json()
	const measurement = await saved(memberApi, env.grass.center)
	return { admin, member, orgId, adminApi, memberApi, mowing, visit, measurement }
}

const cents = (sqft: number) => Math.round(Math.round(sqft) * 2)
const money = (c: number) => `$${Math.floor(c / 100).toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`

test('a member shares a measurement: 201 { url, token, expiresAt }; the page shows the estimate without an account; views are counted', async ({ makeUser, apiAs, env, request }) => {
	const { admin, member, orgId, memberApi, mowing, visit, measurement } = await setUp({ makeUser, apiAs, env })
	const before = Date.now()
	const res = await memberApi.post(`/api/measurements/${measurement.id}/share`, {
		data: { services: [mowing.id, visit.id], taxRate: '8.25', notes: 'Weekly from May to October.', contactPhone: '+1 303 555 0188', contactEmail: 'quotes@green.example' },
	})
	expect(res.status()).toBe(201)
	const body = await res.json()
	expect(Object.keys(body).sort()).toEqual(['expiresAt', 'token', 'url'])
	expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/) // 256 random bits
	expect(body.url).toMatch(new RegExp(`/p/${body.token}$`))
	// default expiry: 30 days
	const expires = new Date(body.expiresAt).getTime()
	expect(expires - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1_000)
	expect(expires - Date.now()).toBeLessThanOrEqual(30 * 86_400_000 + 1_000)
	// only a hash of the token is stored
	const rows = await db().measurementShare.findMany({ where: { measurementId: measurement.id } })
	expect(rows).toHaveLength(1)
	expect(JSON.stringify(rows)).not.toContain(body.token)
	expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(body.token).digest('hex'))

	// the customer: no account
	const page = await request.get(`/p/${body.token}`)
	expect(page.status()).toBe(200)
	expect(page.headers()['x-robots-tag']).toContain('noindex')
	const html = await page.text()
	expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/)
	const org = await db().organization.findUniqueOrThrow({ where: { id: orgId } })
	expect(html).toContain(org.name)
	expect(html).toContain(ADDRESS)
	expect(html).toContain('Front lawn')
	expect(html).toContain('Fence')
	expect(html).toContain('Lawn mowing')
	expect(html).toContain('Site visit')
	const subtotal = cents(measurement.total_area_sqft) + 4500
	const tax = Math.round((subtotal * 8.25) / 100)
	expect(html).toContain(money(subtotal + tax))
	expect(html).toContain('Weekly from May to October.')
	expect(html).toContain('+1 303 555 0188')
	expect(html).toContain('quotes@green.example')
	expect(html).toContain('Milo User') // the contact defaults to the member who shared it
	expect(html).toContain('Accept estimate')
	// the imagery provider's credit beside its picture, as on the map and the PDF
	expect(html).toContain('Imagery: U.S. Geological Survey, The National Map')
	// nothing else: no account e-mails, no ids
	for (const secret of [admin.email, member.email, measurement.id, orgId, admin.id, member.id, mowing.id]) expect(html).not.toContain(secret)

	const picture = await request.get(`/p/${body.token}/map.jpg`)
	expect(picture.status()).toBe(200)
	expect(picture.headers()['content-type']).toBe('image/jpeg')
	expect((await picture.body()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
	const pdf = await request.get(`/p/${body.token}/report.pdf`)
	expect(pdf.status()).toBe(200)
	expect(pdf.headers()['content-type']).toContain('application/pdf')
	const pdfBytes = await pdf.body()
	expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-')
	expect(pdfBytes.toString('latin1')).not.toContain(member.email)

	// views: the contractor sees first, last and count
	await request.get(`/p/${body.token}`)
	const status = await (await memberApi.get(`/api/measurements/${measurement.id}/share`)).json()
	expect(status.link).toMatchObject({ active: true, viewCount: 2, revokedAt: null, accepted: null })
	expect(status.link.firstViewedAt).not.toBeNull()
	expect(new Date(status.link.lastViewedAt).getTime()).toBeGreaterThanOrEqual(new Date(status.link.firstViewedAt).getTime())
	expect(JSON.stringify(status)).not.toContain(body.token)
	// the organization's own people previewing it are not counted
	await (await apiAs(member)).get(`/p/${body.token}`)
	expect((await (await memberApi.get(`/api/measurements/${measurement.id}/share`)).json()).link.viewCount).toBe(2)
})

test('share paths: anonymous 401, another organization 404 (nothing made, nothing revoked), own ids only', async ({ makeUser, apiAs, env, request }) => {
	const { memberApi, measurement, mowing } = await setUp({ makeUser, apiAs, env })
	const url = `/api/measurements/${measurement.id}/share`
	for (const method of ['GET', 'POST', 'DELETE']) {
		const res = await request.fetch(url, { method, data: method === 'POST' ? { services: [] } : undefined })
		expect(res.status(), method).toBe(401)
		expect((await res.json()).error).toBe('Authentication required')
	}
	const made = await (await memberApi.post(url, { data: { services: [mowing.id] } })).json()
	const stranger = await apiAs(await makeUser({ role: 'account_admin' }))
	for (const method of ['GET', 'POST', 'DELETE']) {
		const res = await stranger.fetch(url, { method, data: method === 'POST' ? { services: [] } : undefined })
		expect(res.status(), method).toBe(404)
		expect((await res.json()).error).toBe('Measurement not found')
	}
	// the stranger cannot quote their own services on it either, and the link still works
	expect(await db().measurementShare.count({ where: { measurementId: measurement.id } })).toBe(1)
	expect((await request.get(`/p/${made.token}`)).status()).toBe(200)
	// a service of another organization's price list is unknown here
	const foreignAdmin = await makeUser({ role: 'account_admin' })
	const foreignService = await (await (await apiAs(foreignAdmin)).post(`/api/organizations/${foreignAdmin.organization!.id}/price-list`, { data: { name: 'Theirs', unit: 'flat', unitPrice: '1' } })).json()
	const res = await memberApi.post(url, { data: { services: [foreignService.id] } })
	expect(res.status()).toBe(400)
	expect((await res.json()).fields.services).toContain(foreignService.id)
})

test('bad share input: 400 naming each field, nothing made', async ({ makeUser, apiAs, env }) => {
	const { memberApi, measurement } = await setUp({ makeUser, apiAs, env })
	const url = `/api/measurements/${measurement.id}/share`
	const cases: [unknown, string][] = [
		[{}, 'services'],
		[{ services: 'all' }, 'services'],
		[{ services: ['no-such-service'] }, 'services'],
		[{ services: [], taxRate: 'ten' }, 'taxRate'],
		[{ services: [], taxRate: '101' }, 'taxRate'],
		[{ services: [], expiresInDays: 0 }, 'expiresInDays'],
		[{ services: [], expiresInDays: 366 }, 'expiresInDays'],
		[{ services: [], expiresInDays: 1.5 }, 'expiresInDays'],
		[{ services: [], notes: 'x'.repeat(2001) }, 'notes'],
		[{ services: [], contactEmail: 'not-an-email' }, 'contactEmail'],
		[{ services: [], contactPhone: '123' }, 'contactPhone'],
		[{ services: [], organizationId: 'other' }, 'organizationId'],
	]
	for (const [data, field] of cases) {
		const res = await memberApi.post(url, { data })
		expect(res.status(), JSON.stringify(data).slice(0, 80)).toBe(400)
		const body = await res.json()
		expect(typeof body.error).toBe('string')
		expect(Object.keys(body.fields), JSON.stringify(data).slice(0, 80)).toContain(field)
	}
	for (const raw of ['', 'null', '[]', '{"services":']) {
		const res = await memberApi.post(url, { headers: { 'content-type': 'application/json' }, data: raw })
		expect(res.status()).toBe(400)
	}
	expect(await db().measurementShare.count({ where: { measurementId: measurement.id } })).toBe(0)
	expect((await memberApi.post(url, { data: { services: [], expiresInDays: 7 } })).status()).toBe(201)
})

test('expired, revoked and replaced links are the 404 page, never the content', async ({ makeUser, apiAs, env, request }) => {
	const { memberApi, measurement, mowing } = await setUp({ makeUser, apiAs, env })
	const url = `/api/measurements/${measurement.id}/share`
	const first = await (await memberApi.post(url, { data: { services: [mowing.id], expiresInDays: 1 } })).json()
	expect(Date.parse(first.expiresAt) - Date.now()).toBeLessThanOrEqual(86_400_000)
	expect((await request.get(`/p/${first.token}`)).status()).toBe(200)

	// a new link replaces the previous one
	const second = await (await memberApi.post(url, { data: { services: [mowing.id] } })).json()
	for (const path of [`/p/${first.token}`, `/p/${first.token}/map.jpg`, `/p/${first.token}/report.pdf`]) expect((await request.get(path)).status(), path).toBe(404)
	expect((await request.get(`/p/${second.token}`)).status()).toBe(200)

	// expired
	await db().measurementShare.updateMany({ where: { measurementId: measurement.id, revokedAt: null }, data: { expiresAt: new Date(Date.now() - 1_000) } })
	const expired = await request.get(`/p/${second.token}`)
	expect(expired.status()).toBe(404)
	const html = await expired.text()
	expect(html).toContain('Page not found')
	expect(html).not.toContain('Lawn mowing')
	expect(html).not.toContain(ADDRESS)
	expect((await request.get(`/p/${second.token}/report.pdf`)).status()).toBe(404)
	expect((await (await memberApi.get(url)).json()).link.active).toBe(false)

	// revoke
	const third = await (await memberApi.post(url, { data: { services: [] } })).json()
	expect((await request.get(`/p/${third.token}`)).status()).toBe(200)
	const revoked = await memberApi.delete(url)
	expect(revoked.status()).toBe(200)
	expect(await revoked.json()).toEqual({ message: 'Share link revoked' })
	expect((await request.get(`/p/${third.token}`)).status()).toBe(404)
	const again = await memberApi.delete(url)
	expect(again.status()).toBe(404)
	expect((await again.json()).error).toBe('This measurement has no active share link')
	const status = await (await memberApi.get(url)).json()
	expect(status.link).toMatchObject({ active: false })
	expect(status.link.revokedAt).not.toBeNull()

	// made-up tokens
	for (const token of ['x', 'A'.repeat(43), '%00', 'a'.repeat(500)]) expect((await request.get(`/p/${token}`)).status()).toBe(404)
})

test('accept: contact fields validated as on the contact form; the first acceptance stands, the second is told 409; admins get an e-mail', async ({ makeUser, apiAs, env, request }) => {
	const { admin, memberApi, measurement, mowing } = await setUp({ makeUser, apiAs, env })
	const url = `/api/measurements/${measurement.id}/share`
	const { token } = await (await memberApi.post(url, { data: { services: [mowing.id] } })).json()
	const customer = `customer-${token.slice(0, 8).toLowerCase()}@example.com`

	const bad = await request.post(`/p/${token}`, { form: { name: '', email: 'not-an-email', phone: '12', message: '' } })
	expect(bad.status()).toBe(400)
	const badHtml = await bad.text()
	expect(badHtml).toContain('Name is required')
	expect(badHtml).toContain('Please enter a valid email address')
	expect(badHtml).toContain('Please enter a valid phone number')
	// the honeypot filled: refused
	const bot = await request.post(`/p/${token}`, { form: { name: 'Bot', email: customer, phone: '+1 303 555 0100', website: 'http://spam.example' } })
	expect(bot.status()).toBe(400)
	expect(await db().measurementShare.count({ where: { measurementId: measurement.id, acceptedAt: { not: null } } })).toBe(0)
	// the page those posts render again is not a customer's view
	expect((await db().measurementShare.findFirstOrThrow({ where: { measurementId: measurement.id } })).viewCount).toBe(0)

	const ok = await request.post(`/p/${token}`, { form: { name: 'Carla Customer', email: customer, phone: '+1 303 555 0100', message: 'Please start in May.' } })
	expect(ok.status()).toBe(200)
	const okHtml = await ok.text()
	expect(okHtml).toContain('Accepted by Carla Customer on')
	expect(okHtml).not.toContain('>Accept estimate<')

	const twice = await request.post(`/p/${token}`, { form: { name: 'Someone Else', email: 'else@example.com', phone: '+1 303 555 0199' } })
	expect(twice.status()).toBe(409)
	const twiceHtml = await twice.text()
	expect(twiceHtml).toContain('This estimate has already been accepted.')
	expect(twiceHtml).toContain('Accepted by Carla Customer on')
	expect(await db().measurementShare.count({ where: { measurementId: measurement.id, acceptedName: 'Someone Else' } })).toBe(0)

	// the page now says Accepted
	const page = await (await request.get(`/p/${token}`)).text()
	expect(page).toContain('Accepted by Carla Customer on')
	// views: that one load only (not the posts, not the page the acceptance lands on)
	expect((await db().measurementShare.findFirstOrThrow({ where: { measurementId: measurement.id } })).viewCount).toBe(1)

	// the contractor sees who accepted
	const status = await (await memberApi.get(url)).json()
	expect(status.accepted).toMatchObject({ name: 'Carla Customer', email: customer, phone: '+1 303 555 0100', message: 'Please start in May.' })
	expect(status.link.accepted.name).toBe('Carla Customer')

	// the account admin's e-mail, through the local SMTP receiver
	await expect.poll(async () => (await mailsTo(admin.email)).filter((m) => m.subject.startsWith('Estimate accepted')).length, { timeout: 15_000 }).toBe(1)
	const mail = (await mailsTo(admin.email)).find((m) => m.subject.startsWith('Estimate accepted'))!
	expect(mail.subject).toBe(`Estimate accepted: ${ADDRESS}`)
	expect(mail.text).toContain('Carla Customer accepted your estimate')
	expect(mail.text).toContain(customer)
	expect(mail.text).toContain('Please start in May.')

	// a revoked link cannot be accepted
	const { token: other } = await (await memberApi.post(url, { data: { services: [] } })).json()
	await memberApi.delete(url)
	const gone = await request.post(`/p/${other}`, { form: { name: 'Late', email: customer, phone: '+1 303 555 0100' } })
	expect(gone.status()).toBe(404)
	// and the acceptance stays on the measurement
	expect((await (await memberApi.get(url)).json()).accepted.name).toBe('Carla Customer')
})
