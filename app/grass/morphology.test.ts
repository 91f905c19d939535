import { expect, test } from 'vitest'
import { close, dilate, erode, fillSmallHoles, open, removeSmallRegions } from './morphology.ts'
import { countSet, type Mask } from './raster.ts'

const grid = (rows: string[]): Mask => ({
	width: rows[0]!.length,
	height: rows.length,
	data: Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0)),
})
const show = (m: Mask) => Array.from({ length: m.height }, (_, y) => Array.from(m.data.slice(y * m.width, (y + 1) * m.width), (v) => (v ? '#' : '.')).join(''))

test('opening removes a one-pixel speck and keeps a 3×3 block', () => {
	const m = grid(['#......', '.......', '...###.', '...###.', '...###.'])
	expect(show(open(m, 1))).toEqual(['.......', '.......', '...###.', '...###.', '...###.'])
})

test('closing fills a one-pixel gap', () => {
	const m = grid(['.........', '..##.##..', '..##.##..', '.........'])
	expect(show(close(m, 1))[1]).toBe('..#####..')
})

test('small regions go, small inner holes are filled, edge holes stay', () => {
	const m = grid(['##....####', '##....#.##', '......####', '.........#'])
	removeSmallRegions(m, 5)
	expect(countSet(m)).toBe(12)
	fillSmallHoles(m, 3)
	expect(show(m)).toEqual(['......####', '......####', '......####', '.........#'])
})

test('dilation and erosion are exact squares, clipped at the image edge', () => {
	// a random mask against the brute-force definition
	const width = 23
	const height = 17
	let seed = 7
	const data = Uint8Array.from({ length: width * height }, () => ((seed = (seed * 1103515245 + 12345) % 2147483648) % 3 === 0 ? 0 : 1))
	const m: Mask = { width, height, data }
	for (const r of [1, 2, 4]) {
		const d = dilate(m, r)
		const e = erode(m, r)
		for (let y = 0; y < height; y++) {
			for (let x = 0; x < width; x++) {
				let any = 0
				let all = 1
				for (let v = Math.max(0, y - r); v <= Math.min(height - 1, y + r); v++) {
					for (let u = Math.max(0, x - r); u <= Math.min(width - 1, x + r); u++) (any |= data[v * width + u]!), (all &= data[v * width + u]!)
				}
				expect(d.data[y * width + x]).toBe(any)
				expect(e.data[y * width + x]).toBe(all)
			}
		}
	}
})
