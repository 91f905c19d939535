// The admin JSON paths over HTTP against the production build: the permission
// matrix (signed out, member, account admin of org A, site admins with partial
// flags) for every path, then each section's rules.
import { ADMIN_FLAGS } from '../../app/lib/admin.ts'
import { auditRows, makeStaff } from '../support/admin.ts'
import { db, expect, mailsTo, test, uniqueEmail } from '../support/fixtures.ts'

const ACCESS_DENIED = 'Access denied. You need admin privileges to view this page.'
const SECTION_DENIED = 'Your team member permissions do not include this section.'

type Call = { method: string; url: string; data?: Record<string, unknown>; section: string }

/** Every admin path; ids that don't exist are fine: the permission check comes first. */
const CALLS: Call[] = [
	{ method: 'GET', url: '/api/admin/stats', section: 'stats' },
	{ method: 'GET', url: '/api/admin/users', section: 'users' },
	{ method: 'GET', url: '/api/admin/users/nobody', section: 'users' },
	{ method: 'PATCH', url: '/api/admin/users/nobody', data: { firstName: 'X' }, section: 'users' },
	{ method: 'DELETE', url: '/api/admin/users/nobody', section: 'users' },
	{ method: 'GET', url: '/api/admin/customer-users', section: 'users' },
	{ method: 'POST', url: '/api/admin/customer-users', data: {}, section: 'users' },
	{ method: 'POST', url: '/api/admin/masquerade/nobody', section: 'masquerade' },
	{ method: 'GET', url: '/api/admin/organizations', section: 'organizations' },
	{ method: 'POST', url: '/api/admin/organizations', data: {}, section: 'organizations' },
	{ method: 'PATCH', url: '/api/admin/organizations/none', data: {}, section: 'organizations' },
	{ method: 'DELETE', url: '/api/admin/organizations/none', section: 'organizations' },
	{ method: 'PATCH', url: '/api/admin/organizations/none/deactivate', section: 'organizations' },
	{ method: 'PATCH', url: '/api/admin/organizations/none/reactivate', section: 'organizations' },
	{ method: 'GET', url: '/api/admin/subscription-tiers', section: 'plans' },
	{ method: 'POST', url: '/api/admin/subscription-tiers', data: {}, section: 'plans' },
	{ method: 'PATCH', url: '/api/admin/subscription-tiers/none', data: {}, section: 'plans' },
	{ method: 'DELETE', url: '/api/admin/subscription-tiers/none', section: 'plans' },
	{ method: 'GET', url: '/api/admin/coupons', section: 'coupons' },
	{ method: 'POST', url: '/api/admin/coupons', data: {}, section: 'coupons' },
	{ method: 'PATCH', url: '/api/admin/coupons/none', data: {}, section: 'coupons' },
	{ method: 'DELETE', url: '/api/admin/coupons/none', section: 'coupons' },
	{ method: 'GET', url: '/api/admin/team-members', section: 'team' },
	{ method: 'POST', url: '/api/admin/team-members', data: {}, section: 'team' },
	{ method: 'PATCH', url: '/api/admin/team-members/none', data: {}, section: 'team' },
	{ method: 'DELETE', url: '/api/admin/team-members/none', section: 'team' },
	{ method: 'GET', url: '/api/admin/blog/posts', section: 'blog' },
	{ method: 'POST', url: '/api/admin/blog/posts', data: {}, section: 'blog' },
	{ method: 'PUT', url: '/api/admin/blog/posts/none', data: {}, section: 'blog' },
	{ method: 'DELETE', url: '/api/admin/blog/posts/none', section: 'blog' },
	{ method: 'GET', url: '/api/admin/cleanup/stats', section: 'cleanup' },
	{ method: 'POST', url: '/api/admin/cleanup/trigger', section: 'cleanup' },
]

