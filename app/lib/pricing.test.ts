import { describe, expect, test } from 'vitest'
import {
	buildInvoiceLines,
	centsToDecimal,
	classifyChange,
	couponDiscountCents,
	type CouponTerms,
	describeDiscount,
	discountedPriceCents,
	formatCents,
	nextPeriodEnd,
	proratedChargeCents,
	quoteChange,
	remainingDays,
	toCents,
} from './pricing.ts'

const NOW = new Date('2026-03-01T12:00:00Z')
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000)

describe('money', () => {
	test.each([
		['0', 0],
		['49.99', 4999],
		['49.9', 4990],
		['29', 2900],
		['0.01', 1],
		['-5.25', -525],
		['1000000.00', 100_000_000],
	])('toCents(%s) = %i', (text, cents) => {
		expect(toCents(text)).toBe(cents)
		expect(toCents(centsToDecimal(cents))).toBe(cents)
	})
	test.each(['', 'abc', '1.234', '1e3', '.5', '1,000'])('toCents(%j) refuses', (text) => {
		expect(() => toCents(text)).toThrow()
	})
	test('formatting', () => {
		expect(formatCents(4999)).toBe('$49.99')
		expect(formatCents(123456)).toBe('$1,234.56')
		expect(formatCents(0)).toBe('$0.00')
		expect(formatCents(0, { zeroAsFree: true })).toBe('Free')
		expect(formatCents(-150)).toBe('-$1.50')
		expect(centsToDecimal(5)).toBe('0.05')
	})
})

describe('classification (spec 2 §4)', () => {
	test.each([
		[2999, 4999, 'upgrade'],
		[0, 1, 'upgrade'],
		[4999, 2999, 'downgrade'],
		[1, 0, 'downgrade'],
		[4999, 4999, 'same'],
		[0, 0, 'same'],
	] as const)('%i → %i is %s', (from, to, type) => expect(classifyChange(from, to)).toBe(type))
})

describe('remaining days and pro-rating (spec 2 §9)', () => {
	test.each([
		[days(10), 10],
		[new Date(days(9).getTime() + 1), 10], // partial day rounds up
		[new Date(NOW.getTime() + 1), 1],
		[NOW, 0],
		[days(-3), 0], // period already over: minimum 0
		[days(31), 31],
		[null, 30], // no period end known: a full month
	])('period end %s → %i days', (end, n) => expect(remainingDays(NOW, end)).toBe(n))

	test.each([
		[2000, 30, 2000],
		[2000, 15, 1000],
		[2000, 0, 0],
		[2000, 1, 67], // 66.67 → 67
		[100, 1, 3], // 3.33 → 3
		[3, 5, 1], // 0.5 → 1 (half up)
		[-2000, 10, 0], // never negative
		[2000, -4, 0],
		[17000, 31, 17567], // 175.666… → 17567
	])('difference %i × %i days ÷ 30 = %i', (diff, d, cents) => expect(proratedChargeCents(diff, d)).toBe(cents))
})

const coupon = (discountType: string, discountValue: string, eligibleTierIds: string[] = []): CouponTerms => ({ discountType, discountValue, eligibleTierIds })

describe('coupon effects (spec 2 §4, §9)', () => {
	test.each([
		['percentage', '20', 1000, 200],
		['percentage', '12.5', 999, 125], // 124.875 → 125
		['percentage', '100', 1000, 1000],
		['percentage', '150', 1000, 1000], // capped at the amount
		['fixed_amount', '5', 1000, 500],
		['fixed_amount', '25', 1000, 1000], // floor 0: min(amount, value)
		['free_tier', '0', 4999, 4999],
		['bogus', '10', 1000, 0],
	])('%s %s on %i takes %i', (type, value, amount, off) => {
		expect(couponDiscountCents(coupon(type, value), 'pro', amount)).toBe(off)
		expect(discountedPriceCents(amount, coupon(type, value), 'pro')).toBe(amount - off)
	})
	test('only eligible tiers get the discount; an empty list means every tier', () => {
		expect(couponDiscountCents(coupon('percentage', '50', ['growth']), 'pro', 1000)).toBe(0)
		expect(couponDiscountCents(coupon('percentage', '50', ['growth', 'pro']), 'pro', 1000)).toBe(500)
		expect(couponDiscountCents(coupon('free_tier', '0', []), 'pro', 1000)).toBe(1000)
		expect(couponDiscountCents(null, 'pro', 1000)).toBe(0)
		expect(couponDiscountCents(coupon('fixed_amount', '5'), 'pro', 0)).toBe(0)
	})
	test('descriptions', () => {
		expect(describeDiscount(coupon('percentage', '20.00'))).toBe('20% off')
		expect(describeDiscount(coupon('fixed_amount', '10.00'))).toBe('$10.00 off')
		expect(describeDiscount(coupon('free_tier', '0'))).toBe('Free plan')
	})
})

