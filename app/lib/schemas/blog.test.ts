import { expect, test } from 'vitest'
import { pageWindow } from './blog.ts'

test('pagination shows up to 5 page buttons around the current page', () => {
	expect(pageWindow(1, 3)).toEqual([1, 2, 3])
	expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5])
	expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8])
	expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12])
	expect(pageWindow(1, 0)).toEqual([])
})
