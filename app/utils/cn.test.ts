import { expect, test } from 'vitest'
import { cn } from './cn.ts'

test('a later class of the same kind wins; falsy parts are skipped', () => {
	expect(cn('inline-flex px-4 py-2', 'hidden sm:inline-flex')).toBe('px-4 py-2 hidden sm:inline-flex')
	expect(cn('flex gap-1', 'flex-wrap', false, null, undefined, 'flex-nowrap')).toBe('flex gap-1 flex-nowrap')
	expect(cn('w-full rounded-md', 'w-auto')).toBe('rounded-md w-auto')
})

test('our own colours and variants are kept apart from sizes and from each other', () => {
	expect(cn('text-sm text-gray-700', 'text-brand-700')).toBe('text-sm text-brand-700')
	expect(cn('grid', 'peek:flex', 'phone-js:absolute', 'max-md:hidden')).toBe('grid peek:flex phone-js:absolute max-md:hidden')
	expect(cn('bg-brand-600 dark:bg-brand-500', 'bg-white')).toBe('dark:bg-brand-500 bg-white')
})
