// An invoice becoming paid (issue 30), by whichever path says so: the charge's
// own reply (chargeInvoice, also when the invoicing job finishes a stale
// claim), the return from the bank's page, Confirm payment, or Stripe's
// payment_intent.succeeded webhook. They all come here, so an upgrade invoice
// (Stripe mode: it carries the plan it buys) changes the organization's plan
// in the same transaction that marks it paid, and once: the first paid signal
// changes the status, every later one finds the invoice paid and does nothing.
import type { Prisma } from '~/db.server.ts'
import { centsToDecimal, toCents } from '~/lib/pricing.ts'

export const UPGRADE_REPLACED_NOTE = 'Withdrawn: a later plan change replaced this upgrade.'
export const UPGRADE_NOT_APPLIED_NOTE = 'Paid after the upgrade was withdrawn or the plan had changed; the plan was not changed. Contact billing support for a refund.'

/** Upgrade invoices still waiting for their payment (a charge in flight, claimed, included). */
export const waitingUpgrade = (organizationId: string): Prisma.InvoiceWhereInput => ({
	organizationId,
	upgradeTierId: { not: null },
	status: { in: ['pending', 'failed'] },
})

/**
 * A plan change, a cancellation or the period's end replaces an upgrade that
 * still waits for its payment: it is withdrawn (cancelled), so it is neither
 * offered for confirmation nor charged again, and a payment that still comes
 * in for it later is recorded without changing the plan.
 */
export async function withdrawWaitingUpgrades(tx: Prisma.TransactionClient, organizationId: string) {
	await tx.invoice.updateMany({ where: { ...waitingUpgrade(organizationId), isProcessed: false }, data: { status: 'cancelled', notes: UPGRADE_REPLACED_NOTE, nextPaymentAttempt: null } })
}

type OrgRow = { subscriptionTierId: string; subscriptionStatus: string; currentPeriodEnd: Date | null; accountBalance: Prisma.Decimal }

/**
 * Marks the invoice paid by this charge unless it already is (a success is
 * final). Locks the organization, then the invoice (the order every plan
 * change and the invoicing job use). True when this call made it paid.
 */
export async function markInvoicePaid(tx: Prisma.TransactionClient, invoiceId: string, chargeId: string, now: Date, note?: string): Promise<boolean> {
	const found = await tx.invoice.findUnique({ where: { id: invoiceId }, select: { organizationId: true } })
	if (!found) return false
	const [org] = await tx.$queryRaw<OrgRow[]>`
		SELECT "subscriptionTierId", "subscriptionStatus", "currentPeriodEnd", "accountBalance" FROM organizations WHERE id = ${found.organizationId} FOR UPDATE`
	const [row] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM invoices WHERE id = ${invoiceId} FOR UPDATE`
	if (!org || !row || row.status === 'paid') return false
	const invoice = await tx.invoice.update({
		where: { id: invoiceId },
		data: { status: 'paid', paidAt: now, isProcessed: true, chargeClaimedAt: null, paymentIntentId: chargeId, nextPaymentAttempt: null, ...(note ? { notes: note } : {}) },
		include: { lineItems: { select: { itemType: true, totalPrice: true } } },
	})
	if (invoice.upgradeTierId && !(await applyUpgrade(tx, invoice, org, row.status === 'cancelled', now))) {
		await tx.invoice.update({ where: { id: invoiceId }, data: { notes: UPGRADE_NOT_APPLIED_NOTE } })
	}
	return true
}

type UpgradeInvoice = Prisma.InvoiceGetPayload<{ include: { lineItems: { select: { itemType: true; totalPrice: true } } } }>

/**
 * The plan the invoice bought, with what the upgrade spent (its coupon use, the
 * account credit it applied), when the organization is still where the upgrade
 * started: not withdrawn, on the plan it started from, not cancelled, in the
 * period it priced. Otherwise nothing changes (a later choice is never
 * overwritten by an older upgrade's late payment).
 */
async function applyUpgrade(tx: Prisma.TransactionClient, invoice: UpgradeInvoice, org: OrgRow, withdrawn: boolean, now: Date) {
	const samePeriod = org.currentPeriodEnd === null || org.currentPeriodEnd.getTime() === invoice.billingPeriodEnd.getTime()
	const current = !withdrawn && org.subscriptionStatus !== 'cancelled' && org.subscriptionTierId === invoice.upgradeFromTierId && samePeriod
	if (!current || invoice.billingPeriodEnd.getTime() <= now.getTime()) return false
	const creditCents = -invoice.lineItems.filter((l) => l.itemType === 'credit').reduce((sum, l) => sum + toCents(l.totalPrice.toFixed(2)), 0)
	const balanceCents = Math.min(creditCents, Math.max(toCents(org.accountBalance.toFixed(2)), 0))
	if (invoice.appliedCouponId) await tx.couponCode.update({ where: { id: invoice.appliedCouponId }, data: { usedCount: { increment: 1 } } })
	await tx.organization.update({
		where: { id: invoice.organizationId },
		data: {
			subscriptionTierId: invoice.upgradeTierId!,
			scheduledSubscriptionTierId: null,
			subscriptionStatus: 'active',
			...(invoice.appliedCouponId ? { activeCouponId: invoice.appliedCouponId } : {}),
			...(org.currentPeriodEnd === null ? { currentPeriodStart: invoice.billingPeriodStart, currentPeriodEnd: invoice.billingPeriodEnd } : {}),
			...(balanceCents > 0 ? { accountBalance: { decrement: centsToDecimal(balanceCents) } } : {}),
		},
	})
	return true
}
