import { describe, expect, test } from 'vitest'
import { calibrate, CALIBRATION_BINS, calibratedConfidence, isotonicKnots, LAWN_CALIBRATION } from './calibration.ts'

describe('isotonicKnots', () => {
	test('keeps a share that already rises, bin by bin', () => {
		expect(isotonicKnots([10, 10, 10], [1, 5, 9])).toEqual([0.1, 0.5, 0.9])
	})
	test('pools neighbours that fall, weighted by their pixels', () => {
		// 0.6 over 10 then 0.2 over 30 pixels: one block at (6 + 6) / 40 = 0.3
		expect(isotonicKnots([10, 10, 30, 10], [0, 6, 6, 9])).toEqual([0, 0.3, 0.3, 0.9])
	})
	test('an empty bin takes the value below it (the first ones the first fitted value)', () => {
		expect(isotonicKnots([0, 10, 0, 10], [0, 2, 0, 8])).toEqual([0.2, 0.2, 0.2, 0.8])
	})
	test('no data at all keeps the identity', () => {
		expect(isotonicKnots([0, 0], [0, 0])).toEqual([0.25, 0.75])
	})
})

describe('calibrate', () => {
	const knots = [0.1, 0.3, 0.5, 0.9]
	test('linear between bin centres, flat beyond the outer ones', () => {
		expect(calibrate(0, knots)).toBe(0.1)
		expect(calibrate(0.125, knots)).toBe(0.1)
		expect(calibrate(0.25, knots)).toBeCloseTo(0.2, 10)
		expect(calibrate(0.875, knots)).toBe(0.9)
		expect(calibrate(1, knots)).toBe(0.9)
	})
})

describe('the shipped map', () => {
	test('is fitted per bin, monotone and a probability', () => {
		expect(LAWN_CALIBRATION).toHaveLength(CALIBRATION_BINS)
		for (let b = 1; b < LAWN_CALIBRATION.length; b++) expect(LAWN_CALIBRATION[b]!).toBeGreaterThanOrEqual(LAWN_CALIBRATION[b - 1]!)
		expect(LAWN_CALIBRATION[0]!).toBeGreaterThanOrEqual(0)
		expect(LAWN_CALIBRATION.at(-1)!).toBeLessThanOrEqual(1)
		expect(calibratedConfidence(0.99)).toBeGreaterThan(calibratedConfidence(0.5))
	})
})
