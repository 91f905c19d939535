// Security guarantees over HTTP against the production build (issue 10 §4):
// headers, the cross-site check, session rotation, rate limits on auth paths.
import { startAppProcess } from '../support/app-process.ts'
import { readE2eEnv } from '../support/e2e-env.ts'
import { createSessionToken, db, E2E_SESSION_SECRET, expect, sessionCookieHeader, test, TEST_PASSWORD } from '../support/fixtures.ts'

const scriptNonces = (html: string) => [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => /nonce="([^"]*)"/.exec(m[1]!)?.[1] ?? null)

test('pages carry a CSP whose nonce is on every script, new for every response', async ({ request }) => {
	const first = await request.get('/')
	const csp = first.headers()['content-security-policy']!
	const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!
	expect(scriptSrc).not.toContain('unsafe-inline')
	expect(scriptSrc).not.toContain('unsafe-eval')
	expect(csp).toContain("frame-ancestors 'none'")
	const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!
	const nonces = scriptNonces(await first.text())
	expect(nonces.length).toBeGreaterThan(0)
	expect(nonces.every((n) => n === nonce)).toBe(true)

	const second = await request.get('/')
	expect(second.headers()['content-security-policy']).not.toContain(nonce)
	// a nonce sent by the client is never used
	const forged = await request.get('/about', { headers: { 'x-yardstick-csp-nonce': 'forged' } })
	expect(forged.headers()['content-security-policy']).not.toContain('forged')
	expect(scriptNonces(await forged.text())).not.toContain('forged')
})

test('a public page is shared between cookie-less visitors, each answer with its own nonce; cookies and queries get their own render', async ({ request, makeUser }) => {
	const answer = async (path: string, headers: Record<string, string> = {}) => {
		const res = await request.get(path, { headers })
		expect(res.status()).toBe(200)
		// answered at once from the cache, a request without a body still keeps its connection
		expect(res.headers()['connection']).toBe('keep-alive')
		const nonce = /'nonce-([^']+)'/.exec(res.headers()['content-security-policy']!)![1]!
		const html = await res.text()
		expect(scriptNonces(html).every((n) => n === nonce)).toBe(true)
		return { nonce, html, same: html.replaceAll(nonce, 'NONCE') }
	}
	const first = await answer('/')
	const second = await answer('/')
	expect(second.nonce).not.toBe(first.nonce)
	expect(second.html).not.toContain(first.nonce)
	expect(second.same).toBe(first.same)

	// a signed-in visitor never gets the shared page
	const user = await makeUser({ role: 'account_admin', tierId: 'pro' })
	const signedIn = await answer('/', { cookie: await sessionCookieHeader(user.id) })
	expect(signedIn.html).toContain('Go to Dashboard')
	expect(first.html).not.toContain('Go to Dashboard')
	// the calculator's GET form is computed for its own numbers
	const computed = await answer('/?estimates=40&milesPerVisit=16&costPerMile=0.75&minutesPerVisit=30&hourlyRate=30&labourPerVisit=3')
	expect(computed.same).not.toBe(first.same)
	expect((await answer('/')).same).toBe(first.same)
})

test('a shared public page is never kept from a request with a Bearer token: the next anonymous visitor gets nobody’s page', async ({ playwright, makeUser }) => {
	test.setTimeout(120_000)
	// a server of the test's own: its shared pages are not cached yet, so the first requests below are the ones rendered and kept
	const app = await startAppProcess({ DATABASE_URL: readE2eEnv().databaseUrl, SESSION_SECRET: E2E_SESSION_SECRET, JOBS: 'off' }, { unset: ['SMTP_URL'] })
	const request = await playwright.request.newContext({ baseURL: app.baseURL })
	try {
		const user = await makeUser({ role: 'account_admin', tierId: 'pro', firstName: 'Cachewatcher' })
		const bearer = { authorization: `Bearer ${await createSessionToken(user.id)}` }
		// an API client asking for a page with its token gets its own page (the signed-in user's data in it)…
		for (const path of ['/', '/about']) {
			const own = await request.get(path, { headers: bearer })
			expect(own.status()).toBe(200)
			expect(await own.text()).toContain(user.email)
		}
		// …which is never what the next visitor without credentials gets
		for (const path of ['/', '/about']) {
			const html = await (await request.get(path)).text()
			expect(html, path).toContain('Become a Founding Member')
			expect(html, path).not.toContain(user.email)
			expect(html, path).not.toContain(user.firstName)
			expect(html, path).not.toContain('Go to Dashboard')
		}
	} finally {
		await request.dispose()
		await app.stop()
	}
})

