// Subscriptions (spec 2 §4, §9): plan changes with pro-rating and coupons,
// cancellation, invoices. Pricing arithmetic is app/lib/pricing.ts (pure).
import { prisma, type Prisma } from '~/db.server.ts'
import { AUTHENTICATION_REQUIRED, PROCESSOR_UNAVAILABLE } from '~/integrations/stripe.server.ts'
import { centsToDecimal, describeDiscount, discountedPriceCents, formatCents, isCouponEligible, nextPeriodEnd, quoteChange, toCents } from '~/lib/pricing.ts'
import { COUPON_REQUIRED, NO_BILLING_ACCESS, type ChangeSubscriptionInput } from '~/lib/schemas/billing.ts'
export { NO_BILLING_ACCESS }
import { badRequest, conflict, forbidden, HttpError, notFound } from '~/utils/http.server.ts'
import { claimCoupon, type ClientCoupon, COUPON_NOT_ELIGIBLE, findUsableCoupon, INVALID_COUPON, toClientCoupon, validateCoupon } from './coupons.server.ts'
import { getPaymentGateway, type PaymentGateway } from '~/integrations/payments.server.ts'
import { chargeInvoice } from './invoicing.server.ts'
import { waitingUpgrade, withdrawWaitingUpgrades } from './paid-invoices.server.ts'
import { ORGANIZATION_NOT_FOUND } from './organizations.server.ts'
import type { ClientUser } from './users.server.ts'
import { longDate } from '~/lib/dates.ts'

export const ONLY_ADMINS_MANAGE_SUBSCRIPTION = 'Only account admins can manage the subscription.'
export const PLAN_UNAVAILABLE = 'The selected plan is not available.'
export const ALREADY_CANCELLED = 'Your subscription is already cancelled.'


/** The account_admin of the organization (or a site admin) may change its plan. */
export function assertCanManage(user: ClientUser, organizationId: string) {
	if (user.organizationId !== organizationId) throw notFound(ORGANIZATION_NOT_FOUND)
	if (user.role !== 'account_admin' && user.role !== 'site_admin') throw forbidden(ONLY_ADMINS_MANAGE_SUBSCRIPTION)
}

/** Billing page and invoices: account_admin, or a member with canViewInvoices (spec 2 §2). */
export function canViewBilling(user: ClientUser) {
	return Boolean(user.organizationId) && (user.role === 'account_admin' || user.canViewInvoices)
}
export function requireBillingAccess(user: ClientUser): string {
	if (!user.organizationId) throw forbidden('No organization found')
	if (!canViewBilling(user)) throw forbidden(NO_BILLING_ACCESS)
	return user.organizationId
}

type OrgRow = { id: string; accountNumber: string; subscriptionTierId: string; currentPeriodStart: Date; currentPeriodEnd: Date | null; createdAt: Date; accountBalance: Prisma.Decimal; activeCouponId: string | null }

/** The end of the running period: currentPeriodEnd, else the next monthly occurrence of the creation day. */
export function periodEndOf(org: Pick<OrgRow, 'currentPeriodStart' | 'currentPeriodEnd' | 'createdAt'>, now: Date): Date {
	if (org.currentPeriodEnd) return org.currentPeriodEnd
	let end = nextPeriodEnd(org.currentPeriodStart, org.createdAt.getUTCDate())
	while (end.getTime() <= now.getTime()) end = nextPeriodEnd(end, org.createdAt.getUTCDate())
	return end
}

async function lockOrganization(tx: Prisma.TransactionClient, id: string): Promise<OrgRow> {
	const rows = await tx.$queryRaw<OrgRow[]>`
		SELECT id, "accountNumber", "subscriptionTierId", "currentPeriodStart", "currentPeriodEnd", "createdAt", "accountBalance", "activeCouponId"
		FROM organizations WHERE id = ${id} FOR UPDATE`
	if (!rows[0]) throw notFound(ORGANIZATION_NOT_FOUND)
	return rows[0]
}

export const UPGRADED = 'Subscription upgraded successfully! Changes are effective immediately.'
export const ADD_CARD_BEFORE_UPGRADE = 'Add a card on the Billing page before upgrading.'
export const UPGRADE_PAYMENT_IN_PROGRESS = 'The payment for your upgrade is being processed. Please try again in a few minutes.'
export const UPGRADE_NEEDS_CONFIRMATION = 'Your bank asks you to confirm this payment. Your plan changes once it is paid.'

