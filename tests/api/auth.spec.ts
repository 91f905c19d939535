// The /api/auth/* paths over HTTP against the production build.
import { expect, linkFromMail, sessionCookieHeader, test, TEST_PASSWORD, uniqueEmail } from '../support/fixtures.ts'

const registration = (email: string) => ({
	email,
	password: 'a-long-enough-password',
	firstName: 'Api',
	lastName: 'Tester',
	companyName: 'Api Lawns',
	agreeToTerms: true,
})

test('register → 201 with the message; the account must verify before login', async ({ request }) => {
	const email = uniqueEmail('api')
	const res = await request.post('/api/auth/register', { data: registration(email) })
	expect(res.status()).toBe(201)
	expect(await res.json()).toEqual({ message: 'Please check your email to verify your account.' })

	const login = await request.post('/api/auth/login', { data: { email, password: 'a-long-enough-password' } })
	expect(login.status()).toBe(403)
	expect(await login.json()).toEqual({ error: 'Please verify your email before signing in.' })

	const link = await linkFromMail(email, /http:\/\/\S+\/auth\/verify-email\?token=[\w-]+/)
	const verify = await request.get(link, { maxRedirects: 0 })
	expect(verify.status()).toBe(302)
	expect(verify.headers().location).toBe(`/auth?email=${encodeURIComponent(email)}`)

	const ok = await request.post('/api/auth/login', { data: { email, password: 'a-long-enough-password' } })
	expect(ok.status()).toBe(200)
	const body = await ok.json()
	expect(body.token).toMatch(/^[\w-]{40,}$/)
	expect(body.user).toMatchObject({ email, firstName: 'Api', role: 'account_admin', organization: { name: 'Api Lawns', subscriptionTierId: 'free' } })
	expect(body.user.password).toBeUndefined()
})

test('register: duplicate e-mail 409, bad fields 400 with fields, unknown field 400', async ({ request, makeUser }) => {
	const user = await makeUser()
	const dup = await request.post('/api/auth/register', { data: registration(user.email) })
	expect(dup.status()).toBe(409)
	expect((await dup.json()).error).toBe('An account with this email already exists.')

	const bad = await request.post('/api/auth/register', {
		data: { email: 'nope', password: 'short', firstName: '', lastName: '', agreeToTerms: false },
	})
	expect(bad.status()).toBe(400)
	const body = await bad.json()
	expect(body.error).toBe('Invalid input')
	expect(body.fields).toMatchObject({
		email: 'Please enter a valid email address',
		password: 'Password must be at least 8 characters',
		firstName: 'First name is required',
		lastName: 'Last name is required',
		agreeToTerms: 'You must agree to the Terms of Service to create an account',
	})

	const unknown = await request.post('/api/auth/register', { data: { ...registration(uniqueEmail()), isAdmin: true } })
	expect(unknown.status()).toBe(400)
	expect((await unknown.json()).fields).toEqual({ isAdmin: 'Unknown field' })

	const wrongType = await request.post('/api/auth/register', { data: { ...registration(uniqueEmail()), firstName: 42 } })
	expect(wrongType.status()).toBe(400)
})

test('malformed, non-object and oversized bodies are refused with JSON errors', async ({ request }) => {
	const malformed = await request.post('/api/auth/login', { headers: { 'content-type': 'application/json' }, data: Buffer.from('{"email":') })
	expect(malformed.status()).toBe(400)
	expect(await malformed.json()).toEqual({ error: 'Malformed JSON body' })

	const array = await request.post('/api/auth/login', { headers: { 'content-type': 'application/json' }, data: Buffer.from('[1,2]') })
	expect(array.status()).toBe(400)
	expect(await array.json()).toEqual({ error: 'Request body must be a JSON object' })

	const big = await request.post('/api/auth/register', {
		headers: { 'content-type': 'application/json' },
		data: JSON.stringify({ ...registration(uniqueEmail()), companyName: 'x'.repeat(200_000) }),
	})
	// refused by the front door before the route reads it (issue 33 §1), with the limit named
	expect(big.status()).toBe(413)
	expect(await big.json()).toEqual({ error: 'That request is too large. The limit is 100 kB.' })

	const badUtf8 = await request.post('/api/auth/login', {
		headers: { 'content-type': 'application/json' },
		data: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
	})
	expect(badUtf8.status()).toBe(400)
})