test('permission matrix: signed out 401, members 403, account admins only their users and stats, staff by flag', async ({ request, makeUser, apiAs }) => {
	const member = await makeUser()
	const owner = await makeUser({ role: 'account_admin' })
	const blogOnly = await makeStaff(makeUser, ['canManageBlogPosts'])
	const inactive = await makeStaff(makeUser)
	await db().adminUser.update({ where: { userId: inactive.id }, data: { isActive: false } })
	const [asMember, asOwner, asBlog, asInactive] = await Promise.all([apiAs(member), apiAs(owner), apiAs(blogOnly), apiAs(inactive)])

	for (const call of CALLS) {
		const label = `${call.method} ${call.url}`
		const out = await request.fetch(call.url, { method: call.method, data: call.data })
		expect(out.status(), `signed out ${label}`).toBe(401)

		const m = await asMember.fetch(call.url, { method: call.method, data: call.data })
		expect(m.status(), `member ${label}`).toBe(403)
		expect(await m.json()).toEqual({ error: ACCESS_DENIED })

		const o = await asOwner.fetch(call.url, { method: call.method, data: call.data })
		if (call.section === 'users' || call.section === 'stats') expect(o.status(), `account admin ${label}`).not.toBe(403)
		else {
			expect(o.status(), `account admin ${label}`).toBe(403)
			expect(await o.json()).toEqual({ error: SECTION_DENIED })
		}

		const b = await asBlog.fetch(call.url, { method: call.method, data: call.data })
		if (call.section === 'blog') expect(b.status(), `blog-only staff ${label}`).not.toBe(403)
		else expect(b.status(), `blog-only staff ${label}`).toBe(403)

		const i = await asInactive.fetch(call.url, { method: call.method, data: call.data })
		expect(i.status(), `inactive staff ${label}`).toBe(403)
	}
})

test('each flag opens exactly its own section', async ({ makeUser, apiAs }) => {
	const bySection: Record<string, string> = {
		users: 'canManageUsers',
		masquerade: 'canManageUsers',
		organizations: 'canManageOrganizations',
		cleanup: 'canManageOrganizations',
		plans: 'canManageSubscriptions',
		coupons: 'canManageCoupons',
		team: 'hasUnlimitedAccess',
		blog: 'canManageBlogPosts',
		stats: 'canViewAnalytics',
	}
	const reads = CALLS.filter((c) => c.method === 'GET' && !c.url.includes('nobody'))
	for (const flag of ADMIN_FLAGS.filter((f) => f !== 'canManageMeasurements')) {
		const staff = await makeStaff(makeUser, [flag])
		const api = await apiAs(staff)
		for (const call of reads) {
			const allowed = flag === 'hasUnlimitedAccess' || bySection[call.section] === flag
			expect((await api.get(call.url)).status(), `${flag} GET ${call.url}`).toBe(allowed ? 200 : 403)
		}
	}
})

test('account admins see and change only their own organization’s users', async ({ makeUser, apiAs }) => {
	const owner = await makeUser({ role: 'account_admin' })
	const colleague = await makeUser({ organizationId: owner.organizationId!, firstName: 'Colleague' })
	const stranger = await makeUser({ firstName: 'Stranger' })
	const api = await apiAs(owner)
	const list = (await (await api.get('/api/admin/customer-users')).json()) as { id: string }[]
	expect(list.map((u) => u.id).sort()).toEqual([owner.id, colleague.id].sort())
	expect((await api.patch(`/api/admin/users/${stranger.id}`, { data: { firstName: 'Hacked' } })).status()).toBe(404)
	expect((await api.delete(`/api/admin/users/${stranger.id}`)).status()).toBe(404)
	const ok = await api.patch(`/api/admin/users/${colleague.id}`, { data: { lastName: 'Renamed', maxSearchesPerMonth: 120 } })
	expect(ok.status()).toBe(200)
	expect(await ok.json()).toMatchObject({ lastName: 'Renamed', maxSearchesPerMonth: 120, role: 'user' })
	const moved = await api.patch(`/api/admin/users/${colleague.id}`, { data: { organizationId: stranger.organizationId } })
	expect(moved.status()).toBe(403)
	const stats = await (await api.get('/api/admin/stats')).json()
	expect(stats).toEqual({ accounts: 1, users: 2, searchStats: { day: 0 }, measurementStats: { day: 0 } })
})

