// Refunds from the admin panel (issue 30): staff refund a paid invoice, in
// full or in part, through the processor; the invoice shows what was
// refunded and its PDF says so. Amounts are integer cents end to end. Only
// site admins with the Organizations permission refund: an account admin
// refunding their own organization's invoice would be paying themselves.
import { prisma } from '~/db.server.ts'
import { getPaymentGateway, type PaymentGateway } from '~/integrations/payments.server.ts'
import { centsToDecimal, formatCents, toCents } from '~/lib/pricing.ts'
import type { RefundSchema } from '~/lib/schemas/admin.ts'
import { badRequest, forbidden, HttpError, notFound } from '~/utils/http.server.ts'
import type { z } from 'zod'
import { audit, type AdminContext } from './access.server.ts'

export const REFUNDS_STAFF_ONLY = 'Only Yardstick staff can refund invoices.'
export const NOT_REFUNDABLE = 'Only a paid invoice that was charged to a card can be refunded.'

/** The organization's invoices a refund can be made on, newest first. */
export async function listRefundableInvoices(ctx: AdminContext, organizationId: string) {
	if (ctx.access.role !== 'site_admin') return []
	const rows = await prisma.invoice.findMany({
		where: { organizationId, status: 'paid', paymentIntentId: { not: null } },
		orderBy: { billingPeriodStart: 'desc' },
		take: 24,
		select: { id: true, invoiceNumber: true, totalAmount: true, refundedAmount: true, paidAt: true },
	})
	return rows.map((r) => ({ id: r.id, invoiceNumber: r.invoiceNumber, totalAmount: r.totalAmount.toFixed(2), refundedAmount: r.refundedAmount?.toFixed(2) ?? '0.00', paidAt: r.paidAt?.toISOString() ?? null }))
}

export async function refundInvoice(ctx: AdminContext, invoiceId: string, input: z.output<typeof RefundSchema>, gateway: PaymentGateway = getPaymentGateway()) {
	if (ctx.access.role !== 'site_admin') throw forbidden(REFUNDS_STAFF_ONLY)
	const invoice = await prisma.invoice.findUnique({ where: { id: invoiceId } })
	if (!invoice) throw notFound('Invoice not found')
	if (invoice.status !== 'paid' || !invoice.paymentIntentId) throw badRequest(NOT_REFUNDABLE)
	const refundedCents = invoice.refundedAmount ? toCents(invoice.refundedAmount.toFixed(2)) : 0
	const leftCents = toCents(invoice.totalAmount.toFixed(2)) - refundedCents
	const amountCents = input.amount === undefined ? leftCents : toCents(input.amount)
	if (leftCents <= 0) throw badRequest('This invoice is already fully refunded.')
	if (amountCents <= 0 || amountCents > leftCents) {
		const message = `Enter an amount between $0.01 and ${formatCents(leftCents)}.`
		throw badRequest(message, { amount: message })
	}
	if (gateway.hosted) {
		// the same refund asked twice (a double click, a retried request) is one refund at Stripe
		const result = await gateway.hosted.refund(invoice.paymentIntentId, amountCents, `refund-${invoice.id}-${refundedCents}-${amountCents}`)
		if (!result.ok) throw new HttpError(result.code === 'unavailable' ? 502 : 400, result.message)
	}
	// the charge.refunded webhook may have recorded it already: the total only ever grows to what Stripe refunded
	const total = refundedCents + amountCents
	await prisma.$transaction(async (tx) => {
		const [row] = await tx.$queryRaw<{ refundedAmount: string | null }[]>`SELECT "refundedAmount"::text FROM invoices WHERE id = ${invoice.id} FOR UPDATE`
		const now = row?.refundedAmount ? toCents(row.refundedAmount) : 0
		await tx.invoice.update({ where: { id: invoice.id }, data: { refundedAmount: centsToDecimal(Math.max(now, total)) } })
		await audit(ctx, { action: 'admin.invoice.refund', targetType: 'invoice', targetId: invoice.id, details: { amountCents, invoiceNumber: invoice.invoiceNumber } }, tx)
	})
	return { invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber, totalAmount: invoice.totalAmount.toFixed(2), refundedAmount: centsToDecimal(total) }, refundedCents: amountCents }
}