/** What an upgrade paid through Stripe did: paid (the plan changed), waiting for the bank, declined, or not charged yet (an outage). */
export type UpgradePayment = { status: 'paid' | 'requires_confirmation' | 'failed' | 'pending'; invoiceId: string; invoiceNumber: string; message: string | null }

/**
 * PATCH /api/organizations/{id}/subscription. Upgrade and same-price changes
 * apply now; a downgrade is scheduled for the period end (or 30 days). With
 * the test gateway the pro-rated upgrade charge, less the coupon and account
 * credit, is billed on the next invoice and a coupon use is counted in the
 * same transaction. With Stripe an upgrade that costs something is an invoice
 * of its own, charged at once; the plan (with the coupon use and the credit)
 * changes only when that invoice is paid (paid-invoices.server.ts).
 */
export async function changeSubscription(user: ClientUser, organizationId: string, input: ChangeSubscriptionInput, now = new Date(), gateway: PaymentGateway = getPaymentGateway()) {
	assertCanManage(user, organizationId)
	const hosted = Boolean(gateway.hosted)
	const { result, upgradeInvoiceId } = await prisma.$transaction(async (tx) => {
		const org = await lockOrganization(tx, organizationId)
		const tier = await tx.subscriptionTier.findUnique({ where: { id: input.subscriptionTierId } })
		if (!tier || !tier.isActive || !tier.isAvailable) throw badRequest(PLAN_UNAVAILABLE, { subscriptionTierId: PLAN_UNAVAILABLE })
		if (tier.id === org.subscriptionTierId && !input.couponCode) throw badRequest('This is already your current plan.')
		const current = await tx.subscriptionTier.findUniqueOrThrow({ where: { id: org.subscriptionTierId } })
		// an upgrade's charge in flight decides that upgrade first
		if (await tx.invoice.count({ where: { ...waitingUpgrade(organizationId), isProcessed: true } })) throw conflict(UPGRADE_PAYMENT_IN_PROGRESS)

		let coupon = null
		if (input.couponCode) {
			coupon = hosted ? await findUsableCoupon(tx, input.couponCode, now) : await claimCoupon(tx, input.couponCode, now)
			if (!isCouponEligible(coupon, tier.id)) throw badRequest(COUPON_NOT_ELIGIBLE)
		}
		const couponTerms = coupon ? { discountType: coupon.discountType, discountValue: coupon.discountValue.toFixed(2), eligibleTierIds: coupon.eligibleTierIds } : null
		const periodEnd = org.currentPeriodEnd
		const quote = quoteChange({
			currentPriceCents: toCents(current.monthlyPrice.toFixed(2)),
			newPriceCents: toCents(tier.monthlyPrice.toFixed(2)),
			newTierId: tier.id,
			now,
			periodEnd,
			coupon: couponTerms,
			balanceCents: toCents(org.accountBalance.toFixed(2)),
		})
		// a later choice replaces an upgrade still waiting for its payment
		await withdrawWaitingUpgrades(tx, organizationId)
		if (hosted && quote.changeType === 'upgrade' && quote.totalDueCents > 0) {
			if (!(await tx.paymentMethod.count({ where: { organizationId, isDefault: true } }))) throw badRequest(ADD_CARD_BEFORE_UPGRADE)
			const invoice = await createUpgradeInvoice(tx, { org, current, tier, coupon, quote, now })
			return { result: { ...changeResult(quote, org.subscriptionTierId, tier.id, tier.name, coupon), subscriptionTierId: org.subscriptionTierId }, upgradeInvoiceId: invoice.id }
		}
		if (hosted && coupon) await claimCoupon(tx, coupon.code, now)
		const data: Prisma.OrganizationUpdateInput = { subscriptionStatus: 'active' }
		if (coupon) data.activeCoupon = { connect: { id: coupon.id } }
		if (quote.changeType === 'downgrade') {
			data.scheduledSubscriptionTierId = tier.id
			// no period end known: the period (and the downgrade) ends in 30 days
			if (!periodEnd || periodEnd.getTime() <= now.getTime()) data.currentPeriodEnd = quote.effectiveDate
		} else if (tier.id !== org.subscriptionTierId) {
			data.subscriptionTier = { connect: { id: tier.id } }
			data.scheduledSubscriptionTierId = null
			if (!periodEnd) {
				data.currentPeriodStart = now
				data.currentPeriodEnd = nextPeriodEnd(now, now.getUTCDate())
			}
		}
		if (quote.changeType === 'upgrade' && quote.chargeCents > 0) {
			const charges: Prisma.PendingChargeCreateManyInput[] = [
				{ organizationId, description: `Pro-rated upgrade from ${current.name} to ${tier.name} (${quote.remainingDays} days)`, amount: centsToDecimal(quote.chargeCents), itemType: 'proration' },
			]
			if (quote.discountCents > 0) charges.push({ organizationId, description: `Coupon ${coupon!.code} on the upgrade`, amount: centsToDecimal(-quote.discountCents), itemType: 'discount' })
			if (quote.balanceAppliedCents > 0) {
				charges.push({ organizationId, description: 'Account balance applied to the upgrade', amount: centsToDecimal(-quote.balanceAppliedCents), itemType: 'credit' })
				data.accountBalance = { decrement: centsToDecimal(quote.balanceAppliedCents) }
			}
			await tx.pendingCharge.createMany({ data: charges })
		}
		await tx.organization.update({ where: { id: organizationId }, data })
		return { result: changeResult(quote, org.subscriptionTierId, tier.id, tier.name, coupon), upgradeInvoiceId: null }
	})
	if (!upgradeInvoiceId) return result
	// Stripe: the upgrade's own invoice, charged off-session now (idempotency key per invoice and attempt)
	const outcome = await chargeInvoice(upgradeInvoiceId, now, gateway)
	const invoice = await prisma.invoice.findUniqueOrThrow({ where: { id: upgradeInvoiceId }, select: { invoiceNumber: true, notes: true, organization: { select: { subscriptionTierId: true } } } })
	const status: UpgradePayment['status'] = outcome === 'paid' ? 'paid' : outcome === 'authentication_required' ? 'requires_confirmation' : outcome === 'failed' ? 'failed' : 'pending'
	const message = status === 'paid' ? null : status === 'requires_confirmation' ? UPGRADE_NEEDS_CONFIRMATION : (invoice.notes ?? PROCESSOR_UNAVAILABLE)
	const payment: UpgradePayment = { status, invoiceId: upgradeInvoiceId, invoiceNumber: invoice.invoiceNumber, message }
	return { ...result, subscriptionTierId: invoice.organization.subscriptionTierId, message: message ?? UPGRADED, payment }
}

