// Cards on file (spec 2 §3 "Payment methods card"): an account admin adds a
// card on /billing; it becomes the default and the organization's open
// invoices (left pending for want of a card, or declined before) are charged
// on it at once (decisions "Billing"). With Stripe (issue 30) the card is
// entered on Stripe's hosted Checkout page in setup mode and comes back as a
// PaymentMethod id; the raw-card paths answer 400.
import { prisma } from '~/db.server.ts'
import { appUrl } from '~/env.server.ts'
import { CARD_DECLINED, getPaymentGateway, type HostedCards, type PaymentGateway, type SavedCard } from '~/integrations/payments.server.ts'
import { CARDS_ON_STRIPE, ProcessorError } from '~/integrations/stripe.server.ts'
import type { CardFields } from '~/lib/schemas/checkout.ts'
import { badRequest, HttpError, notFound } from '~/utils/http.server.ts'
import { assertCanManage, requireBillingAccess } from './billing.server.ts'
import { ORGANIZATION_NOT_FOUND } from './organizations.server.ts'
import { chargeInvoice, MAX_PAYMENT_ATTEMPTS } from './invoicing.server.ts'
import type { ClientUser } from './users.server.ts'

/** The payment_methods row of a card the gateway saved (the gateway's token, never the number). */
export function cardOnFile(organizationId: string, saved: SavedCard, cardholderName: string) {
	const { brand, last4, expiryMonth, expiryYear, token } = saved
	return { organizationId, brand, last4, expiryMonth, expiryYear, cardholderName, gatewayToken: token, isDefault: true }
}

type MethodRow = { id: string; brand: string; last4: string; expiryMonth: number; expiryYear: number; isDefault: boolean }
const toClientMethod = (m: MethodRow) => ({ id: m.id, brand: m.brand, last4: m.last4, expiryMonth: m.expiryMonth, expiryYear: m.expiryYear, isDefault: m.isDefault })

/** The organization's cards, newest first (whoever may see its billing). */
export async function listPaymentMethods(user: ClientUser, organizationId: string) {
	if (user.organizationId !== organizationId) throw notFound(ORGANIZATION_NOT_FOUND)
	requireBillingAccess(user)
	const methods = await prisma.paymentMethod.findMany({ where: { organizationId }, orderBy: { createdAt: 'desc' } })
	return { paymentMethods: methods.map(toClientMethod) }
}

export type ChargedInvoice = { id: string; invoiceNumber: string; totalAmount: string; status: 'paid' | 'failed' }

export async function addPaymentMethod(user: ClientUser, organizationId: string, card: CardFields, now = new Date(), gateway: PaymentGateway = getPaymentGateway()) {
	assertCanManage(user, organizationId)
	if (gateway.hosted) throw badRequest(CARDS_ON_STRIPE)
	const saved = await gateway.saveCard(card)
	if (!saved.ok) throw badRequest(saved.message || CARD_DECLINED, { cardNumber: saved.message || CARD_DECLINED })
	const method = await prisma.$transaction(async (tx) => {
		await tx.paymentMethod.updateMany({ where: { organizationId, isDefault: true }, data: { isDefault: false } })
		return tx.paymentMethod.create({ data: cardOnFile(organizationId, saved.value, card.cardholderName) })
	})
	return { paymentMethod: toClientMethod(method), invoices: await chargeOpenInvoices(organizationId, now, gateway) }
}

/** Open invoices, oldest first; chargeInvoice claims each, so a job run at the same time never charges one twice. */
async function chargeOpenInvoices(organizationId: string, now: Date, gateway: PaymentGateway) {
	const open = await prisma.invoice.findMany({
		where: { organizationId, status: { in: ['pending', 'failed'] }, isProcessed: false, paymentAttempts: { lt: MAX_PAYMENT_ATTEMPTS } },
		orderBy: { billingPeriodStart: 'asc' },
		select: { id: true, invoiceNumber: true, totalAmount: true },
	})
	const invoices: ChargedInvoice[] = []
	for (const invoice of open) {
		const outcome = await chargeInvoice(invoice.id, now, gateway)
		if (outcome === 'paid' || outcome === 'failed' || outcome === 'authentication_required') {
			invoices.push({ id: invoice.id, invoiceNumber: invoice.invoiceNumber, totalAmount: invoice.totalAmount.toFixed(2), status: outcome === 'paid' ? 'paid' : 'failed' })
		}
	}
	return invoices
}

