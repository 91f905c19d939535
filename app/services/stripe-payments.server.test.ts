// Stripe as the processor (issue 30), against a local server speaking Stripe's
// API (tests/support/stripe-server.ts) through the official `stripe` package:
// cards saved on the hosted page, off-session charges with idempotency keys,
// declines, 3-D Secure, outages, a dropped reply, webhooks.
import { createHmac, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import type { StripeGateway } from '~/integrations/stripe.server.ts'
import { CARDS, STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET, type StripeServer } from '../../tests/support/stripe-server.ts'
import { makeUser } from '../../tests/integration/factories.ts'
import { adminOfNewOrganization, saveOnHostedPage, startLocalStripe, withCard } from '../../tests/integration/stripe-cards.ts'
import { pdfText } from '../../tests/support/report-pdf.ts'
import { chargeInvoice, runInvoicing, STALE_CLAIM_MS } from './invoicing.server.ts'
import { refundInvoice } from './admin/refunds.server.ts'
import type { AdminContext } from './admin/access.server.ts'
import { renderInvoicePdf } from './invoice-pdf.server.ts'
import { getInvoice } from './billing.server.ts'
import { confirmInvoicePayment, handleStripeWebhook, returnFromConfirmation } from './invoice-payments.server.ts'
import { addPaymentMethod, finishCardSetup, startCardSetup } from './payment-methods.server.ts'
import { HttpError } from '~/utils/http.server.ts'
import { findCheckoutPlan } from '~/lib/checkout.ts'
import { checkoutView, returnFromStripe, startStripeCheckout } from './checkout-stripe.server.ts'

let stripe: StripeServer
let gateway: StripeGateway
beforeAll(async () => ({ stripe, gateway } = await startLocalStripe()))
afterAll(() => stripe.close())

async function openInvoice(organizationId: string, total = '49.00') {
	return prisma.invoice.create({
		data: { invoiceNumber: `INV-S-${randomBytes(5).toString('hex')}`, organizationId, billingPeriodStart: new Date(), billingPeriodEnd: new Date(), subtotalAmount: total, totalAmount: total, status: 'pending' },
	})
}

const customerOf = async (organizationId: string) => (await prisma.organization.findUniqueOrThrow({ where: { id: organizationId } })).paymentCustomerId!

describe('saving a card on the hosted page', () => {
	test('one Stripe customer per organization; the card comes back as brand, last 4 and expiry; once however often the return is loaded', async () => {
		const { organization, admin } = await adminOfNewOrganization()
		const first = await startCardSetup(admin, organization.id, gateway)
		const second = await startCardSetup(admin, organization.id, gateway)
		expect(first.url).toMatch(new RegExp(`^${stripe.url}/pay/setup/cs_test_`))
		const customerId = await customerOf(organization.id)
		expect(customerId).toMatch(/^cus_/)
		expect(stripe.objects.get(customerId)!.metadata).toEqual({ organizationId: organization.id })
		expect([...stripe.objects.values()].filter((o) => o.object === 'customer' && (o.metadata as { organizationId?: string }).organizationId === organization.id)).toHaveLength(1)
		expect(second.url).not.toBe(first.url)

		const back = await saveOnHostedPage(first.url, CARDS.visa)
		expect(back.status).toBe(303)
		expect(back.location).toMatch(/^http:\/\/yardstick\.test\/billing\?card_session=cs_test_/)
		const sessionId = new URL(back.location!).searchParams.get('card_session')!
		const saved = await finishCardSetup(admin, organization.id, sessionId, new Date(), gateway)
		expect(saved.paymentMethod).toMatchObject({ brand: 'Visa', last4: '4242', isDefault: true })
		await finishCardSetup(admin, organization.id, sessionId, new Date(), gateway)
		const rows = await prisma.paymentMethod.findMany({ where: { organizationId: organization.id } })
		expect(rows).toHaveLength(1)
		expect(rows[0]!.gatewayToken).toMatch(/^pm_/)

		// another organization's admin cannot take this session's card
		const other = await adminOfNewOrganization()
		await startCardSetup(other.admin, other.organization.id, gateway)
		await expect(finishCardSetup(other.admin, other.organization.id, sessionId, new Date(), gateway)).rejects.toMatchObject({ status: 404 })
		expect(await prisma.paymentMethod.count({ where: { organizationId: other.organization.id } })).toBe(0)
		// a session never completed, or made up, saves nothing
		await expect(finishCardSetup(admin, organization.id, 'cs_test_unknown', new Date(), gateway)).rejects.toMatchObject({ status: 400 })
	})

	test('raw card numbers are refused in Stripe mode; a Stripe outage is a clear 502 and stores nothing', async () => {
		const { organization, admin } = await adminOfNewOrganization()
		await expect(
			addPaymentMethod(admin, organization.id, { cardNumber: CARDS.visa, expiryMonth: '12', expiryYear: '39', cvv: '123', cardholderName: 'Pat' }, new Date(), gateway),
		).rejects.toMatchObject({ status: 400, message: 'Card details are collected by Stripe' })
		stripe.setOutage(true)
		try {
			const error = await startCardSetup(admin, organization.id, gateway).catch((e: unknown) => e)
			expect(error).toBeInstanceOf(HttpError)
			expect(error).toMatchObject({ status: 502 })
			expect((error as Error).message).not.toContain(STRIPE_TEST_KEY)
		} finally {
			stripe.setOutage(false)
		}
		expect(await prisma.organization.findUniqueOrThrow({ where: { id: organization.id } })).toMatchObject({ paymentCustomerId: null })
	})
})

describe('charging an invoice', () => {
	test('an off-session PaymentIntent on the saved card, keyed by invoice and attempt; integer cents', async () => {
		const { organization } = await withCard(gateway, CARDS.visa)
		const invoice = await openInvoice(organization.id, '49.99')
		expect(await chargeInvoice(invoice.id, new Date(), gateway)).toBe('paid')
		const paid = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })
		expect(paid).toMatchObject({ status: 'paid', notes: 'Charged Visa •••• 4242' })
		const charges = stripe.chargesFor(await customerOf(organization.id))
		expect(charges.map((c) => [c.id, c.amount, c.currency])).toEqual([[paid.paymentIntentId, 4999, 'usd']])
		expect(stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!.idempotencyKey).toBe(`invoice-${invoice.id}-1`)
	})

	test('a reply lost after Stripe charged (a crash, a cut connection): the retry carries the same key and charges once', async () => {
		const { organization } = await withCard(gateway, CARDS.visa)
		const invoice = await openInvoice(organization.id)
		const before = stripe.requests.length
		stripe.dropResponses(1)
		expect(await chargeInvoice(invoice.id, new Date(), gateway)).toBe('paid')
		const attempts = stripe.requests.slice(before).filter((r) => r.path === '/v1/payment_intents')
		expect(attempts).toHaveLength(2)
		expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1)
		expect(stripe.chargesFor(await customerOf(organization.id))).toHaveLength(1)
	})

	test('a crash between claiming an invoice and recording the charge: a charge in flight is left alone, a stale claim is retried by the job and charges once', async () => {
		const { organization } = await withCard(gateway, CARDS.visa)
		const invoice = await openInvoice(organization.id, '29.99')
		const card = await prisma.paymentMethod.findFirstOrThrow({ where: { organizationId: organization.id, isDefault: true } })
		const customerId = await customerOf(organization.id)
		// the process claimed the invoice (attempt 1), Stripe charged, and the process died before writing the outcome
		await prisma.invoice.update({ where: { id: invoice.id }, data: { isProcessed: true, paymentAttempts: 1, chargeClaimedAt: new Date(Date.now() - 60_000) } })
		const charged = await gateway.charge(card.gatewayToken, 2999, `Yardstick invoice ${invoice.invoiceNumber}`, `invoice-${invoice.id}-1`, {
			customerId,
			metadata: { invoiceId: invoice.id, organizationId: organization.id },
		})
		expect(charged.ok).toBe(true)
		// a minute old: maybe still in flight, so neither a card nor the job touches it
		expect(await chargeInvoice(invoice.id, new Date(), gateway)).toBe('skipped')
		expect(await runInvoicing(new Date(), { gateway, organizationIds: [organization.id] })).toMatchObject({ paid: 0 })
		expect(stripe.chargesFor(customerId)).toHaveLength(1)

		await prisma.invoice.update({ where: { id: invoice.id }, data: { chargeClaimedAt: new Date(Date.now() - STALE_CLAIM_MS - 60_000) } })
		const before = stripe.requests.length
		expect(await runInvoicing(new Date(), { gateway, organizationIds: [organization.id] })).toMatchObject({ paid: 1 })
		const row = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })
		expect(row).toMatchObject({ status: 'paid', paymentAttempts: 1, chargeClaimedAt: null, notes: 'Charged Visa •••• 4242' })
		expect(stripe.requests.slice(before).filter((r) => r.path === '/v1/payment_intents').map((r) => r.idempotencyKey)).toEqual([`invoice-${invoice.id}-1`])
		expect(stripe.chargesFor(customerId).map((c) => [c.id, c.amount])).toEqual([[row.paymentIntentId, 2999]])
		// a second run finds nothing left to do
		expect(await runInvoicing(new Date(), { gateway, organizationIds: [organization.id] })).toMatchObject({ paid: 0 })
		expect(stripe.chargesFor(customerId)).toHaveLength(1)
	})

	test('an invoice claimed before claims had a time (claim time empty) is a stale claim: the job finishes it with the same idempotency key and charges once', async () => {
		const { organization } = await withCard(gateway, CARDS.visa)
		const invoice = await openInvoice(organization.id, '19.99')
		const card = await prisma.paymentMethod.findFirstOrThrow({ where: { organizationId: organization.id, isDefault: true } })
		const customerId = await customerOf(organization.id)
		// claimed (attempt 1) and charged by a process that died before the claim-time column existed
		await prisma.invoice.update({ where: { id: invoice.id }, data: { isProcessed: true, paymentAttempts: 1, chargeClaimedAt: null } })
		const charged = await gateway.charge(card.gatewayToken, 1999, `Yardstick invoice ${invoice.invoiceNumber}`, `invoice-${invoice.id}-1`, {
			customerId,
			metadata: { invoiceId: invoice.id, organizationId: organization.id },
		})
		expect(charged.ok).toBe(true)

		const before = stripe.requests.length
		expect(await runInvoicing(new Date(), { gateway, organizationIds: [organization.id] })).toMatchObject({ paid: 1 })
		const row = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })
		expect(row).toMatchObject({ status: 'paid', paymentAttempts: 1, chargeClaimedAt: null, isProcessed: true })
		expect(stripe.requests.slice(before).filter((r) => r.path === '/v1/payment_intents').map((r) => r.idempotencyKey)).toEqual([`invoice-${invoice.id}-1`])
		expect(stripe.chargesFor(customerId).map((c) => [c.id, c.amount])).toEqual([[row.paymentIntentId, 1999]])
		expect(await runInvoicing(new Date(), { gateway, organizationIds: [organization.id] })).toMatchObject({ paid: 0 })
		expect(stripe.chargesFor(customerId)).toHaveLength(1)
	})

	test("a decline keeps Stripe's message on the invoice and leaves it retryable; an outage is not an attempt", async () => {
		const { organization } = await withCard(gateway, CARDS.chargeDeclined)
		const invoice = await openInvoice(organization.id)
		expect(await chargeInvoice(invoice.id, new Date(), gateway)).toBe('failed')
		expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ status: 'failed', notes: 'Your card was declined.', paymentAttempts: 1, isProcessed: false })

		const other = await withCard(gateway, CARDS.visa)
		const open = await openInvoice(other.organization.id)
		stripe.setOutage(true)
		try {
			expect(await chargeInvoice(open.id, new Date(), gateway)).toBe('unavailable')
		} finally {
			stripe.setOutage(false)
		}
		const left = await prisma.invoice.findUniqueOrThrow({ where: { id: open.id } })
		expect(left).toMatchObject({ status: 'pending', paymentAttempts: 0, isProcessed: false })
		expect(left.notes).toContain('could not be reached')
		expect(await chargeInvoice(open.id, new Date(), gateway)).toBe('paid')
	})

	test('authentication_required: the bank page and back pays the invoice; abandoned, it stays failed', async () => {
		const { organization, admin } = await withCard(gateway, CARDS.authenticationRequired)
		for (const outcome of ['complete', 'fail'] as const) {
			const invoice = await openInvoice(organization.id)
			expect(await chargeInvoice(invoice.id, new Date(), gateway)).toBe('authentication_required')
			expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ status: 'failed', notes: 'Your bank asks you to confirm this payment.' })
			const step = await confirmInvoicePayment(admin, invoice.id, new Date(), gateway)
			if (!('redirect' in step)) throw new Error('expected the bank page')
			expect(step.redirect).toMatch(new RegExp(`^${stripe.url}/pay/authenticate/pi_`))
			const res = await fetch(step.redirect, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' })
			expect(res.headers.get('location')).toContain(`/billing?invoice_payment=${invoice.id}`)
			const settled = await returnFromConfirmation(admin, invoice.id, new Date(), gateway)
			const row = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })
			if (outcome === 'complete') {
				expect(settled.status).toBe('paid')
				expect(row.status).toBe('paid')
			} else {
				expect(settled).toMatchObject({ status: 'failed', message: expect.stringContaining('unable to authenticate') })
				expect(row.status).toBe('failed')
			}
		}
		// someone else's invoice is not found
		const other = await adminOfNewOrganization()
		const mine = await openInvoice(organization.id)
		await expect(confirmInvoicePayment(other.admin, mine.id, new Date(), gateway)).rejects.toMatchObject({ status: 404 })
	})
})

