import { expect, test } from 'vitest'
import { computeEstimate, formatCents, formatUnitPrice, parseDecimal } from './estimate.ts'

test('decimal strings become exact integers; anything else is refused', () => {
	expect(parseDecimal('0.0125', 4)).toBe(125)
	expect(parseDecimal('45', 2)).toBe(4500)
	expect(parseDecimal('45.50', 2)).toBe(4550)
	expect(parseDecimal('45.5000', 2)).toBe(4550) // trailing zeros Prisma prints
	expect(parseDecimal('45.505', 2)).toBeNull()
	expect(parseDecimal('-1', 2)).toBeNull()
	expect(parseDecimal('1e3', 2)).toBeNull()
	expect(parseDecimal('', 2)).toBeNull()
})

test('money is formatted from cents, unit prices keep up to 4 decimals', () => {
	expect(formatCents(0)).toBe('$0.00')
	expect(formatCents(123456789)).toBe('$1,234,567.89')
	expect(formatUnitPrice('0.0125')).toBe('$0.0125')
	expect(formatUnitPrice('45')).toBe('$45.00')
	expect(formatUnitPrice('0.5')).toBe('$0.50')
})

test('lines: quantity rounded to whole units × price, half up to the cent, minimum charge, flat once; tax on the subtotal', () => {
	const estimate = computeEstimate(
		[
			{ id: 'a', name: 'Mowing', unit: 'sqft', unitPrice: '0.0125', minimumCharge: '45.00' },
			{ id: 'b', name: 'Aeration', unit: 'sqft', unitPrice: '0.0133', minimumCharge: '0' },
			{ id: 'c', name: 'Edging', unit: 'ft', unitPrice: '0.75', minimumCharge: '0' },
			{ id: 'd', name: 'Cleanup', unit: 'flat', unitPrice: '120', minimumCharge: '0' },
		],
		{ areaSqft: 2000.4, lengthFeet: 150.5 },
		'8.25',
	)
	const [mow, aerate, edge, cleanup] = estimate.lines
	expect(mow).toMatchObject({ quantity: 2000, amountCents: 2500, chargeCents: 4500, minimumApplied: true })
	// 2000 × $0.0133 = $26.60 exactly (no float drift)
	expect(aerate).toMatchObject({ quantity: 2000, amountCents: 2660, chargeCents: 2660, minimumApplied: false })
	// 151 ft (150.5 rounds up) × $0.75 = $113.25
	expect(edge).toMatchObject({ quantity: 151, chargeCents: 11325 })
	expect(cleanup).toMatchObject({ quantity: 1, chargeCents: 12000 })
	expect(estimate.subtotalCents).toBe(4500 + 2660 + 11325 + 12000)
	// 30485 × 8.25 % = 2515.0125 → $25.15
	expect(estimate.taxCents).toBe(2515)
	expect(estimate.totalCents).toBe(30485 + 2515)
	expect(estimate.taxRate).toBe('8.25')
})

test('half a cent rounds up; huge quantities stay exact; no tax rate means no tax', () => {
	const e = computeEstimate([{ id: 'a', name: 'A', unit: 'sqft', unitPrice: '0.0005', minimumCharge: '0' }], { areaSqft: 1, lengthFeet: 0 })
	expect(e.lines[0]!.chargeCents).toBe(0) // 0.05 cents
	const half = computeEstimate([{ id: 'a', name: 'A', unit: 'sqft', unitPrice: '0.0050', minimumCharge: '0' }], { areaSqft: 1, lengthFeet: 0 })
	expect(half.lines[0]!.chargeCents).toBe(1) // exactly half a cent → 1
	const big = computeEstimate([{ id: 'a', name: 'A', unit: 'sqft', unitPrice: '99999.9999', minimumCharge: '0' }], { areaSqft: 900_000_000, lengthFeet: 0 })
	expect(big.lines[0]!.chargeCents).toBe(8_999_999_991_000_000)
	expect(big.taxCents).toBe(0)
	expect(big.taxRate).toBeNull()
})
