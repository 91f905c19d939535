// The invoicing run (spec 2 §9, decisions "Billing"): at each organization's
// period end the next period starts — scheduled downgrades take effect, usage
// counters reset, a cancelled subscription ends (deactivation, cleanup in 30
// days) — and, when there is anything to bill, an invoice with line items
// (plan, pro-rated upgrade charges, coupon discount, balance applied) is issued
// and charged through the payment gateway.
//
// Exactly once per period: each period is processed in a transaction that
// locks the organization row and re-reads its period end, and invoices are
// unique per (organization, billingPeriodStart). A charge is claimed with a
// conditional update (isProcessed) before the gateway is called, and the
// gateway call carries the invoice id as idempotency key. After downtime the
// run catches up: every missed period is processed in order, each once.
import { prisma, type Prisma } from '~/db.server.ts'
import { getPaymentGateway, type PaymentGateway } from '~/integrations/payments.server.ts'
import { buildInvoiceLines, centsToDecimal, nextPeriodEnd, toCents } from '~/lib/pricing.ts'
import { deactivateOrganization } from './organizations.server.ts'
import { markInvoicePaid, withdrawWaitingUpgrades } from './paid-invoices.server.ts'

/** at most this many missed periods are caught up per organization and run */
const MAX_CATCH_UP_PERIODS = 36
/** a declined invoice is charged at most this often, 3 days apart */
export const MAX_PAYMENT_ATTEMPTS = 3
export const NO_CARD_NOTE = 'No payment method on file'
/** a charge claimed longer ago than this was cut off (a crash): the next run takes it again (the processor answers within 20 s, with retries about a minute) */
export const STALE_CLAIM_MS = 10 * 60_000

/**
 * invoices claimed for a charge whose outcome was never recorded (the clock is the real one, like the claim's).
 * A claim with no claim time was made before the column existed (every claim since sets it, and every outcome
 * clears it together with the claim), so it is older than any deployment's restart: stale.
 */
const staleClaim = (realNow: Date): Prisma.InvoiceWhereInput => ({
	isProcessed: true,
	status: { in: ['pending', 'failed'] },
	OR: [{ chargeClaimedAt: null }, { chargeClaimedAt: { lt: new Date(realNow.getTime() - STALE_CLAIM_MS) } }],
})
// each instance tries every 15 minutes; one run per window across instances (issue 10: jobs run once)
export const INVOICING_JOB = { name: 'invoicing', everyMs: 15 * 60_000, minIntervalMs: 10 * 60_000 }

type PeriodOutcome = { kind: 'none' } | { kind: 'deactivated' } | { kind: 'advanced'; invoiceId: string | null; chargeCents: number }

type LockedOrg = {
	id: string
	accountNumber: string
	subscriptionTierId: string
	scheduledSubscriptionTierId: string | null
	subscriptionStatus: string
	currentPeriodStart: Date
	currentPeriodEnd: Date | null
	createdAt: Date
	accountBalance: Prisma.Decimal
	activeCouponId: string | null
	isDeactivated: boolean
}

const periodKey = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '')

