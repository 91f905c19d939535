// Stripe mode on /billing with JavaScript (issue 30): the card is typed on
// Stripe's hosted page (a local server speaking Stripe's API), never on ours;
// it pays the open invoice; a charge the bank wants confirmed goes through the
// bank's page and back; abandoning it leaves the invoice failed. Over HTTP:
// the raw-card paths answer 400 and the webhook checks signatures and replays.
import { CARDS } from '../support/stripe-server.ts'
import { addCardOnStripe, openInvoice, useStripeApp, type StripeApp } from '../support/stripe-app.ts'
import { db, expect, expectToast, sessionCookieHeader, signIn, test } from '../support/fixtures.ts'
import { makeStaff } from '../support/admin.ts'

let stripe: StripeApp
useStripeApp((app) => (stripe = app))

test('a card saved on Stripe pays the open invoice; the page never asks for the number', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const invoice = await openInvoice(admin.organization!.id, '49.99')
	await signIn(context, admin.id)
	await addCardOnStripe(page, expect, stripe.app.baseURL, CARDS.visa)
	await expectToast(page, 'Card Added', `Visa •••• 4242 is now your default card. Paid: ${invoice.invoiceNumber} ($49.99).`)
	await expect(page.getByRole('region', { name: 'Payment Methods' }).getByText('Visa •••• 4242')).toBeVisible()
	const customerId = (await db().organization.findUniqueOrThrow({ where: { id: admin.organization!.id } })).paymentCustomerId!
	expect(stripe.stripe.chargesFor(customerId).map((c) => c.amount)).toEqual([4999])
	// reloading the return address adds nothing and charges nothing more
	expect(await db().paymentMethod.count({ where: { organizationId: admin.organization!.id } })).toBe(1)
})

test('staff refund part of a paid invoice from the admin panel through Stripe; the customer sees it on /billing', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const invoice = await openInvoice(admin.organization!.id, '49.99')
	await signIn(context, admin.id)
	await addCardOnStripe(page, expect, stripe.app.baseURL, CARDS.visa)
	await expect(page.getByText(`Paid: ${invoice.invoiceNumber} ($49.99).`)).toBeVisible()

	const staff = await makeStaff(makeUser)
	await context.clearCookies()
	await signIn(context, staff.id)
	await page.goto(`${stripe.app.baseURL}/admin?tab=organizations&invoices=${admin.organization!.id}`)
	const dialog = page.getByRole('dialog', { name: `Invoices of ${admin.organization!.name}` })
	await dialog.getByLabel(`Refund amount for ${invoice.invoiceNumber}`).fill('60')
	await dialog.getByRole('button', { name: 'Refund' }).click()
	await expect(page.getByText('Enter an amount between $0.01 and $49.99.').first()).toBeVisible()
	await page.getByLabel(`Refund amount for ${invoice.invoiceNumber}`).fill('10.00')
	await page.getByRole('button', { name: 'Refund' }).click()
	await expect(page.getByText('Invoice refunded', { exact: true })).toBeVisible()
	const paid = await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })
	expect([...stripe.stripe.objects.values()].filter((o) => o.object === 'refund' && o.payment_intent === paid.paymentIntentId).map((r) => r.amount)).toEqual([1000])

	await context.clearCookies()
	await signIn(context, admin.id)
	await page.goto(`${stripe.app.baseURL}/billing`)
	await expect(page.getByRole('row', { name: new RegExp(invoice.invoiceNumber) }).getByText('Refunded $10.00')).toBeVisible()
})