test('customer users: site admins never listed, search and role filter, add sends a set-password mail, 409 on a taken e-mail', async ({ makeUser, apiAs }) => {
	const admin = await makeStaff(makeUser)
	const member = await makeUser({ firstName: 'Zebedee' })
	const api = await apiAs(admin)
	const all = (await (await api.get('/api/admin/customer-users')).json()) as { id: string; role: string }[]
	expect(all.some((u) => u.role === 'site_admin')).toBe(false)
	const found = (await (await api.get(`/api/admin/customer-users?search=${encodeURIComponent('zebedee user')}`)).json()) as { id: string }[]
	expect(found.map((u) => u.id)).toEqual([member.id])
	const admins = (await (await api.get('/api/admin/customer-users?role=account_admin')).json()) as { role: string }[]
	expect(admins.every((u) => u.role === 'account_admin')).toBe(true)

	const email = uniqueEmail('added')
	const bad = await api.post('/api/admin/customer-users', { data: { email: 'nope', firstName: '', lastName: 'X', organizationId: member.organizationId, role: 'user' } })
	expect(bad.status()).toBe(400)
	expect((await bad.json()).fields).toMatchObject({ email: 'Please enter a valid email address', firstName: 'First name is required' })
	const created = await api.post('/api/admin/customer-users', { data: { email, firstName: 'Ada', lastName: 'Added', organizationId: member.organizationId, role: 'account_admin' } })
	expect(created.status()).toBe(201)
	const body = await created.json()
	expect(body).toMatchObject({ email, role: 'account_admin', isEmailConfirmed: false, organizationId: member.organizationId })
	expect(body).not.toHaveProperty('password')
	await expect.poll(async () => (await mailsTo(email)).map((m) => m.subject)).toContain('Your Yardstick account is ready')
	const dup = await api.post('/api/admin/customer-users', { data: { email: member.email, firstName: 'A', lastName: 'B', organizationId: member.organizationId, role: 'user' } })
	expect(dup.status()).toBe(409)
	expect((await dup.json()).error).toBe('A user with this email already exists.')
	// the edit payload never carries role or password (spec 3 §5)
	const withRole = await api.patch(`/api/admin/users/${member.id}`, { data: { role: 'site_admin', password: 'x' } })
	expect((await withRole.json()).fields).toEqual({ role: 'Unknown field', password: 'Unknown field' })
	expect((await api.delete(`/api/admin/users/${admin.id}`)).status()).toBe(403)
	expect((await api.delete(`/api/admin/users/${body.id}`)).status()).toBe(200)
	expect(await db().user.count({ where: { id: body.id } })).toBe(0)
	expect((await auditRows({ action: 'admin.user.delete', targetId: body.id }))[0]).toMatchObject({ actorUserId: admin.id })
})

test('organizations: create, deactivate locks members out, reactivate, delete removes what it owns', async ({ makeUser, apiAs, request }) => {
	const admin = await makeStaff(makeUser)
	const api = await apiAs(admin)
	const created = await api.post('/api/admin/organizations', { data: { name: 'Acme Lawns', subscriptionTierId: 'pro' } })
	expect(created.status()).toBe(201)
	const org = await created.json()
	expect(org).toMatchObject({ name: 'Acme Lawns', subscriptionTierId: 'pro', monthlyPrice: expect.any(String), userCount: 0, isDeactivated: false })
	expect(org.accountNumber).toMatch(/^YS-\d{6}$/)
	expect((await api.post('/api/admin/organizations', { data: { name: 'X', subscriptionTierId: 'no-such-plan' } })).status()).toBe(400)

	const renamed = await api.patch(`/api/admin/organizations/${org.id}`, { data: { name: 'Acme Lawns & Gardens', subscriptionTierId: 'starter' } })
	expect(await renamed.json()).toMatchObject({ name: 'Acme Lawns & Gardens', subscriptionTierId: 'starter' })
	expect((await api.patch(`/api/admin/organizations/${org.id}`, { data: { accountNumber: 'X' } })).status()).toBe(400)
	const member = await makeUser({ organizationId: org.id })
	const asMember = await apiAs(member)
	expect((await asMember.get('/api/auth/user')).status()).toBe(200)
	const off = await api.patch(`/api/admin/organizations/${org.id}/deactivate`)
	expect(off.status()).toBe(200)
	const offBody = await off.json()
	expect(offBody.message).toBe('Organization deactivated successfully')
	const days = (Date.parse(offBody.organization.dataCleanupAt) - Date.parse(offBody.organization.deactivatedAt)) / 86_400_000
	expect(days).toBe(30)
	expect((await asMember.get('/api/auth/user')).status()).toBe(401)
	const login = await request.post('/api/auth/login', { data: { email: member.email, password: 'correct-horse-battery' } })
	expect(login.status()).toBe(403)
	expect((await login.json()).error).toBe('Your organization has been deactivated. Please contact support to reactivate it.')
	expect((await api.patch(`/api/admin/organizations/${org.id}/deactivate`)).status()).toBe(409)

	expect((await api.patch(`/api/admin/organizations/${org.id}/reactivate`)).status()).toBe(200)
	const again = await request.post('/api/auth/login', { data: { email: member.email, password: 'correct-horse-battery' } })
	expect(again.status()).toBe(200)

	await db().measurement.create({ data: { organizationId: org.id, createdByUserId: member.id, label: 'Back' } })
	const del = await api.delete(`/api/admin/organizations/${org.id}`)
	expect(del.status()).toBe(200)
	expect((await del.json()).removed).toMatchObject({ users: 1, measurements: 1 })
	expect(await db().user.count({ where: { id: member.id } })).toBe(0)
	expect((await api.delete(`/api/admin/organizations/${org.id}`)).status()).toBe(404)
	const actions = (await auditRows({ targetId: org.id })).map((r) => r.action)
	expect(actions).toEqual(['admin.organization.create', 'admin.organization.update', 'admin.organization.deactivate', 'admin.organization.reactivate', 'admin.organization.delete'])
})