export const CARD_NOT_SAVED = 'The card was not saved. Please try again.'
export const HOSTED_ONLY = 'Cards are entered on this page with the built-in test gateway.'

function requireHosted(gateway: PaymentGateway): HostedCards {
	if (!gateway.hosted) throw badRequest(HOSTED_ONLY)
	return gateway.hosted
}

/** Processor refusals and outages become a clear 502 (nothing was saved or charged). */
export async function processor<T>(work: () => Promise<T>): Promise<T> {
	try {
		return await work()
	} catch (error) {
		if (error instanceof ProcessorError) throw new HttpError(502, error.message)
		throw error
	}
}

/**
 * Stripe: the address of Stripe's hosted page where an account admin enters
 * a card (Checkout in setup mode). The organization's Stripe customer is made
 * on first use (one per organization) and remembered.
 */
export async function startCardSetup(user: ClientUser, organizationId: string, gateway: PaymentGateway = getPaymentGateway()) {
	assertCanManage(user, organizationId)
	const hosted = requireHosted(gateway)
	const org = await prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true, name: true, paymentCustomerId: true } })
	if (!org) throw notFound(ORGANIZATION_NOT_FOUND)
	return processor(async () => {
		const customerId = await hosted.ensureCustomer({ id: org.id, name: org.name, email: user.email, customerId: org.paymentCustomerId })
		if (!org.paymentCustomerId) await prisma.organization.updateMany({ where: { id: org.id, paymentCustomerId: null }, data: { paymentCustomerId: customerId } })
		const url = await hosted.startSetup({
			customerId,
			organizationId: org.id,
			successUrl: `${appUrl()}/billing?card_session={CHECKOUT_SESSION_ID}`,
			cancelUrl: `${appUrl()}/billing`,
		})
		return { url }
	})
}

/**
 * Stripe sent the admin back from its hosted page: the card saved there
 * becomes the default (once, however often the page is reloaded or the
 * webhook got there first) and open invoices are charged on it.
 */
export async function finishCardSetup(user: ClientUser, organizationId: string, sessionId: string, now = new Date(), gateway: PaymentGateway = getPaymentGateway()) {
	assertCanManage(user, organizationId)
	const hosted = requireHosted(gateway)
	const org = await prisma.organization.findUnique({ where: { id: organizationId }, select: { paymentCustomerId: true } })
	const setup = await processor(() => hosted.finishSetup(sessionId))
	if (!setup) throw badRequest(CARD_NOT_SAVED)
	// another organization's session is not found, whoever asks
	if (!org?.paymentCustomerId || setup.customerId !== org.paymentCustomerId) throw notFound(CARD_NOT_SAVED)
	const method = await storeHostedCard(organizationId, setup.card)
	return { paymentMethod: toClientMethod(method), invoices: await chargeOpenInvoices(organizationId, now, gateway) }
}

/** The card Stripe saved, stored once per PaymentMethod id and made the default. */
export async function storeHostedCard(organizationId: string, card: SavedCard) {
	return prisma.$transaction(async (tx) => {
		await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${organizationId} FOR UPDATE`
		const existing = await tx.paymentMethod.findFirst({ where: { organizationId, gatewayToken: card.token } })
		if (existing) return existing
		await tx.paymentMethod.updateMany({ where: { organizationId, isDefault: true }, data: { isDefault: false } })
		return tx.paymentMethod.create({ data: cardOnFile(organizationId, card, '') })
	})
}