type Quote = ReturnType<typeof quoteChange>
type CouponRow = Awaited<ReturnType<typeof claimCoupon>>

function changeResult(quote: Quote, currentTierId: string, tierId: string, tierName: string, coupon: CouponRow | null) {
	return {
		changeType: quote.changeType === 'same' ? 'other' : quote.changeType,
		effectiveDate: quote.effectiveDate.toISOString(),
		subscriptionTierId: quote.changeType === 'downgrade' ? currentTierId : tierId,
		scheduledSubscriptionTierId: quote.changeType === 'downgrade' ? tierId : null,
		proratedCharge: centsToDecimal(quote.chargeCents),
		discount: centsToDecimal(quote.discountCents),
		balanceApplied: centsToDecimal(quote.balanceAppliedCents),
		totalDueToday: centsToDecimal(quote.totalDueCents),
		coupon: coupon ? toClientCoupon(coupon) : null,
		message:
			quote.changeType === 'upgrade' ? UPGRADED : quote.changeType === 'downgrade' ? `Your plan will change to ${tierName} on ${longDate(quote.effectiveDate)}.` : 'Subscription updated successfully!',
	}
}

type Tier = { id: string; name: string; monthlyPrice: Prisma.Decimal }

/**
 * An upgrade's own invoice (Stripe): the pro-rated charge less the coupon and
 * the credit, for the rest of the running period, carrying the plan it buys
 * and the plan it starts from. Its number, INV-{account}-{date}-U{n}, cannot
 * clash with a period's INV-{account}-{date} (n counts the organization's
 * upgrade invoices; the organization row is locked).
 */
