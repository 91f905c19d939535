// Cards on file (spec 2 §3 "Payment methods card"): an account admin adds a
// card on /billing; it becomes the default and the organization's open
// invoices (left pending for want of a card, or declined before) are charged
// on it at once (decisions "Billing").
import { prisma } from '~/db.server.ts'
import { CARD_DECLINED, getPaymentGateway, type PaymentGateway, type SavedCard } from '~/integrations/payments.server.ts'
import type { CardFields } from '~/lib/schemas/checkout.ts'
import { badRequest, notFound } from '~/utils/http.server.ts'
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
	const saved = await gateway.saveCard(card)
	if (!saved.ok) throw badRequest(saved.message || CARD_DECLINED, { cardNumber: saved.message || CARD_DECLINED })
	const method = await prisma.$transaction(async (tx) => {
		await tx.paymentMethod.updateMany({ where: { organizationId, isDefault: true }, data: { isDefault: false } })
		return tx.paymentMethod.create({ data: cardOnFile(organizationId, saved.value, card.cardholderName) })
	})
	// open invoices, oldest first; chargeInvoice claims each, so a job run at the same time never charges one twice
	const open = await prisma.invoice.findMany({
		where: { organizationId, status: { in: ['pending', 'failed'] }, isProcessed: false, paymentAttempts: { lt: MAX_PAYMENT_ATTEMPTS } },
		orderBy: { billingPeriodStart: 'asc' },
		select: { id: true, invoiceNumber: true, totalAmount: true },
	})
	const invoices: ChargedInvoice[] = []
	for (const invoice of open) {
		const outcome = await chargeInvoice(invoice.id, now, gateway)
		if (outcome === 'paid' || outcome === 'failed') invoices.push({ id: invoice.id, invoiceNumber: invoice.invoiceNumber, totalAmount: invoice.totalAmount.toFixed(2), status: outcome })
	}
	return {
		paymentMethod: toClientMethod(method),
		invoices,
	}
}
