// Billing JSON paths over HTTP against the production build: coupons, plan
// changes (pro-rating, scheduling, permissions), cancellation, invoices.
import { randomBytes } from 'node:crypto'
import { db, expect, test } from '../support/fixtures.ts'

const DAY = 86_400_000

async function makeCoupon(data: { discountType?: string; discountValue?: string; maxUses?: number | null; validUntil?: Date | null; eligibleTierIds?: string[] } = {}) {
	return db().couponCode.create({
		data: {
			code: `T${randomBytes(4).toString('hex').toUpperCase()}`,
			name: 'Test coupon',
			discountType: data.discountType ?? 'percentage',
			discountValue: data.discountValue ?? '10',
			maxUses: data.maxUses === undefined ? 100 : data.maxUses,
			validUntil: data.validUntil === undefined ? new Date(Date.now() + 30 * DAY) : data.validUntil,
			eligibleTierIds: data.eligibleTierIds ?? [],
		},
	})
}

async function withPeriod(organizationId: string, daysLeft: number) {
	// a whole number of days plus a little, so the remaining days round up to daysLeft
	const end = new Date(Date.now() + (daysLeft - 1) * DAY + 3_600_000)
	await db().organization.update({ where: { id: organizationId }, data: { currentPeriodEnd: end } })
	return end
}

test('billing paths answer 401 JSON when signed out', async ({ request }) => {
	const calls: [string, string][] = [
		['POST', '/api/coupons/validate'],
		['PATCH', '/api/organizations/x/subscription'],
		['GET', '/api/organizations/x/active-coupon'],
		['POST', '/api/subscription/cancel'],
		['GET', '/api/invoices'],
		['GET', '/api/organizations/x/payment-methods'],
		['POST', '/api/organizations/x/payment-methods'],
	]
	for (const [method, url] of calls) {
		const res = await request.fetch(url, { method, data: method === 'GET' ? undefined : {} })
		expect(res.status(), `${method} ${url}`).toBe(401)
		expect(await res.json()).toEqual({ error: 'Authentication required' })
	}
})

test('POST /api/coupons/validate: empty, unknown, expired, used up and valid codes', async ({ makeUser, apiAs }) => {
	const api = await apiAs(await makeUser({ role: 'account_admin' }))
	const empty = await api.post('/api/coupons/validate', { data: { code: '  ' } })
	expect(empty.status()).toBe(400)
	expect((await empty.json()).fields).toEqual({ code: 'Please enter a coupon code' })

	const unknown = await api.post('/api/coupons/validate', { data: { code: 'NOPE-NOT-A-CODE' } })
	expect(unknown.status()).toBe(400)
	expect(await unknown.json()).toEqual({ error: 'Invalid coupon code' })

	const expired = await makeCoupon({ validUntil: new Date(Date.now() - DAY) })
	const exp = await api.post('/api/coupons/validate', { data: { code: expired.code } })
	expect(exp.status()).toBe(400)
	expect(await exp.json()).toEqual({ error: 'This coupon has expired' })

	const full = await makeCoupon({ maxUses: 1 })
	await db().couponCode.update({ where: { id: full.id }, data: { usedCount: 1 } })
	expect(await (await api.post('/api/coupons/validate', { data: { code: full.code } })).json()).toEqual({ error: 'This coupon has reached its maximum number of uses' })

	const good = await makeCoupon({ discountType: 'fixed_amount', discountValue: '5', maxUses: 3 })
	const ok = await api.post('/api/coupons/validate', { data: { code: good.code.toLowerCase() } })
	expect(ok.status()).toBe(200)
	expect(await ok.json()).toMatchObject({ code: good.code, name: 'Test coupon', discountType: 'fixed_amount', discountValue: '5.00', maxUses: 3, usedCount: 0 })
})

