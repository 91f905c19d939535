import { expect, test } from 'vitest'
import { boxExtreme, boxMean, rng } from './raster.ts'

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
