// One-tap corrections on small images with known answers.
import { expect, test } from 'vitest'
import { generateScene } from '../../bench/grass/scene.ts'
import { rng } from './raster.ts'
import type { RgbImage } from '~/lib/rgb-image.ts'
import { adaptToSeeds, applyForce, toWorkingSeeds } from './seeds.ts'
import { segmentLawn } from './segment.ts'

type Rgb = [number, number, number]

/** A w×h image painted by `colourAt`, with ±6 of noise per channel. */
function paint(w: number, h: number, colourAt: (x: number, y: number) => Rgb, seed = 1): RgbImage {
	const next = rng(seed)
	const data = new Uint8Array(w * h * 3)
	for (let y = 0; y < h; y++) {
		for (let x = 0; x < w; x++) {
			const c = colourAt(x, y)
			for (let k = 0; k < 3; k++) data[(y * w + x) * 3 + k] = Math.max(0, Math.min(255, Math.round(c[k]! + next() * 12 - 6)))
		}
	}
	return { width: w, height: h, data }
}

const LAWN: Rgb = [84, 130, 50]
const FIELD: Rgb = [120, 128, 70] // a yellower, paler green: a meadow/crop the model wrongly calls lawn
const ROAD: Rgb = [128, 126, 124]

// 80×48 working pixels at 0.15 m (zoom 20): lawn on the left, the wrong field on the right, a road along the bottom
const W = 80
const H = 48
const MPP = 0.15
const regionOf = (x: number, y: number) => (y >= 40 ? 'road' : x < 40 ? 'lawn' : 'field')
const scene = paint(W, H, (x, y) => ({ lawn: LAWN, field: FIELD, road: ROAD })[regionOf(x, y)])
/** the model: both greens lawn (+3), the road not (−3) */
const modelScore = () => Float32Array.from({ length: W * H }, (_, p) => (regionOf(p % W, Math.floor(p / W)) === 'road' ? -3 : 3))

const meanScore = (score: Float32Array, region: string) => {
	let sum = 0
	let count = 0
	for (let p = 0; p < score.length; p++) if (regionOf(p % W, Math.floor(p / W)) === region) (sum += score[p]!), count++
	return sum / count
}
const fraction = (score: Float32Array, region: string, test: (v: number) => boolean) => {
	let hit = 0
	let count = 0
	for (let p = 0; p < score.length; p++) if (regionOf(p % W, Math.floor(p / W)) === region) (hit += test(score[p]!) ? 1 : 0), count++
	return hit / count
}

test('without taps the score comes back unchanged and nothing is forced', () => {
	const score = modelScore()
	const { score: out, force } = adaptToSeeds(score, scene, MPP, { lawn: [], other: [] })
	expect(Array.from(out)).toEqual(Array.from(score))
	expect(force.every((f) => f === 0)).toBe(true)
})

test('a "Not lawn" tap on the wrong green field removes all of it; the real lawn and the road stay as they were', () => {
	const { score, force } = adaptToSeeds(modelScore(), scene, MPP, { lawn: [], other: [{ x: 60, y: 20 }] })
	expect(fraction(score, 'field', (v) => v < 0)).toBe(1)
	expect(fraction(score, 'lawn', (v) => v > 0)).toBe(1)
	expect(fraction(score, 'road', (v) => v < 0)).toBe(1)
	// the field is 40×40 px = 6 × 6 m, inside the 8 m fill: the whole field is decided by the tap
	expect(fraction(Float32Array.from(force), 'field', (v) => v === -1)).toBe(1)
	expect(fraction(Float32Array.from(force), 'lawn', (v) => v !== 0)).toBe(0)
	expect(meanScore(score, 'lawn')).toBeCloseTo(3, 0)
})