test('payment methods: an admin adds a card that pays the open invoices; members 403, other organizations 404, bad cards 400', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'pro' })
	const organizationId = admin.organization!.id
	const member = await makeUser({ role: 'member', organizationId })
	const outsider = await makeUser({ role: 'account_admin' })
	const card = { cardholderName: 'Pat Admin', cardNumber: '4242 4242 4242 4242', expiryMonth: '12', expiryYear: '39', cvv: '123' }
	const path = `/api/organizations/${organizationId}/payment-methods`
	const open = await db().invoice.create({
		data: { invoiceNumber: `INV-API-${randomBytes(3).toString('hex')}`, organizationId, billingPeriodStart: new Date('2026-09-01T00:00:00Z'), billingPeriodEnd: new Date('2026-10-01T00:00:00Z'), subtotalAmount: '19.50', totalAmount: '19.50', status: 'pending' },
	})

	expect((await (await apiAs(member)).post(path, { data: card })).status()).toBe(403)
	const foreign = await (await apiAs(outsider)).post(path, { data: card })
	expect([foreign.status(), await foreign.json()]).toEqual([404, { error: 'Organization not found' }])
	expect((await (await apiAs(outsider)).get(path)).status()).toBe(404)

	const api = await apiAs(admin)
	const invalid = await api.post(path, { data: { ...card, cardNumber: '4242', expiryMonth: '00', cvv: 'abc', cardholderName: '' } })
	expect(invalid.status()).toBe(400)
	expect((await invalid.json()).fields).toEqual({
		cardNumber: 'Please enter a valid 16-digit card number',
		expiryMonth: 'Please enter a valid month (01-12)',
		cvv: 'Please enter a valid 3 or 4 digit security code',
		cardholderName: 'Cardholder name is required',
	})
	const declined = await api.post(path, { data: { ...card, cardNumber: '4000 0000 0000 0002' } })
	expect([declined.status(), await declined.json()]).toEqual([400, { error: 'Your card was declined.', fields: { cardNumber: 'Your card was declined.' } }])
	expect(await db().paymentMethod.count({ where: { organizationId } })).toBe(0)

	const added = await api.post(path, { data: card })
	expect(added.status()).toBe(201)
	const body = await added.json()
	expect(body.paymentMethod).toMatchObject({ brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2039, isDefault: true })
	expect(body.invoices).toEqual([{ id: open.id, invoiceNumber: open.invoiceNumber, totalAmount: '19.50', status: 'paid' }])
	expect(JSON.stringify(body)).not.toContain('4242 4242')
	const listed = await (await apiAs(member)).get(path)
	expect(listed.status()).toBe(403)
	expect((await (await api.get(path)).json()).paymentMethods).toEqual([body.paymentMethod])
	expect((await db().invoice.findUniqueOrThrow({ where: { id: open.id } })).status).toBe('paid')
})

test('PATCH subscription: other organizations are 404, members 403, unknown or hidden plans 400', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'starter' })
	const other = await makeUser({ role: 'account_admin' })
	const member = await makeUser({ role: 'member', organizationId: admin.organization!.id })
	const api = await apiAs(admin)

	const foreign = await api.patch(`/api/organizations/${other.organization!.id}/subscription`, { data: { subscriptionTierId: 'pro' } })
	expect(foreign.status()).toBe(404)
	expect(await (await api.get(`/api/organizations/${other.organization!.id}/active-coupon`)).json()).toEqual({ error: 'Organization not found' })

	const asMember = await (await apiAs(member)).patch(`/api/organizations/${admin.organization!.id}/subscription`, { data: { subscriptionTierId: 'pro' } })
	expect(asMember.status()).toBe(403)
	expect(await asMember.json()).toEqual({ error: 'Only account admins can manage the subscription.' })

	for (const tier of ['no-such-plan', 'franchise']) {
		const res = await api.patch(`/api/organizations/${admin.organization!.id}/subscription`, { data: { subscriptionTierId: tier } })
		expect(res.status()).toBe(400)
		expect((await res.json()).error).toBe('The selected plan is not available.')
	}
	const org = await db().organization.findUniqueOrThrow({ where: { id: admin.organization!.id } })
	expect(org.subscriptionTierId).toBe('starter')
})