test('plans: create with defaults, 409 on a taken id, id immutable, delete refused while in use', async ({ makeUser, apiAs }) => {
	const admin = await makeStaff(makeUser)
	const api = await apiAs(admin)
	const id = `gold-${Date.now().toString(36)}`
	const created = await api.post('/api/admin/subscription-tiers', { data: { id, name: 'Gold', features: ['api_access', 'whitelabel'] } })
	expect(created.status()).toBe(201)
	expect(await created.json()).toMatchObject({ id, monthlyPrice: '0.00', searchesPerMonth: null, reportsPerMonth: null, maxUsers: 1, features: ['api_access', 'whitelabel'] })
	const dup = await api.post('/api/admin/subscription-tiers', { data: { id, name: 'Again' } })
	expect(dup.status()).toBe(409)
	expect((await dup.json()).error).toBe('A plan with this id already exists.')
	const badFeature = await api.post('/api/admin/subscription-tiers', { data: { id: `${id}-x`, name: 'X', features: ['teleport'] } })
	expect(badFeature.status()).toBe(400)
	const renamed = await api.patch(`/api/admin/subscription-tiers/${id}`, { data: { id: 'other', name: 'Gold+' } })
	expect((await renamed.json()).fields).toEqual({ id: 'Unknown field' })
	const edited = await api.patch(`/api/admin/subscription-tiers/${id}`, { data: { monthlyPrice: '49.99', searchesPerMonth: '', maxUsers: 1000 } })
	expect(await edited.json()).toMatchObject({ monthlyPrice: '49.99', searchesPerMonth: null, maxUsers: 1000 })

	const customer = await makeUser({ tierId: id })
	const inUse = await api.delete(`/api/admin/subscription-tiers/${id}`)
	expect(inUse.status()).toBe(409)
	expect((await inUse.json()).error).toBe('This plan cannot be deleted: 1 organization is on this plan. Move them to another plan first.')
	await db().organization.update({ where: { id: customer.organizationId! }, data: { subscriptionTierId: 'pro' } })
	expect((await api.delete(`/api/admin/subscription-tiers/${id}`)).status()).toBe(200)
	expect((await api.delete(`/api/admin/subscription-tiers/${id}`)).status()).toBe(404)
})

test('coupons: parsing rules, 409 on a taken code, 400 on invalid discounts, delete', async ({ makeUser, apiAs }) => {
	const admin = await makeStaff(makeUser)
	const api = await apiAs(admin)
	const code = `SAVE${Date.now().toString(36).toUpperCase()}`
	const created = await api.post('/api/admin/coupons', {
		data: { code: code.toLowerCase(), name: 'Save', description: '', discountType: 'percentage', discountValue: '12.5', maxUses: '', validUntil: '' },
	})
	expect(created.status()).toBe(201)
	const coupon = await created.json()
	expect(coupon).toMatchObject({ code, discountType: 'percentage', discountValue: '12.50', maxUses: null, usedCount: 0, validUntil: null })
	const dup = await api.post('/api/admin/coupons', { data: { code, name: 'Again', discountType: 'fixed_amount', discountValue: 5 } })
	expect(dup.status()).toBe(409)
	expect((await dup.json()).error).toBe('A coupon with this code already exists.')
	for (const [discountType, discountValue] of [['percentage', 101], ['percentage', 0], ['fixed_amount', -5], ['fixed_amount', 'ten'], ['fixed_amount', 1.234]] as const) {
		const bad = await api.post('/api/admin/coupons', { data: { code: `${code}X`, name: 'Bad', discountType, discountValue } })
		expect(bad.status(), `${discountType} ${discountValue}`).toBe(400)
		expect(Object.keys((await bad.json()).fields)).toEqual(['discountValue'])
	}
	const free = await api.post('/api/admin/coupons', { data: { code: `${code}F`, name: 'Free', discountType: 'free_tier', discountValue: 0, freeSubscriptionTierId: 'pro', maxUses: 10, validUntil: '2031-06-30' } })
	expect(await free.json()).toMatchObject({ freeSubscriptionTierId: 'pro', maxUses: 10, validUntil: '2031-06-30T23:59:59.999Z' })
	const patched = await api.patch(`/api/admin/coupons/${coupon.id}`, { data: { discountValue: 150 } })
	expect(patched.status()).toBe(400)
	const edited = await api.patch(`/api/admin/coupons/${coupon.id}`, { data: { name: 'Save more', discountValue: '20', maxUses: 50 } })
	expect(await edited.json()).toMatchObject({ name: 'Save more', discountValue: '20.00', maxUses: 50, code })

	const customer = await makeUser()
	await db().organization.update({ where: { id: customer.organizationId! }, data: { activeCouponId: coupon.id } })
	const inUse = await api.delete(`/api/admin/coupons/${coupon.id}`)
	expect(inUse.status()).toBe(409)
	expect((await inUse.json()).error).toContain('1 organization is using it')
	await db().organization.update({ where: { id: customer.organizationId! }, data: { activeCouponId: null } })
	expect((await api.delete(`/api/admin/coupons/${coupon.id}`)).status()).toBe(200)
	expect((await api.delete(`/api/admin/coupons/${(await free.json()).id}`)).status()).toBe(200)
})