test('the classifier reaches similar pixels beyond the tapped region: a second patch of the same field, not connected to the tap, drops too', () => {
	// lawn everywhere except two separate patches of the field colour
	const patchOf = (x: number, y: number) => (x >= 5 && x < 20 && y >= 5 && y < 20 ? 1 : x >= 60 && x < 75 && y >= 28 && y < 43 ? 2 : 0)
	const image = paint(W, H, (x, y) => (patchOf(x, y) ? FIELD : LAWN), 9)
	const score = new Float32Array(W * H).fill(3)
	// at 0.2 m the tap's 1.2 m disc stays inside its patch and the far patch lies within the classifier's 15 m
	const { score: out, force } = adaptToSeeds(score, image, 0.2, { lawn: [], other: [{ x: 12, y: 12 }] })
	let farPatch = 0
	let farPatchDropped = 0
	let lawn = 0
	let lawnKept = 0
	for (let p = 0; p < W * H; p++) {
		const k = patchOf(p % W, Math.floor(p / W))
		const x = p % W
		const y = Math.floor(p / W)
		// the patch's interior (its 1-px rim mixes both colours in the texture feature)
		if (k === 2 && patchOf(x - 1, y) === 2 && patchOf(x + 1, y) === 2 && patchOf(x, y - 1) === 2 && patchOf(x, y + 1) === 2) (farPatch++, (farPatchDropped += out[p]! < 0 ? 1 : 0))
		if (k === 2) expect(force[p]).toBe(0)
		if (k === 0) (lawn++, (lawnKept += out[p]! > 0 ? 1 : 0))
	}
	expect(farPatchDropped / farPatch).toBeGreaterThan(0.95)
	expect(lawnKept / lawn).toBeGreaterThan(0.99)
})

test('a "Lawn here" tap on lawn the model missed makes that lawn; the road stays not lawn', () => {
	const score = modelScore()
	// the model missed the left lawn
	for (let p = 0; p < W * H; p++) if (regionOf(p % W, Math.floor(p / W)) === 'lawn') score[p] = -2.5
	const { score: out } = adaptToSeeds(score, scene, MPP, { lawn: [{ x: 20, y: 20 }], other: [] })
	expect(fraction(out, 'lawn', (v) => v > 0)).toBe(1)
	expect(fraction(out, 'road', (v) => v < 0)).toBe(1)
	expect(fraction(out, 'field', (v) => v > 0)).toBe(1)
})

test('full-resolution taps map to working pixels; forced pixels set the full-resolution mask', () => {
	expect(toWorkingSeeds({ lawn: [{ x: 10.5, y: 0.5 }], other: [{ x: 1, y: 3 }] }, 2)).toEqual({ lawn: [{ x: 5, y: 0 }], other: [{ x: 0.25, y: 1.25 }] })
	const mask = { width: 4, height: 2, data: new Uint8Array([1, 1, 1, 1, 0, 0, 0, 0]) }
	applyForce(mask, Int8Array.from([-1, 1]), 2, 2)
	expect(Array.from(mask.data)).toEqual([0, 0, 1, 1, 0, 0, 1, 1])
})

test('segmentLawn: a "Not lawn" tap inside a detected lawn removes the lawn under it and less lawn is left; a "Lawn here" tap there keeps it', async () => {
	const { image, mpp } = await generateScene({ seed: 77, zoom: 20, size: 384 })
	const before = segmentLawn(image, { mpp })
	// a lawn pixel whose 9×9 neighbourhood is all lawn
	const { width, data } = before.lawn
	let tap: { x: number; y: number } | null = null
	for (let y = 40; y < 344 && !tap; y += 4) {
		for (let x = 40; x < 344 && !tap; x += 4) {
			let all = true
			for (let dy = -4; dy <= 4 && all; dy++) for (let dx = -4; dx <= 4 && all; dx++) all = data[(y + dy) * width + x + dx] === 1
			if (all) tap = { x, y }
		}
	}
	expect(tap).not.toBeNull()
	const after = segmentLawn(image, { mpp, seeds: { lawn: [], other: [tap!] } })
	expect(after.lawn.data[tap!.y * width + tap!.x]).toBe(0)
	const count = (d: Uint8Array) => d.reduce((s, v) => s + v, 0)
	expect(count(after.lawn.data)).toBeLessThan(count(before.lawn.data))
	// a "Lawn here" tap on the same spot keeps it lawn
	const kept = segmentLawn(image, { mpp, seeds: { lawn: [tap!], other: [] } })
	expect(kept.lawn.data[tap!.y * width + tap!.x]).toBe(1)
})