test('3-D Secure: Confirm payment goes through the bank and back; abandoned, the invoice stays failed', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const first = await openInvoice(admin.organization!.id, '29.00')
	await signIn(context, admin.id)
	await addCardOnStripe(page, expect, stripe.app.baseURL, CARDS.authenticationRequired)
	await expect(page.getByText(`Declined: ${first.invoiceNumber}.`)).toBeVisible()
	await page.getByRole('button', { name: `Confirm payment of invoice ${first.invoiceNumber}` }).click()
	await expect(page.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible()
	await page.getByRole('button', { name: 'Fail authentication' }).click()
	await expect(page.getByText('Payment Not Completed', { exact: true })).toBeVisible()
	await expect.poll(async () => (await db().invoice.findUniqueOrThrow({ where: { id: first.id } })).status).toBe('failed')

	await page.getByRole('button', { name: `Confirm payment of invoice ${first.invoiceNumber}` }).click()
	await page.getByRole('button', { name: 'Complete authentication' }).click()
	await expect(page.getByText('Payment Confirmed', { exact: true })).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(first.invoiceNumber) }).getByText('paid', { exact: true })).toBeVisible()
	await expect(page.getByRole('button', { name: `Confirm payment of invoice ${first.invoiceNumber}` })).toHaveCount(0)
})

test('over HTTP: raw card numbers are refused; the webhook wants a valid signature, handles each event once and ignores unknown types', async ({ playwright, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const api = await playwright.request.newContext({ baseURL: stripe.app.baseURL, extraHTTPHeaders: { cookie: await sessionCookieHeader(admin.id) } })
	try {
		const card = { cardNumber: CARDS.visa, expiryMonth: '12', expiryYear: '39', cvv: '123', cardholderName: 'Pat Admin' }
		const method = await api.post(`/api/organizations/${admin.organization!.id}/payment-methods`, { data: card })
		expect([method.status(), await method.json()]).toEqual([400, { error: 'Card details are collected by Stripe' }])
		const checkout = await api.post('/api/checkout/complete', {
			data: {
				plan: 'pro',
				customerInfo: { firstName: 'Pat', lastName: 'Buyer', companyName: 'Lawns Co', email: `buyer-${Date.now()}@example.com`, password: 'correct-horse-battery', phone: '5125550100', address: '1100 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701', acceptTerms: true },
				creditCardInfo: card,
			},
		})
		expect(checkout.status()).toBe(400)
		expect((await checkout.json()).error).toBe('Card details are collected by Stripe')

		const invoice = await openInvoice(admin.organization!.id)
		await db().organization.update({ where: { id: admin.organization!.id }, data: { paymentCustomerId: `cus_http_${invoice.id}` } })
		const event = stripe.stripe.event('payment_intent.succeeded', { id: `pi_http_${invoice.id}`, object: 'payment_intent', status: 'succeeded', customer: `cus_http_${invoice.id}`, metadata: { invoiceId: invoice.id } })
		const tampered = await stripe.stripe.deliver(event, { secret: 'whsec_not_ours' })
		expect([tampered.status, JSON.parse(tampered.body)]).toEqual([400, { error: 'Invalid signature' }])
		const stale = await stripe.stripe.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 })
		expect(stale.status).toBe(400)
		const unsigned = await api.post('/api/webhooks/stripe', { data: event })
		expect(unsigned.status()).toBe(400)
		expect((await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('pending')

		const delivered = await stripe.stripe.deliver(event)
		expect([delivered.status, JSON.parse(delivered.body)]).toEqual([200, { received: true, duplicate: false }])
		expect(await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ status: 'paid', paymentIntentId: `pi_http_${invoice.id}` })
		const replay = await stripe.stripe.deliver(event)
		expect([replay.status, JSON.parse(replay.body)]).toEqual([200, { received: true, duplicate: true }])
		const unknown = await stripe.stripe.deliver(stripe.stripe.event('invoice.finalized', { id: 'in_1', object: 'invoice' }))
		expect(unknown.status).toBe(200)
		// nothing on the pages or in the replies carries the secret key
		const page = await api.get('/billing')
		expect(await page.text()).not.toContain('sk_test_')
		expect(stripe.app.output()).not.toContain('sk_test_')
	} finally {
		await api.dispose()
	}
})
