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

test('a small region holding a kept pixel (a "Lawn here" tap) stays; the others go', () => {
	const m = grid(['##....#...', '##........', '......#...', '......#...'])
	// keep pixel (6, 3) of the 10-wide grid: the two-pixel column stays, the lone pixel and the 2 × 2 block go
	removeSmallRegions(m, 5, [3 * 10 + 6])
	expect(show(m)).toEqual(['..........', '..........', '......#...', '......#...'])
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

test('small regions and holes on random masks match a flood fill', () => {
	// reference: a plain 4-connected flood fill
	const reference = (m: Mask, value: 0 | 1, flip: (count: number, edge: boolean) => boolean) => {
		const { width, height } = m
		const out = m.data.slice()
		const seen = new Uint8Array(m.data.length)
		for (let s = 0; s < m.data.length; s++) {
			if (seen[s] || m.data[s] !== value) continue
			const stack = [s]
			const pixels: number[] = []
			let edge = false
			seen[s] = 1
			while (stack.length) {
				const i = stack.pop()!
				pixels.push(i)
				const x = i % width
				const y = Math.floor(i / width)
				if (x === 0 || y === 0 || x === width - 1 || y === height - 1) edge = true
				for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as const) {
					const j = ny * width + nx
					if (nx >= 0 && ny >= 0 && nx < width && ny < height && !seen[j] && m.data[j] === value) (seen[j] = 1), stack.push(j)
				}
			}
			if (flip(pixels.length, edge)) for (const i of pixels) out[i] = value ? 0 : 1
		}
		return out
	}
	let seed = 11
	const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
	for (let round = 0; round < 40; round++) {
		const width = 5 + Math.floor(next() * 40)
		const height = 3 + Math.floor(next() * 30)
		const density = 0.3 + next() * 0.5
		const data = Uint8Array.from({ length: width * height }, () => (next() < density ? 1 : 0))
		const minPixels = 1 + Math.floor(next() * 12)
		const maxPixels = 1 + Math.floor(next() * 12)
		const m: Mask = { width, height, data: data.slice() }
		const removed = reference(m, 1, (count) => count < minPixels)
		removeSmallRegions(m, minPixels)
		expect(Array.from(m.data)).toEqual(Array.from(removed))
		const filled = reference(m, 0, (count, edge) => !edge && count < maxPixels)
		fillSmallHoles(m, maxPixels)
		expect(Array.from(m.data)).toEqual(Array.from(filled))
	}
})
