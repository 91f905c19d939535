// Checkout (spec 2 §2, §4): free plans register (e-mail verification follows);
// paid plans check the card with the payment gateway, charge the first month
// and create the account, its card on file (brand + last 4 only) and the
// first invoice in one transaction. Card data is never stored or logged.
import { prisma, type Prisma } from '~/db.server.ts'
import { CARD_DECLINED, getPaymentGateway, type PaymentGateway, type SavedCard } from '~/integrations/payments.server.ts'
import { CARDS_ON_STRIPE } from '~/integrations/stripe.server.ts'
import { findCheckoutPlan, isFreePlan } from '~/lib/checkout.ts'
import { tierIdForPlan } from '~/lib/plans.ts'
import { nextPeriodEnd, toCents } from '~/lib/pricing.ts'
import type { CreditCardInfo, CustomerInfo } from '~/lib/schemas/checkout.ts'
import { badRequest, conflict } from '~/utils/http.server.ts'
import { checkNotABot, register } from './account.server.ts'
import { cardOnFile } from './payment-methods.server.ts'
import { LIMITS, hit } from './rate-limit.server.ts'

export const PLAN_NOT_FOUND = 'The selected plan could not be found.'
export const CONTACT_SALES = 'This plan is sold by our sales team. Please contact sales.'
export const EMAIL_TAKEN = 'An account with this email already exists.'

function paidPlan(planId: string) {
	const plan = findCheckoutPlan(planId)
	if (!plan) throw badRequest(PLAN_NOT_FOUND, { plan: PLAN_NOT_FOUND })
	if (plan.price === null) throw badRequest(CONTACT_SALES, { plan: CONTACT_SALES })
	return plan
}

export const toRegisterInput = (customer: CustomerInfo, planId: string) => ({
	email: customer.email,
	password: customer.password,
	firstName: customer.firstName,
	lastName: customer.lastName,
	companyName: customer.companyName,
	agreeToTerms: true,
	subscriptionTierId: tierIdForPlan(planId),
	captchaToken: customer.captchaToken,
})

/** Free plans: the customer form signs up right away (register + e-mail verification). */
export async function checkoutFreePlan(planId: string, customer: CustomerInfo, ip: string) {
	const plan = paidPlan(planId)
	if (!isFreePlan(plan)) throw badRequest('This plan needs a payment method.', { plan: 'This plan needs a payment method.' })
	return register(toRegisterInput(customer, planId), ip)
}

/** Checks what it can before any card is touched (step 1 → step 2 of paid plans). */
export async function assertEmailAvailable(email: string) {
	const taken = await prisma.user.findUnique({ where: { email }, select: { id: true } })
	if (taken) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })
}

/**
 * POST /api/checkout/complete. A declined card creates nothing. A double
 * submit creates one account: the e-mail is unique and the gateway charge
 * carries an idempotency key for this e-mail and plan.
 */
export async function completeCheckout(
	input: { customerInfo: CustomerInfo; creditCardInfo: CreditCardInfo; plan: string },
	ip: string,
	{ gateway = getPaymentGateway(), now = new Date() }: { gateway?: PaymentGateway; now?: Date } = {},
) {
	const plan = paidPlan(input.plan)
	if (isFreePlan(plan)) return checkoutFreePlan(input.plan, input.customerInfo, ip)
	// Stripe mode: card numbers never reach our server (issue 30)
	if (gateway.hosted) throw badRequest(CARDS_ON_STRIPE, { cardNumber: CARDS_ON_STRIPE })
	const tierId = tierIdForPlan(plan.id)
	const tier = await prisma.subscriptionTier.findFirst({ where: { id: tierId, isActive: true } })
	if (!tier) throw badRequest(PLAN_NOT_FOUND, { plan: PLAN_NOT_FOUND })
	await hit(LIMITS.registerIp, ip)
	await checkNotABot(input.creditCardInfo.captchaToken || input.customerInfo.captchaToken, ip)
	await assertEmailAvailable(input.customerInfo.email)

	const card = input.creditCardInfo
	const saved = await gateway.saveCard({ cardNumber: card.cardNumber, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, cvv: card.cvv, cardholderName: card.cardholderName })
	if (!saved.ok) throw badRequest(saved.message || CARD_DECLINED, { cardNumber: saved.message || CARD_DECLINED })
	const priceCents = toCents(tier.monthlyPrice.toFixed(2))
	const charge = await gateway.charge(saved.value.token, priceCents, `Yardstick ${tier.name} plan`, `checkout:${input.customerInfo.email}:${tier.id}`)
	if (!charge.ok) throw badRequest(charge.message || CARD_DECLINED, { cardNumber: charge.message || CARD_DECLINED })

	const result = await register(toRegisterInput(input.customerInfo, plan.id), ip, {
		checked: true,
		afterCreate: (tx, organizationId) => openPaidAccount(tx, organizationId, { tier, card: saved.value, cardholderName: card.cardholderName, chargeId: null, now }),
	})
	return { success: true, message: 'Your account is ready.', detail: result.message }
}

type PaidTier = { id: string; name: string; monthlyPrice: Prisma.Decimal }

/**
 * In the new account's transaction: its first period, the card on file and
 * the paid first invoice (the processor's charge id on it when there is one).
 */
export async function openPaidAccount(
	tx: Prisma.TransactionClient,
	organizationId: string,
	{ tier, card, cardholderName, chargeId, paymentCustomerId, now }: { tier: PaidTier; card: SavedCard; cardholderName: string; chargeId: string | null; paymentCustomerId?: string; now: Date },
) {
	const periodEnd = nextPeriodEnd(now, now.getUTCDate())
	const org = await tx.organization.update({ where: { id: organizationId }, data: { currentPeriodStart: now, currentPeriodEnd: periodEnd, ...(paymentCustomerId ? { paymentCustomerId } : {}) } })
	await tx.paymentMethod.create({ data: cardOnFile(organizationId, card, cardholderName) })
	await tx.invoice.create({
		data: {
			invoiceNumber: `INV-${org.accountNumber}-${now.toISOString().slice(0, 10).replace(/-/g, '')}`,
			organizationId,
			billingPeriodStart: now,
			billingPeriodEnd: periodEnd,
			subtotalAmount: tier.monthlyPrice,
			totalAmount: tier.monthlyPrice,
			status: 'paid',
			invoiceDate: now,
			dueDate: now,
			paidAt: now,
			isProcessed: true,
			paymentAttempts: 1,
			paymentIntentId: chargeId,
			subscriptionTierId: tier.id,
			subscriptionTierName: tier.name,
			subscriptionTierPrice: tier.monthlyPrice,
			notes: `Charged ${card.brand} •••• ${card.last4}`,
			lineItems: { create: [{ description: `${tier.name} plan (monthly)`, unitPrice: tier.monthlyPrice, totalPrice: tier.monthlyPrice, itemType: 'subscription' }] },
		},
	})
}
