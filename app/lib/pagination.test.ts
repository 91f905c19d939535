import { expect, test } from 'vitest'
import { pageItems } from './pagination.ts'

test('up to 7 pages are all shown', () => {
	expect(pageItems(1, 1)).toEqual([1])
	expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
})

test('more pages: first, last, current and neighbours, gaps between', () => {
	expect(pageItems(1, 20)).toEqual([1, 2, 'gap', 20])
	expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20])
	expect(pageItems(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20])
	expect(pageItems(20, 20)).toEqual([1, 'gap', 19, 20])
})