async function createUpgradeInvoice(tx: Prisma.TransactionClient, u: { org: OrgRow; current: Tier; tier: Tier; coupon: CouponRow | null; quote: Quote; now: Date }) {
	const { org, current, tier, coupon, quote, now } = u
	const n = (await tx.invoice.count({ where: { organizationId: org.id, upgradeTierId: { not: null } } })) + 1
	const lines = [{ description: `Pro-rated upgrade from ${current.name} to ${tier.name} (${quote.remainingDays} days)`, cents: quote.chargeCents, itemType: 'proration' }]
	if (quote.discountCents > 0) lines.push({ description: `Coupon ${coupon!.code} on the upgrade`, cents: -quote.discountCents, itemType: 'discount' })
	if (quote.balanceAppliedCents > 0) lines.push({ description: 'Account balance applied to the upgrade', cents: -quote.balanceAppliedCents, itemType: 'credit' })
	return tx.invoice.create({
		data: {
			invoiceNumber: `INV-${org.accountNumber}-${now.toISOString().slice(0, 10).replace(/-/g, '')}-U${n}`,
			organizationId: org.id,
			billingPeriodStart: now,
			// no period end known: the upgrade starts a monthly period now (as the test gateway's upgrade does)
			billingPeriodEnd: org.currentPeriodEnd ?? nextPeriodEnd(now, now.getUTCDate()),
			subtotalAmount: centsToDecimal(quote.chargeCents),
			discountAmount: centsToDecimal(quote.discountCents + quote.balanceAppliedCents),
			totalAmount: centsToDecimal(quote.totalDueCents),
			status: 'pending',
			invoiceDate: now,
			dueDate: now,
			appliedCouponId: coupon?.id ?? null,
			appliedCouponCode: coupon?.code ?? null,
			subscriptionTierId: tier.id,
			subscriptionTierName: tier.name,
			subscriptionTierPrice: tier.monthlyPrice,
			upgradeTierId: tier.id,
			upgradeFromTierId: org.subscriptionTierId,
			lineItems: { create: lines.map((l) => ({ description: l.description, quantity: 1, unitPrice: centsToDecimal(l.cents), totalPrice: centsToDecimal(l.cents), itemType: l.itemType })) },
		},
	})
}

export const CANCEL_DEFAULT_DETAILS = 'You will keep access until the end of your current billing period.'

/**
 * POST /api/subscription/cancel: access continues until the period ends; the
 * invoicing job then deactivates the organization (data removed 30 days later).
 */
export async function cancelSubscription(user: ClientUser, now = new Date()) {
	if (!user.organizationId) throw forbidden('No organization found')
	if (user.role !== 'account_admin') throw forbidden(ONLY_ADMINS_MANAGE_SUBSCRIPTION)
	const organizationId = user.organizationId
	return prisma.$transaction(async (tx) => {
		const org = await lockOrganization(tx, organizationId)
		const status = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { subscriptionStatus: true } })
		if (status.subscriptionStatus === 'cancelled') throw conflict(ALREADY_CANCELLED)
		const accessUntil = periodEndOf(org, now)
		await withdrawWaitingUpgrades(tx, organizationId)
		await tx.organization.update({
			where: { id: organizationId },
			data: { subscriptionStatus: 'cancelled', currentPeriodEnd: accessUntil, scheduledSubscriptionTierId: null },
		})
		return {
			message: 'Subscription cancelled',
			details: `Your subscription has been cancelled. You keep access until ${longDate(accessUntil)}; after that the account is deactivated and its data is permanently deleted 30 days later.`,
			accessUntil: accessUntil.toISOString(),
		}
	})
}

/** GET /api/invoices: newest first (spec 2 §3 Invoice). */
export async function listInvoices(user: ClientUser) {
	const organizationId = requireBillingAccess(user)
	const rows = await prisma.invoice.findMany({ where: { organizationId }, orderBy: [{ billingPeriodStart: 'desc' }, { createdAt: 'desc' }] })
	return rows.map(toClientInvoice)
}

