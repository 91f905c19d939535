// A paid plan's checkout in Stripe mode (issue 30): the card is typed on
// Stripe's hosted Checkout page (setup mode), never on ours, and the account
// is made only when the first payment succeeds. While the customer is on
// Stripe's pages (card entry, the bank's 3-D Secure page) the purchase waits
// in a checkout_payments row: the customer step (the password hashed), the
// Stripe customer, the card's ids, brand and last 4, and the payment's state
// (open → charging → paid). The charge is an off-session PaymentIntent keyed
// by the checkout and its attempt, so a reloaded return page or a retried
// request never charges twice. Cards, customers and confirmation go through
// the same gateway calls as /billing's card flow (payment-methods.server.ts).
import { randomBytes } from 'node:crypto'
import { prisma } from '~/db.server.ts'
import { appUrl } from '~/env.server.ts'
import { getPaymentGateway, type HostedCards, type PaymentGateway, type SavedCard } from '~/integrations/payments.server.ts'
import { findCheckoutPlan, type CheckoutPlan } from '~/lib/checkout.ts'
import { tierIdForPlan } from '~/lib/plans.ts'
import { toCents } from '~/lib/pricing.ts'
import type { CustomerInfo } from '~/lib/schemas/checkout.ts'
import { badRequest, HttpError, notFound } from '~/utils/http.server.ts'
import { checkNotABot, register } from './account.server.ts'
import { hashPassword } from './auth.server.ts'
import { assertEmailAvailable, EMAIL_TAKEN, openPaidAccount, PLAN_NOT_FOUND, toRegisterInput } from './checkout.server.ts'
import { CARD_NOT_SAVED, processor } from './payment-methods.server.ts'
import { LIMITS, hit } from './rate-limit.server.ts'

export const CHECKOUT_NOT_FOUND = 'This checkout has expired. Please start again.'
export const PAYMENT_NOT_CONFIRMED = 'The payment was not confirmed with your bank. Nothing was charged; please try again.'
export const PAYMENT_IN_PROGRESS = 'Your payment is being processed. Please reload this page in a moment.'
/** a claim older than this was cut off (a crash): the next return takes it again with the same idempotency key */
const STALE_CHARGE_MS = 10 * 60_000

/** The customer step as kept while the customer is on Stripe's pages: no password, no bot token. */
export type KeptCustomer = Omit<CustomerInfo, 'password' | 'captchaToken' | 'website' | 'acceptTerms'>

/** What the checkout page shows for a checkout in progress. */
export type CheckoutView = { kind: 'complete'; email: string } | { kind: 'payment'; checkoutId: string; message: string | null; customer: KeptCustomer }

const returnPath = (planId: string, checkoutId: string) => `/checkout/${encodeURIComponent(planId)}?checkout=${checkoutId}`

function hostedOf(gateway: PaymentGateway): HostedCards {
	if (!gateway.hosted) throw badRequest('Cards are entered on this page with the built-in test gateway.')
	return gateway.hosted
}

async function paidTier(plan: CheckoutPlan) {
	if (plan.price === null || Number(plan.price) <= 0) throw badRequest(PLAN_NOT_FOUND, { plan: PLAN_NOT_FOUND })
	const tier = await prisma.subscriptionTier.findFirst({ where: { id: tierIdForPlan(plan.id), isActive: true } })
	if (!tier) throw badRequest(PLAN_NOT_FOUND, { plan: PLAN_NOT_FOUND })
	return tier
}

async function findCheckout(planId: string, checkoutId: string) {
	const row = /^[A-Za-z0-9_-]{32}$/.test(checkoutId) ? await prisma.checkoutPayment.findUnique({ where: { id: checkoutId } }) : null
	if (!row || row.planId !== planId) throw notFound(CHECKOUT_NOT_FOUND)
	return row
}

/**
 * "Continue to Stripe" on the Payment step: the purchase is kept (the first
 * time, from the customer step; again, after a decline or an abandoned page)
 * and the address of Stripe's hosted card page comes back.
 */