test('every response is nosniff, unframeable and has a referrer policy (pages, API, assets)', async ({ request }) => {
	const html = await (await request.get('/')).text()
	const asset = /\/assets\/[^"]+\.js/.exec(html)![0]
	for (const url of ['/', '/api/auth/user', '/api/no-such-path', asset, '/favicon.svg']) {
		const headers = (await request.get(url)).headers()
		expect(headers['x-content-type-options'], url).toBe('nosniff')
		expect(headers['x-frame-options'], url).toBe('DENY')
		expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
		expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
	}
})

test('a cookie-authenticated write from another site is refused and changes nothing', async ({ request, makeUser, baseURL }) => {
	const user = await makeUser({ firstName: 'Original' })
	const cookie = await sessionCookieHeader(user.id)
	const body = { firstName: 'Changed', lastName: 'Name' }
	const foreign: Record<string, string>[] = [
		{ origin: 'https://evil.example' },
		{ origin: 'null' },
		{ 'sec-fetch-site': 'cross-site' },
		{ referer: 'https://evil.example/page' },
	]
	for (const headers of foreign) {
		const res = await request.patch('/api/user/profile', { headers: { cookie, ...headers }, data: body })
		expect(res.status(), JSON.stringify(headers)).toBe(403)
		expect((await res.json()).error).toBe('Cross-site request refused. Please use Yardstick from its own pages.')
	}
	expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).firstName).toBe('Original')

	// the same write from our own page goes through
	const own = await request.patch('/api/user/profile', { headers: { cookie, origin: new URL(baseURL!).origin, 'sec-fetch-site': 'same-origin' }, data: body })
	expect(own.status()).toBe(200)
	expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).firstName).toBe('Changed')
})

test('odd credential headers never let the cookie session write cross-site (one parser for the check and the session)', async ({ request, makeUser }) => {
	const user = await makeUser({ firstName: 'Original' })
	const cookie = await sessionCookieHeader(user.id)
	const value = cookie.slice(cookie.indexOf('=') + 1)
	const body = { firstName: 'Changed', lastName: 'Name' }
	const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }
	// the cookie read the session reader's way: the cross-site check applies
	for (const header of [`ys_session =${value}`, ` ys_session = ${value}`, `a=1;ys_session=${value}`, `ys_session="${value}"`]) {
		const res = await request.patch('/api/user/profile', { headers: { cookie: header, ...foreign }, data: body })
		expect(res.status(), header).toBe(403)
	}
	// a Bearer header in any spelling is the credential, never the cookie beside it
	for (const authorization of ['Bearer\tnot-a-token', 'bearer  not-a-token', 'Bearer', 'BEARER not-a-token']) {
		const res = await request.patch('/api/user/profile', { headers: { cookie, authorization, ...foreign }, data: body })
		expect(res.status(), JSON.stringify(authorization)).toBe(401)
	}
	expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).firstName).toBe('Original')
})

test('signed-in pages are private and never stored; public pages for visitors keep their caching; pages vary on Cookie', async ({ request, makeUser }) => {
	const user = await makeUser()
	const cookie = await sessionCookieHeader(user.id)
	for (const path of ['/', '/dashboard', '/settings']) {
		const res = await request.get(path, { headers: { cookie }, maxRedirects: 0 })
		expect(res.status(), path).toBe(200)
		expect(res.headers()['cache-control'], path).toBe('private, no-store')
		expect(res.headers()['vary'], path).toMatch(/\bCookie\b/)
	}
	const anonymous = await request.get('/about', { headers: { cookie: '' } })
	expect(anonymous.status()).toBe(200)
	expect(anonymous.headers()['cache-control'] ?? '').not.toContain('no-store')
	expect(anonymous.headers()['vary']).toMatch(/\bCookie\b/)
})

