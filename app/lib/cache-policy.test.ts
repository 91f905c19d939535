import { expect, test } from 'vitest'
import { applyPageCachePolicy } from './cache-policy.ts'

test('a page for a signed-in request is private and never stored; every page varies on Cookie', () => {
	const personal = new Headers({ 'Cache-Control': 'public, max-age=600', Vary: 'Accept-Encoding' })
	applyPageCachePolicy(new Headers({ cookie: 'theme=dark; ys_session=abc' }), personal)
	expect(personal.get('Cache-Control')).toBe('private, no-store')
	expect(personal.get('Vary')).toBe('Accept-Encoding, Cookie, Authorization')

	const bearer = new Headers()
	applyPageCachePolicy(new Headers({ authorization: 'Bearer t' }), bearer)
	expect(bearer.get('Cache-Control')).toBe('private, no-store')

	const shared = new Headers({ 'Cache-Control': 'public, max-age=600' })
	applyPageCachePolicy(new Headers({ cookie: 'theme=dark' }), shared)
	expect(shared.get('Cache-Control')).toBe('public, max-age=600')
	expect(shared.get('Vary')).toBe('Cookie, Authorization')

	const twice = new Headers({ Vary: 'cookie' })
	applyPageCachePolicy(new Headers(), twice)
	expect(twice.get('Vary')).toBe('cookie, Authorization')
})
