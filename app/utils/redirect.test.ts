import { expect, test } from 'vitest'
import { safeRedirect } from './redirect.ts'

test('only same-site paths are followed', () => {
	expect(safeRedirect('/settings?tab=1')).toBe('/settings?tab=1')
	expect(safeRedirect('//evil.example/x')).toBe('/')
	expect(safeRedirect('/\\evil.example')).toBe('/')
	expect(safeRedirect('https://evil.example')).toBe('/')
	expect(safeRedirect(null, '/measure')).toBe('/measure')
	expect(safeRedirect('', '/measure')).toBe('/measure')
})
