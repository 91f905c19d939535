import { describe, expect, test } from 'vitest'
import { contentSecurityPolicy, crossSiteRefusal, originOf, securityHeaders, securityHeadersFor } from './security.ts'

const base = { nonce: 'abc123', production: false, tileUrls: ['https://tiles.example.com/{z}/{y}/{x}', 'http://127.0.0.1:4100/{z}/{x}/{y}.png', 'not a url'] }

describe('security headers', () => {
	test('scripts need the nonce: no unsafe-inline or unsafe-eval in script-src', () => {
		const csp = contentSecurityPolicy(base)
		const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!
		expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123'")
		expect(csp).toContain("frame-ancestors 'none'")
		expect(csp).toContain("object-src 'none'")
	})
	test('map tile hosts may serve images; nothing else from outside', () => {
		const csp = contentSecurityPolicy(base)
		expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.com http://127.0.0.1:4100")
		expect(originOf('ftp://x/{z}')).toBeNull()
		expect(originOf('{z}/{x}')).toBeNull()
	})
	test("a provider's logo (Google's) may be loaded as an image, never fetched; only when given", () => {
		const csp = contentSecurityPolicy({ ...base, imageUrls: ['https://developers.google.com/static/maps/documentation/images/google_on_non_white.png'] })
		expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.com http://127.0.0.1:4100 https://developers.google.com;")
		expect(csp).toMatch(/connect-src [^;]*tiles\.example\.com/)
		expect(csp).not.toMatch(/connect-src [^;]*developers\.google\.com/)
		expect(contentSecurityPolicy(base)).not.toContain('developers.google.com')
	})
	test('Turnstile is allowed only when configured', () => {
		expect(contentSecurityPolicy(base)).not.toContain('challenges.cloudflare.com')
		expect(contentSecurityPolicy({ ...base, turnstile: true })).toContain("frame-src https://challenges.cloudflare.com")
	})
	test('HSTS only in production; the rest always', () => {
		expect(securityHeaders(base)['Strict-Transport-Security']).toBeUndefined()
		const prod = securityHeaders({ ...base, production: true })
		expect(prod['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains')
		expect(prod).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'strict-origin-when-cross-origin' })
	})
	test('the per-server template gives the same headers as working them out per response, with each nonce', () => {
		const { nonce: _, ...options } = base
		const headersFor = securityHeadersFor({ ...options, production: true, turnstile: true })
		for (const nonce of ['abc123', 'Zm9v+/==']) expect(headersFor(nonce)).toEqual(securityHeaders({ ...base, nonce, production: true, turnstile: true }))
	})
})

describe('cross-site request check', () => {
	const post = { method: 'POST', host: 'app.example.com', origin: 'https://app.example.com', referer: undefined, secFetchSite: 'same-origin', cookieAuthenticated: true }
	test.each([
		['same origin', post, null],
		['safe method from anywhere', { ...post, method: 'GET', origin: 'https://evil.example', secFetchSite: 'cross-site' }, null],
		['Bearer-authenticated API client from anywhere', { ...post, cookieAuthenticated: false, origin: 'https://evil.example' }, null],
		['foreign Origin', { ...post, origin: 'https://evil.example', secFetchSite: undefined }, 'foreign origin'],
		['a look-alike host', { ...post, origin: 'https://app.example.com.evil.example' }, 'foreign origin'],
		['Sec-Fetch-Site cross-site', { ...post, origin: undefined, secFetchSite: 'cross-site' }, 'cross-site'],
		['opaque origin (sandboxed frame)', { ...post, origin: 'null' }, 'opaque origin'],
		['only a same-site Referer', { ...post, origin: undefined, secFetchSite: undefined, referer: 'https://app.example.com/settings' }, null],
		['only a foreign Referer', { ...post, origin: undefined, secFetchSite: undefined, referer: 'https://evil.example/x' }, 'foreign origin'],
		['no Origin, Referer or Sec-Fetch-Site (not a browser)', { ...post, origin: undefined, secFetchSite: undefined }, null],
		['DELETE from a foreign origin', { ...post, method: 'delete', origin: 'http://evil.example' }, 'foreign origin'],
		['host compared without case', { ...post, host: 'APP.example.com' }, null],
	])('%s', (_name, input, expected) => {
		expect(crossSiteRefusal(input)).toBe(expected)
	})
})