test('team members: Full/Partial Access, flags saved, never yourself', async ({ makeUser, apiAs }) => {
	const admin = await makeStaff(makeUser)
	const api = await apiAs(admin)
	const email = uniqueEmail('staff')
	const created = await api.post('/api/admin/team-members', { data: { email, firstName: 'Nia', lastName: 'New', role: 'site_admin', canManageCoupons: true, canViewAnalytics: true } })
	expect(created.status()).toBe(201)
	const member = await created.json()
	expect(member).toMatchObject({ email, role: 'site_admin', access: 'Partial Access', isActive: true, permissions: { canManageCoupons: true, canViewAnalytics: true, canManageUsers: false } })
	await expect.poll(async () => (await mailsTo(email)).length).toBe(1)
	const list = (await (await api.get('/api/admin/team-members')).json()) as { id: string; access: string }[]
	expect(list.find((m) => m.id === admin.id)?.access).toBe('Full Access')
	expect((await api.post('/api/admin/team-members', { data: { email, firstName: 'A', lastName: 'B' } })).status()).toBe(409)
	const edited = await api.patch(`/api/admin/team-members/${member.id}`, { data: Object.fromEntries(ADMIN_FLAGS.map((f) => [f, true])) })
	expect((await edited.json()).access).toBe('Full Access')
	const self = await api.delete(`/api/admin/team-members/${admin.id}`)
	expect(self.status()).toBe(409)
	expect((await self.json()).error).toBe('You cannot delete or deactivate your own staff account.')
	expect((await api.patch(`/api/admin/team-members/${admin.id}`, { data: { isActive: false } })).status()).toBe(409)
	const off = await api.patch(`/api/admin/team-members/${member.id}`, { data: { isActive: false } })
	expect((await off.json()).isActive).toBe(false)
	expect((await api.delete(`/api/admin/team-members/${member.id}`)).status()).toBe(200)
})

test('blog: required fields, unique slugs, drafts listed 10 a page, update and delete', async ({ makeUser, apiAs, request }) => {
	const admin = await makeStaff(makeUser, ['canManageBlogPosts'])
	const api = await apiAs(admin)
	const missing = await api.post('/api/admin/blog/posts', { data: { title: 'T', excerpt: '', content: '' } })
	expect(missing.status()).toBe(400)
	expect((await missing.json()).error).toBe('Please fill in all required fields')
	const title = `Mowing Heights ${Date.now()}`
	const a = await (await api.post('/api/admin/blog/posts', { data: { title, excerpt: 'E', content: 'C', isPublished: true } })).json()
	const b = await (await api.post('/api/admin/blog/posts', { data: { title, excerpt: 'E', content: 'C', publishDate: '2025-01-02T00:00:00.000Z' } })).json()
	expect(a.slug).toBe(title.toLowerCase().replace(/ /g, '-'))
	expect(b.slug).toBe(`${a.slug}-2`)
	expect(a.publishDate.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10))
	expect(b.isPublished).toBe(false)
	const page = await (await api.get('/api/admin/blog/posts?page=1&limit=10')).json()
	expect(page.posts.length).toBeLessThanOrEqual(10)
	expect(page.total).toBeGreaterThanOrEqual(2)
	// drafts stay off the public blog
	expect((await request.get(`/api/blog/posts/${b.slug}`)).status()).toBe(404)
	const put = await api.put(`/api/admin/blog/posts/${b.id}`, { data: { id: b.id, isPublished: true, title: 'Renamed' } })
	expect(await put.json()).toMatchObject({ title: 'Renamed', isPublished: true, slug: b.slug })
	expect((await request.get(`/api/blog/posts/${b.slug}`)).status()).toBe(200)
	expect((await api.put(`/api/admin/blog/posts/${b.id}`, { data: { title: '' } })).status()).toBe(400)
	for (const p of [a, b]) expect((await api.delete(`/api/admin/blog/posts/${p.id}`)).status()).toBe(200)
	expect((await api.delete(`/api/admin/blog/posts/${a.id}`)).status()).toBe(404)
})

