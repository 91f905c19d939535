// Unit conversions and display precision of spec 1 §9.
import { describe, expect, test } from 'vitest'
import {
	approximatePerimeterFeet,
	areaFigures,
	distanceFigures,
	feetToMeters,
	feetToYards,
	formatArea,
	formatLength,
	metersToFeet,
	sqftToAcres,
	sqftToSqm,
	sqmToSqft,
	SQFT_PER_ACRE,
} from './units.ts'

describe('conversions', () => {
	test('exact definitions: international foot, 43,560 ft² acre, 3 ft yard', () => {
		expect(feetToMeters(1)).toBe(0.3048)
		expect(metersToFeet(0.3048)).toBe(1)
		expect(sqftToAcres(43_560)).toBe(1)
		expect(SQFT_PER_ACRE).toBe(43_560)
		expect(feetToYards(3)).toBe(1)
		// 1 acre = 4,046.8564224 m² exactly
		expect(sqftToSqm(43_560)).toBeCloseTo(4046.8564224, 9)
		expect(sqmToSqft(1)).toBeCloseTo(10.763910416709722, 12)
		expect(sqmToSqft(sqftToSqm(12_345.678))).toBeCloseTo(12_345.678, 9)
	})

	test("the spec's rounded factors (10.7639, 0.092903, 3.28084) are the same within 1e-6", () => {
		const rel = (x: number, y: number) => Math.abs(x - y) / y
		expect(rel(sqmToSqft(1), 10.7639)).toBeLessThan(1e-6)
		expect(rel(sqftToSqm(1), 0.092903)).toBeLessThan(1e-6)
		expect(rel(metersToFeet(1), 3.28084)).toBeLessThan(1e-6)
		// and a typical lawn shows the same figures either way
		expect(formatArea(sqmToSqft(812.4), 'sqft')).toBe(`${Math.round(812.4 * 10.7639).toLocaleString('en-US')} sq ft`)
	})

	test('areaFigures and distanceFigures give all three units', () => {
		const area = areaFigures(4046.8564224)
		expect(area.area_sqm).toBe(4046.8564224)
		expect(area.area_sqft).toBeCloseTo(43_560, 9)
		expect(area.area_acres).toBeCloseTo(1, 12)

		const line = distanceFigures(91.44) // 100 yards
		expect(line.distance_meters).toBe(91.44)
		expect(line.distance_feet).toBeCloseTo(300, 12)
		expect(line.distance_yards).toBeCloseTo(100, 12)
	})

	test("the live panel's perimeter estimate is area ÷ 10 ft (spec 1 §2)", () => {
		expect(approximatePerimeterFeet(2500)).toBe(250)
		expect(approximatePerimeterFeet(0)).toBe(0)
	})
})

describe('formatArea: sqft whole, acres 3 decimals, sqm 1 decimal', () => {
	test.each([
		[0, 'sqft', '0 sq ft'],
		[999.4, 'sqft', '999 sq ft'],
		[999.5, 'sqft', '1,000 sq ft'],
		[1_234_567.49, 'sqft', '1,234,567 sq ft'],
		[43_560, 'acres', '1.000 acres'],
		[21_780, 'acres', '0.500 acres'],
		[100, 'acres', '0.002 acres'],
		[10, 'acres', '0.000 acres'],
		[4_356_000, 'acres', '100.000 acres'],
		[43_560_000, 'acres', '1,000.000 acres'],
		[10.76391041671, 'sqm', '1.0 m²'],
		[10_763.91041671, 'sqm', '1,000.0 m²'],
		[5_000, 'sqm', '464.5 m²'],
	] as const)('%d ft² as %s → %s', (sqft, unit, text) => {
		expect(formatArea(sqft, unit)).toBe(text)
	})
})

describe('formatLength: feet whole, yards and meters 1 decimal', () => {
	test.each([
		[0, 'feet', '0 ft'],
		[12.4, 'feet', '12 ft'],
		[3280.84, 'feet', '3,281 ft'],
		[10, 'yards', '3.3 yd'],
		[300, 'yards', '100.0 yd'],
		[16_500, 'yards', '5,500.0 yd'],
		[100, 'meters', '30.5 m'],
		[3280.839895, 'meters', '1,000.0 m'],
	] as const)('%d ft as %s → %s', (feet, unit, text) => {
		expect(formatLength(feet, unit)).toBe(text)
	})

	test('an area unit picks the matching length unit: sqm → meters, sqft and acres → feet', () => {
		expect(formatLength(100, 'sqm')).toBe('30.5 m')
		expect(formatLength(100, 'sqft')).toBe('100 ft')
		expect(formatLength(100, 'acres')).toBe('100 ft')
	})
})