test('an upgrade with a coupon applies now and bills the pro-rated difference less the coupon', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'starter' })
	const orgId = admin.organization!.id
	await withPeriod(orgId, 15)
	const coupon = await makeCoupon({ discountType: 'percentage', discountValue: '10', eligibleTierIds: ['pro'] })
	const api = await apiAs(admin)

	const res = await api.patch(`/api/organizations/${orgId}/subscription`, { data: { subscriptionTierId: 'pro', couponCode: coupon.code } })
	expect(res.status()).toBe(200)
	const body = await res.json()
	// (49.99 − 29.99) × 15 / 30 = 10.00; 10 % off = 1.00
	expect(body).toMatchObject({ changeType: 'upgrade', subscriptionTierId: 'pro', proratedCharge: '10.00', discount: '1.00', balanceApplied: '0.00', totalDueToday: '9.00' })
	expect(Math.abs(new Date(body.effectiveDate).getTime() - Date.now())).toBeLessThan(60_000)

	const org = await db().organization.findUniqueOrThrow({ where: { id: orgId } })
	expect(org.subscriptionTierId).toBe('pro')
	expect((await db().couponCode.findUniqueOrThrow({ where: { id: coupon.id } })).usedCount).toBe(1)
	const active = await (await api.get(`/api/organizations/${orgId}/active-coupon`)).json()
	expect(active.coupon).toMatchObject({ code: coupon.code, usedCount: 1, maxUses: 100 })
	const pending = await db().pendingCharge.findMany({ where: { organizationId: orgId }, orderBy: { amount: 'desc' } })
	expect(pending.map((p) => [p.itemType, p.amount.toFixed(2)])).toEqual([['proration', '10.00'], ['discount', '-1.00']])

	// a coupon for other plans only is refused and nothing changes
	const admin2 = await makeUser({ role: 'account_admin', tierId: 'starter' })
	const growthOnly = await makeCoupon({ eligibleTierIds: ['growth'] })
	const refused = await (await apiAs(admin2)).patch(`/api/organizations/${admin2.organization!.id}/subscription`, { data: { subscriptionTierId: 'pro', couponCode: growthOnly.code } })
	expect(refused.status()).toBe(400)
	expect(await refused.json()).toEqual({ error: 'This coupon is not valid for the selected plan' })
	expect((await db().couponCode.findUniqueOrThrow({ where: { id: growthOnly.id } })).usedCount).toBe(0)
	expect((await db().organization.findUniqueOrThrow({ where: { id: admin2.organization!.id } })).subscriptionTierId).toBe('starter')
})

test('account credit is used before the card; a downgrade is scheduled for the period end', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'starter' })
	const orgId = admin.organization!.id
	await withPeriod(orgId, 30)
	await db().organization.update({ where: { id: orgId }, data: { accountBalance: '5.00' } })
	const api = await apiAs(admin)
	const up = await (await api.patch(`/api/organizations/${orgId}/subscription`, { data: { subscriptionTierId: 'pro' } })).json()
	expect(up).toMatchObject({ changeType: 'upgrade', proratedCharge: '20.00', balanceApplied: '5.00', totalDueToday: '15.00' })
	expect((await db().organization.findUniqueOrThrow({ where: { id: orgId } })).accountBalance.toFixed(2)).toBe('0.00')

	const end = await withPeriod(orgId, 12)
	const down = await api.patch(`/api/organizations/${orgId}/subscription`, { data: { subscriptionTierId: 'starter' } })
	expect(down.status()).toBe(200)
	const body = await down.json()
	expect(body).toMatchObject({ changeType: 'downgrade', subscriptionTierId: 'pro', scheduledSubscriptionTierId: 'starter', totalDueToday: '0.00' })
	expect(body.effectiveDate).toBe(end.toISOString())
	const org = await db().organization.findUniqueOrThrow({ where: { id: orgId } })
	expect([org.subscriptionTierId, org.scheduledSubscriptionTierId]).toEqual(['pro', 'starter'])
})

test('an expired coupon is refused on the subscription path and nothing changes', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'starter' })
	const expired = await makeCoupon({ validUntil: new Date(Date.now() - 1000) })
	const res = await (await apiAs(admin)).patch(`/api/organizations/${admin.organization!.id}/subscription`, { data: { subscriptionTierId: 'pro', couponCode: expired.code } })
	expect(res.status()).toBe(400)
	expect(await res.json()).toEqual({ error: 'This coupon has expired' })
	expect((await db().organization.findUniqueOrThrow({ where: { id: admin.organization!.id } })).subscriptionTierId).toBe('starter')
	expect((await db().couponCode.findUniqueOrThrow({ where: { id: expired.id } })).usedCount).toBe(0)
})

test('50 concurrent applies of a coupon with 5 uses: exactly 5 succeed', async ({ makeUser, apiAs }) => {
	test.setTimeout(120_000)
	const coupon = await makeCoupon({ maxUses: 5 })
	const admins = await Promise.all(Array.from({ length: 50 }, () => makeUser({ role: 'account_admin', tierId: 'starter' })))
	const apis = await Promise.all(admins.map((a) => apiAs(a)))
	const results = await Promise.all(
		apis.map((api, i) => api.patch(`/api/organizations/${admins[i]!.organization!.id}/subscription`, { data: { subscriptionTierId: 'pro', couponCode: coupon.code } })),
	)
	const statuses = results.map((r) => r.status())
	expect(statuses.filter((s) => s === 200)).toHaveLength(5)
	expect(statuses.filter((s) => s === 400)).toHaveLength(45)
	const errors = await Promise.all(results.filter((r) => r.status() === 400).map((r) => r.json()))
	expect(new Set(errors.map((e) => e.error))).toEqual(new Set(['This coupon has reached its maximum number of uses']))
	expect((await db().couponCode.findUniqueOrThrow({ where: { id: coupon.id } })).usedCount).toBe(5)
	const upgraded = await db().organization.count({ where: { id: { in: admins.map((a) => a.organization!.id) }, subscriptionTierId: 'pro' } })
	expect(upgraded).toBe(5)
})

