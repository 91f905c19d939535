// Tenant isolation, generated from the route config (issue 10 §1): every
// /api/* path of app/routes.ts and every method is tried as anonymous, as the
// member and the account_admin of another organization, and as a site admin
// with partial permissions, against a victim organization's ids. A new path is
// covered the day it is added; a path whose parameter this file cannot fill
// fails the test until it is taught here.
//
// Asserted: no 5xx for anyone; anonymous gets 401 (405 for a method the path
// does not have) everywhere but the public paths; nobody outside the victim
// organization gets a 2xx on a path naming one of its ids, sees any of its
// rows in any response, or changes any of its rows.
import { randomBytes } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import routes from '../../app/routes.ts'
import { createSessionToken, db, expect, test } from '../support/fixtures.ts'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** Paths anyone may call (sign-in, public content, the bot check, geocoding, checkout). */
const PUBLIC = [
	/^api\/login$/,
	/^api\/logout$/,
	/^api\/auth\/(register|login|login\/verify-2fa|login\/resend-2fa|logout|forgot-password|reset-password|resend-verification|accept-invitation)$/,
	/^api\/captcha\//,
	/^api\/blog\/posts/,
	/^api\/subscription-tiers$/,
	/^api\/geocode\//,
	/^api\/checkout\//,
	/^api\/coupons\/validate$/,
	/^api\/contact/,
	// Stripe's events: signed with the endpoint's secret, not a session (issue 30)
	/^api\/webhooks\/stripe$/,
]

/** Browser routes under /api (form targets): they answer with redirects, not JSON. */
const BROWSER = [/^api\/login$/, /^api\/logout$/, /^api\/admin\/masquerade\/stop$/]

type Victim = Awaited<ReturnType<typeof makeVictim>>

async function makeVictim() {
	const tag = `victim${randomBytes(4).toString('hex')}`
	const org = await db().organization.create({
		// issue 30: its Stripe customer; a foreign caller must never see, charge or refund through it
		data: { name: `Org ${tag}`, accountNumber: `V-${tag}`, subscriptionTierId: 'pro', paymentCustomerId: `cus_${tag}` },
	})
	await db().paymentMethod.create({ data: { organizationId: org.id, brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2039, cardholderName: `Holder ${tag}`, gatewayToken: `pm_${tag}`, isDefault: true } })
	const user = (role: string) =>
		db().user.create({
			data: {
				email: `${role}-${tag}@example.com`,
				firstName: `First${tag}`,
				lastName: `Last${tag}`,
				role,
				emailVerified: true,
				organizationId: org.id,
			},
		})
	const admin = await user('account_admin')
	const member = await user('member')
	const measurement = await db().measurement.create({
		data: {
			organizationId: org.id,
			createdByUserId: member.id,
			label: `Lawn ${tag}`,
			address: `1 ${tag} St, Austin, TX 78701`,
			shapes: [{ id: 's1', type: 'polygon', coordinates: [{ lat: 30.2, lng: -97.7 }, { lat: 30.2, lng: -97.699 }, { lat: 30.201, lng: -97.699 }] }],
			total_area_sqft: 1234,
		},
	})
	const invitation = await db().userInvitation.create({
		data: {
			email: `invitee-${tag}@example.com`,
			role: 'member',
			organizationId: org.id,
			invitedBy: admin.id,
			inviteToken: `token-${tag}`,
			expiresAt: new Date(Date.now() + 86_400_000),
		},
	})
	const invoice = await db().invoice.create({
		data: {
			invoiceNumber: `INV-${tag}`,
			organizationId: org.id,
			billingPeriodStart: new Date('2026-10-01T00:00:00Z'),
			billingPeriodEnd: new Date('2026-10-31T00:00:00Z'),
			subtotalAmount: 79,
			totalAmount: 79,
			status: 'paid',
			paidAt: new Date('2026-10-01T00:00:00Z'),
			isProcessed: true,
			paymentIntentId: `pi_${tag}`,
			subscriptionTierName: `Pro ${tag}`,
		},
	})
	// issue 19: a live customer link on the measurement (its share paths must not reach it)
	const share = await db().measurementShare.create({
		data: { measurementId: measurement.id, organizationId: org.id, createdByUserId: member.id, tokenHash: `hash-${tag}`, contactName: `Contact ${tag}`, expiresAt: new Date(Date.now() + 86_400_000) },
	})
	// issue 19: a widget lead and the quote widget (GET /api/leads must not reach them)
	const lead = await db().lead.create({
		data: { organizationId: org.id, source: 'widget', name: `Lead ${tag}`, email: `lead-${tag}@example.com`, phone: '3035550100', address: `2 ${tag} St, Austin, TX 78701` },
	})
	await db().quoteWidget.create({ data: { organizationId: org.id, enabled: true, publicKey: randomBytes(16).toString('base64url'), allowedDomains: [`${tag}.example`] } })
	// staff-level objects the admin paths name: a coupon, a staff member, a plan in use
	const coupon = await db().couponCode.create({ data: { code: `V${tag}`.toUpperCase(), name: `Coupon ${tag}`, discountType: 'percentage', discountValue: 10 } })
	const staffUser = await db().user.create({ data: { email: `staff-${tag}@example.com`, firstName: `Staff${tag}`, lastName: 'Victim', role: 'site_admin', emailVerified: true } })
	const staff = await db().adminUser.create({ data: { userId: staffUser.id, canManageUsers: true } })
	// issue 34: a running bulk batch with one row (its paths must not reach, start, cancel or export it)
	const batch = await db().bulkBatch.create({
		data: { organizationId: org.id, createdByUserId: admin.id, contentHash: `hash-${tag}`, fileName: `${tag}.csv`, status: 'running', rowCount: 1, startedAt: new Date() },
	})
	await db().bulkRow.create({ data: { batchId: batch.id, organizationId: org.id, rowNumber: 1, address: `3 ${tag} St, Austin, TX 78701`, status: 'failed', error: 'kept' } })
	return { tag, org, admin, member, measurement, share, lead, invitation, invoice, coupon, staff, staffUser, batch }
}