async function processOnePeriod(organizationId: string, now: Date): Promise<PeriodOutcome> {
	return prisma.$transaction(async (tx) => {
		const [org] = await tx.$queryRaw<LockedOrg[]>`
			SELECT id, "accountNumber", "subscriptionTierId", "scheduledSubscriptionTierId", "subscriptionStatus", "currentPeriodStart",
				"currentPeriodEnd", "createdAt", "accountBalance", "activeCouponId", "isDeactivated"
			FROM organizations WHERE id = ${organizationId} FOR UPDATE`
		if (!org || org.isDeactivated) return { kind: 'none' }
		const anchorDay = org.createdAt.getUTCDate()
		const end = org.currentPeriodEnd ?? nextPeriodEnd(org.currentPeriodStart, anchorDay)
		if (end.getTime() > now.getTime()) return { kind: 'none' }

		if (org.subscriptionStatus === 'cancelled') {
			// access ended with the period: deactivate as of the period end
			await deactivateOrganization(org.id, end, tx)
			return { kind: 'deactivated' }
		}

		// an upgrade still waiting for its payment priced the period now ending: it is withdrawn
		await withdrawWaitingUpgrades(tx, org.id)
		const tierId = org.scheduledSubscriptionTierId ?? org.subscriptionTierId
		const tier = await tx.subscriptionTier.findUniqueOrThrow({ where: { id: tierId } })
		const coupon = org.activeCouponId ? await tx.couponCode.findUnique({ where: { id: org.activeCouponId } }) : null
		const pending = await tx.pendingCharge.findMany({ where: { organizationId: org.id, invoiceId: null }, orderBy: { createdAt: 'asc' } })
		const usage = await tx.organization.findUniqueOrThrow({ where: { id: org.id }, select: { searchesUsedThisMonth: true, reportsUsedThisMonth: true } })
		const start = end
		const nextEnd = nextPeriodEnd(start, anchorDay)
		const bill = buildInvoiceLines({
			planName: tier.name,
			tierId: tier.id,
			planPriceCents: toCents(tier.monthlyPrice.toFixed(2)),
			pending: pending.map((p) => ({ description: p.description, amountCents: toCents(p.amount.toFixed(2)), itemType: p.itemType })),
			coupon: coupon && coupon.isActive ? { code: coupon.code, discountType: coupon.discountType, discountValue: coupon.discountValue.toFixed(2), eligibleTierIds: coupon.eligibleTierIds } : null,
			balanceCents: toCents(org.accountBalance.toFixed(2)),
		})

		let invoiceId: string | null = null
		if (bill.lines.length > 0) {
			const paid = bill.totalCents === 0
			const invoice = await tx.invoice.create({
				data: {
					invoiceNumber: `INV-${org.accountNumber}-${periodKey(start)}`,
					organizationId: org.id,
					billingPeriodStart: start,
					billingPeriodEnd: nextEnd,
					subtotalAmount: centsToDecimal(bill.subtotalCents),
					discountAmount: centsToDecimal(bill.discountCents + bill.balanceAppliedCents),
					totalAmount: centsToDecimal(bill.totalCents),
					status: paid ? 'paid' : 'pending',
					invoiceDate: start,
					dueDate: start,
					paidAt: paid ? now : null,
					isProcessed: paid,
					appliedCouponId: bill.discountCents > 0 ? coupon!.id : null,
					appliedCouponCode: bill.discountCents > 0 ? coupon!.code : null,
					subscriptionTierId: tier.id,
					subscriptionTierName: tier.name,
					subscriptionTierPrice: tier.monthlyPrice,
					searchesUsed: usage.searchesUsedThisMonth,
					reportsUsed: usage.reportsUsedThisMonth,
					lineItems: {
						create: bill.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: centsToDecimal(l.unitPriceCents), totalPrice: centsToDecimal(l.totalCents), itemType: l.itemType })),
					},
				},
			})
			invoiceId = invoice.id
			if (pending.length > 0) await tx.pendingCharge.updateMany({ where: { id: { in: pending.map((p) => p.id) } }, data: { invoiceId: invoice.id } })
		}
		await tx.organization.update({
			where: { id: org.id },
			data: {
				subscriptionTierId: tier.id,
				scheduledSubscriptionTierId: null,
				currentPeriodStart: start,
				currentPeriodEnd: nextEnd,
				searchesUsedThisMonth: 0,
				reportsUsedThisMonth: 0,
				...(bill.balanceAppliedCents > 0 ? { accountBalance: { decrement: centsToDecimal(bill.balanceAppliedCents) } } : {}),
			},
		})
		await tx.user.updateMany({ where: { organizationId: org.id }, data: { searchesUsedThisMonth: 0, reportsUsedThisMonth: 0, searchCountResetDate: start } })
		return { kind: 'advanced', invoiceId: bill.totalCents > 0 ? invoiceId : null, chargeCents: bill.totalCents }
	})
}

/**
 * Charges an issued invoice on the organization's card. Claimed first, so two
 * runs never charge the same invoice; no card on file leaves it pending. The
 * idempotency key is the invoice and its attempt number: a retried request
 * (network cut, crash, Stripe's own retries) charges once, while a new attempt
 * after a decline is a new charge. A processor outage is not an attempt: the
 * invoice stays open for the next run or card. A charge that needs the
 * customer's bank to confirm it (3-D Secure) fails with its payment kept, so
 * /billing can send the customer through the bank's page (confirmInvoicePayment).
 */
