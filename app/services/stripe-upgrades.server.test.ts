// An upgrade paid through Stripe (issue 30): its own invoice carrying the plan
// it buys, charged at once; the plan (with the coupon use and the credit it
// spends) changes only in the transaction that marks the invoice paid, by
// whichever path does: the charge, the return from the bank's page, the
// webhook, the job finishing a stale claim. Against the local Stripe server.
import { createHmac, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import type { StripeGateway } from '~/integrations/stripe.server.ts'
import { CARDS, STRIPE_WEBHOOK_SECRET, type StripeServer } from '../../tests/support/stripe-server.ts'
import { adminOfNewOrganization, saveOnHostedPage, startLocalStripe, withCard } from '../../tests/integration/stripe-cards.ts'
import { changeSubscription, getBillingOverview } from './billing.server.ts'
import { confirmInvoicePayment, handleStripeWebhook, returnFromConfirmation } from './invoice-payments.server.ts'
import { runInvoicing, STALE_CLAIM_MS } from './invoicing.server.ts'
import { UPGRADE_NOT_APPLIED_NOTE, UPGRADE_REPLACED_NOTE } from './paid-invoices.server.ts'
import { finishCardSetup, startCardSetup } from './payment-methods.server.ts'

let stripe: StripeServer
let gateway: StripeGateway
beforeAll(async () => ({ stripe, gateway } = await startLocalStripe()))
afterAll(() => stripe.close())

const DAY = 86_400_000

/** A Starter organization 15 days before its period ends, with a card saved on Stripe's hosted page. */
async function starterWithCard(card: string, data: { accountBalance?: string } = {}) {
	const { organization, admin } = await withCard(gateway, card, { subscriptionTierId: 'starter', currentPeriodEnd: new Date(Date.now() + 14 * DAY + 3_600_000), ...data })
	const customerId = (await prisma.organization.findUniqueOrThrow({ where: { id: organization.id } })).paymentCustomerId!
	return { organization, admin, customerId }
}

const orgOf = (id: string) => prisma.organization.findUniqueOrThrow({ where: { id } })
const invoiceOf = (id: string) => prisma.invoice.findUniqueOrThrow({ where: { id } })
const sign = (payload: string, t = Math.floor(Date.now() / 1000)) => `t=${t},v1=${createHmac('sha256', STRIPE_WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex')}`
const post = (event: unknown) => {
	const payload = JSON.stringify(event)
	return handleStripeWebhook(payload, sign(payload), new Date(), gateway)
}
async function coupon(percent: number) {
	return prisma.couponCode.create({ data: { code: `UP${randomBytes(4).toString('hex').toUpperCase()}`, name: 'Upgrade Sale', discountType: 'percentage', discountValue: String(percent), maxUses: 10, eligibleTierIds: ['pro'] } })
}
/** The bank's page for a PaymentIntent the bank wants confirmed: completed or abandoned, the browser sent back. */
async function bankPage(url: string, outcome: 'complete' | 'fail') {
	await fetch(url, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' })
}

/** An upgrade the bank wants confirmed, taken as far as the bank's page (its URL in `step.redirect`). */
async function upgradeToBankPage(admin: Awaited<ReturnType<typeof starterWithCard>>['admin'], organizationId: string, subscriptionTierId: string) {
	const result = await changeSubscription(admin, organizationId, { subscriptionTierId }, new Date(), gateway)
	if (!('payment' in result)) throw new Error('expected a payment')
	const step = await confirmInvoicePayment(admin, result.payment.invoiceId, new Date(), gateway)
	if (!('redirect' in step)) throw new Error('expected the bank page')
	return { result, step }
}

describe('an upgrade paid through Stripe', () => {
	test('charged at once on its own invoice: paid, the plan changes with it; coupon and credit spent once', async () => {
		const { organization, admin, customerId } = await starterWithCard(CARDS.visa, { accountBalance: '2.00' })
		const c = await coupon(50)
		const result = await changeSubscription(admin, organization.id, { subscriptionTierId: 'pro', couponCode: c.code }, new Date(), gateway)
		// (49.99 − 29.99) × 15 / 30 = $10.00, less 50% and $2.00 of credit
		expect(result).toMatchObject({ changeType: 'upgrade', subscriptionTierId: 'pro', proratedCharge: '10.00', discount: '5.00', balanceApplied: '2.00', totalDueToday: '3.00', message: 'Subscription upgraded successfully! Changes are effective immediately.' })
		if (!('payment' in result)) throw new Error('expected a payment')
		expect(result.payment).toMatchObject({ status: 'paid', message: null })
		expect(result.payment.invoiceNumber).toMatch(new RegExp(`^INV-${organization.accountNumber}-\\d{8}-U1$`))
		const invoice = await invoiceOf(result.payment.invoiceId)
		expect(invoice).toMatchObject({ status: 'paid', upgradeTierId: 'pro', upgradeFromTierId: 'starter', subscriptionTierName: 'Pro', appliedCouponCode: c.code, notes: 'Charged Visa •••• 4242' })
		expect([invoice.subtotalAmount.toFixed(2), invoice.discountAmount.toFixed(2), invoice.totalAmount.toFixed(2)]).toEqual(['10.00', '7.00', '3.00'])
		expect(stripe.chargesFor(customerId).map((ch) => [ch.id, ch.amount])).toEqual([[invoice.paymentIntentId, 300]])
		expect(stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!.idempotencyKey).toBe(`invoice-${invoice.id}-1`)
		const org = await orgOf(organization.id)
		expect([org.subscriptionTierId, org.activeCouponId, org.accountBalance.toFixed(2)]).toEqual(['pro', c.id, '0.00'])
		expect((await prisma.couponCode.findUniqueOrThrow({ where: { id: c.id } })).usedCount).toBe(1)
		// nothing is left for the next invoice: the upgrade was billed on its own
		expect(await prisma.pendingCharge.count({ where: { organizationId: organization.id } })).toBe(0)

		// Stripe's own event for the same payment, late and twice: nothing more changes
		const intent = stripe.objects.get(invoice.paymentIntentId!)!
		const event = stripe.event('payment_intent.succeeded', intent)
		expect(await post(event)).toEqual({ received: true, duplicate: false })
		expect(await post(event)).toEqual({ received: true, duplicate: true })
		expect((await prisma.couponCode.findUniqueOrThrow({ where: { id: c.id } })).usedCount).toBe(1)
		expect((await orgOf(organization.id)).accountBalance.toFixed(2)).toBe('0.00')
	})

	test("a decline leaves the plan, coupon and credit as they were, with Stripe's message; the invoice stays open to a new card", async () => {
		const { organization, admin } = await starterWithCard(CARDS.chargeDeclined, { accountBalance: '2.00' })
		const c = await coupon(50)
		const result = await changeSubscription(admin, organization.id, { subscriptionTierId: 'pro', couponCode: c.code }, new Date(), gateway)
		if (!('payment' in result)) throw new Error('expected a payment')
		expect(result).toMatchObject({ subscriptionTierId: 'starter', message: 'Your card was declined.', payment: { status: 'failed', message: 'Your card was declined.' } })
		const org = await orgOf(organization.id)
		expect([org.subscriptionTierId, org.activeCouponId, org.accountBalance.toFixed(2)]).toEqual(['starter', null, '2.00'])
		expect((await prisma.couponCode.findUniqueOrThrow({ where: { id: c.id } })).usedCount).toBe(0)
		expect(await invoiceOf(result.payment.invoiceId)).toMatchObject({ status: 'failed', isProcessed: false, paymentAttempts: 1, nextPaymentAttempt: null })
		const overview = await getBillingOverview(admin)
		expect(overview.pendingUpgrade).toMatchObject({ state: 'declined', tierName: 'Pro', message: 'Your card was declined.' })

		// a card that works pays the open upgrade: now the plan changes
		const { url } = await startCardSetup(admin, organization.id, gateway)
		const back = await saveOnHostedPage(url, CARDS.visa)
		const added = await finishCardSetup(admin, organization.id, new URL(back.location!).searchParams.get('card_session')!, new Date(), gateway)
		expect(added.invoices.map((i) => [i.invoiceNumber, i.status])).toEqual([[result.payment.invoiceNumber, 'paid']])
		expect((await orgOf(organization.id)).subscriptionTierId).toBe('pro')
		expect((await prisma.couponCode.findUniqueOrThrow({ where: { id: c.id } })).usedCount).toBe(1)
	})

	test('the bank wants it confirmed: the plan waits; abandoned it stays waiting, confirmed it changes', async () => {
		const { organization, admin } = await starterWithCard(CARDS.authenticationRequired)
		const result = await changeSubscription(admin, organization.id, { subscriptionTierId: 'pro' }, new Date(), gateway)
		if (!('payment' in result)) throw new Error('expected a payment')
		expect(result).toMatchObject({ subscriptionTierId: 'starter', payment: { status: 'requires_confirmation', message: 'Your bank asks you to confirm this payment. Your plan changes once it is paid.' } })
		expect((await orgOf(organization.id)).subscriptionTierId).toBe('starter')
		expect((await getBillingOverview(admin)).pendingUpgrade).toMatchObject({ state: 'awaiting_confirmation', tierName: 'Pro', totalAmount: '10.00' })

		const abandoned = await confirmInvoicePayment(admin, result.payment.invoiceId, new Date(), gateway)
		if (!('redirect' in abandoned)) throw new Error('expected the bank page')
		await bankPage(abandoned.redirect, 'fail')
		expect(await returnFromConfirmation(admin, result.payment.invoiceId, new Date(), gateway)).toMatchObject({ status: 'failed', upgradedTo: null })
		expect((await orgOf(organization.id)).subscriptionTierId).toBe('starter')
		expect(await invoiceOf(result.payment.invoiceId)).toMatchObject({ status: 'failed' })
		expect((await getBillingOverview(admin)).pendingUpgrade).toMatchObject({ state: 'awaiting_confirmation' })

		const confirmed = await confirmInvoicePayment(admin, result.payment.invoiceId, new Date(), gateway)
		if (!('redirect' in confirmed)) throw new Error('expected the bank page')
		await bankPage(confirmed.redirect, 'complete')
		expect(await returnFromConfirmation(admin, result.payment.invoiceId, new Date(), gateway)).toEqual({ status: 'paid', message: null, upgradedTo: 'Pro' })
		expect((await orgOf(organization.id)).subscriptionTierId).toBe('pro')
		expect((await getBillingOverview(admin)).pendingUpgrade).toBeNull()
		// the return loaded again changes nothing
		expect(await returnFromConfirmation(admin, result.payment.invoiceId, new Date(), gateway)).toMatchObject({ status: 'paid' })
	})

	test("confirmed on the bank's page, the tab closed: Stripe's event changes the plan; a replay and a late failure change nothing", async () => {
		const { organization, admin } = await starterWithCard(CARDS.authenticationRequired)
		const { result, step } = await upgradeToBankPage(admin, organization.id, 'pro')
		const failedFirst = stripe.events.filter((e) => e.type === 'payment_intent.payment_failed' && e.data.object.metadata && (e.data.object.metadata as { invoiceId?: string }).invoiceId === result.payment.invoiceId)
		await bankPage(step.redirect, 'complete')
		expect((await orgOf(organization.id)).subscriptionTierId).toBe('starter')
		const intentId = step.redirect.split('/').at(-1)!
		const succeeded = stripe.events.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === intentId)!
		expect(await post(succeeded)).toEqual({ received: true, duplicate: false })
		expect((await orgOf(organization.id)).subscriptionTierId).toBe('pro')
		expect(await invoiceOf(result.payment.invoiceId)).toMatchObject({ status: 'paid', paymentIntentId: intentId })
		expect(await post(succeeded)).toEqual({ received: true, duplicate: true })
		// the off-session charge's failure event, delivered late: the invoice stays paid
		for (const e of failedFirst) await post(e)
		expect(await invoiceOf(result.payment.invoiceId)).toMatchObject({ status: 'paid' })
		// a user who moved on: the plan bought is kept, and a downgrade chosen after it is not undone by anything late
		await changeSubscription(admin, organization.id, { subscriptionTierId: 'starter' }, new Date(), gateway)
		await post(stripe.event('payment_intent.succeeded', stripe.objects.get(intentId)!))
		expect(await orgOf(organization.id)).toMatchObject({ subscriptionTierId: 'pro', scheduledSubscriptionTierId: 'starter' })
	})

	test('a plan chosen while an upgrade waits replaces it: its late payment is recorded and does not overwrite the later choice', async () => {
		const { organization, admin } = await starterWithCard(CARDS.authenticationRequired)
		const { result: first, step } = await upgradeToBankPage(admin, organization.id, 'pro')
		// meanwhile, in another tab: Growth is chosen instead (it waits for the bank too)
		const second = await changeSubscription(admin, organization.id, { subscriptionTierId: 'growth' }, new Date(), gateway)
		expect(second).toMatchObject({ subscriptionTierId: 'starter', payment: { status: 'requires_confirmation' } })
		expect(await invoiceOf(first.payment.invoiceId)).toMatchObject({ status: 'cancelled', notes: UPGRADE_REPLACED_NOTE })
		expect((await getBillingOverview(admin)).pendingUpgrade).toMatchObject({ tierName: 'Growth', state: 'awaiting_confirmation' })
		await expect(confirmInvoicePayment(admin, first.payment.invoiceId, new Date(), gateway)).rejects.toMatchObject({ status: 400 })
		// the old bank page completed after all: the money is recorded, the plan is not changed
		await bankPage(step.redirect, 'complete')
		expect(await returnFromConfirmation(admin, first.payment.invoiceId, new Date(), gateway)).toMatchObject({ status: 'paid', upgradedTo: null })
		expect(await invoiceOf(first.payment.invoiceId)).toMatchObject({ status: 'paid', notes: UPGRADE_NOT_APPLIED_NOTE })
		expect((await orgOf(organization.id)).subscriptionTierId).toBe('starter')
		expect((await getBillingOverview(admin)).pendingUpgrade).toMatchObject({ tierName: 'Growth' })
	})

	test("the period ends while an upgrade waits for the bank: the renewal withdraws it, and its late payment leaves the plan alone", async () => {
		const { organization, admin } = await starterWithCard(CARDS.authenticationRequired)
		const { result, step } = await upgradeToBankPage(admin, organization.id, 'pro')
		// the invoicing job renews the Starter period
		await runInvoicing(new Date(Date.now() + 15 * DAY), { gateway, organizationIds: [organization.id] })
		expect(await invoiceOf(result.payment.invoiceId)).toMatchObject({ status: 'cancelled', notes: UPGRADE_REPLACED_NOTE })
		await bankPage(step.redirect, 'complete')
		const intentId = step.redirect.split('/').at(-1)!
		await post(stripe.events.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === intentId)!)
		expect(await invoiceOf(result.payment.invoiceId)).toMatchObject({ status: 'paid', notes: UPGRADE_NOT_APPLIED_NOTE })
		expect((await orgOf(organization.id)).subscriptionTierId).toBe('starter')
	})

	test('a crash after Stripe charged the upgrade: the job finishes the stale claim with the same key, charges once and changes the plan', async () => {
		const { organization, admin, customerId } = await starterWithCard(CARDS.visa)
		stripe.setOutage(true)
		let result
		try {
			result = await changeSubscription(admin, organization.id, { subscriptionTierId: 'pro' }, new Date(), gateway)
		} finally {
			stripe.setOutage(false)
		}
		if (!('payment' in result)) throw new Error('expected a payment')
		// an outage: a clear message, the plan unchanged, the invoice open
		expect(result.payment).toMatchObject({ status: 'pending', message: expect.stringContaining('could not be reached') })
		expect((await orgOf(organization.id)).subscriptionTierId).toBe('starter')
		const invoice = await invoiceOf(result.payment.invoiceId)
		expect(invoice).toMatchObject({ status: 'pending', isProcessed: false, paymentAttempts: 0 })
		// the retry claimed it (attempt 1), Stripe charged, and the process died before writing the outcome
		const card = await prisma.paymentMethod.findFirstOrThrow({ where: { organizationId: organization.id, isDefault: true } })
		await prisma.invoice.update({ where: { id: invoice.id }, data: { isProcessed: true, paymentAttempts: 1, chargeClaimedAt: new Date(Date.now() - STALE_CLAIM_MS - 60_000) } })
		const charged = await gateway.charge(card.gatewayToken, 1000, `Yardstick invoice ${invoice.invoiceNumber}`, `invoice-${invoice.id}-1`, {
			customerId,
			metadata: { invoiceId: invoice.id, organizationId: organization.id },
		})
		expect(charged.ok).toBe(true)
		expect((await orgOf(organization.id)).subscriptionTierId).toBe('starter')
		// while the claim is open, another plan change waits for it
		await expect(changeSubscription(admin, organization.id, { subscriptionTierId: 'growth' }, new Date(), gateway)).rejects.toMatchObject({ status: 409 })
		expect(await runInvoicing(new Date(), { gateway, organizationIds: [organization.id] })).toMatchObject({ paid: 1 })
		expect(stripe.chargesFor(customerId).map((ch) => ch.amount)).toEqual([1000])
		expect(await invoiceOf(invoice.id)).toMatchObject({ status: 'paid', paymentAttempts: 1, chargeClaimedAt: null })
		expect((await orgOf(organization.id)).subscriptionTierId).toBe('pro')
	})

	test('without a card on file the upgrade is refused and nothing is written', async () => {
		const { organization, admin } = await adminOfNewOrganization({ subscriptionTierId: 'starter', currentPeriodEnd: new Date(Date.now() + 10 * DAY) })
		await expect(changeSubscription(admin, organization.id, { subscriptionTierId: 'pro' }, new Date(), gateway)).rejects.toMatchObject({ status: 400, message: 'Add a card on the Billing page before upgrading.' })
		expect(await prisma.invoice.count({ where: { organizationId: organization.id } })).toBe(0)
		expect((await orgOf(organization.id)).subscriptionTierId).toBe('starter')
	})
})
