import { expect, test } from 'vitest'
import { computeEstimate, formatCents, formatUnitPrice, parseDecimal } from './estimate.ts'
import { priceSurfaceProblem } from './surfaces.ts'

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

test('a service bound to a surface is priced on that surface alone; one whose surface is absent is left out, not charged its minimum', () => {
	const figures = (area_sqft: number, distance_feet: number) => ({ area_sqft, area_acres: 0, area_sqm: 0, distance_feet, distance_yards: 0, distance_meters: 0, shape_count: 1 })
	const measured = { areaSqft: 5000, lengthFeet: 200, bySurface: { lawn: figures(3000.4, 0), bed: figures(500, 0), hardscape: figures(1499.6, 0), edging: figures(0, 120.5), other: figures(0, 79.5) } }
	const estimate = computeEstimate(
		[
			{ id: 'mow', name: 'Mowing', unit: 'sqft', unitPrice: '0.01', minimumCharge: '0', surface: 'lawn' },
			{ id: 'mulch', name: 'Mulch', unit: 'sqft', unitPrice: '0.50', minimumCharge: '0', surface: 'bed' },
			{ id: 'seal', name: 'Sealing', unit: 'sqft', unitPrice: '0.10', minimumCharge: '200', surface: 'hardscape' },
			{ id: 'edge', name: 'Edging', unit: 'ft', unitPrice: '1', minimumCharge: '0', surface: 'edging' },
			{ id: 'fence', name: 'Fence paint', unit: 'ft', unitPrice: '2', minimumCharge: '75', surface: 'fence' },
			{ id: 'roof', name: 'Gutter clean', unit: 'flat', unitPrice: '90', minimumCharge: '0', surface: 'building' },
			{ id: 'blow', name: 'Blow off', unit: 'flat', unitPrice: '15', minimumCharge: '0', surface: 'hardscape' },
			{ id: 'all', name: 'Aeration', unit: 'sqft', unitPrice: '0.01', minimumCharge: '0', surface: 'all' },
			{ id: 'old', name: 'Old item', unit: 'ft', unitPrice: '1', minimumCharge: '0' },
		],
		measured,
	)
	const line = (id: string) => estimate.lines.find((l) => l.id === id)
	expect(line('mow')).toMatchObject({ surface: 'lawn', quantity: 3000, chargeCents: 3000 })
	expect(line('mulch')).toMatchObject({ quantity: 500, chargeCents: 25000 })
	// 1500 × $0.10 = $150 < $200 minimum: the minimum, since the surface is there
	expect(line('seal')).toMatchObject({ quantity: 1500, chargeCents: 20000, minimumApplied: true })
	expect(line('edge')).toMatchObject({ quantity: 121, chargeCents: 12100 })
	expect(line('blow')).toMatchObject({ quantity: 1, chargeCents: 1500 })
	// "all areas" (and items made before surfaces): every area, every line
	expect(line('all')).toMatchObject({ surface: 'all', quantity: 5000 })
	expect(line('old')).toMatchObject({ surface: 'all', quantity: 200 })
	// no fence and no building on this job: left out with a note, no minimum charged
	expect(line('fence')).toBeUndefined()
	expect(line('roof')).toBeUndefined()
	expect(estimate.omitted).toEqual([
		{ id: 'fence', name: 'Fence paint', surface: 'fence', note: 'Not included: no fence measured on this job' },
		{ id: 'roof', name: 'Gutter clean', surface: 'building', note: 'Not included: no building measured on this job' },
	])
	expect(estimate.subtotalCents).toBe(3000 + 25000 + 20000 + 12100 + 1500 + 5000 + 20000)
})

test('price units and surfaces: per ft on lines, per sq ft on areas, flat anywhere', () => {
	expect(priceSurfaceProblem('ft', 'lawn')).toBe('A per ft service applies to edging, fence or other lines')
	expect(priceSurfaceProblem('sqft', 'edging')).toBe('A per sq ft service applies to lawn, bed, hardscape, building or other areas')
	expect(priceSurfaceProblem('ft', 'other')).toBeNull()
	expect(priceSurfaceProblem('sqft', 'other')).toBeNull()
	expect(priceSurfaceProblem('flat', 'fence')).toBeNull()
	expect(priceSurfaceProblem('ft', 'all')).toBeNull()
})
