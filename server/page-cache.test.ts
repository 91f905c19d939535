import { describe, expect, test } from 'vitest'
import { cachedPage, rememberPage, sharedPageKey } from './page-cache.ts'

const key = (url: string, headers: Record<string, string> = {}, method = 'GET') => sharedPageKey(method, new URL(url, 'http://localhost'), (name) => name in headers)
const NONCE = 'rendered-nonce-0123456789=='

describe('shared public pages', () => {
	test('only a GET of a public page without a query, a cookie or an Authorization header is shared', () => {
		expect(key('/')).toBe('/')
		expect(key('/privacy')).toBe('/privacy')
		expect(key('/', { cookie: 'ys_consent=x' })).toBeNull()
		expect(key('/', { authorization: 'Bearer token' })).toBeNull()
		expect(key('/?estimates=40')).toBeNull()
		expect(key('/', {}, 'POST')).toBeNull()
		expect(key('/', {}, 'HEAD')).toBeNull()
		expect(key('/dashboard')).toBeNull()
		expect(key('/news-updates')).toBeNull()
	})

	test('a kept page comes back with the new nonce and the route’s headers, for 60 seconds', () => {
		const html = `<script nonce="${NONCE}">1</script><script nonce="${NONCE}">2</script>`
		rememberPage('/terms', { status: 200, headers: new Headers({ 'content-type': 'text/html', 'x-route': 'terms' }) }, html, NONCE, 1_000)
		expect(cachedPage('/terms', 'answer-nonce', 1_000 + 59_999)).toEqual({
			html: '<script nonce="answer-nonce">1</script><script nonce="answer-nonce">2</script>',
			headers: [
				['content-type', 'text/html'],
				['x-route', 'terms'],
			],
		})
		expect(cachedPage('/terms', 'answer-nonce', 1_000 + 60_000)).toBeNull()
	})

	test('a page that sets a cookie, is not a 200 or was rendered without a real nonce is never kept', () => {
		rememberPage('/about', { status: 200, headers: new Headers({ 'set-cookie': 'ys_toast=x' }) }, 'toast', NONCE)
		rememberPage('/about', { status: 500, headers: new Headers() }, 'error', NONCE)
		rememberPage('/about', { status: 200, headers: new Headers() }, 'short nonce', 'abc')
		expect(cachedPage('/about', 'answer-nonce')).toBeNull()
	})
})