function toClientInvoice(i: Prisma.InvoiceGetPayload<object>) {
	return {
		id: i.id,
		invoiceNumber: i.invoiceNumber,
		status: i.status,
		subtotalAmount: i.subtotalAmount.toFixed(2),
		discountAmount: i.discountAmount.toFixed(2),
		totalAmount: i.totalAmount.toFixed(2),
		billingPeriodStart: i.billingPeriodStart.toISOString(),
		billingPeriodEnd: i.billingPeriodEnd.toISOString(),
		invoiceDate: i.invoiceDate?.toISOString() ?? null,
		dueDate: i.dueDate?.toISOString() ?? null,
		paidAt: i.paidAt?.toISOString() ?? null,
		subscriptionTierName: i.subscriptionTierName ?? 'BETA',
		appliedCouponCode: i.appliedCouponCode,
		// extension (issue 30): what was refunded of a paid invoice, and a charge the bank wants the customer to confirm
		refundedAmount: i.refundedAmount?.toFixed(2) ?? null,
		awaitingConfirmation: i.status === 'failed' && i.notes === AUTHENTICATION_REQUIRED && Boolean(i.paymentIntentId),
	}
}
export type ClientInvoice = ReturnType<typeof toClientInvoice>

/** One invoice with its line items, for the detail view and the PDF. */
export async function getInvoice(user: ClientUser, id: string) {
	const organizationId = requireBillingAccess(user)
	const invoice = await prisma.invoice.findUnique({ where: { id }, include: { lineItems: { orderBy: { createdAt: 'asc' } }, organization: { select: { name: true, accountNumber: true } } } })
	if (!invoice || invoice.organizationId !== organizationId) throw notFound('Invoice not found')
	return {
		...toClientInvoice(invoice),
		organizationName: invoice.organization.name,
		accountNumber: invoice.organization.accountNumber,
		lineItems: invoice.lineItems.map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice.toFixed(2), totalPrice: l.totalPrice.toFixed(2), itemType: l.itemType })),
	}
}
export type InvoiceDetail = Awaited<ReturnType<typeof getInvoice>>

/** Everything the /billing page shows. */
export async function getBillingOverview(user: ClientUser, now = new Date()) {
	const organizationId = requireBillingAccess(user)
	const org = await prisma.organization.findUniqueOrThrow({
		where: { id: organizationId },
		include: { subscriptionTier: true, activeCoupon: true, paymentMethods: { orderBy: { createdAt: 'desc' } } },
	})
	const upgrade = await prisma.invoice.findFirst({ where: waitingUpgrade(organizationId), orderBy: { createdAt: 'desc' } })
	const scheduled = org.scheduledSubscriptionTierId
		? await prisma.subscriptionTier.findUnique({ where: { id: org.scheduledSubscriptionTierId }, select: { name: true } })
		: null
	return {
		organization: {
			id: org.id,
			name: org.name,
			accountNumber: org.accountNumber,
			createdAt: org.createdAt.toISOString(),
			subscriptionStatus: org.subscriptionStatus,
			accountBalance: org.accountBalance.toFixed(2),
			nextBillingDate: periodEndOf(org, now).toISOString(),
			scheduledTierName: scheduled?.name ?? null,
		},
		tier: {
			id: org.subscriptionTier.id,
			name: org.subscriptionTier.name,
			description: org.subscriptionTier.description,
			monthlyPrice: org.subscriptionTier.monthlyPrice.toFixed(2),
			searchesPerMonth: org.subscriptionTier.searchesPerMonth,
			reportsPerMonth: org.subscriptionTier.reportsPerMonth,
		},
		coupon: org.activeCoupon ? { ...toClientCoupon(org.activeCoupon), discountText: describeDiscount({ discountType: org.activeCoupon.discountType, discountValue: org.activeCoupon.discountValue.toFixed(2) }) } : null,
		paymentMethods: org.paymentMethods.map((p) => ({ id: p.id, brand: p.brand, last4: p.last4, expiryMonth: p.expiryMonth, expiryYear: p.expiryYear, isDefault: p.isDefault })),
		invoices: await listInvoices(user),
		pendingUpgrade: upgrade ? toPendingUpgrade(upgrade) : null,
		canCancel: user.role === 'account_admin' && org.subscriptionStatus !== 'cancelled',
	}
}
export type BillingOverview = Awaited<ReturnType<typeof getBillingOverview>>

/**
 * An upgrade waiting for its payment (Stripe), as /billing shows it: the bank
 * wants it confirmed, it was declined (Stripe's message), or it is not charged
 * yet (an outage, a charge in flight).
 */