/** What each path parameter is filled with: always one of the victim's ids. */
function fill(path: string, victim: Victim): string | null {
	let unknown = false
	const filled = path.replace(/:(\w+)\??/g, (_m, name: string) => {
		if (path.startsWith('api/organizations/')) return victim.org.id
		if (path.startsWith('api/measurements/')) return victim.measurement.id
		if (path.startsWith('api/account/users/') || path.startsWith('api/admin/users/') || path.startsWith('api/admin/masquerade/')) return victim.member.id
		if (path.startsWith('api/account/invitations/')) return victim.invitation.id
		if (path.startsWith('api/admin/organizations/')) return victim.org.id
		if (path.startsWith('api/invoices/') || path.startsWith('api/admin/invoices/')) return victim.invoice.id
		if (path.startsWith('api/leads/')) return victim.lead.id
		if (path.startsWith('api/bulk-measurements/')) return name === 'command' ? 'cancel' : victim.batch.id
		if (path.startsWith('api/admin/subscription-tiers/')) return 'pro'
		if (path.startsWith('api/admin/coupons/')) return victim.coupon.id
		if (path.startsWith('api/admin/team-members/')) return victim.staff.id
		// the partial staff member may manage posts: name one that does not exist
		if (path.startsWith('api/admin/blog/posts/') || (path.startsWith('api/blog/posts/') && name === 'idOrSlug')) return 'no-such-post'
		unknown = true
		return `:${name}`
	})
	return unknown ? null : filled
}

/** Request bodies that pass validation where we know the path, so only ownership can refuse them. */
const VALID_BODIES: Record<string, unknown> = {
	'PATCH api/measurements/:id': { label: 'taken over' },
	'PUT api/measurements/:id': { label: 'taken over' },
	'PATCH api/account/users/:id': { firstName: 'Taken', lastName: 'Over', email: 'taken-over@example.com', role: 'account_admin' },
	'PUT api/account/users/:id': { firstName: 'Taken', lastName: 'Over', email: 'taken-over@example.com', role: 'account_admin' },
	'PATCH api/organizations/:id/settings': { defaultUnit: 'acres' },
	'POST api/measurements/:id/share': { services: [], notes: 'taken over' },
	'PATCH api/organizations/:id/ai-training': { allowAiTraining: true },
	'PATCH api/organizations/:id/subscription': { subscriptionTierId: 'starter' },
	'PATCH api/leads/:id': { status: 'won' },
	'POST api/admin/invoices/:id/refund': { amount: 10 },
	'POST api/organizations/:id/payment-methods': { cardNumber: '4242 4242 4242 4242', expiryMonth: '12', expiryYear: '39', cvv: '123', cardholderName: 'Taken Over' },
}

