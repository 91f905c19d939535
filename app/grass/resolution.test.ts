import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { realgrassDir } from '../../bench/grass/real.ts'
import type { RgbImage } from '~/lib/rgb-image.ts'
import { rng } from './raster.ts'
import { resolvedScale, structureFunction } from './resolution.ts'

/**
 * `size`² grey pixels of seeded texture rough at every scale, as aerial imagery is: bilinear noise
 * at cells of 1 to 32 pixels, the coarser louder (S(d) grows about as √d, like real imagery's).
 */
function texture(size: number, seed = 7): RgbImage {
	const random = rng(seed)
	const grey = new Float32Array(size * size)
	for (const cell of [1, 2, 4, 8, 16, 32]) {
		const n = Math.ceil(size / cell) + 2
		const grid = Float32Array.from({ length: n * n }, () => random() - 0.5)
		for (let y = 0; y < size; y++) {
			for (let x = 0; x < size; x++) {
				const x0 = Math.floor(x / cell)
				const y0 = Math.floor(y / cell)
				const fx = x / cell - x0
				const fy = y / cell - y0
				const top = grid[y0 * n + x0]! * (1 - fx) + grid[y0 * n + x0 + 1]! * fx
				const bottom = grid[(y0 + 1) * n + x0]! * (1 - fx) + grid[(y0 + 1) * n + x0 + 1]! * fx
				grey[y * size + x]! += (top * (1 - fy) + bottom * fy) * 40 * Math.sqrt(cell)
			}
		}
	}
	const data = new Uint8Array(size * size * 3)
	for (let i = 0; i < size * size; i++) data.fill(Math.max(0, Math.min(255, Math.round(128 + grey[i]!))), i * 3, i * 3 + 3)
	return { width: size, height: size, data }
}

/** `size`² grey pixels of seeded white noise (no pixel predicts its neighbour). */
function noise(size: number, seed = 7): RgbImage {
	const random = rng(seed)
	const data = new Uint8Array(size * size * 3)
	for (let i = 0; i < size * size; i++) data.fill(Math.round(random() * 255), i * 3, i * 3 + 3)
	return { width: size, height: size, data }
}

/** `image` enlarged `factor` times by bilinear interpolation (pixel centres aligned), as a tile server over-zooms. */
function enlarge(image: RgbImage, factor: number): RgbImage {
	const width = Math.round(image.width * factor)
	const height = Math.round(image.height * factor)
	const data = new Uint8Array(width * height * 3)
	const at = (x: number, y: number, c: number) => image.data[(Math.min(image.height - 1, Math.max(0, y)) * image.width + Math.min(image.width - 1, Math.max(0, x))) * 3 + c]!
	for (let y = 0; y < height; y++) {
		const sy = (y + 0.5) / factor - 0.5
		const y0 = Math.floor(sy)
		const fy = sy - y0
		for (let x = 0; x < width; x++) {
			const sx = (x + 0.5) / factor - 0.5
			const x0 = Math.floor(sx)
			const fx = sx - x0
			for (let c = 0; c < 3; c++) {
				const top = at(x0, y0, c) * (1 - fx) + at(x0 + 1, y0, c) * fx
				const bottom = at(x0, y0 + 1, c) * (1 - fx) + at(x0 + 1, y0 + 1, c) * fx
				data[(y * width + x) * 3 + c] = Math.round(top * (1 - fy) + bottom * fy)
			}
		}
	}
	return { width, height, data }
}

describe('what the imagery resolves', () => {
	test('S(d): zero on a flat image; on seeded noise the same at every distance (no pixel predicts its neighbour)', () => {
		const flat = { width: 64, height: 64, data: new Uint8Array(64 * 64 * 3).fill(120) }
		expect(structureFunction(flat, [1, 2, 4])).toEqual([0, 0, 0])
		const [s1, s2, s8] = structureFunction(noise(128), [1, 2, 8])
		// two independent uniform values 0–255 differ by 255²/6 squared on average
		expect(s1! / ((255 * 255) / 6)).toBeCloseTo(1, 1)
		expect(s2! / s1!).toBeCloseTo(1, 1)
		expect(s8! / s1!).toBeCloseTo(1, 1)
	})

	test('textured imagery resolves its own pixels; enlarged 2×, 4× and 8× it resolves more of the new pixels each time, about in proportion', () => {
		const sharpImage = texture(96)
		expect(resolvedScale(sharpImage)).toBe(1)
		const [two, four, eight] = [2, 4, 8].map((k) => resolvedScale(enlarge(sharpImage, k))) as [number, number, number]
		expect(two).toBeGreaterThan(1.3)
		expect(four).toBeGreaterThan(two * 1.3)
		expect(eight).toBeGreaterThan(four * 1.5)
		expect(eight).toBeGreaterThan(4)
		expect(eight).toBeLessThan(10)
		// white noise is as sharp as can be: its own pixel
		expect(resolvedScale(noise(96))).toBe(1)
	})

	test('a flat window and one too small to measure are taken at their pixel size', () => {
		expect(resolvedScale({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 3).fill(90) })).toBe(1)
		expect(resolvedScale(enlarge(texture(2), 3))).toBe(1)
	})

	// a real NAIP crop (Long Beach: the test town, never fitted on), as it is and as zoom-20 tiles at 34° N show it
	test('real 0.6 m NAIP imagery: about its own pixel as it is; about 0.6 m again when served 4.85× enlarged, through JPEG', async () => {
		const file = path.join(realgrassDir(), 'naip-ca', 'long_beach_2020_57.png')
		if (!fs.existsSync(file)) throw new Error(`The real imagery is not there: expected ${file} (../shared/realgrass beside the checkout, or set REALGRASS_DIR).`)
		const decode = async (image: ReturnType<typeof sharp>) => {
			const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true })
			return { width: info.width, height: info.height, data: new Uint8Array(data) }
		}
		const asIs = await decode(sharp(file))
		expect(resolvedScale(asIs)).toBeLessThan(1.4)
		const tiles = await decode(sharp(await sharp(file).removeAlpha().resize(1242, 1242, { kernel: 'cubic' }).extract({ left: 237, top: 237, width: 768, height: 768 }).jpeg({ quality: 80 }).toBuffer()))
		const metres = resolvedScale(tiles) * (0.6 / 4.85)
		expect(metres).toBeGreaterThan(0.4)
		expect(metres).toBeLessThan(0.9)
	})
})
