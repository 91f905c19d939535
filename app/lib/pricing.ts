// Pricing rules of spec 2 §4 and §9, pure. Money is integer cents throughout;
// decimal strings ("49.99") are converted at the edges with toCents/formatCents.

export type ChangeType = 'upgrade' | 'downgrade' | 'same'
export type DiscountType = 'percentage' | 'fixed_amount' | 'free_tier'

export type CouponTerms = {
	discountType: DiscountType | string
	/** percent for percentage (e.g. "12.50"), dollars for fixed_amount */
	discountValue: string
	/** empty = every tier is eligible (decisions: the admin form has no tier list) */
	eligibleTierIds: readonly string[]
}

export const DAY_MS = 86_400_000
/** spec 2 §9: a month is 30 days for pro-rating */
export const PRORATION_MONTH_DAYS = 30

/** "49.99" → 4999. Accepts at most 2 decimals; anything else is an error. */
export function toCents(amount: string | number): number {
	const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim()
	const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text)
	if (!match) throw new Error(`Not a money amount: ${amount}`)
	const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
	return match[1] ? -cents : cents
}

/** 4999 → "49.99" (the API's decimal strings). */
export function centsToDecimal(cents: number): string {
	const sign = cents < 0 ? '-' : ''
	const abs = Math.abs(cents)
	return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** 4999 → "$49.99"; 0 → "Free" when asked (spec 2 §9: a zero amount shows Free). */
export function formatCents(cents: number, { zeroAsFree = false } = {}): string {
	if (cents === 0 && zeroAsFree) return 'Free'
	const sign = cents < 0 ? '-' : ''
	const abs = Math.abs(cents)
	const dollars = Math.floor(abs / 100).toLocaleString('en-US')
	return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`
}

/** Spec 2 §4: compare monthly prices. */
export function classifyChange(currentPriceCents: number, newPriceCents: number): ChangeType {
	if (newPriceCents > currentPriceCents) return 'upgrade'
	if (newPriceCents < currentPriceCents) return 'downgrade'
	return 'same'
}

/** Whole days left in the period, partial days rounded up, never negative. */
export function remainingDays(now: Date, periodEnd: Date | null): number {
	if (!periodEnd) return PRORATION_MONTH_DAYS
	const ms = periodEnd.getTime() - now.getTime()
	return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS)
}

/** difference × remaining days ÷ 30, rounded half up to a cent, minimum 0. */
export function proratedChargeCents(priceDifferenceCents: number, days: number): number {
	if (priceDifferenceCents <= 0 || days <= 0) return 0
	// integer arithmetic: round(x / 30) = floor((2x + 30) / 60)
	return Math.floor((2 * priceDifferenceCents * days + PRORATION_MONTH_DAYS) / (2 * PRORATION_MONTH_DAYS))
}

export function isCouponEligible(coupon: Pick<CouponTerms, 'eligibleTierIds'>, tierId: string): boolean {
	return coupon.eligibleTierIds.length === 0 || coupon.eligibleTierIds.includes(tierId)
}

/**
 * What a coupon takes off an amount (spec 2 §9): percentage takes that percent
 * (rounded half up to a cent), fixed_amount takes min(amount, value), free_tier
 * takes all of it. Ineligible tiers and unknown types take nothing.
 */
export function couponDiscountCents(coupon: CouponTerms | null | undefined, tierId: string, amountCents: number): number {
	if (!coupon || amountCents <= 0 || !isCouponEligible(coupon, tierId)) return 0
	switch (coupon.discountType) {
		case 'percentage': {
			const hundredthsOfPercent = Math.min(Math.max(toCents(coupon.discountValue), 0), 10_000)
			return Math.min(amountCents, Math.floor((2 * amountCents * hundredthsOfPercent + 10_000) / 20_000))
		}
		case 'fixed_amount':
			return Math.min(amountCents, Math.max(toCents(coupon.discountValue), 0))
		case 'free_tier':
			return amountCents
		default:
			return 0
	}
}

/** The plan card's price after a coupon (spec 2 §4 "Coupon discount display"). */
export function discountedPriceCents(priceCents: number, coupon: CouponTerms | null | undefined, tierId: string): number {
	return priceCents - couponDiscountCents(coupon, tierId, priceCents)
}

/** 'Coupon Applied!' text: "20% off", "$10.00 off", "Free plan". */
export function describeDiscount(coupon: Pick<CouponTerms, 'discountType' | 'discountValue'>): string {
	if (coupon.discountType === 'percentage') return `${Number(coupon.discountValue)}% off`
	if (coupon.discountType === 'fixed_amount') return `${formatCents(toCents(coupon.discountValue))} off`
	if (coupon.discountType === 'free_tier') return 'Free plan'
	return ''
}

export type Quote = {
	changeType: ChangeType
	remainingDays: number
	/** pro-rated upgrade charge before coupon and balance */
	chargeCents: number
	discountCents: number
	balanceAppliedCents: number
	/** max(0, charge − discount − balance) */
	totalDueCents: number
	/** upgrade and same: now; downgrade: period end, or 30 days from now */
	effectiveDate: Date
}

export type QuoteInput = {
	currentPriceCents: number
	newPriceCents: number
	newTierId: string
	now: Date
	periodEnd: Date | null
	coupon?: CouponTerms | null
	/** account credit; a negative balance counts as none */
	balanceCents?: number
}

/** The Manage Subscription breakdown and what PATCH …/subscription does. */
export function quoteChange(input: QuoteInput): Quote {
	const changeType = classifyChange(input.currentPriceCents, input.newPriceCents)
	if (changeType !== 'upgrade') {
		const downgradeAt =
			input.periodEnd && input.periodEnd.getTime() > input.now.getTime()
				? input.periodEnd
				: new Date(input.now.getTime() + PRORATION_MONTH_DAYS * DAY_MS)
		return {
			changeType,
			remainingDays: remainingDays(input.now, input.periodEnd),
			chargeCents: 0,
			discountCents: 0,
			balanceAppliedCents: 0,
			totalDueCents: 0,
			effectiveDate: changeType === 'downgrade' ? downgradeAt : input.now,
		}
	}
	const days = remainingDays(input.now, input.periodEnd)
	const chargeCents = proratedChargeCents(input.newPriceCents - input.currentPriceCents, days)
	const discountCents = couponDiscountCents(input.coupon, input.newTierId, chargeCents)
	const afterDiscount = chargeCents - discountCents
	const balanceAppliedCents = Math.min(Math.max(input.balanceCents ?? 0, 0), afterDiscount)
	return {
		changeType,
		remainingDays: days,
		chargeCents,
		discountCents,
		balanceAppliedCents,
		totalDueCents: afterDiscount - balanceAppliedCents,
		effectiveDate: input.now,
	}
}

/**
 * The end of a monthly period that starts at `start`: the same day of the next
 * calendar month as the anchor (the organization's creation day), clamped to
 * the month's last day (Jan 31 → Feb 28 → Mar 31), same time of day as start.
 */
export function nextPeriodEnd(start: Date, anchorDay: number): Date {
	const year = start.getUTCFullYear()
	const month = start.getUTCMonth() + 1
	const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
	return new Date(
		Date.UTC(year, month, Math.min(anchorDay, lastDay), start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()),
	)
}

export type InvoiceLine = { description: string; quantity: number; unitPriceCents: number; totalCents: number; itemType: string }

/**
 * A period invoice (pure): the plan for the period, pending charges (pro-rated
 * upgrades), the coupon's discount on the plan line and account credit.
 */
export function buildInvoiceLines(input: {
	planName: string
	tierId: string
	planPriceCents: number
	pending: { description: string; amountCents: number; itemType: string }[]
	coupon?: (CouponTerms & { code: string }) | null
	balanceCents: number
}): { lines: InvoiceLine[]; subtotalCents: number; discountCents: number; balanceAppliedCents: number; totalCents: number } {
	const lines: InvoiceLine[] = []
	if (input.planPriceCents > 0) {
		lines.push({ description: `${input.planName} plan (monthly)`, quantity: 1, unitPriceCents: input.planPriceCents, totalCents: input.planPriceCents, itemType: 'subscription' })
	}
	for (const p of input.pending) lines.push({ description: p.description, quantity: 1, unitPriceCents: p.amountCents, totalCents: p.amountCents, itemType: p.itemType })
	const subtotalCents = lines.reduce((sum, l) => sum + l.totalCents, 0)
	const discountCents = couponDiscountCents(input.coupon, input.tierId, input.planPriceCents)
	if (discountCents > 0) {
		lines.push({ description: `Coupon ${input.coupon!.code}`, quantity: 1, unitPriceCents: -discountCents, totalCents: -discountCents, itemType: 'discount' })
	}
	const afterDiscount = Math.max(0, subtotalCents - discountCents)
	const balanceAppliedCents = Math.min(Math.max(input.balanceCents, 0), afterDiscount)
	if (balanceAppliedCents > 0) {
		lines.push({ description: 'Account balance applied', quantity: 1, unitPriceCents: -balanceAppliedCents, totalCents: -balanceAppliedCents, itemType: 'credit' })
	}
	return { lines, subtotalCents, discountCents, balanceAppliedCents, totalCents: afterDiscount - balanceAppliedCents }
}