test('cleanup: stats, manual trigger removes organizations past their date, logged with the admin', async ({ makeUser, apiAs }) => {
	const admin = await makeStaff(makeUser, ['canManageOrganizations'])
	const api = await apiAs(admin)
	const customer = await makeUser()
	const orgId = customer.organizationId!
	await db().organization.update({ where: { id: orgId }, data: { isDeactivated: true, deactivatedAt: new Date(Date.now() - 31 * 86_400_000), dataCleanupAt: new Date(Date.now() - 86_400_000) } })
	const before = await (await api.get('/api/admin/cleanup/stats')).json()
	expect(before.organizationsPendingCleanup).toBeGreaterThanOrEqual(1)
	expect(Object.keys(before).sort()).toEqual(['lastCleanupRun', 'nextCleanupScheduled', 'organizationsPendingCleanup'])
	const run = await api.post('/api/admin/cleanup/trigger')
	expect(run.status()).toBe(200)
	expect((await run.json()).ran).toBe(true)
	expect(await db().organization.count({ where: { id: orgId } })).toBe(0)
	expect(await db().user.count({ where: { id: customer.id } })).toBe(0)
	const after = await (await api.get('/api/admin/cleanup/stats')).json()
	expect(Date.parse(after.nextCleanupScheduled) - Date.parse(after.lastCleanupRun)).toBe(86_400_000)
	expect((await auditRows({ action: 'cleanup.organization.delete', targetId: orgId }))[0]).toMatchObject({ actorUserId: admin.id })
})

test('masquerade: JSON round trip, never a site admin, audited with who and whom', async ({ makeUser, apiAs, playwright, baseURL }) => {
	const admin = await makeStaff(makeUser, ['canManageUsers'])
	const otherAdmin = await makeStaff(makeUser)
	const member = await makeUser({ firstName: 'Mia' })
	const api = await apiAs(admin)
	expect((await api.post(`/api/admin/masquerade/${otherAdmin.id}`)).status()).toBe(403)
	const start = await api.post(`/api/admin/masquerade/${member.id}`)
	expect(start.status()).toBe(200)
	const { masqueradingAs, token } = await start.json()
	expect(masqueradingAs).toMatchObject({ firstName: 'Mia', lastName: 'User' })
	const asTarget = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } })
	const me = await (await asTarget.get('/api/auth/user')).json()
	expect(me).toMatchObject({ id: member.id, isMasquerading: true, originalAdminUser: { id: admin.id } })
	// while masquerading the admin is the member: no admin paths
	expect((await asTarget.get('/api/admin/stats')).status()).toBe(403)
	// what is done as the member is recorded under the admin's id
	expect((await asTarget.patch('/api/user/preferences', { data: { themePreference: 'dark' } })).status()).toBe(200)
	const stop = await asTarget.post('/api/admin/stop-masquerade')
	expect(stop.status()).toBe(200)
	const back = await stop.json()
	expect(back.returnedTo).toEqual({ firstName: 'Staff' })
	expect((await asTarget.get('/api/auth/user')).status()).toBe(401)
	await asTarget.dispose()
	const rows = await auditRows({ targetId: member.id })
	expect(rows.map((r) => [r.action, r.actorUserId])).toEqual([
		['admin.masquerade.start', admin.id],
		['masquerade.request', admin.id],
		['admin.masquerade.stop', admin.id],
	])
	expect(rows[0]!.details).toMatchObject({ adminUserId: admin.id, targetEmail: member.email })
	expect(rows[1]!.details).toEqual({ method: 'PATCH', path: '/api/user/preferences' })
})
