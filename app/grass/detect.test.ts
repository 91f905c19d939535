import { expect, test } from 'vitest'
import { MIN_FRAGMENT_M2 } from '~/lib/ai-result.ts'
import { groundPixelAreaM2, metresPerPixel, project } from '~/lib/web-mercator.ts'
import { calibratedConfidence } from './calibration.ts'
import { computeTotals, computeTotalsBySurface, validateShapes } from '~/lib/shapes.ts'
import { grassAreasOf, measureLawn, prepareAiShapes } from './detect.ts'
import type { Segmentation } from './segment.ts'

// A 96 × 96 px segmentation at zoom 19 in Denver (about 0.23 m a pixel): a 30 × 30 px
// lawn (about 47 m²) and a 9 × 9 px speck (about 4.3 m², under 50 sq ft), both scored 0.99.
const center = { lat: 39.7392, lng: -104.9903 }
const zoom = 19
const size = 96
function segmentation(): Segmentation {
	const data = new Uint8Array(size * size)
	const probability = new Float32Array(size * size).fill(0.01)
	const paint = (x0: number, y0: number, side: number) => {
		for (let y = y0; y < y0 + side; y++) for (let x = x0; x < x0 + side; x++) (data[y * size + x] = 1), (probability[y * size + x] = 0.99)
	}
	paint(10, 10, 30)
	paint(70, 70, 9)
	return { lawn: { width: size, height: size, data }, probability, grid: 4, excludedClass: new Int8Array(24 * 24).fill(-1), features: {} as Segmentation['features'] }
}
const c = project(center, zoom)
const options = { mpp: metresPerPixel(center.lat, zoom), pixelAreaM2: groundPixelAreaM2(center.lat, zoom), georef: { left: c.x - size / 2, top: c.y - size / 2, zoom } }

test('no area under 50 sq ft is returned, unless a "Lawn here" tap is in it', () => {
	const plain = measureLawn(segmentation(), options)
	expect(plain.areas).toHaveLength(1)
	expect(plain.areas[0]!.areaM2).toBeGreaterThan(40)
	const asked = measureLawn(segmentation(), { ...options, lawnTaps: [{ x: 74, y: 74 }] })
	expect(asked.areas).toHaveLength(2)
	expect(asked.areas[1]!.areaM2).toBeLessThan(MIN_FRAGMENT_M2)
	expect(asked.areas[1]!.areaM2).toBeGreaterThan(3)
	// a tap elsewhere keeps nothing more
	expect(measureLawn(segmentation(), { ...options, lawnTaps: [{ x: 50, y: 50 }] }).areas).toHaveLength(1)
})

test('the confidence of an area is its calibrated lawn probability: a near-certain score shows what such scores meant on real imagery', () => {
	const [area] = measureLawn(segmentation(), options).areas
	expect(area!.confidence).toBe(Math.round(calibratedConfidence(0.99) * 100) / 100)
	expect(area!.confidence).not.toBe(0.99)
})

test('a detection prepared for saving (bulk measure) gives the shapes and totals the measurement service computes, or names what is wrong', () => {
	// two lawns that do not overlap: one 30 px square with a 6 px hole, one 20 px square
	const data = new Uint8Array(size * size)
	const probability = new Float32Array(size * size).fill(0.01)
	const paint = (x0: number, y0: number, side: number, value: number) => {
		for (let y = y0; y < y0 + side; y++) for (let x = x0; x < x0 + side; x++) (data[y * size + x] = value), (probability[y * size + x] = value ? 0.99 : 0.01)
	}
	paint(10, 10, 30, 1)
	paint(22, 22, 6, 0)
	paint(60, 60, 20, 1)
	const lawns = { ...segmentation(), lawn: { width: size, height: size, data }, probability }
	const areas = grassAreasOf(measureLawn(lawns, options).areas)
	expect(areas).toHaveLength(2)
	expect(areas.some((a) => a.holes.length === 1)).toBe(true)
	const prepared = prepareAiShapes(areas)
	if ('fields' in prepared) throw new Error(`unexpected problems: ${JSON.stringify(prepared.fields)}`)
	const inputs = areas.map((a) => ({ type: 'polygon' as const, coordinates: a.coordinates, ...(a.holes.length ? { holes: a.holes } : {}), measurement_type: 'ai' as const, surface: 'lawn' as const, ai_confidence: a.ai_confidence }))
	const checked = validateShapes(inputs)
	if ('fields' in checked) throw new Error('unexpected problems')
	expect(JSON.parse(prepared.shapesJson)).toEqual(JSON.parse(JSON.stringify(checked.shapes)))
	// the plain sum equals the union the service computes for shapes that may overlap
	const { totals_by_surface, ...totals } = prepared.totals
	const unioned = computeTotals(checked.shapes)
	expect(totals.total_area_sqft).toBeCloseTo(unioned.total_area_sqft, 1)
	expect(totals.shape_count).toBe(2)
	expect(totals_by_surface.lawn!.area_sqft).toBeCloseTo(computeTotalsBySurface(checked.shapes).lawn!.area_sqft, 1)
	expect(totals.total_area_sqft).toBeCloseTo(areas[0]!.area_sqft + areas[1]!.area_sqft, 0)

	// an outline that crosses itself is named, nothing is prepared
	const [first] = areas
	const bowtie = { ...first!, holes: [], coordinates: [first!.coordinates[0]!, first!.coordinates[2]!, first!.coordinates[1]!, first!.coordinates[3]!] }
	expect(prepareAiShapes([bowtie])).toEqual({ fields: { 'shapes.0.coordinates': 'The outline crosses itself. Redraw it without crossing edges.' } })
})

test('outlines are drawn to what the imagery resolves: on 5× enlarged imagery, a round lawn keeps its area with far fewer points', () => {
	// a round lawn of radius 40 px (about 9 m) whose edge wiggles by a pixel or two, finer than 0.6 m
	// imagery served as zoom-19 tiles (5 of their pixels) shows: what a mask segmented on it has
	const data = new Uint8Array(size * size)
	for (let y = 0; y < size; y++) {
		for (let x = 0; x < size; x++) {
			const angle = Math.atan2(y - 48, x - 48)
			data[y * size + x] = Math.hypot(x + 0.5 - 48, y + 0.5 - 48) < 40 + 1.2 * Math.sin(23 * angle) + 0.8 * Math.sin(41 * angle) ? 1 : 0
		}
	}
	const lawn = { ...segmentation(), lawn: { width: size, height: size, data }, probability: new Float32Array(size * size).fill(0.99) }
	const points = (a: { pixels: { outer: unknown[] } }) => a.pixels.outer.length
	const [sharp] = measureLawn(lawn, options).areas
	const [coarse] = measureLawn(lawn, { ...options, resolvedPx: 5 }).areas
	expect(Math.abs(coarse!.areaM2 / sharp!.areaM2 - 1)).toBeLessThan(0.005)
	expect(points(coarse!)).toBeLessThan(points(sharp!) / 2)
	// the saved outline is the simplified one
	expect(grassAreasOf([coarse!])[0]!.coordinates.length).toBeLessThanOrEqual(points(coarse!) + 1)
})
