// The segmentation on generated scenes with per-pixel truth (bench/grass/scene.ts).
import { expect, test } from 'vitest'
import { generateScene } from '../../bench/grass/scene.ts'
import { calibratedConfidence } from './calibration.ts'
import { detectOnImage, segment } from './detect.ts'
import { ROUGH_OUTLINE } from '~/lib/ai-result.ts'
import { groundPixelAreaM2, project } from '~/lib/web-mercator.ts'
import { halve } from './raster.ts'
import { BLEND, guidedUpsample, segmentLawn, upsample } from './segment.ts'

const iou = (a: Uint8Array, b: Uint8Array) => {
	let inter = 0
	let union = 0
	for (let i = 0; i < a.length; i++) {
		inter += a[i]! & b[i]!
		union += a[i]! | b[i]!
	}
	return inter / union
}

test('finds the lawn of a yard scene and excludes roofs, pavement and trees; deterministic', async () => {
	const scene = await generateScene({ seed: 77, zoom: 20, size: 384 })
	const first = segmentLawn(scene.image, { mpp: scene.mpp })
	expect(iou(first.lawn.data, scene.truth)).toBeGreaterThan(0.85)
	const again = segmentLawn(scene.image, { mpp: scene.mpp })
	expect(Buffer.from(again.lawn.data).equals(Buffer.from(first.lawn.data))).toBe(true)
})

test('the CNN’s log-odds join the trees’ score: a sure "no" on the left half takes its lawn away, a sure "yes" on the right half adds lawn there; no map, the trees alone', async () => {
	const scene = await generateScene({ seed: 77, zoom: 20, size: 384 })
	const { width, height } = scene.image
	const trees = segmentLawn(scene.image, { mpp: scene.mpp })
	// a 4 × 4 map stretched over the image: columns 0–1 say "not lawn" (−40), columns 2–3 "lawn" (+40)
	const cnn = { width: 4, height: 4, data: Float32Array.from({ length: 16 }, (_, i) => (i % 4 < 2 ? -40 : 40)) }
	const blended = segmentLawn(scene.image, { mpp: scene.mpp, cnn })
	const count = (m: Uint8Array, x0: number, x1: number) => {
		let n = 0
		for (let y = 0; y < height; y++) for (let x = x0; x < x1; x++) n += m[y * width + x]!
		return n
	}
	expect(BLEND.cnn).toBeGreaterThan(0)
	// well inside each half (the stretch blends the two middle columns)
	expect(count(trees.lawn.data, 0, width / 4)).toBeGreaterThan(0)
	expect(count(blended.lawn.data, 0, width / 4)).toBe(0)
	expect(count(blended.lawn.data, (3 * width) / 4, width)).toBeGreaterThan(count(trees.lawn.data, (3 * width) / 4, width))
	// the product's path computes the map with the shipped model and stays deterministic
	const first = await segment(scene.image, { mpp: scene.mpp })
	const again = await segment(scene.image, { mpp: scene.mpp })
	expect(Buffer.from(again.lawn.data).equals(Buffer.from(first.lawn.data))).toBe(true)
	expect(iou(first.lawn.data, scene.truth)).toBeGreaterThan(0.85)
})

test('no lawn in a scene without grass (uniform asphalt grey)', () => {
	const size = 128
	const data = new Uint8Array(size * size * 3)
	for (let i = 0; i < data.length; i += 3) data.set([82 + (i % 7), 82 + (i % 5), 86], i)
	const seg = segmentLawn({ width: size, height: size, data }, { mpp: 0.15 })
	expect(seg.lawn.data.reduce((s, v) => s + v, 0)).toBe(0)
})

test('detected polygons measure the true lawn area within 5 %', async () => {
	const scene = await generateScene({ seed: 78, zoom: 19, size: 384 })
	const c = project(scene.center, scene.zoom)
	const detection = await detectOnImage(scene.image, { mpp: scene.mpp, pixelAreaM2: groundPixelAreaM2(scene.center.lat, scene.zoom), georef: { left: c.x - 192, top: c.y - 192, zoom: scene.zoom }, minAreaM2: 0 })
	const truthM2 = scene.truth.reduce((s, v) => s + v, 0) * groundPixelAreaM2(scene.center.lat, scene.zoom)
	const detectedM2 = detection.areas.reduce((s, a) => s + a.areaM2, 0)
	expect(Math.abs(detectedM2 - truthM2) / truthM2).toBeLessThan(0.05)
	// confidence = mean CALIBRATED probability inside (what such scores meant on real
	// labelled imagery), rounded to 2 decimals: a region is thresholded at 0.5, so no
	// area shows less than a score of 0.5 means, nor more than the highest score does;
	// the large lawns of this yard score near certain and show enough confidence to quote on
	const shown = (p: number) => Math.round(calibratedConfidence(p) * 100) / 100
	expect(detection.areas.every((a) => a.confidence >= shown(0.5) - 0.01 && a.confidence <= shown(1))).toBe(true)
	expect(detection.areas.filter((a) => a.areaM2 > 10).every((a) => a.confidence >= ROUGH_OUTLINE.minConfidence)).toBe(true)
	expect(detection.excluded.map((e) => e.type)).toEqual(expect.arrayContaining(['building', 'pavement']))
})

test('an aborted signal stops segmentation', async () => {
	const scene = await generateScene({ seed: 79, zoom: 20, size: 128 })
	const abort = new AbortController()
	abort.abort(new Error('cancelled'))
	expect(() => segmentLawn(scene.image, { mpp: scene.mpp, signal: abort.signal })).toThrow('cancelled')
})

test('guided upsampling puts a smeared edge where the full-resolution image has it', () => {
	// full resolution 16×8: dark lawn in columns 0–7, bright pavement from column 8;
	// the working probability (8×4) is a smeared ramp whose 0.55 crossing falls a column short of the edge
	const width = 16
	const height = 8
	const image = { width, height, data: new Uint8Array(width * height * 3) }
	for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) image.data.set(x < 8 ? [60, 90, 50] : [200, 200, 195], (y * width + x) * 3)
	const small = halve(image)
	const ramp = [1, 1, 0.85, 0.6, 0.3, 0.1, 0, 0]
	const p = Float32Array.from({ length: 8 * 4 }, (_, i) => ramp[i % 8]!)
	const plain = upsample(p, 8, 4, width, height)
	const guided = guidedUpsample(p, small, image, 1, 1e-4)
	const lawnColumns = (q: Float32Array) => Array.from({ length: width }, (_, x) => (q[3 * width + x]! > 0.55 ? 1 : 0)).join('')
	expect(lawnColumns(plain)).toBe('1111111000000000')
	expect(lawnColumns(guided)).toBe('1111111100000000')
	// where the guide is flat there is no edge to follow: the smoothed probability
	expect(guided[3 * width + 1]).toBeGreaterThan(0.9)
	expect(guided[3 * width + 15]).toBeLessThan(0.1)
})