export async function startStripeCheckout(
	plan: CheckoutPlan,
	from: { customer: CustomerInfo } | { checkoutId: string },
	ip: string,
	gateway: PaymentGateway = getPaymentGateway(),
) {
	const hosted = hostedOf(gateway)
	await paidTier(plan)
	let row
	if ('checkoutId' in from) {
		row = await findCheckout(plan.id, from.checkoutId)
		if (row.status === 'paid') return { url: returnPath(plan.id, row.id) }
	} else {
		await hit(LIMITS.registerIp, ip)
		await checkNotABot(from.customer.captchaToken, ip)
		await assertEmailAvailable(from.customer.email)
		const { password, captchaToken: _token, website: _website, acceptTerms: _terms, ...kept } = from.customer
		row = await prisma.checkoutPayment.create({
			data: { id: randomBytes(24).toString('base64url'), planId: plan.id, tierId: tierIdForPlan(plan.id), email: from.customer.email, customer: kept, passwordHash: await hashPassword(password) },
		})
	}
	const checkout = row
	const name = checkout.customer as KeptCustomer
	return processor(async () => {
		// one Stripe customer per checkout; it becomes the organization's when the account is made
		const customerId = await hosted.ensureCustomer({
			id: `checkout-${checkout.id}`,
			name: name.companyName || `${name.firstName} ${name.lastName}`.trim(),
			email: checkout.email,
			customerId: checkout.paymentCustomerId,
		})
		if (!checkout.paymentCustomerId) await prisma.checkoutPayment.update({ where: { id: checkout.id }, data: { paymentCustomerId: customerId } })
		const url = await hosted.startSetup({
			customerId,
			organizationId: `checkout-${checkout.id}`,
			successUrl: `${appUrl()}${returnPath(plan.id, checkout.id)}&card_session={CHECKOUT_SESSION_ID}`,
			cancelUrl: `${appUrl()}${returnPath(plan.id, checkout.id)}`,
		})
		return { url }
	})
}

/** The checkout page of a purchase in progress (?checkout=…): done, or the Payment step with the last outcome. */
export async function checkoutView(plan: CheckoutPlan, checkoutId: string): Promise<CheckoutView> {
	const row = await findCheckout(plan.id, checkoutId)
	if (row.status === 'paid') return { kind: 'complete', email: row.email }
	return { kind: 'payment', checkoutId: row.id, message: row.message ?? (row.status === 'charging' ? PAYMENT_IN_PROGRESS : null), customer: row.customer as KeptCustomer }
}

/** The customer step to show again after Back (no password: it is typed again). */
export async function keptCustomer(plan: CheckoutPlan, checkoutId: string) {
	const row = await findCheckout(plan.id, checkoutId)
	return { ...(row.customer as KeptCustomer), email: row.email }
}

/**
 * Back from Stripe: from the hosted card page (?card_session=…) the card is
 * kept and the first month charged; from the bank's page (?checkout_payment)
 * Stripe's status of the payment decides. Returns where the browser goes
 * next: the bank's page, or this checkout's page, which shows the outcome.
 */
export async function returnFromStripe(
	plan: CheckoutPlan,
	checkoutId: string,
	back: { cardSession?: string | null; confirmed?: boolean },
	ip: string,
	now = new Date(),
	gateway: PaymentGateway = getPaymentGateway(),
): Promise<{ redirect: string }> {
	const hosted = hostedOf(gateway)
	const row = await findCheckout(plan.id, checkoutId)
	const here = { redirect: returnPath(plan.id, row.id) }
	if (row.status === 'paid') return here
	try {
		if (back.cardSession) {
			const setup = await processor(() => hosted.finishSetup(back.cardSession!))
			// a session of another checkout's customer is not this purchase's card
			if (!setup || setup.customerId !== row.paymentCustomerId) return await note(row.id, CARD_NOT_SAVED, here)
			// the same card again (a reloaded return address) is not charged again, unless its charge was cut off (stale claim)
			if (setup.card.token === row.paymentMethodId) return row.status === 'charging' ? await chargeFirstMonth(plan, row.id, ip, now, gateway) : here
			await prisma.checkoutPayment.update({ where: { id: row.id }, data: { paymentMethodId: setup.card.token, card: setup.card, paymentIntentId: null, message: null } })
			return await chargeFirstMonth(plan, row.id, ip, now, gateway)
		}
		if (back.confirmed && row.paymentIntentId) {
			const chargeId = row.paymentIntentId
			const payment = await processor(() => hosted.paymentStatus(chargeId))
			if (payment?.status === 'succeeded') return await openAccount(plan, row.id, chargeId, ip, now)
			return await note(row.id, payment?.message ?? PAYMENT_NOT_CONFIRMED, here)
		}
		return here
	} catch (error) {
		if (!(error instanceof HttpError) || error.status === 404) throw error
		return note(row.id, error.message, here)
	}
}

async function note(checkoutId: string, message: string, next: { redirect: string }) {
	await prisma.checkoutPayment.updateMany({ where: { id: checkoutId, status: { not: 'paid' } }, data: { message } })
	return next
}