async function snapshot(victim: Victim) {
	const [org, users, measurements, invitations, tier, coupon, staff, invoices, shares, leads, widget, paymentMethods, batches] = await Promise.all([
		db().organization.findUnique({ where: { id: victim.org.id } }),
		db().user.findMany({ where: { organizationId: victim.org.id }, orderBy: { id: 'asc' } }),
		db().measurement.findMany({ where: { organizationId: victim.org.id }, orderBy: { id: 'asc' } }),
		db().userInvitation.findMany({ where: { organizationId: victim.org.id }, orderBy: { id: 'asc' } }),
		db().subscriptionTier.findUnique({ where: { id: 'pro' } }),
		db().couponCode.findUnique({ where: { id: victim.coupon.id } }),
		db().adminUser.findUnique({ where: { id: victim.staff.id }, include: { user: true } }),
		db().invoice.findMany({ where: { organizationId: victim.org.id }, include: { lineItems: true } }),
		db().measurementShare.findMany({ where: { organizationId: victim.org.id }, orderBy: { id: 'asc' } }),
		db().lead.findMany({ where: { organizationId: victim.org.id }, orderBy: { id: 'asc' } }),
		db().quoteWidget.findUnique({ where: { organizationId: victim.org.id } }),
		db().paymentMethod.findMany({ where: { organizationId: victim.org.id }, orderBy: { id: 'asc' } }),
		db().bulkBatch.findMany({ where: { organizationId: victim.org.id }, include: { rows: true } }),
	])
	return JSON.stringify({ org, users, measurements, invitations, tier, coupon, staff, invoices, shares, leads, widget, paymentMethods, batches })
}