// every change type × coupon type (none, percentage, fixed_amount, free_tier,
// ineligible) × balance (none, partial, covering everything)
describe('quote: change type × coupon × balance', () => {
	const PERIOD_END = days(15) // 15 days left
	const prices = { upgrade: [2999, 4999], downgrade: [4999, 2999], same: [4999, 4999] } as const
	const coupons = {
		none: null,
		percentage: coupon('percentage', '10'),
		fixed_amount: coupon('fixed_amount', '4'),
		free_tier: coupon('free_tier', '0'),
		ineligible: coupon('percentage', '50', ['enterprise']),
	} as const
	// upgrade charge: 2000 × 15 / 30 = 1000
	const expectedDiscount = { none: 0, percentage: 100, fixed_amount: 400, free_tier: 1000, ineligible: 0 } as const
	const balances = { none: 0, partial: 300, covering: 100_000, negative: -500 } as const

	for (const [change, [from, to]] of Object.entries(prices)) {
		for (const [couponName, terms] of Object.entries(coupons)) {
			for (const [balanceName, balance] of Object.entries(balances)) {
				test(`${change} · ${couponName} coupon · ${balanceName} balance`, () => {
					const q = quoteChange({ currentPriceCents: from, newPriceCents: to, newTierId: 'pro', now: NOW, periodEnd: PERIOD_END, coupon: terms, balanceCents: balance })
					expect(q.changeType).toBe(change)
					expect(q.remainingDays).toBe(15)
					if (change !== 'upgrade') {
						expect([q.chargeCents, q.discountCents, q.balanceAppliedCents, q.totalDueCents]).toEqual([0, 0, 0, 0])
						expect(q.effectiveDate).toEqual(change === 'downgrade' ? PERIOD_END : NOW)
						return
					}
					const discount = expectedDiscount[couponName as keyof typeof expectedDiscount]
					const applied = Math.min(Math.max(balance, 0), 1000 - discount)
					expect(q.chargeCents).toBe(1000)
					expect(q.discountCents).toBe(discount)
					expect(q.balanceAppliedCents).toBe(applied)
					expect(q.totalDueCents).toBe(Math.max(0, 1000 - discount - Math.max(balance, 0)))
					expect(q.totalDueCents).toBe(1000 - discount - applied)
					expect(q.effectiveDate).toEqual(NOW)
				})
			}
		}
	}

	test('a downgrade without a known period end takes effect in 30 days', () => {
		const q = quoteChange({ currentPriceCents: 4999, newPriceCents: 0, newTierId: 'free', now: NOW, periodEnd: null })
		expect(q.effectiveDate).toEqual(days(30))
		const past = quoteChange({ currentPriceCents: 4999, newPriceCents: 0, newTierId: 'free', now: NOW, periodEnd: days(-1) })
		expect(past.effectiveDate).toEqual(days(30))
	})
	test('an upgrade from a plan without a period end is charged a full month of the difference', () => {
		const q = quoteChange({ currentPriceCents: 0, newPriceCents: 4999, newTierId: 'pro', now: NOW, periodEnd: null })
		expect(q.chargeCents).toBe(4999)
	})
})

describe('periods', () => {
	test.each([
		['2026-01-15T08:00:00Z', 15, '2026-02-15T08:00:00Z'],
		['2026-01-31T00:00:00Z', 31, '2026-02-28T00:00:00Z'],
		['2026-02-28T00:00:00Z', 31, '2026-03-31T00:00:00Z'], // back to the anchor day
		['2028-01-30T00:00:00Z', 30, '2028-02-29T00:00:00Z'], // leap year
		['2026-12-10T10:30:00Z', 10, '2027-01-10T10:30:00Z'],
	])('%s (day %i) → %s', (start, anchor, end) => expect(nextPeriodEnd(new Date(start), anchor).toISOString()).toBe(new Date(end).toISOString()))
})

describe('invoice lines', () => {
	test('plan, pending upgrade charge, coupon and balance', () => {
		const r = buildInvoiceLines({
			planName: 'Pro',
			tierId: 'pro',
			planPriceCents: 4999,
			pending: [{ description: 'Pro-rated upgrade to Pro (15 days)', amountCents: 1000, itemType: 'proration' }],
			coupon: { code: 'TEN', ...coupon('percentage', '10') },
			balanceCents: 300,
		})
		expect(r.lines.map((l) => [l.itemType, l.totalCents])).toEqual([
			['subscription', 4999],
			['proration', 1000],
			['discount', -500],
			['credit', -300],
		])
		expect(r.subtotalCents).toBe(5999)
		expect(r.totalCents).toBe(5999 - 500 - 300)
	})
	test('balance never takes the total below zero; free plans have no plan line', () => {
		const r = buildInvoiceLines({ planName: 'Pro', tierId: 'pro', planPriceCents: 4999, pending: [], coupon: null, balanceCents: 10_000 })
		expect(r.totalCents).toBe(0)
		expect(r.balanceAppliedCents).toBe(4999)
		const free = buildInvoiceLines({ planName: 'Free', tierId: 'free', planPriceCents: 0, pending: [], coupon: null, balanceCents: 0 })
		expect(free.lines).toEqual([])
		expect(free.totalCents).toBe(0)
	})
})
