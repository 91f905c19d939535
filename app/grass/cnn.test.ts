import sharp from 'sharp'
import { expect, test } from 'vitest'
import type { Mask } from '../../app/grass/raster.ts'
import { axisWeights, CNN_META, cnnLawn, cnnLogOdds, lawnLogOdds, lawnMask, MIN_FRAGMENT_M2, stretch, toModelInput, workSize } from './cnn.ts'

const show = (m: Mask) => Array.from({ length: m.height }, (_, y) => Array.from(m.data.slice(y * m.width, (y + 1) * m.width), (v) => (v ? '#' : '.')).join(''))

test('resampling weights: each output sample sums to 1; shrinking by 2 averages pixel pairs, enlarging interpolates', () => {
	for (const [a, b] of [
		[10, 5],
		[5, 10],
		[7, 7],
		[768, 307],
	] as const) {
		const w = axisWeights(a, b)
		for (let o = 0; o < b; o++) {
			let sum = 0
			for (let k = 0; k < w.count[o]!; k++) sum += w.weights[o * w.taps + k]!
			expect(sum).toBeCloseTo(1, 5)
		}
	}
	// 4 pixels 0, 100, 200, 300 shrunk to 2: each output is a symmetric average around its pair
	const image = { width: 4, height: 1, data: Uint8Array.from([0, 0, 0, 100, 100, 100, 200, 200, 200, 255, 255, 255]) }
	const meta = { mean: [0, 0, 0], std: [1, 1, 1] }
	const out = toModelInput(image, 2, 1, meta)
	// a triangle of half-width 2 around x = 1 (the pair's edge): pixels 0, 1, 2 at 0.75, 0.75, 0.25 (pixel −1 is outside), normalised
	expect(out[0]! * 255).toBeCloseTo((0 * 0.75 + 100 * 0.75 + 200 * 0.25) / 1.75, 3)
	expect(out[1]! * 255).toBeCloseTo((100 * 0.25 + 200 * 0.75 + 255 * 0.75) / 1.75, 3)
	// the same size: the pixels themselves
	const same = toModelInput(image, 4, 1, meta)
	expect(Array.from(same.slice(0, 4), (v) => Math.round(v * 255))).toEqual([0, 100, 200, 255])
})

test('model input is planar and normalised by the model mean and std', () => {
	const data = new Uint8Array(6 * 4 * 3)
	for (let i = 0; i < 24; i++) data.set([51, 102, 153], i * 3)
	const out = toModelInput({ width: 6, height: 4, data }, 3, 2)
	expect(out.length).toBe(3 * 3 * 2)
	for (let c = 0; c < 3; c++) {
		const expected = ([51, 102, 153][c]! / 255 - CNN_META.mean[c]!) / CNN_META.std[c]!
		for (let i = 0; i < 6; i++) expect(out[c * 6 + i]).toBeCloseTo(expected, 4)
	}
})

test('lawn log-odds are log p(lawn) − log Σ p(rest); a map stretched keeps its corners and interpolates between them', () => {
	// two pixels, four classes: equal logits → p(lawn) = 1/4 → log-odds log(1/3)
	const logits = Float32Array.from([0, 2, 0, -1, 0, -1, 0, -1])
	const z = lawnLogOdds(logits, 4, 2, 1)
	expect(z[0]).toBeCloseTo(Math.log(1 / 3), 5)
	expect(z[1]).toBeCloseTo(2 - Math.log(3 * Math.exp(-1)), 5)
	expect(Array.from(stretch(Float32Array.from([0, 2, -2, 4]), 2, 2, 2, 2))).toEqual([0, 2, -2, 4])
	// doubled: pixel centres 0.25 and 0.75 of the first source pixel clamp to it; the middle ones interpolate
	expect(Array.from(stretch(Float32Array.from([0, 4]), 2, 1, 4, 1))).toEqual([0, 1, 3, 4])
	// halved: each output pixel sits between two source pixels
	expect(Array.from(stretch(Float32Array.from([0, 2, 4, 6]), 4, 1, 2, 1))).toEqual([1, 5])
})

test('fragments and holes under 50 sq ft go, larger ones stay', () => {
	const mpp = 0.5 // a pixel is 0.25 m²: 50 sq ft is 18.6 pixels
	expect(MIN_FRAGMENT_M2 / (mpp * mpp)).toBeCloseTo(18.58, 1)
	const rows = ['####......', '####..###.', '####..###.', '####..###.', '####......', '..........']
	const p = Float32Array.from(rows.join('').split(''), (c) => (c === '#' ? 0.9 : 0.1))
	// the 4×5 block (20 px) stays, the 3×3 block (9 px) goes
	expect(show(lawnMask(p, 10, 6, mpp, 0.5))).toEqual(['####......', '####......', '####......', '####......', '####......', '..........'])
	// a 2×3 hole (6 px) in a lawn is filled
	const holed = Float32Array.from({ length: 100 }, (_, i) => ((i % 10 === 5 || i % 10 === 6) && i > 40 && i < 70 ? 0.1 : 0.9))
	expect(lawnMask(holed, 10, 10, mpp, 0.5).data.every((v) => v === 1)).toBe(true)
})

test('the working size follows the metres per pixel', () => {
	expect(workSize(768, 768, 0.15, { workMpp: 0.3 })).toEqual({ width: 384, height: 384 })
	expect(workSize(256, 128, 0.6, { workMpp: 0.3 })).toEqual({ width: 512, height: 256 })
})

test('the shipped model answers finite log-odds on its output grid (its working resolution over its output stride)', async () => {
	// a real crop of the test town at 0.6 m: the model works at 0.3 m (512 px)
	const file = new URL('../../../shared/realgrass/naip-ca/long_beach_2020_3.png', import.meta.url)
	const { data, info } = await sharp(file.pathname).removeAlpha().raw().toBuffer({ resolveWithObject: true })
	const z = await cnnLogOdds({ width: info.width, height: info.height, data: new Uint8Array(data) }, 0.6)
	expect([z.width, z.height]).toEqual([(info.width * 0.6) / CNN_META.workMpp / CNN_META.outputStride, (info.height * 0.6) / CNN_META.workMpp / CNN_META.outputStride])
	expect(z.data.length).toBe(z.width * z.height)
	expect(z.data.every((v) => Number.isFinite(v))).toBe(true)
	const { probability, lawn } = await cnnLawn({ width: info.width, height: info.height, data: new Uint8Array(data) }, 0.6)
	expect(probability.length).toBe(info.width * info.height)
	expect(probability.every((v) => v >= 0 && v <= 1)).toBe(true)
	expect(lawn.data.length).toBe(info.width * info.height)
	expect(lawn.data.every((v) => v === 0 || v === 1)).toBe(true)
})