export async function chargeInvoice(invoiceId: string, now: Date, gateway: PaymentGateway = getPaymentGateway()) {
	const claimedAt = new Date()
	const { count } = await prisma.invoice.updateMany({
		where: { id: invoiceId, isProcessed: false, status: { in: ['pending', 'failed'] } },
		data: { isProcessed: true, paymentAttempts: { increment: 1 }, chargeClaimedAt: claimedAt },
	})
	// a claim whose process died before recording the outcome: the same attempt again, so the same idempotency key
	const reclaimed = count === 0 ? await prisma.invoice.updateMany({ where: { ...staleClaim(claimedAt), id: invoiceId }, data: { chargeClaimedAt: claimedAt } }) : null
	if (count === 0 && !reclaimed?.count) return 'skipped' as const
	const invoice = await prisma.invoice.findUniqueOrThrow({ where: { id: invoiceId }, include: { organization: { select: { paymentCustomerId: true } } } })
	const card = await prisma.paymentMethod.findFirst({ where: { organizationId: invoice.organizationId, isDefault: true }, orderBy: { createdAt: 'desc' } })
	if (!card) {
		// not an attempt: it stays open until a card is added (payment-methods.server.ts charges it then)
		await prisma.invoice.update({ where: { id: invoiceId }, data: { isProcessed: false, chargeClaimedAt: null, notes: NO_CARD_NOTE, paymentAttempts: { decrement: 1 } } })
		return 'no-card' as const
	}
	const result = await gateway.charge(card.gatewayToken, toCents(invoice.totalAmount.toFixed(2)), `Yardstick invoice ${invoice.invoiceNumber}`, `invoice-${invoice.id}-${invoice.paymentAttempts}`, {
		customerId: invoice.organization.paymentCustomerId,
		metadata: { invoiceId: invoice.id, organizationId: invoice.organizationId },
	})
	if (!result.ok && (result.code === 'unavailable' || result.code === 'processing')) {
		// nothing was decided: the invoice stays open (a webhook settles one still processing)
		await prisma.invoice.update({ where: { id: invoiceId }, data: { isProcessed: false, chargeClaimedAt: null, notes: result.message, paymentAttempts: { decrement: 1 }, paymentIntentId: result.chargeId ?? invoice.paymentIntentId } })
		return 'unavailable' as const
	}
	if (result.ok) {
		// an upgrade invoice changes the plan in this transaction (or not at all when a webhook got there first)
		const chargeId = result.value.chargeId
		await prisma.$transaction(async (tx) => {
			await markInvoicePaid(tx, invoiceId, chargeId, now, `Charged ${card.brand} •••• ${card.last4}`)
			await tx.invoice.update({ where: { id: invoiceId }, data: { chargeClaimedAt: null } })
		})
		return 'paid' as const
	}
	await prisma.invoice.update({
		where: { id: invoiceId },
		data: {
			status: 'failed',
			isProcessed: false,
			chargeClaimedAt: null,
			notes: result.message,
			paymentIntentId: result.chargeId ?? null,
			// a declined upgrade is retried by the customer (a new card, the plan chosen again), not days later by the job
			nextPaymentAttempt: invoice.paymentAttempts < MAX_PAYMENT_ATTEMPTS && !invoice.upgradeTierId ? new Date(now.getTime() + 3 * 86_400_000) : null,
		},
	})
	return result.code === 'authentication_required' ? ('authentication_required' as const) : ('failed' as const)
}

/**
 * The job: every organization whose period has ended, every missed period once.
 * `organizationIds` limits a run to some organizations (an admin re-run, tests).
 */
export async function runInvoicing(now: Date, { gateway = getPaymentGateway(), organizationIds }: { gateway?: PaymentGateway; organizationIds?: string[] } = {}) {
	const candidates = await prisma.organization.findMany({
		where: {
			isDeactivated: false,
			...(organizationIds ? { id: { in: organizationIds } } : {}),
			OR: [{ currentPeriodEnd: { lte: now } }, { currentPeriodEnd: null, currentPeriodStart: { lte: new Date(now.getTime() - 27 * 86_400_000) } }],
		},
		select: { id: true },
	})
	const totals = { periods: 0, invoices: 0, paid: 0, failed: 0, unpaid: 0, deactivated: 0 }
	for (const { id } of candidates) {
		for (let i = 0; i < MAX_CATCH_UP_PERIODS; i++) {
			const outcome = await processOnePeriod(id, now)
			if (outcome.kind === 'none') break
			if (outcome.kind === 'deactivated') {
				totals.deactivated++
				break
			}
			totals.periods++
			if (outcome.invoiceId) {
				totals.invoices++
				const charged = await chargeInvoice(outcome.invoiceId, now, gateway)
				if (charged === 'paid') totals.paid++
				else if (charged === 'failed' || charged === 'authentication_required') totals.failed++
				else if (charged === 'no-card' || charged === 'unavailable') totals.unpaid++
			}
		}
	}
	// declined charges are tried again when due, up to MAX_PAYMENT_ATTEMPTS in all
	const retries = await prisma.invoice.findMany({
		where: {
			status: 'failed',
			isProcessed: false,
			paymentAttempts: { lt: MAX_PAYMENT_ATTEMPTS },
			nextPaymentAttempt: { lte: now },
			...(organizationIds ? { organizationId: { in: organizationIds } } : {}),
		},
		select: { id: true },
	})
	// charges cut off halfway (a crash between claim and outcome) are finished with their own idempotency key: charged once
	const stale = await prisma.invoice.findMany({
		where: { ...staleClaim(new Date()), ...(organizationIds ? { organizationId: { in: organizationIds } } : {}) },
		select: { id: true },
	})
	for (const { id } of [...retries, ...stale]) {
		const charged = await chargeInvoice(id, now, gateway)
		if (charged === 'paid') totals.paid++
		else if (charged === 'failed' || charged === 'authentication_required') totals.failed++
	}
	return totals
}