test('cancel keeps access until the period end; members cannot cancel; a second cancel is 409', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const member = await makeUser({ role: 'member', organizationId: admin.organization!.id })
	const end = await withPeriod(admin.organization!.id, 10)
	const denied = await (await apiAs(member)).post('/api/subscription/cancel', { data: {} })
	expect(denied.status()).toBe(403)

	const api = await apiAs(admin)
	const res = await api.post('/api/subscription/cancel', { data: {} })
	expect(res.status()).toBe(200)
	const body = await res.json()
	expect(body.accessUntil).toBe(end.toISOString())
	expect(body.details).toContain('You keep access until')
	const org = await db().organization.findUniqueOrThrow({ where: { id: admin.organization!.id } })
	expect([org.subscriptionStatus, org.isDeactivated]).toEqual(['cancelled', false])
	// still signed in and working until the period ends
	expect((await api.get('/api/auth/user')).status()).toBe(200)
	const again = await api.post('/api/subscription/cancel', { data: {} })
	expect(again.status()).toBe(409)
	expect(await again.json()).toEqual({ error: 'Your subscription is already cancelled.' })
})

test('GET /api/invoices: own organization only, account admins and canViewInvoices', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const other = await makeUser({ role: 'account_admin' })
	const start = new Date('2026-01-05T00:00:00Z')
	await db().invoice.create({
		data: { invoiceNumber: `INV-T-${randomBytes(4).toString('hex')}`, organizationId: admin.organization!.id, billingPeriodStart: start, billingPeriodEnd: new Date('2026-02-05T00:00:00Z'), totalAmount: '49.99', subtotalAmount: '49.99', status: 'paid', subscriptionTierName: 'Pro' },
	})
	const list = await (await apiAs(admin)).get('/api/invoices')
	expect(list.status()).toBe(200)
	const invoices = await list.json()
	expect(invoices).toHaveLength(1)
	expect(invoices[0]).toMatchObject({ status: 'paid', totalAmount: '49.99', subscriptionTierName: 'Pro', billingPeriodStart: start.toISOString() })
	expect(await (await (await apiAs(other)).get('/api/invoices')).json()).toEqual([])

	const member = await makeUser({ role: 'member', organizationId: admin.organization!.id })
	expect((await (await apiAs(member)).get('/api/invoices')).status()).toBe(403)
	const viewer = await makeUser({ role: 'member', organizationId: admin.organization!.id, canViewInvoices: true })
	expect(await (await (await apiAs(viewer)).get('/api/invoices')).json()).toHaveLength(1)
})

// ---------------------------------------------------------------- checkout, PDF, support

const customerInfo = (email: string) => ({
	firstName: 'Api',
	lastName: 'Buyer',
	email,
	password: 'a-long-enough-password',
	phone: '5125550100',
	address: '500 Congress Ave',
	city: 'Austin',
	state: 'TX',
	zipCode: '78701',
	acceptTerms: true,
})
const card = (cardNumber: string) => ({ cardNumber, expiryMonth: '12', expiryYear: '39', cvv: '123', cardholderName: 'Api Buyer', billingAddressSame: true })
const buyerEmail = () => `buyer-${randomBytes(5).toString('hex')}@example.com`

test('POST /api/checkout/complete: card validation never reaches the gateway; a declined card creates nothing', async ({ request }) => {
	const email = buyerEmail()
	const bad = await request.post('/api/checkout/complete', {
		data: { customerInfo: customerInfo(email), creditCardInfo: { cardNumber: '4242 4242', expiryMonth: '00', expiryYear: '2039', cvv: '1', cardholderName: ' ', billingAddressSame: false }, plan: 'pro' },
	})
	expect(bad.status()).toBe(400)
	expect((await bad.json()).fields).toMatchObject({
		'creditCardInfo.cardNumber': 'Please enter a valid 16-digit card number',
		'creditCardInfo.expiryMonth': 'Please enter a valid month (01-12)',
		'creditCardInfo.expiryYear': 'Please enter a valid year (YY)',
		'creditCardInfo.cvv': 'Please enter a valid 3 or 4 digit security code',
		'creditCardInfo.cardholderName': 'Cardholder name is required',
		'creditCardInfo.billingAddress': 'Billing address information is required when different from customer address',
	})
	const declined = await request.post('/api/checkout/complete', { data: { customerInfo: customerInfo(email), creditCardInfo: card('4000 0000 0000 0002'), plan: 'pro' } })
	expect(declined.status()).toBe(400)
	expect(await declined.json()).toEqual({ error: 'Your card was declined.', fields: { cardNumber: 'Your card was declined.' } })
	expect(await db().user.count({ where: { email } })).toBe(0)
	const unknown = await request.post('/api/checkout/complete', { data: { customerInfo: customerInfo(email), creditCardInfo: card('4242 4242 4242 4242'), plan: 'nope' } })
	expect(await unknown.json()).toMatchObject({ error: 'The selected plan could not be found.' })
})

