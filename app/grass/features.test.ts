import { expect, test } from 'vitest'
import { computeFeatures, CONTEXT_NAMES, contextFeatures, FEATURE_NAMES, normaliseColour } from './features.ts'
import { halve, halveWithTexture } from './raster.ts'
import type { RgbImage } from '~/lib/rgb-image.ts'

const solid = (width: number, height: number, pick: (x: number, y: number) => [number, number, number]): RgbImage => {
	const data = new Uint8Array(width * height * 3)
	for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pick(x, y), (y * width + x) * 3)
	return { width, height, data }
}

test('normalisation stretches a hazy image back to full range per channel', () => {
	// haze lifts the blacks to 60 and a cast caps red at 180
	const image = solid(100, 100, (x) => (x < 50 ? [60, 60, 60] : [180, 220, 220]))
	const [r, g] = normaliseColour(image)
	expect(r![0]).toBe(0)
	expect(g![0]).toBe(0)
	expect(r![99]).toBeCloseTo(1, 5)
	expect(g![99]).toBeCloseTo(1, 5)
})

test('hue, chromaticity and texture of known patches', () => {
	// left half flat green, right half a fine checkerboard (texture), black/white corners fix the stretch
	const image = solid(64, 64, (x, y) => {
		if (x === 0 && y === 0) return [0, 0, 0]
		if (x === 63 && y === 63) return [255, 255, 255]
		if (x < 32) return [64, 160, 64]
		return (x + y) % 4 < 2 ? [30, 90, 30] : [90, 200, 90]
	})
	const f = computeFeatures(image, 0.125)
	const at = (name: (typeof FEATURE_NAMES)[number], x: number, y: number) => f.values[FEATURE_NAMES.indexOf(name)]![y * 64 + x]!
	expect(at('hue', 10, 30)).toBeCloseTo(120, 0)
	expect(at('gFrac', 10, 30)).toBeGreaterThan(0.34)
	expect(at('cv05', 10, 30)).toBeLessThan(0.01)
	expect(at('cv05', 50, 30)).toBeGreaterThan(0.1)
	expect(at('cvMax1', 28, 30)).toBeGreaterThan(0.1) // a textured patch within a metre
})

test('fine texture: the brightness variance inside each 2×2 block', () => {
	// left block flat, right block a checkerboard of two greys
	const image = solid(4, 2, (x, y) => (x < 2 ? [100, 100, 100] : (x + y) % 2 ? [60, 60, 60] : [140, 140, 140]))
	const { small, fine } = halveWithTexture(image)
	const { variance, mean } = fine
	// the same halved image as `halve`
	expect(Array.from(small.data)).toEqual(Array.from(halve(image).data))
	expect(mean[0]).toBeCloseTo(100, 5)
	expect(variance[0]).toBeCloseTo(0, 5)
	expect(mean[1]).toBeCloseTo(100, 5)
	expect(variance[1]).toBeCloseTo(1600, 3) // ±40 around 100
})

test('context: a pixel is judged against the sure lawn around it', () => {
	// a 32×32 green image (sure lawn in the first pass) with a darker square in the middle (not sure)
	const image = solid(32, 32, (x, y) => (x >= 12 && x < 20 && y >= 12 && y < 20 ? [40, 60, 30] : [80, 120, 60]))
	const f = computeFeatures(image, 0.25)
	const p1 = Float32Array.from({ length: 32 * 32 }, (_, i) => {
		const x = i % 32
		const y = (i - x) / 32
		return x >= 12 && x < 20 && y >= 12 && y < 20 ? 0.3 : 0.95
	})
	const values = contextFeatures(f, p1)
	const at = (name: (typeof CONTEXT_NAMES)[number], x: number, y: number) => values[CONTEXT_NAMES.indexOf(name)]![y * 32 + x]!
	expect(at('lumToLawn', 2, 2)).toBeCloseTo(at('lumToLawnAll', 2, 2), 1)
	expect(at('lumToLawn', 2, 2)).toBeGreaterThan(0.9)
	expect(at('lumToLawn', 16, 16)).toBeLessThan(0.7) // the dark square is darker than the lawn around it
	expect(Math.abs(at('gFracToLawn', 2, 2))).toBeLessThan(0.01)
})

test('coherence: mowing stripes share one gradient direction, a blotchy crown does not', () => {
	// left half: vertical stripes 4 px wide; right half: a checkerboard of 4 px squares (gradients both ways)
	const image = solid(64, 64, (x, y) => {
		if (x === 0 && y === 0) return [0, 0, 0]
		if (x === 63 && y === 63) return [255, 255, 255]
		if (x < 32) return Math.floor(x / 4) % 2 ? [60, 140, 60] : [90, 190, 90]
		return (Math.floor(x / 4) + Math.floor(y / 4)) % 2 ? [30, 80, 30] : [70, 150, 70]
	})
	const f = computeFeatures(image, 0.125)
	const at = (name: (typeof FEATURE_NAMES)[number], x: number, y: number) => f.values[FEATURE_NAMES.indexOf(name)]![y * 64 + x]!
	for (const name of ['coherence05', 'coherence15'] as const) {
		expect(at(name, 14, 32)).toBeGreaterThan(0.9)
		expect(at(name, 50, 32)).toBeLessThan(0.2)
	}
})
