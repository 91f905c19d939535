import { expect, test } from 'vitest'
import { computeShape, computeTotals, type ShapeInput } from './shapes.ts'

const square = (lat: number, lng: number, d = 0.0003): ShapeInput => ({
	type: 'polygon',
	coordinates: [
		{ lat, lng },
		{ lat, lng: lng + d },
		{ lat: lat + d, lng: lng + d },
		{ lat: lat + d, lng },
	],
})
const totalOf = (...inputs: ShapeInput[]) => computeTotals(inputs.map(computeShape)).total_area_sqm
const one = computeShape(square(30.2672, -97.7431)).area_sqm
const sumOf = (...inputs: ShapeInput[]) => inputs.reduce((s, i) => s + computeShape(i).area_sqm, 0)

test('apart, side by side or in one box without touching, shapes add up; overlapping ones count once', () => {
	// a front and a back lawn: their sum
	expect(totalOf(square(30.2672, -97.7431), square(30.268, -97.7431))).toBeCloseTo(sumOf(square(30.2672, -97.7431), square(30.268, -97.7431)), 6)
	// sharing an edge: still the sum
	expect(totalOf(square(30.2672, -97.7431), square(30.2672, -97.7428))).toBeCloseTo(2 * one, 3)
	// two triangles inside one box that do not touch: the sum
	const lower: ShapeInput = { type: 'polygon', coordinates: [{ lat: 30, lng: -97 }, { lat: 30, lng: -96.999 }, { lat: 30.0004, lng: -96.999 }] }
	const upper: ShapeInput = { type: 'polygon', coordinates: [{ lat: 30.0006, lng: -97 }, { lat: 30.001, lng: -97 }, { lat: 30.001, lng: -96.999 }] }
	expect(totalOf(lower, upper)).toBeCloseTo(sumOf(lower, upper), 6)
	// overlapping by half: one and a half
	expect(totalOf(square(30.2672, -97.7431), square(30.2672, -97.74295)) / one).toBeCloseTo(1.5, 3)
	// the third one overlaps only the second: the first's box meets nobody, the union still counts
	expect(totalOf(square(30.26, -97.7431), square(30.2672, -97.7431), square(30.2672, -97.74295)) - sumOf(square(30.26, -97.7431))).toBeCloseTo(1.5 * one, 1)
})
