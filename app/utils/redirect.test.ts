import { describe, expect, test } from 'vitest'
import { safeRedirect } from './redirect.ts'

test('same-site paths pass through; missing values take the fallback', () => {
	expect(safeRedirect('/settings?tab=1')).toBe('/settings?tab=1')
	expect(safeRedirect('/measure#map')).toBe('/measure#map')
	expect(safeRedirect('/blog/a%20post')).toBe('/blog/a%20post')
	expect(safeRedirect('/search?q=%2F%2Fnot-a-host')).toBe('/search?q=%2F%2Fnot-a-host')
	expect(safeRedirect(null, '/measure')).toBe('/measure')
	expect(safeRedirect(undefined, '/measure')).toBe('/measure')
	expect(safeRedirect('', '/measure')).toBe('/measure')
})

// every form here is one a browser would (or might) send to another host, or is not a path at all
const hostile = [
	'//evil.example/x',
	'/\\evil.example',
	'\\/evil.example',
	'\\\\evil.example',
	'https://evil.example',
	'http://evil.example',
	'HTTPS://evil.example',
	'javascript:alert(1)',
	'JaVaScRiPt:alert(1)',
	'data:text/html,<script>alert(1)</script>',
	'evil.example',
	'/\t/evil.example',
	'/\n/evil.example',
	'/\r/evil.example',
	'/\r\n/evil.example',
	'\t//evil.example',
	' //evil.example',
	'\u0000//evil.example',
	'/\u0000/evil.example',
	'/\u007f/evil.example',
	'/\t\\evil.example',
	'/%2F/evil.example',
	'/%2f%2fevil.example',
	'%2F%2Fevil.example',
	'/%5Cevil.example',
	'/%5cevil.example',
	'/%09/evil.example',
	'/%0A/evil.example',
	'/%0D%0A/evil.example',
	'/%252F/evil.example',
	'/%25252F/evil.example',
	'/%2',
	'/%E0%A4%A',
	'///evil.example',
	'/\\/evil.example',
	'/.//evil.example',
	'/a/..//evil.example',
	'/ /evil.example'.replace(' ', '\u000b'),
	'/https:%2F%2Fevil.example'.replace('/https', '%2Fhttps').slice(3),
	`/${'a'.repeat(2048)}`,
	{ name: 'a file' } as unknown as string,
]

describe('hostile redirect targets fall back to the default', () => {
	test.each(hostile.map((value) => [JSON.stringify(value).slice(0, 60), value] as const))('%s', (_label, value) => {
		expect(safeRedirect(value, '/fallback')).toBe('/fallback')
	})
})

test('a browser resolving what safeRedirect returns stays on our origin', () => {
	for (const value of ['/a', '/a/../b', '/a?next=//evil.example', '/%20/evil.example', '/a/./b']) {
		const result = safeRedirect(value, '/fallback')
		expect(new URL(result, 'https://app.example.com/x').origin).toBe('https://app.example.com')
	}
})