test('no /api path lets anyone outside an organization see or change its data', async ({ playwright, baseURL, makeUser }) => {
	test.setTimeout(300_000)
	const victim = await makeVictim()
	const markers = [victim.tag, victim.batch.id, victim.share.id, victim.lead.id, victim.org.id, victim.admin.id, victim.member.id, victim.measurement.id, victim.invitation.id, victim.invoice.id, victim.coupon.id, victim.staff.id, victim.staffUser.id]

	const foreignAdmin = await makeUser({ role: 'account_admin' })
	const foreignMember = await makeUser({ role: 'member', organizationId: foreignAdmin.organization!.id })
	const partialStaff = await makeUser({ role: 'site_admin' })
	await db().adminUser.create({ data: { userId: partialStaff.id, canManageBlogPosts: true } })

	const client = async (userId: string | null) =>
		playwright.request.newContext({
			baseURL,
			extraHTTPHeaders: {
				'X-Forwarded-For': `10.200.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
				...(userId ? { Authorization: `Bearer ${await createSessionToken(userId)}` } : {}),
			},
		})
	const actors: { name: string; api: APIRequestContext; staff?: boolean }[] = [
		{ name: 'anonymous', api: await client(null) },
		{ name: 'member of another organization', api: await client(foreignMember.id) },
		{ name: 'account_admin of another organization', api: await client(foreignAdmin.id) },
		{ name: 'site_admin with only the blog permission', api: await client(partialStaff.id), staff: true },
	]

	const before = await snapshot(victim)
	// sign-out paths last: they end the actors' sessions
	const signOut = (path = '') => (/logout/.test(path) ? 1 : 0)
	const apiRoutes = routes.filter((r) => r.path?.startsWith('api/') && r.path !== 'api/*').sort((a, b) => signOut(a.path) - signOut(b.path))
	expect(apiRoutes.length).toBeGreaterThan(40)
	const unfillable = apiRoutes.filter((r) => fill(r.path!, victim) === null).map((r) => r.path)
	expect(unfillable, 'paths with a parameter this test cannot fill').toEqual([])

	const failures: string[] = []
	let calls = 0
	for (const route of apiRoutes) {
		const template = route.path!
		const url = `/${fill(template, victim)}`
		const isPublic = PUBLIC.some((p) => p.test(template))
		const namesVictim = template.includes(':')
		for (const method of METHODS) {
			const data = VALID_BODIES[`${method} ${template}`] ?? (method === 'GET' || method === 'DELETE' ? undefined : {})
			for (const actor of actors) {
				const res = await actor.api.fetch(url, { method, data, maxRedirects: 0 })
				calls++
				const status = res.status()
				const body = await res.text()
				const where = `${actor.name}: ${method} ${url} → ${status}`
				if (status >= 500) failures.push(`${where} (server error) ${body.slice(0, 200)}`)
				const isBrowserRoute = BROWSER.some((p) => p.test(template))
				if (actor.name === 'anonymous' && !isPublic && status !== 401 && status !== 405 && !(isBrowserRoute && status >= 300 && status < 400)) failures.push(`${where} (expected 401)`)
				// the blog-only staff member is refused every other admin section
				if (actor.staff && template.startsWith('api/admin/') && !template.startsWith('api/admin/blog/') && status !== 403 && status !== 405 && !template.includes('masquerade')) failures.push(`${where} (expected 403 without the permission)`)
				if (namesVictim && status >= 200 && status < 300 && !(actor.staff && isPublic)) failures.push(`${where} (foreign id accepted)`)
				const leaked = markers.filter((m) => body.includes(m))
				if (leaked.length) failures.push(`${where} (shows the victim's ${leaked.join(', ')})`)
				if (status >= 400 && !res.headers()['content-type']?.includes('application/json')) failures.push(`${where} (error is not JSON)`)
				else if (status >= 400 && typeof (JSON.parse(body) as { error?: unknown }).error !== 'string') failures.push(`${where} (no error message)`)
			}
		}
	}
	for (const actor of actors) await actor.api.dispose()
	console.log(`isolation matrix: ${apiRoutes.length} paths × ${METHODS.length} methods × ${actors.length} actors = ${calls} requests`)
	expect(failures).toEqual([])
	// and nothing of the victim's changed
	expect(await snapshot(victim)).toBe(before)

	// the victim's own people still reach their data through the same paths
	const own = await client(victim.admin.id)
	expect((await own.get(`/api/measurements/${victim.measurement.id}`)).status()).toBe(200)
	expect((await own.get(`/api/organizations/${victim.org.id}`)).status()).toBe(200)
	const ownMember = await client(victim.member.id)
	expect((await ownMember.get(`/api/measurements/${victim.measurement.id}`)).status()).toBe(200)
	expect((await ownMember.get(`/api/measurements/${victim.measurement.id}/share`)).status()).toBe(200)
	// issue 34: the victim's account admin reaches its batch; its member is refused bulk measure
	expect((await own.get(`/api/bulk-measurements/${victim.batch.id}`)).status()).toBe(200)
	expect((await ownMember.get(`/api/bulk-measurements/${victim.batch.id}`)).status()).toBe(403)
	const ownLeads = await ownMember.get('/api/leads')
	expect(ownLeads.status()).toBe(200)
	expect((await ownLeads.json()).leads.map((l: { id: string }) => l.id)).toEqual([victim.lead.id])
	expect((await ownMember.get(`/api/leads/${victim.lead.id}`)).status()).toBe(200)
	const ownChange = await ownMember.patch(`/api/leads/${victim.lead.id}`, { data: { status: 'contacted' } })
	expect(ownChange.status()).toBe(200)
	expect((await ownChange.json()).status).toBe('contacted')
	expect((await ownMember.delete(`/api/account/users/${victim.admin.id}`)).status()).toBe(403)
	await own.dispose()
	await ownMember.dispose()

	await db().organization.delete({ where: { id: victim.org.id } }).catch(() => {})
	await db().couponCode.delete({ where: { id: victim.coupon.id } }).catch(() => {})
	await db().user.delete({ where: { id: victim.staffUser.id } }).catch(() => {})
})