/** The first month on the card just saved: claimed first, keyed by checkout and attempt. */
async function chargeFirstMonth(plan: CheckoutPlan, checkoutId: string, ip: string, now: Date, gateway: PaymentGateway) {
	const here = { redirect: returnPath(plan.id, checkoutId) }
	const claimed = await prisma.checkoutPayment.updateMany({ where: { id: checkoutId, status: 'open' }, data: { status: 'charging', attempts: { increment: 1 } } })
	const stale = claimed.count
		? null
		: await prisma.checkoutPayment.updateMany({ where: { id: checkoutId, status: 'charging', updatedAt: { lt: new Date(Date.now() - STALE_CHARGE_MS) } }, data: { status: 'charging' } })
	if (!claimed.count && !stale?.count) return here
	const row = await prisma.checkoutPayment.findUniqueOrThrow({ where: { id: checkoutId } })
	const tier = await paidTier(plan)
	const result = await gateway.charge(row.paymentMethodId!, toCents(tier.monthlyPrice.toFixed(2)), `Yardstick ${tier.name} plan`, `checkout-${row.id}-${row.attempts}`, {
		customerId: row.paymentCustomerId,
		metadata: { checkoutId: row.id },
	})
	if (result.ok) return openAccount(plan, row.id, result.value.chargeId, ip, now)
	const unavailable = result.code === 'unavailable' || result.code === 'processing'
	await prisma.checkoutPayment.update({
		where: { id: row.id },
		data: {
			status: 'open',
			message: result.message,
			paymentIntentId: result.chargeId ?? null,
			// an outage is not an attempt: the same card may be charged again with the same key (a reloaded return address)
			...(unavailable ? { attempts: { decrement: 1 }, paymentMethodId: null } : {}),
		},
	})
	if (result.code === 'authentication_required' && result.chargeId) {
		const hosted = gateway.hosted!
		const chargeId = result.chargeId
		const step = await processor(() => hosted.authenticate(chargeId, `${appUrl()}${returnPath(plan.id, row.id)}&checkout_payment=1`))
		if (step.kind === 'redirect') return { redirect: step.url }
		if (step.kind === 'paid') return openAccount(plan, row.id, chargeId, ip, now)
		return note(row.id, step.message, here)
	}
	return here
}

/** The payment succeeded: the account, its card, its paid first invoice, in one transaction; once. */
async function openAccount(plan: CheckoutPlan, checkoutId: string, chargeId: string, ip: string, now: Date) {
	const here = { redirect: returnPath(plan.id, checkoutId) }
	const row = await prisma.checkoutPayment.findUniqueOrThrow({ where: { id: checkoutId } })
	if (row.status === 'paid' || !row.passwordHash || !row.card) return here
	const tier = await paidTier(plan)
	const customer = row.customer as KeptCustomer
	try {
		await register(toRegisterInput({ ...customer, email: row.email, password: '' } as CustomerInfo, plan.id), ip, {
			checked: true,
			passwordHash: row.passwordHash,
			afterCreate: async (tx, organizationId) => {
				const done = await tx.checkoutPayment.updateMany({ where: { id: row.id, status: { not: 'paid' } }, data: { status: 'paid', passwordHash: null, paymentIntentId: chargeId, message: null } })
				if (done.count === 0) throw new AlreadyOpened()
				await openPaidAccount(tx, organizationId, { tier, card: row.card as SavedCard, cardholderName: '', chargeId, paymentCustomerId: row.paymentCustomerId ?? undefined, now })
			},
		})
	} catch (error) {
		if (error instanceof AlreadyOpened) return here
		// the address was taken by another sign-up while the customer was on Stripe's pages
		if (error instanceof HttpError && error.status === 409) return note(row.id, `${EMAIL_TAKEN} Your payment was received; please contact billing support.`, here)
		throw error
	}
	return here
}

class AlreadyOpened extends Error {}

/**
 * Stripe's payment_intent.succeeded for a checkout's charge: the account is
 * made even when the browser never came back (closed after the bank's page).
 * Only for the checkout's own Stripe customer; once, whichever comes first.
 */
export async function settleCheckoutFromWebhook(checkoutId: string, chargeId: string, customerId: string | null, now: Date) {
	const row = await prisma.checkoutPayment.findUnique({ where: { id: checkoutId } })
	if (!row || row.status === 'paid' || !customerId || row.paymentCustomerId !== customerId) return
	const plan = findCheckoutPlan(row.planId)
	if (plan) await openAccount(plan, row.id, chargeId, '', now)
}
