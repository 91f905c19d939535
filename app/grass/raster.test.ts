import { expect, test } from 'vitest'
import { boxExtreme, boxMean, halveWithTexture, rng, widenExtreme } from './raster.ts'

test('boxMean averages the clipped window', () => {
	// 3×2 image: [1 2 3 / 4 5 6]
	const v = Float32Array.from([1, 2, 3, 4, 5, 6])
	expect(Array.from(boxMean(v, 3, 2, 1))).toEqual([3, 3.5, 4, 3, 3.5, 4])
	expect(Array.from(boxMean(v, 3, 2, 0))).toEqual([1, 2, 3, 4, 5, 6])
})

test('boxExtreme finds the max and min of each window', () => {
	const v = Float32Array.from([1, 5, 2, 0, 3, 0, 0, 9, 0, 0, 1, 1, 1, 1, 1])
	expect(Array.from(boxExtreme(v, 5, 3, 1))).toEqual([5, 9, 9, 9, 3, 5, 9, 9, 9, 3, 1, 9, 9, 9, 1])
	expect(Array.from(boxExtreme(v, 5, 3, 1, -1))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
})

test('rng is deterministic per seed', () => {
	const a = rng(7)
	const b = rng(7)
	const c = rng(8)
	const first = [a(), a(), a()]
	expect([b(), b(), b()]).toEqual(first)
	expect(c()).not.toBe(first[0])
})

test('running max and min over clipped square windows match brute force', () => {
	const width = 29
	const height = 13
	const next = rng(11)
	const values = Float32Array.from({ length: width * height }, () => next())
	for (const r of [1, 2, 3, 6, 20]) {
		for (const sign of [1, -1] as const) {
			const got = boxExtreme(values, width, height, r, sign)
			for (let y = 0; y < height; y++) {
				for (let x = 0; x < width; x++) {
					let want = sign > 0 ? -Infinity : Infinity
					for (let v = Math.max(0, y - r); v <= Math.min(height - 1, y + r); v++) {
						for (let u = Math.max(0, x - r); u <= Math.min(width - 1, x + r); u++) want = sign > 0 ? Math.max(want, values[v * width + u]!) : Math.min(want, values[v * width + u]!)
					}
					expect(got[y * width + x]).toBe(want)
				}
			}
		}
	}
})

test('boxMean gives, to the bit, the row-then-column running sums', () => {
	// the straightforward walk (column by column) as the reference
	const reference = (values: Float32Array, width: number, height: number, r: number) => {
		const tmp = new Float32Array(width * height)
		const out = new Float32Array(width * height)
		for (let y = 0; y < height; y++) {
			let sum = 0
			for (let x = 0; x <= Math.min(r, width - 1); x++) sum += values[y * width + x]!
			for (let x = 0; x < width; x++) {
				tmp[y * width + x] = sum / (Math.min(width - 1, x + r) - Math.max(0, x - r) + 1)
				if (x + r + 1 < width) sum += values[y * width + x + r + 1]!
				if (x - r >= 0) sum -= values[y * width + x - r]!
			}
		}
		for (let x = 0; x < width; x++) {
			let sum = 0
			for (let y = 0; y <= Math.min(r, height - 1); y++) sum += tmp[y * width + x]!
			for (let y = 0; y < height; y++) {
				out[y * width + x] = sum / (Math.min(height - 1, y + r) - Math.max(0, y - r) + 1)
				if (y + r + 1 < height) sum += tmp[(y + r + 1) * width + x]!
				if (y - r >= 0) sum -= tmp[(y - r) * width + x]!
			}
		}
		return out
	}
	const next = rng(3)
	// heights around the four rows the row pass takes at a time
	for (const [width, height] of [[37, 23], [5, 3], [1, 9], [8, 1], [60, 60], [6, 4], [9, 5], [3, 7], [11, 8]] as const) {
		const values = Float32Array.from({ length: width * height }, () => next() * 3 - 1)
		for (const r of [1, 2, 4, 7, 30]) expect(Array.from(boxMean(values, width, height, r))).toEqual(Array.from(reference(values, width, height, r)))
	}
})

test('widening a running max or min from radius r to R (R − r ≤ r) equals the filter at R, to the bit', () => {
	const next = rng(21)
	for (const [width, height] of [[31, 17], [4, 9], [1, 6], [7, 1], [40, 40]] as const) {
		const values = Float32Array.from({ length: width * height }, () => (next() < 0.1 ? 0.5 : next() * 2 - 1))
		for (const r of [1, 2, 3, 5]) {
			for (let R = r; R <= 2 * r; R++) {
				for (const sign of [1, -1] as const) {
					const widened = widenExtreme(boxExtreme(values, width, height, r, sign), width, height, r, R, sign)
					expect(widened).not.toBeNull()
					expect(Array.from(widened!)).toEqual(Array.from(boxExtreme(values, width, height, R, sign)))
				}
			}
		}
	}
	const v = Float32Array.from({ length: 12 }, (_, i) => i)
	expect(widenExtreme(boxExtreme(v, 4, 3, 1), 4, 3, 1, 3)).toBeNull()
	expect(widenExtreme(v, 4, 3, 2, 1)).toBeNull()
})

test('halving averages 2×2 blocks (odd edges clamped) and keeps each block’s brightness mean and variance', () => {
	const next = rng(31)
	for (const [width, height] of [[6, 4], [7, 5], [1, 3], [5, 1]] as const) {
		const data = Uint8Array.from({ length: width * height * 3 }, () => Math.floor(next() * 256))
		const { small, fine } = halveWithTexture({ width, height, data })
		const w = Math.ceil(width / 2)
		const h = Math.ceil(height / 2)
		expect([small.width, small.height]).toEqual([w, h])
		for (let y = 0; y < h; y++) {
			for (let x = 0; x < w; x++) {
				const at = [
					[2 * x, 2 * y],
					[Math.min(width - 1, 2 * x + 1), 2 * y],
					[2 * x, Math.min(height - 1, 2 * y + 1)],
					[Math.min(width - 1, 2 * x + 1), Math.min(height - 1, 2 * y + 1)],
				].map(([u, v]) => (v! * width + u!) * 3)
				for (let ch = 0; ch < 3; ch++) expect(small.data[(y * w + x) * 3 + ch]).toBe(Math.floor((at.reduce((s, i) => s + data[i + ch]!, 0) + 2) / 4))
				const l = at.map((i) => data[i]! + 2 * data[i + 1]! + data[i + 2]!)
				const m = (l[0]! + l[1]! + l[2]! + l[3]!) / 16
				expect(fine.mean[y * w + x]).toBe(Math.fround(m))
				expect(fine.variance[y * w + x]).toBe(Math.fround((l[0]! ** 2 + l[1]! ** 2 + l[2]! ** 2 + l[3]! ** 2) / 64 - m * m))
			}
		}
	}
})
