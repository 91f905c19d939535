// An invoice's payment after the first try (issue 30): the customer's bank
// asking to confirm a charge (3-D Secure), and Stripe's webhooks settling
// invoices and cards. State lives on the invoice (pending → paid / failed):
// an event only moves it forward, so events arriving late, twice or out of
// order change nothing they should not.
import { prisma, type Prisma } from '~/db.server.ts'
import { appUrl } from '~/env.server.ts'
import { getPaymentGateway, type PaymentGateway } from '~/integrations/payments.server.ts'
import { AUTHENTICATION_REQUIRED, type WebhookEvent } from '~/integrations/stripe.server.ts'
import { centsToDecimal, toCents } from '~/lib/pricing.ts'
import { badRequest, notFound } from '~/utils/http.server.ts'
import { assertCanManage } from './billing.server.ts'
import { settleCheckoutFromWebhook } from './checkout-stripe.server.ts'
import { markInvoicePaid, UPGRADE_NOT_APPLIED_NOTE } from './paid-invoices.server.ts'
import { processor, storeHostedCard } from './payment-methods.server.ts'
import type { ClientUser } from './users.server.ts'

export const INVOICE_NOT_FOUND = 'Invoice not found'
export const NOTHING_TO_CONFIRM = 'This invoice has no payment waiting for your confirmation.'
export const INVALID_SIGNATURE = 'Invalid signature'
export const DISPUTED_NOTE = 'The cardholder disputed this payment with their bank.'

/** Marks an invoice paid by this charge, unless it already is (a success is final); an upgrade's plan changes with it. */
async function markPaid(tx: Prisma.TransactionClient, where: Prisma.InvoiceWhereInput, chargeId: string, now: Date, note?: string) {
	const invoice = await tx.invoice.findFirst({ where, select: { id: true } })
	return invoice ? markInvoicePaid(tx, invoice.id, chargeId, now, note) : false
}

async function ownInvoice(user: ClientUser, invoiceId: string) {
	const organizationId = user.organizationId ?? ''
	assertCanManage(user, organizationId)
	const invoice = await prisma.invoice.findFirst({ where: { id: invoiceId, organizationId }, select: { id: true, status: true, paymentIntentId: true } })
	if (!invoice) throw notFound(INVOICE_NOT_FOUND)
	return invoice
}

/**
 * "Confirm payment" on a failed invoice whose charge the bank wants confirmed:
 * the bank's page (a redirect, so it works without JavaScript), or at once the
 * outcome when no confirmation is needed any more.
 */
export async function confirmInvoicePayment(user: ClientUser, invoiceId: string, now = new Date(), gateway: PaymentGateway = getPaymentGateway()) {
	const invoice = await ownInvoice(user, invoiceId)
	if (!gateway.hosted || invoice.status !== 'failed' || !invoice.paymentIntentId) throw badRequest(NOTHING_TO_CONFIRM)
	const hosted = gateway.hosted
	const chargeId = invoice.paymentIntentId
	const outcome = await processor(() => hosted.authenticate(chargeId, `${appUrl()}/billing?invoice_payment=${invoice.id}`))
	if (outcome.kind === 'redirect') return { redirect: outcome.url }
	return settle(invoice.id, invoice.paymentIntentId, outcome.kind === 'paid' ? 'succeeded' : 'failed', outcome.kind === 'failed' ? outcome.message : null, now)
}

/** Back from the bank's page: what Stripe says of the charge decides the invoice. */
export async function returnFromConfirmation(user: ClientUser, invoiceId: string, now = new Date(), gateway: PaymentGateway = getPaymentGateway()) {
	const invoice = await ownInvoice(user, invoiceId)
	if (!gateway.hosted || !invoice.paymentIntentId) throw badRequest(NOTHING_TO_CONFIRM)
	if (invoice.status === 'paid') return paidOutcome(invoice.id)
	const hosted = gateway.hosted
	const chargeId = invoice.paymentIntentId
	const payment = await processor(() => hosted.paymentStatus(chargeId))
	if (!payment) throw notFound(INVOICE_NOT_FOUND)
	return settle(invoice.id, invoice.paymentIntentId, payment.status, payment.message, now)
}

async function settle(invoiceId: string, chargeId: string, status: string, message: string | null, now: Date) {
	if (status === 'succeeded') {
		await prisma.$transaction((tx) => markPaid(tx, { id: invoiceId }, chargeId, now, 'Paid after confirmation with the bank'))
		return paidOutcome(invoiceId)
	}
	// not confirmed (the bank page abandoned or failed): the invoice still waits for the customer's confirmation
	// (a withdrawn upgrade stays withdrawn)
	if (status !== 'processing') await prisma.invoice.updateMany({ where: { id: invoiceId, status: { in: ['pending', 'failed'] } }, data: { status: 'failed', notes: AUTHENTICATION_REQUIRED } })
	return { status: 'failed' as const, message: message ?? 'The payment was not confirmed.', upgradedTo: null }
}

/** A paid invoice's outcome; for an upgrade that took effect, the plan it bought. */
async function paidOutcome(invoiceId: string) {
	const invoice = await prisma.invoice.findUniqueOrThrow({ where: { id: invoiceId }, select: { upgradeTierId: true, subscriptionTierName: true, notes: true } })
	const upgradedTo = invoice.upgradeTierId && invoice.notes !== UPGRADE_NOT_APPLIED_NOTE ? invoice.subscriptionTierName : null
	return { status: 'paid' as const, message: null, upgradedTo }
}