describe('webhooks', () => {
	const sign = (payload: string, secret = STRIPE_WEBHOOK_SECRET, t = Math.floor(Date.now() / 1000)) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`
	const post = (event: unknown, options: { secret?: string; timestamp?: number } = {}) => {
		const payload = JSON.stringify(event)
		return handleStripeWebhook(payload, sign(payload, options.secret, options.timestamp), new Date(), gateway)
	}

	test('signature on the raw body: tampered, wrong secret or stale → 400 and nothing changes; a replay is a no-op; unknown types are ignored', async () => {
		const { organization } = await withCard(gateway, CARDS.visa)
		const invoice = await openInvoice(organization.id)
		const intent = { id: `pi_${randomBytes(6).toString('hex')}`, object: 'payment_intent', customer: await customerOf(organization.id), metadata: { invoiceId: invoice.id }, status: 'succeeded' }
		const event = stripe.event('payment_intent.succeeded', intent)
		await expect(post(event, { secret: 'whsec_wrong' })).rejects.toMatchObject({ status: 400, message: 'Invalid signature' })
		await expect(post(event, { timestamp: Math.floor(Date.now() / 1000) - 600 })).rejects.toMatchObject({ status: 400 })
		const payload = JSON.stringify(event)
		await expect(handleStripeWebhook(payload.replace(invoice.id, 'someone-else'), sign(payload), new Date(), gateway)).rejects.toMatchObject({ status: 400 })
		expect((await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('pending')

		expect(await post(event)).toEqual({ received: true, duplicate: false })
		expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ status: 'paid', paymentIntentId: intent.id })
		expect(await post(event)).toEqual({ received: true, duplicate: true })
		expect(await post(stripe.event('customer.created', { id: 'cus_x' }))).toEqual({ received: true, duplicate: false })
	})

	test('out of order: a failure arriving after the success leaves the invoice paid; refunds only ever add up', async () => {
		const { organization } = await withCard(gateway, CARDS.visa)
		const invoice = await openInvoice(organization.id, '40.00')
		const intent = { id: `pi_${randomBytes(6).toString('hex')}`, object: 'payment_intent', customer: await customerOf(organization.id), metadata: { invoiceId: invoice.id } }
		const failed = stripe.event('payment_intent.payment_failed', { ...intent, last_payment_error: { message: 'Your card was declined.' } })
		const succeeded = stripe.event('payment_intent.succeeded', { ...intent, status: 'succeeded' })
		await post(succeeded)
		await post(failed)
		expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ status: 'paid' })
		const charge = { id: 'ch_1', object: 'charge', payment_intent: intent.id }
		await post(stripe.event('charge.refunded', { ...charge, amount_refunded: 2500 }))
		await post(stripe.event('charge.refunded', { ...charge, amount_refunded: 1000 }))
		expect((await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).refundedAmount?.toFixed(2)).toBe('25.00')
		await post(stripe.event('charge.dispute.created', { id: 'dp_1', object: 'dispute', payment_intent: intent.id }))
		expect((await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).notes).toBe('The cardholder disputed this payment with their bank.')
	})

	test('setup_intent.succeeded stores the card once, whether it comes before or after the return from the hosted page', async () => {
		const { organization, admin } = await adminOfNewOrganization()
		const { url } = await startCardSetup(admin, organization.id, gateway)
		const back = await saveOnHostedPage(url, CARDS.visa)
		const sessionId = new URL(back.location!).searchParams.get('card_session')!
		const setup = stripe.events.find((e) => e.type === 'setup_intent.succeeded' && e.data.object.customer === stripe.objects.get(sessionId)!.customer)!
		await post(setup)
		await finishCardSetup(admin, organization.id, sessionId, new Date(), gateway)
		const rows = await prisma.paymentMethod.findMany({ where: { organizationId: organization.id } })
		expect(rows.map((r) => [r.brand, r.last4, r.isDefault])).toEqual([['Visa', '4242', true]])
	})
})

describe('refunds', () => {
	test('staff refund part, then the rest, through Stripe; never more than was paid; account admins cannot', async () => {
		const { organization, admin } = await withCard(gateway, CARDS.visa)
		const invoice = await openInvoice(organization.id, '49.00')
		expect(await chargeInvoice(invoice.id, new Date(), gateway)).toBe('paid')
		const staff = await makeUser({ role: 'site_admin' })
		const ctx = { actor: null as never, access: { role: 'site_admin', flags: {} as never }, ip: '127.0.0.1', auditUserId: staff.id } as AdminContext
		const own = { ...ctx, access: { role: 'account_admin', organizationId: organization.id } } as AdminContext
		await expect(refundInvoice(own, invoice.id, { amount: '1.00' }, gateway)).rejects.toMatchObject({ status: 403 })

		const partial = await refundInvoice(ctx, invoice.id, { amount: '10.50' }, gateway)
		expect(partial).toMatchObject({ refundedCents: 1050, invoice: { refundedAmount: '10.50' } })
		await expect(refundInvoice(ctx, invoice.id, { amount: '38.51' }, gateway)).rejects.toMatchObject({ status: 400, fields: { amount: 'Enter an amount between $0.01 and $38.50.' } })
		const rest = await refundInvoice(ctx, invoice.id, {}, gateway)
		expect(rest).toMatchObject({ refundedCents: 3850, invoice: { refundedAmount: '49.00' } })
		await expect(refundInvoice(ctx, invoice.id, {}, gateway)).rejects.toMatchObject({ status: 400, message: 'This invoice is already fully refunded.' })
		const paid = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })
		const refunds = [...stripe.objects.values()].filter((o) => o.object === 'refund' && o.payment_intent === paid.paymentIntentId)
		expect(refunds.map((r) => r.amount)).toEqual([1050, 3850])
		expect(paid.refundedAmount?.toFixed(2)).toBe('49.00')
		// the customer's PDF says so
		const text = await pdfText(await renderInvoicePdf(await getInvoice({ ...admin, canViewInvoices: true }, invoice.id)))
		expect(text).toContain('Status: refunded')
		expect(text).toContain('Refunded: $49.00')
		// a pending invoice has nothing to refund
		const open = await openInvoice(organization.id)
		await expect(refundInvoice(ctx, open.id, {}, gateway)).rejects.toMatchObject({ status: 400 })
	})
})

describe('a paid plan bought at checkout', () => {
	const sign = (payload: string, t = Math.floor(Date.now() / 1000)) => `t=${t},v1=${createHmac('sha256', STRIPE_WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex')}`
	const pro = findCheckoutPlan('pro')!
	const customerInfo = (email: string) => ({
		firstName: 'Webhook',
		lastName: 'Buyer',
		companyName: 'Webhook Lawns',
		email,
		password: 'a-long-enough-password',
		phone: '512-555-0100',
		address: '500 Congress Ave',
		city: 'Austin',
		state: 'TX',
		zipCode: '78701',
		acceptTerms: true as const,
	})

	test("the bank's page completed but the browser never came back: Stripe's event makes the account, once; the late return shows it ready", async () => {
		const email = `webhook-buyer-${randomBytes(4).toString('hex')}@example.com`
		const ip = `10.31.${randomBytes(1)[0]}.${randomBytes(1)[0]}`
		const { url } = await startStripeCheckout(pro, { customer: customerInfo(email) }, ip, gateway)
		const back = await saveOnHostedPage(url, CARDS.authenticationRequired)
		const returnUrl = new URL(back.location!)
		const checkoutId = returnUrl.searchParams.get('checkout')!
		const row = await prisma.checkoutPayment.findUniqueOrThrow({ where: { id: checkoutId } })
		// kept meanwhile: the password only hashed, never a card number
		expect(row.passwordHash).toBeTruthy()
		expect(JSON.stringify(row)).not.toContain('a-long-enough-password')
		expect(JSON.stringify(row)).not.toContain(CARDS.authenticationRequired)
		const bank = await returnFromStripe(pro, checkoutId, { cardSession: returnUrl.searchParams.get('card_session') }, ip, new Date(), gateway)
		expect(bank.redirect).toMatch(new RegExp(`^${stripe.url}/pay/authenticate/pi_`))
		await fetch(bank.redirect, { method: 'POST', body: new URLSearchParams({ outcome: 'complete' }), redirect: 'manual' })
		expect(await prisma.user.count({ where: { email } })).toBe(0)

		const intent = stripe.objects.get(bank.redirect.split('/').at(-1)!)!
		const payload = JSON.stringify(stripe.event('payment_intent.succeeded', intent))
		await handleStripeWebhook(payload, sign(payload), new Date(), gateway)
		await handleStripeWebhook(payload, sign(payload), new Date(), gateway)
		const user = await prisma.user.findUniqueOrThrow({ where: { email }, include: { organization: { include: { invoices: true, paymentMethods: true } } } })
		const org = user.organization!
		expect([org.subscriptionTierId, org.paymentCustomerId, org.invoices.map((i) => [i.status, i.totalAmount.toFixed(2), i.paymentIntentId])]).toEqual(['pro', row.paymentCustomerId, [['paid', '49.99', intent.id]]])
		expect(org.paymentMethods.map((p) => p.last4)).toEqual(['3184'])
		expect((await prisma.checkoutPayment.findUniqueOrThrow({ where: { id: checkoutId } })).passwordHash).toBeNull()

		const late = await returnFromStripe(pro, checkoutId, { confirmed: true }, ip, new Date(), gateway)
		expect(await checkoutView(pro, checkoutId)).toEqual({ kind: 'complete', email })
		expect(late.redirect).toBe(`/checkout/pro?checkout=${checkoutId}`)
		expect(stripe.chargesFor(row.paymentCustomerId!)).toHaveLength(1)
		expect(await prisma.user.count({ where: { email } })).toBe(1)
	})
})