test('an API client with a Bearer token is not a browser: no origin check', async ({ makeUser, apiAs }) => {
	const user = await makeUser()
	const api = await apiAs(user)
	const res = await api.patch('/api/user/profile', { headers: { origin: 'https://integration.example' }, data: { firstName: 'Api', lastName: 'Client' } })
	expect(res.status()).toBe(200)
})

test('signing in rotates the session: the token carried before sign-in stops working', async ({ request, makeUser }) => {
	const user = await makeUser()
	const before = await sessionCookieHeader(user.id)
	expect((await request.get('/api/auth/user', { headers: { cookie: before } })).status()).toBe(200)
	const login = await request.post('/api/auth/login', { headers: { cookie: before }, data: { email: user.email, password: TEST_PASSWORD } })
	expect(login.status()).toBe(200)
	const { token } = await login.json()
	expect(login.headers()['set-cookie']).toMatch(/ys_session=[^;]+;.*HttpOnly/i)
	expect(login.headers()['set-cookie']).toMatch(/SameSite=Lax/i)
	expect((await request.get('/api/auth/user', { headers: { cookie: before } })).status()).toBe(401)
	expect((await request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200)
})

test('a change of role ends the member’s sessions', async ({ makeUser, apiAs, request }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const member = await makeUser({ role: 'member', organizationId: admin.organization!.id })
	const memberCookie = await sessionCookieHeader(member.id)
	const api = await apiAs(admin)
	const same = await api.put(`/api/account/users/${member.id}`, { data: { firstName: 'Kept', lastName: member.lastName, email: member.email, role: 'member' } })
	expect(same.status()).toBe(200)
	expect((await request.get('/api/auth/user', { headers: { cookie: memberCookie } })).status()).toBe(200)
	const promoted = await api.put(`/api/account/users/${member.id}`, { data: { firstName: 'Kept', lastName: member.lastName, email: member.email, role: 'account_admin' } })
	expect(promoted.status()).toBe(200)
	expect((await request.get('/api/auth/user', { headers: { cookie: memberCookie } })).status()).toBe(401)
})

test('every sign-in path is rate limited (429 with Retry-After)', async ({ playwright, baseURL, makeUser }) => {
	test.setTimeout(120_000)
	const user = await makeUser()
	const cookie = await sessionCookieHeader(user.id)
	const paths: { path: string; data: Record<string, unknown>; headers?: Record<string, string> }[] = [
		{ path: '/api/auth/login', data: { email: 'nobody@example.com', password: 'wrong-password' } },
		{ path: '/api/auth/register', data: { email: user.email, password: 'a-long-enough-password', firstName: 'Rate', lastName: 'Limit', agreeToTerms: true } },
		{ path: '/api/auth/login/verify-2fa', data: { challengeToken: 'nope', code: '000000' } },
		{ path: '/api/auth/login/resend-2fa', data: { challengeToken: 'nope' } },
		{ path: '/api/auth/forgot-password', data: { email: 'nobody@example.com' } },
		{ path: '/api/auth/reset-password', data: { token: 'nope', password: 'a-new-long-password', confirmPassword: 'a-new-long-password' } },
		{ path: '/api/auth/resend-verification', data: { email: 'nobody@example.com' } },
		{ path: '/api/auth/accept-invitation', data: { token: 'nope', password: 'a-new-long-password' } },
		{ path: '/api/auth/change-password', data: { currentPassword: 'wrong-password', newPassword: 'a-new-long-password', confirmPassword: 'a-new-long-password' }, headers: { cookie } },
	]
	for (const { path, data, headers } of paths) {
		// a client address of its own for each path
		const ip = `172.${16 + (paths.findIndex((p) => p.path === path) % 16)}.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 250)}`
		const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ip, ...headers } })
		let limited = null
		for (let i = 0; i < 40 && !limited; i++) {
			const res = await client.post(path, { data })
			expect(res.status(), `${path} attempt ${i + 1}`).toBeLessThan(500)
			if (res.status() === 429) limited = res
		}
		expect(limited, `${path} is never limited`).not.toBeNull()
		expect(Number(limited!.headers()['retry-after'])).toBeGreaterThan(0)
		expect((await limited!.json()).error).toMatch(/Too many/)
		await client.dispose()
	}
})
