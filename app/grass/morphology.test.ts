import { expect, test } from 'vitest'
import { close, fillSmallHoles, open, removeSmallRegions } from './morphology.ts'
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
