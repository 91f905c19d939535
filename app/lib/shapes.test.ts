import { expect, test } from 'vitest'
import { computeShape, computeTotals, computeTotalsBySurface, shapeProblems, ShapeInputSchema, type Shape, type ShapeInput } from './shapes.ts'

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

const as = (input: ShapeInput, surface: ShapeInput['surface']): ShapeInput => ({ ...input, surface })
const bySurface = (...inputs: ShapeInput[]) => computeTotalsBySurface(inputs.map(computeShape))
const line = (surface?: ShapeInput['surface']): ShapeInput => ({ type: 'polyline', coordinates: [{ lat: 30.2672, lng: -97.7431 }, { lat: 30.2672, lng: -97.7421 }], surface })

test('a shape without a surface is "other"; a line with an area surface, an area with a line surface, are refused', () => {
	expect(computeShape(square(30.2672, -97.7431)).surface).toBe('other')
	expect(shapeProblems(as(square(30.2672, -97.7431), 'lawn'))).toEqual({})
	expect(shapeProblems(line('edging'))).toEqual({})
	expect(shapeProblems(line('other'))).toEqual({})
	expect(shapeProblems(line('lawn'))).toEqual({ surface: 'A line is edging, fence or other' })
	expect(shapeProblems(as(square(30.2672, -97.7431), 'fence'))).toEqual({ surface: 'An area is lawn, bed, hardscape, building or other' })
	expect(ShapeInputSchema.safeParse({ ...square(30.2672, -97.7431), surface: 'pool' }).error?.issues[0]).toMatchObject({ path: ['surface'] })
})

test('per surface: a bed inside a lawn is bed, not also lawn; the surfaces add up to the total', () => {
	const lawn = as(square(30.2672, -97.7431, 0.0006), 'lawn')
	const bed = as(square(30.2673, -97.743, 0.0001), 'bed')
	const driveway = as(square(30.269, -97.7431), 'hardscape')
	const totals = bySurface(lawn, bed, driveway, line('edging'))
	const bedArea = computeShape(bed).area_sqm
	expect(totals.bed!.area_sqm).toBeCloseTo(bedArea, 6)
	expect(totals.lawn!.area_sqm).toBeCloseTo(computeShape(lawn).area_sqm - bedArea, 3)
	expect(totals.hardscape!.area_sqm).toBeCloseTo(computeShape(driveway).area_sqm, 6)
	expect(totals.edging).toMatchObject({ area_sqm: 0, shape_count: 1 })
	expect(totals.edging!.distance_meters).toBeCloseTo(computeShape(line()).distance_meters, 9)
	expect(Object.keys(totals)).toEqual(['lawn', 'bed', 'hardscape', 'edging'])
	const all = computeTotals([lawn, bed, driveway, line('edging')].map(computeShape))
	const sum = Object.values(totals).reduce((s, t) => s + t.area_sqm, 0)
	expect(sum).toBeCloseTo(all.total_area_sqm, 3)
	// drawn in any order, the bed still wins
	expect(bySurface(bed, lawn).lawn!.area_sqm).toBeCloseTo(totals.lawn!.area_sqm, 6)
})

test('per surface: partial overlaps go to the smaller shape, same-surface overlaps count once, holes stay out', () => {
	// a small patio half over a big lawn: the half it covers is patio
	const lawn = as(square(30.2672, -97.7431, 0.0006), 'lawn')
	const patio = as(square(30.2672, -97.74265, 0.0006 / 2), 'hardscape')
	const half = bySurface(lawn, patio)
	const patioArea = computeShape(patio).area_sqm
	expect(half.hardscape!.area_sqm).toBeCloseTo(patioArea, 6)
	expect(half.lawn!.area_sqm).toBeCloseTo(computeShape(lawn).area_sqm - patioArea / 2, 2)
	// two lawns overlapping by half: one and a half, like the total
	const twoLawns = bySurface(as(square(30.2672, -97.7431), 'lawn'), as(square(30.2672, -97.74295), 'lawn'))
	expect(twoLawns.lawn!.area_sqm / one).toBeCloseTo(1.5, 3)
	expect(twoLawns.lawn!.shape_count).toBe(2)
	// a lawn with a flower bed cut out as a hole, and a bed drawn in that hole: the hole is not lawn, the bed is bed
	const outer = square(30.2672, -97.7431, 0.0006)
	const hole = square(30.2674, -97.7429, 0.0001).coordinates
	const holed = { ...outer, holes: [hole], surface: 'lawn' as const }
	const inHole = as(square(30.2674, -97.7429, 0.0001), 'bed')
	const t = bySurface(holed, inHole)
	expect(t.lawn!.area_sqm).toBeCloseTo(computeShape(holed).area_sqm, 3)
	expect(t.bed!.area_sqm).toBeCloseTo(computeShape(inHole).area_sqm, 6)
	// saved before surfaces: everything is other, the same as the total
	const old = [square(30.2672, -97.7431), square(30.2672, -97.74295)].map(computeShape).map(({ surface: _s, ...rest }) => rest as Shape)
	expect(computeTotalsBySurface(old).other!.area_sqm).toBeCloseTo(computeTotals(old).total_area_sqm, 6)
})

test('disjoint (one detection\'s areas): the same totals as clipping them, without the clipping', () => {
	// two triangles in one box, apart, and a lawn with a hole and an island in that hole, as a detection outlines them
	const lower: ShapeInput = { type: 'polygon', coordinates: [{ lat: 30, lng: -97 }, { lat: 30, lng: -96.999 }, { lat: 30.0004, lng: -96.999 }], surface: 'lawn' }
	const upper: ShapeInput = { type: 'polygon', coordinates: [{ lat: 30.0006, lng: -97 }, { lat: 30.001, lng: -97 }, { lat: 30.001, lng: -96.999 }], surface: 'lawn' }
	const ring = { ...square(30.2672, -97.7431), surface: 'lawn' as const, holes: [[{ lat: 30.2673, lng: -97.743 }, { lat: 30.2673, lng: -97.7429 }, { lat: 30.2674, lng: -97.7429 }, { lat: 30.2674, lng: -97.743 }]] }
	const island = { ...square(30.26733, -97.74297, 0.00004), surface: 'lawn' as const }
	const shapes = [lower, upper, ring, island].map(computeShape)
	expect(computeTotals(shapes, { disjoint: true })).toEqual(computeTotals(shapes))
	const clipped = computeTotalsBySurface(shapes).lawn!
	const summed = computeTotalsBySurface(shapes, { disjoint: true }).lawn!
	expect(summed.shape_count).toBe(4)
	expect(summed.area_sqm).toBeCloseTo(clipped.area_sqm, 6)
	// it is the caller's promise: overlapping shapes told disjoint count twice
	expect(computeTotals([square(30.2672, -97.7431), square(30.2672, -97.7431)].map(computeShape), { disjoint: true }).total_area_sqm).toBeCloseTo(2 * one, 6)
})
