import { describe, expect, test } from 'vitest'
import { domainAllows, embedSnippet, formatQuotedPrice, frameAncestors, normalizeDomain, quotedPrice, withFrameAncestors } from './quote-widget.ts'

describe('normalizeDomain', () => {
	test.each([
		['example.com', 'example.com'],
		['  WWW.Example.COM ', 'www.example.com'],
		['*.example.com', '*.example.com'],
		['https://www.example.com/quote?x=1#top', 'https://www.example.com'],
		['http://localhost:3000', 'http://localhost:3000'],
		['127.0.0.1:8080', '127.0.0.1:8080'],
		['shop.example.co.uk:443', 'shop.example.co.uk:443'],
	])('%s → %s', (input, expected) => expect(normalizeDomain(input)).toBe(expected))

	test.each(['', 'example', "example.com; script-src 'unsafe-inline'", 'exa mple.com', "'self'", '*', '*.com', 'ftp://example.com', 'example.com:0', 'example.com:70000', 'javascript:alert(1)', '-bad.example.com'])(
		'refuses %j',
		(input) => expect(normalizeDomain(input)).toBeNull(),
	)
})

test('frame-ancestors lists the domains, or none', () => {
	expect(frameAncestors(['example.com', 'https://www.example.com'])).toBe('example.com https://www.example.com')
	expect(frameAncestors([])).toBe("'none'")
	expect(frameAncestors(['not a domain;'])).toBe("'none'")
	const policy = "default-src 'self'; frame-ancestors 'none'; form-action 'self'"
	expect(withFrameAncestors(policy, ['example.com'])).toBe("default-src 'self'; frame-ancestors example.com; form-action 'self'")
	expect(withFrameAncestors("default-src 'self'", ['example.com'])).toBe("default-src 'self'; frame-ancestors example.com")
})

test('domainAllows matches hosts, wildcards, schemes and ports like frame-ancestors', () => {
	expect(domainAllows(['example.com'], 'https://example.com/page')).toBe(true)
	expect(domainAllows(['example.com'], 'https://www.example.com/')).toBe(false)
	expect(domainAllows(['*.example.com'], 'https://www.example.com/')).toBe(true)
	expect(domainAllows(['*.example.com'], 'https://example.com/')).toBe(false)
	expect(domainAllows(['https://example.com'], 'http://example.com/')).toBe(false)
	expect(domainAllows(['127.0.0.1:8080'], 'http://127.0.0.1:8080/x')).toBe(true)
	expect(domainAllows(['127.0.0.1:8080'], 'http://127.0.0.1:8081/x')).toBe(false)
	expect(domainAllows(['example.com'], 'not a url')).toBe(false)
})

test('quoted price: exact, or a range rounded out to whole dollars', () => {
	expect(quotedPrice(12_345, 'exact', 10)).toEqual({ lowCents: 12_345, highCents: 12_345 })
	expect(quotedPrice(12_345, 'range', 10)).toEqual({ lowCents: 11_100, highCents: 13_600 })
	expect(formatQuotedPrice(12_345, 12_345)).toBe('$123.45')
	expect(formatQuotedPrice(111_100, 136_000)).toBe('$1,111 – $1,360')
	expect(formatQuotedPrice(null, null)).toBeNull()
})

test('snippet', () => {
	expect(embedSnippet('https://app.example', 'abcdefghijklmnopqrstuv')).toBe('<script src="https://app.example/embed/quote.js" data-org="abcdefghijklmnopqrstuv"></script>')
})