type StripeObject = WebhookEvent['object']
const str = (v: unknown) => (typeof v === 'string' ? v : null)
const idOf = (v: unknown) => str(v) ?? (v && typeof v === 'object' ? str((v as { id?: unknown }).id) : null)

/**
 * POST /api/webhooks/stripe. The signature is checked on the raw body (5
 * minutes' tolerance); each event id is recorded in the same transaction as
 * its effect, so a replay is a no-op and a crash halfway records nothing.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null, now = new Date(), gateway: PaymentGateway = getPaymentGateway()) {
	if (!gateway.hosted) throw notFound('Not found')
	const event = signature ? gateway.hosted.verifyWebhook(rawBody, signature) : null
	if (!event) throw badRequest(INVALID_SIGNATURE)
	// a card saved on the hosted page: its details come from Stripe before the transaction
	let savedCard: { organizationId: string; card: Awaited<ReturnType<typeof cardOf>> } | null = null
	if (event.type === 'setup_intent.succeeded') {
		const org = await orgOfCustomer(idOf(event.object.customer))
		const card = org ? await cardOf(gateway, idOf(event.object.payment_method)) : null
		if (org && card) savedCard = { organizationId: org, card }
	}
	const duplicate = await prisma.$transaction(async (tx) => {
		const seen = await tx.paymentEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true })
		if (seen.count === 0) return true
		await apply(tx, event.type, event.object, now)
		return false
	})
	// stored once per PaymentMethod id, so the return from the hosted page and this event make one card
	if (!duplicate && savedCard?.card) await storeHostedCard(savedCard.organizationId, savedCard.card)
	// a paid plan's checkout whose customer did not come back from the bank's page: the account is made now
	const checkoutId = str((event.object.metadata as Record<string, unknown> | undefined)?.checkoutId)
	if (!duplicate && event.type === 'payment_intent.succeeded' && checkoutId) await settleCheckoutFromWebhook(checkoutId, event.object.id, idOf(event.object.customer), now)
	return { received: true, duplicate }
}

async function orgOfCustomer(customerId: string | null) {
	if (!customerId) return null
	const org = await prisma.organization.findUnique({ where: { paymentCustomerId: customerId }, select: { id: true } })
	return org?.id ?? null
}

async function cardOf(gateway: PaymentGateway, paymentMethodId: string | null) {
	if (!paymentMethodId || !gateway.hosted) return null
	return gateway.hosted.paymentMethod(paymentMethodId)
}

/** The invoice a PaymentIntent paid: by its id, else by the invoice id we put in its metadata (same customer's organization). */
async function invoiceWhere(tx: Prisma.TransactionClient, intent: StripeObject): Promise<Prisma.InvoiceWhereInput | null> {
	const byIntent = await tx.invoice.findUnique({ where: { paymentIntentId: intent.id }, select: { id: true } })
	if (byIntent) return { id: byIntent.id }
	const invoiceId = str((intent.metadata as Record<string, unknown> | undefined)?.invoiceId)
	const customerId = idOf(intent.customer)
	if (!invoiceId || !customerId) return null
	return { id: invoiceId, organization: { paymentCustomerId: customerId } }
}

async function apply(tx: Prisma.TransactionClient, type: string, object: StripeObject, now: Date) {
	switch (type) {
		case 'payment_intent.succeeded': {
			const where = await invoiceWhere(tx, object)
			if (where) await markPaid(tx, where, object.id, now)
			return
		}
		case 'payment_intent.payment_failed': {
			const where = await invoiceWhere(tx, object)
			const error = object.last_payment_error as Record<string, unknown> | null
			// the same words as the charge's own reply, so /billing still offers Confirm payment
			const needsBank = error?.code === 'authentication_required' || error?.code === 'payment_intent_authentication_failure'
			const message = needsBank ? AUTHENTICATION_REQUIRED : (str(error?.message) ?? 'Your card was declined.')
			// a claimed invoice (a charge in flight) records its own outcome; a paid one stays paid
			if (where) await tx.invoice.updateMany({ where: { ...where, status: { in: ['pending', 'failed'] }, isProcessed: false }, data: { status: 'failed', notes: message, paymentIntentId: object.id } })
			return
		}
		case 'charge.refunded': {
			const intentId = idOf(object.payment_intent)
			const refunded = Number(object.amount_refunded)
			if (!intentId || !Number.isInteger(refunded)) return
			const invoice = await tx.invoice.findUnique({ where: { paymentIntentId: intentId }, select: { id: true, refundedAmount: true } })
			if (!invoice) return
			// the charge's running total: an older event never lowers it
			const cents = Math.max(refunded, invoice.refundedAmount ? toCents(invoice.refundedAmount.toFixed(2)) : 0)
			await tx.invoice.update({ where: { id: invoice.id }, data: { refundedAmount: centsToDecimal(cents) } })
			return
		}
		case 'charge.dispute.created': {
			const intentId = idOf(object.payment_intent)
			if (intentId) await tx.invoice.updateMany({ where: { paymentIntentId: intentId }, data: { notes: DISPUTED_NOTE } })
			return
		}
		default:
		// setup_intent.succeeded is stored after the transaction; other types are acknowledged and ignored
	}
}