test('POST /api/checkout/complete: a double submit creates one account and one card', async ({ request }) => {
	const email = buyerEmail()
	const body = { data: { customerInfo: customerInfo(email), creditCardInfo: card('4242424242424242'), plan: { id: 'growth', name: 'Growth' } } }
	const [a, b] = await Promise.all([request.post('/api/checkout/complete', body), request.post('/api/checkout/complete', body)])
	expect([a.status(), b.status()].sort()).toEqual([201, 409])
	const users = await db().user.findMany({ where: { email }, include: { organization: { include: { paymentMethods: true, invoices: true } } } })
	expect(users).toHaveLength(1)
	expect(users[0]!.organization!.subscriptionTierId).toBe('growth')
	expect(users[0]!.organization!.paymentMethods).toHaveLength(1)
	expect(users[0]!.organization!.invoices.map((i) => i.totalAmount.toFixed(2))).toEqual(['99.99'])
	await db().organization.delete({ where: { id: users[0]!.organizationId! } }).catch(() => {})
})

test('GET /api/invoices/{id}/pdf: the PDF for the own organization, 404 for others', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const other = await makeUser({ role: 'account_admin' })
	const invoice = await db().invoice.create({
		data: {
			invoiceNumber: `INV-PDF-${randomBytes(4).toString('hex')}`,
			organizationId: admin.organization!.id,
			billingPeriodStart: new Date('2026-02-01T00:00:00Z'),
			billingPeriodEnd: new Date('2026-03-01T00:00:00Z'),
			subtotalAmount: '29.99',
			totalAmount: '29.99',
			lineItems: { create: [{ description: 'Starter plan (monthly)', unitPrice: '29.99', totalPrice: '29.99', itemType: 'subscription' }] },
		},
	})
	const res = await (await apiAs(admin)).get(`/api/invoices/${invoice.id}/pdf`)
	expect(res.status()).toBe(200)
	expect(res.headers()['content-type']).toBe('application/pdf')
	expect(res.headers()['content-disposition']).toBe(`attachment; filename="invoice-${invoice.invoiceNumber}.pdf"`)
	expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-')
	const foreign = await (await apiAs(other)).get(`/api/invoices/${invoice.id}/pdf`)
	expect(foreign.status()).toBe(404)
	expect(await foreign.json()).toEqual({ error: 'Invoice not found' })
})

test('POST /api/contact-billing-support: required fields, images only, 10 MB each', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const api = await apiAs(admin)
	const empty = await api.post('/api/contact-billing-support', { multipart: { subject: ' ', body: '' } })
	expect(empty.status()).toBe(400)
	expect((await empty.json()).fields).toEqual({ subject: 'Subject is required', body: 'Message is required' })
	const notImage = await api.post('/api/contact-billing-support', { multipart: { subject: 'Hi', body: 'Text', attachment: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4 nope') } } })
	expect(notImage.status()).toBe(400)
	expect((await notImage.json()).fields).toEqual({ attachment: 'Attachments must be images' })
	const big = await api.post('/api/contact-billing-support', { multipart: { subject: 'Hi', body: 'Text', attachment: { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) } } })
	expect(big.status()).toBe(413)
	expect((await big.json()).error).toBe('Each attachment must be 10MB or smaller')
	const member = await makeUser({ role: 'member', organizationId: admin.organization!.id })
	const denied = await (await apiAs(member)).post('/api/contact-billing-support', { multipart: { subject: 'Hi', body: 'Text' } })
	expect(denied.status()).toBe(403)
	const ok = await api.post('/api/contact-billing-support', { multipart: { subject: 'Hi', body: 'Text' } })
	expect(ok.status()).toBe(200)
	expect(await ok.json()).toEqual({ message: 'Message Sent', description: "Your message has been sent to our billing support team. We'll respond to your email shortly." })
})