test('login: wrong password and unknown e-mail give the same 401 message', async ({ request, makeUser }) => {
	const user = await makeUser()
	const wrong = await request.post('/api/auth/login', { data: { email: user.email, password: 'wrong-password' } })
	const unknown = await request.post('/api/auth/login', { data: { email: uniqueEmail('ghost'), password: 'wrong-password' } })
	expect(wrong.status()).toBe(401)
	expect(unknown.status()).toBe(401)
	expect(await wrong.json()).toEqual({ error: 'Invalid email or password' })
	expect(await unknown.json()).toEqual({ error: 'Invalid email or password' })
	const missing = await request.post('/api/auth/login', { data: { email: user.email } })
	expect(missing.status()).toBe(400)
	expect((await missing.json()).fields).toEqual({ password: 'Password is required' })
})

test('the Bearer token and the cookie are one session; logout ends both', async ({ playwright, baseURL, makeUser }) => {
	const user = await makeUser({ firstName: 'Bea' })
	const api = await playwright.request.newContext({ baseURL })
	const login = await api.post('/api/auth/login', { data: { email: user.email, password: TEST_PASSWORD } })
	const { token } = await login.json()

	const bare = await playwright.request.newContext({ baseURL })
	const viaBearer = await bare.get('/api/auth/user', { headers: { Authorization: `Bearer ${token}` } })
	expect(viaBearer.status()).toBe(200)
	const me = await viaBearer.json()
	expect(me).toMatchObject({ email: user.email, firstName: 'Bea', role: 'member', isMasquerading: false })
	expect(me.usageStats).toEqual({
		searches: 0,
		searchLimit: 50,
		reports: 0,
		reportLimit: 250,
		organizationUsage: { searches: 0, searchLimit: 250, reports: 0, reportLimit: 250 },
	})
	const viaCookie = await api.get('/api/auth/user')
	expect(viaCookie.status()).toBe(200)

	const logout = await api.post('/api/auth/logout')
	expect(logout.status()).toBe(200)
	expect((await api.get('/api/auth/user')).status()).toBe(401)
	expect((await bare.get('/api/auth/user', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401)
	expect((await bare.get('/api/auth/user', { headers: { Authorization: 'Bearer not-a-real-token' } })).status()).toBe(401)
	await api.dispose()
	await bare.dispose()
})

test('forgot-password answers the same for unknown e-mails; reset works once and ends sessions', async ({ request, playwright, baseURL, makeUser }) => {
	const user = await makeUser()
	const known = await request.post('/api/auth/forgot-password', { data: { email: user.email } })
	const unknown = await request.post('/api/auth/forgot-password', { data: { email: uniqueEmail('ghost') } })
	expect(known.status()).toBe(200)
	expect(await known.json()).toEqual(await unknown.json())

	const session = await playwright.request.newContext({ baseURL })
	await session.post('/api/auth/login', { data: { email: user.email, password: TEST_PASSWORD } })
	expect((await session.get('/api/auth/user')).status()).toBe(200)

	const link = await linkFromMail(user.email, /http:\/\/\S+\/auth\?token=[\w-]+/)
	const token = new URL(link).searchParams.get('token')!
	const mismatch = await request.post('/api/auth/reset-password', { data: { token, password: 'new-password-1', confirmPassword: 'other-password' } })
	expect(mismatch.status()).toBe(400)
	expect((await mismatch.json()).fields).toEqual({ confirmPassword: "Passwords don't match" })
	const reset = await request.post('/api/auth/reset-password', { data: { token, password: 'new-password-1', confirmPassword: 'new-password-1' } })
	expect(reset.status()).toBe(200)
	const again = await request.post('/api/auth/reset-password', { data: { token, password: 'new-password-2', confirmPassword: 'new-password-2' } })
	expect(again.status()).toBe(400)
	// the old session ended with the reset
	expect((await session.get('/api/auth/user')).status()).toBe(401)
	const login = await request.post('/api/auth/login', { data: { email: user.email, password: 'new-password-1' } })
	expect(login.status()).toBe(200)
	await session.dispose()
})

test('login is rate limited per e-mail with a 429 and a clear message', async ({ request, makeUser }) => {
	const user = await makeUser()
	const statuses: number[] = []
	for (let i = 0; i < 11; i++) {
		const res = await request.post('/api/auth/login', { data: { email: user.email, password: `wrong-${i}` } })
		statuses.push(res.status())
		if (res.status() === 429) {
			expect((await res.json()).error).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
			expect(Number(res.headers()['retry-after'])).toBeGreaterThan(0)
		}
	}
	expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
	expect(statuses[10]).toBe(429)
	// even the right password waits out the window
	const right = await request.post('/api/auth/login', { data: { email: user.email, password: TEST_PASSWORD } })
	expect(right.status()).toBe(429)
})

test('unknown /api paths answer 404 JSON; wrong methods 405 JSON', async ({ request }) => {
	const missing = await request.get('/api/does-not-exist')
	expect(missing.status()).toBe(404)
	expect(missing.headers()['content-type']).toContain('application/json')
	expect(await missing.json()).toEqual({ error: 'Not found' })
	const post = await request.post('/api/also/missing', { data: {} })
	expect(post.status()).toBe(404)
	const wrongMethod = await request.get('/api/auth/login')
	expect(wrongMethod.status()).toBe(405)
	expect(await wrongMethod.json()).toEqual({ error: 'Method not allowed' })
})

test('PATCH /api/user/preferences: 401 signed out, 400 bad values, saves good ones', async ({ playwright, baseURL, makeUser }) => {
	const anon = await playwright.request.newContext({ baseURL })
	expect((await anon.patch('/api/user/preferences', { data: { themePreference: 'dark' } })).status()).toBe(401)
	const user = await makeUser()
	const api = await playwright.request.newContext({ baseURL })
	await api.post('/api/auth/login', { data: { email: user.email, password: TEST_PASSWORD } })
	const bad = await api.patch('/api/user/preferences', { data: { themePreference: 'purple' } })
	expect(bad.status()).toBe(400)
	expect(Object.keys((await bad.json()).fields)).toEqual(['themePreference'])
	const ok = await api.patch('/api/user/preferences', { data: { themePreference: 'dark', preferredMapType: 'satellite', preferredUnit: 'default' } })
	expect(ok.status()).toBe(200)
	expect(await ok.json()).toMatchObject({ themePreference: 'dark', preferredMapType: 'satellite', preferredUnit: null })
	expect((await (await api.get('/api/auth/user')).json()).themePreference).toBe('dark')
	await anon.dispose()
	await api.dispose()
})

test('GET /api/login and /api/logout are browser routes', async ({ request }) => {
	const login = await request.get('/api/login', { maxRedirects: 0 })
	expect(login.status()).toBe(302)
	expect(login.headers().location).toBe('/auth')
	const logout = await request.get('/api/logout', { maxRedirects: 0 })
	expect(logout.status()).toBe(302)
	expect(logout.headers().location).toBe('/')
})

test('GET /api/logout changes nothing: signed in it shows the Log Out button, only a POST ends the session', async ({ request, makeUser, baseURL }) => {
	const user = await makeUser()
	const cookie = await sessionCookieHeader(user.id)
	const page = await request.get('/api/logout', { headers: { cookie }, maxRedirects: 0 })
	expect(page.status()).toBe(200)
	const html = await page.text()
	expect(html).toContain('<h1')
	expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/api\/logout"|<form[^>]*action="\/api\/logout"[^>]*method="post"/)
	// still signed in
	expect((await request.get('/api/auth/user', { headers: { cookie } })).status()).toBe(200)
	// other methods are not a way out either
	expect((await request.delete('/api/logout', { headers: { cookie, origin: new URL(baseURL!).origin }, maxRedirects: 0 })).status()).toBe(405)
	expect((await request.get('/api/auth/user', { headers: { cookie } })).status()).toBe(200)
	// the button's POST signs out
	const out = await request.post('/api/logout', { headers: { cookie, origin: new URL(baseURL!).origin }, maxRedirects: 0 })
	expect(out.status()).toBe(302)
	expect(out.headers().location).toBe('/')
	expect((await request.get('/api/auth/user', { headers: { cookie } })).status()).toBe(401)
})

test('bot check: a challenge to solve; a forged token is a 400 on captchaToken', async ({ request }) => {
	const challenge = await request.get('/api/captcha/challenge')
	expect(challenge.status()).toBe(200)
	expect(challenge.headers()['cache-control']).toBe('no-store')
	const body = await challenge.json()
	expect(body.parameters).toMatchObject({ algorithm: 'SHA-256' })
	expect(typeof body.signature).toBe('string')

	const forged = await request.post('/api/auth/register', { data: { ...registration(uniqueEmail()), captchaToken: 'Zm9yZ2Vk' } })
	expect(forged.status()).toBe(400)
	expect(await forged.json()).toEqual({ error: 'CAPTCHA verification is required', fields: { captchaToken: 'CAPTCHA verification is required' } })
})