function toPendingUpgrade(i: Prisma.InvoiceGetPayload<object>) {
	const client = toClientInvoice(i)
	const state = client.awaitingConfirmation ? 'awaiting_confirmation' : i.status === 'failed' ? 'declined' : 'pending'
	return { invoiceId: i.id, invoiceNumber: i.invoiceNumber, tierName: client.subscriptionTierName, totalAmount: client.totalAmount, state, message: i.notes } as const
}

export { formatCents }

export type PlanCard = { id: string; name: string; description: string; monthlyPrice: string; features: string[]; discountedPrice: string | null }

/**
 * The dashboard's Subscription card and Manage Subscription dialog (account
 * admins): the current plan and coupon, the plans on offer, and, for a plan
 * and coupon chosen in the dialog, the coupon check and the price breakdown.
 */
export async function getSubscriptionPanel(user: ClientUser, choice: { plan?: string | null; coupon?: string | null } = {}, now = new Date()) {
	if (user.role !== 'account_admin' || !user.organizationId) return null
	const org = await prisma.organization.findUniqueOrThrow({ where: { id: user.organizationId }, include: { subscriptionTier: true, activeCoupon: true } })
	const tiers = await prisma.subscriptionTier.findMany({ where: { isActive: true, isAvailable: true }, orderBy: [{ monthlyPrice: 'asc' }, { id: 'asc' }] })

	let couponError: string | null = null
	let coupon: ClientCoupon | null = null
	const code = choice.coupon?.trim()
	if (choice.coupon != null && !code) couponError = COUPON_REQUIRED
	if (code) {
		try {
			coupon = await validateCoupon(code, now)
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			couponError = error.message || INVALID_COUPON
		}
	}
	const terms = coupon ? { discountType: coupon.discountType, discountValue: coupon.discountValue, eligibleTierIds: coupon.eligibleTierIds } : null
	const toCard = (t: (typeof tiers)[number]): PlanCard => {
		const price = toCents(t.monthlyPrice.toFixed(2))
		const discounted = terms && isCouponEligible(terms, t.id) ? discountedPriceCents(price, terms, t.id) : null
		return { id: t.id, name: t.name, description: t.description, monthlyPrice: t.monthlyPrice.toFixed(2), features: t.features, discountedPrice: discounted === null ? null : centsToDecimal(discounted) }
	}
	const selected = choice.plan ? tiers.find((t) => t.id === choice.plan && t.id !== org.subscriptionTierId) ?? null : null
	const quote = selected
		? quoteChange({
				currentPriceCents: toCents(org.subscriptionTier.monthlyPrice.toFixed(2)),
				newPriceCents: toCents(selected.monthlyPrice.toFixed(2)),
				newTierId: selected.id,
				now,
				periodEnd: org.currentPeriodEnd,
				coupon: terms,
				balanceCents: toCents(org.accountBalance.toFixed(2)),
			})
		: null
	const active = org.activeCoupon
	return {
		organizationId: org.id,
		current: {
			id: org.subscriptionTier.id,
			name: org.subscriptionTier.name,
			description: org.subscriptionTier.description,
			monthlyPrice: org.subscriptionTier.monthlyPrice.toFixed(2),
			features: org.subscriptionTier.features,
			status: org.subscriptionStatus,
		},
		activeCoupon: active
			? { code: active.code, name: active.name, discountText: describeDiscount({ discountType: active.discountType, discountValue: active.discountValue.toFixed(2) }) }
			: null,
		plans: tiers.filter((t) => t.id !== org.subscriptionTierId).map(toCard),
		coupon: coupon ? { ...coupon, discountText: describeDiscount(coupon) } : null,
		couponCode: code ?? '',
		couponError,
		selectedPlanId: selected?.id ?? null,
		quote: quote && {
			changeType: quote.changeType,
			remainingDays: quote.remainingDays,
			charge: centsToDecimal(quote.chargeCents),
			discount: centsToDecimal(quote.discountCents),
			balanceApplied: centsToDecimal(quote.balanceAppliedCents),
			totalDue: centsToDecimal(quote.totalDueCents),
			effectiveDate: quote.effectiveDate.toISOString(),
		},
	}
}
export type SubscriptionPanel = NonNullable<Awaited<ReturnType<typeof getSubscriptionPanel>>>
