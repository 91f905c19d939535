// The settings and two-factor JSON paths over HTTP against the production build.
import sharp from 'sharp'
import { db, expect, mailsTo, test, TEST_PASSWORD } from '../support/fixtures.ts'
import { codeFromMail, smallPng, wrongCode } from '../support/two-factor.ts'

const PHOTO_HINT = 'JPG, PNG or GIF, max 5MB'

test('every settings path answers 401 JSON when signed out', async ({ request }) => {
	const calls: [string, string][] = [
		['PATCH', '/api/user/profile'],
		['POST', '/api/user/profile-photo'],
		['PATCH', '/api/user/communication-preferences'],
		['PATCH', '/api/user/preferences'],
		['POST', '/api/auth/change-password'],
		['POST', '/api/user/2fa/send-challenge'],
		['POST', '/api/user/2fa/verify-challenge'],
		['POST', '/api/user/2fa/enable'],
		['POST', '/api/user/2fa/disable'],
		['PATCH', '/api/organizations/any-id/settings'],
		['PATCH', '/api/organizations/any-id/ai-training'],
	]
	for (const [method, url] of calls) {
		const res = await request.fetch(url, { method, data: {} })
		expect(res.status(), `${method} ${url}`).toBe(401)
		expect(await res.json()).toEqual({ error: 'Authentication required' })
	}
	const wrongMethod = await request.get('/api/user/profile')
	expect(wrongMethod.status()).toBe(405)
})

test('PATCH /api/user/profile validates and saves; only photos we stored may be referenced', async ({ makeUser, apiAs }) => {
	const user = await makeUser()
	const api = await apiAs(user)
	const bad = await api.patch('/api/user/profile', { data: { firstName: ' ', lastName: '' } })
	expect(bad.status()).toBe(400)
	expect((await bad.json()).fields).toEqual({ firstName: 'First name is required', lastName: 'Last name is required' })

	const foreign = await api.patch('/api/user/profile', { data: { firstName: 'A', lastName: 'B', profileImageUrl: 'https://evil.example/x.png' } })
	expect(foreign.status()).toBe(400)
	const unknown = await api.patch('/api/user/profile', { data: { firstName: 'A', lastName: 'B', email: 'x@example.com' } })
	expect((await unknown.json()).fields).toEqual({ email: 'Unknown field' })

	const ok = await api.patch('/api/user/profile', { data: { firstName: 'Rosa', lastName: 'Green' } })
	expect(ok.status()).toBe(200)
	expect((await ok.json()).user).toMatchObject({ firstName: 'Rosa', lastName: 'Green', email: user.email })
	expect(await (await api.get('/api/auth/user')).json()).toMatchObject({ firstName: 'Rosa', lastName: 'Green' })
})

test('photo upload is checked by content: PNG stored and served, fakes 400, over 5 MB 413', async ({ makeUser, apiAs, request }) => {
	const user = await makeUser()
	const api = await apiAs(user)
	const png = await smallPng()
	// a real PNG under a misleading name is still a PNG
	const up = await api.post('/api/user/profile-photo', { multipart: { photo: { name: 'holiday.gif', mimeType: 'image/gif', buffer: png } } })
	expect(up.status()).toBe(200)
	const { profileImageUrl } = await up.json()
	expect(profileImageUrl).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}\.png$/)
	const served = await request.get(profileImageUrl)
	expect(served.status()).toBe(200)
	expect(served.headers()['content-type']).toBe('image/png')
	// re-encoded (tests/api/hostile-input.spec.ts): the same pixels, not the same bytes
	const pixels = (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer()
	expect(Buffer.compare(await pixels(await served.body()), await pixels(png))).toBe(0)
	expect((await (await api.get('/api/auth/user')).json()).profileImageUrl).toBe(profileImageUrl)
	// the stored URL can be sent back with the profile
	const patch = await api.patch('/api/user/profile', { data: { firstName: 'A', lastName: 'B', profileImageUrl } })
	expect(patch.status()).toBe(200)

	const fake = await api.post('/api/user/profile-photo', {
		multipart: { photo: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('\x89PNG\r\n\x1a\n this is not really an image') } },
	})
	expect(fake.status()).toBe(400)
	expect((await fake.json()).error).toContain(PHOTO_HINT)

	const huge = await api.post('/api/user/profile-photo', {
		multipart: { photo: { name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]) } },
	})
	expect(huge.status()).toBe(413)
	expect((await huge.json()).error).toContain(PHOTO_HINT)

	const none = await api.post('/api/user/profile-photo', { multipart: { other: 'x' } })
	expect(none.status()).toBe(400)
	expect((await request.get('/uploads/avatars/0123456789abcdef0123456789abcdef.png')).status()).toBe(404)
	expect((await request.get('/uploads/avatars/..%2f..%2fsession-secret')).status()).toBe(404)
})

test('PATCH /api/user/communication-preferences saves the toggles given', async ({ makeUser, apiAs }) => {
	const user = await makeUser()
	const api = await apiAs(user)
	const res = await api.patch('/api/user/communication-preferences', { data: { marketingEmails: false } })
	expect(res.status()).toBe(200)
	expect(await res.json()).toEqual({ message: 'Preferences Updated', marketingEmails: false, productUpdates: true, tipsTutorials: true })
	const bad = await api.patch('/api/user/communication-preferences', { data: { productUpdates: 'maybe' } })
	expect(bad.status()).toBe(400)
	expect((await api.patch('/api/user/communication-preferences', { data: {} })).status()).toBe(400)
})

test('PATCH /api/user/preferences: map type and unit, "default" clears to null', async ({ makeUser, apiAs }) => {
	const user = await makeUser()
	const api = await apiAs(user)
	const set = await api.patch('/api/user/preferences', { data: { preferredMapType: 'satellite', preferredUnit: 'acres' } })
	expect(await set.json()).toMatchObject({ preferredMapType: 'satellite', preferredUnit: 'acres' })
	const cleared = await api.patch('/api/user/preferences', { data: { preferredMapType: 'default', preferredUnit: null } })
	expect(await cleared.json()).toMatchObject({ preferredMapType: null, preferredUnit: null })
})

test('POST /api/auth/change-password: messages, wrong current 400, other sessions end', async ({ makeUser, apiAs, request }) => {
	const user = await makeUser()
	const api = await apiAs(user)
	const other = await apiAs(user)
	const empty = await api.post('/api/auth/change-password', { data: { currentPassword: '', newPassword: 'short', confirmPassword: '' } })
	expect(empty.status()).toBe(400)
	expect((await empty.json()).fields).toEqual({
		currentPassword: 'Current password is required',
		newPassword: 'Password must be at least 8 characters',
		confirmPassword: 'Confirm password is required',
	})
	const mismatch = await api.post('/api/auth/change-password', { data: { currentPassword: TEST_PASSWORD, newPassword: 'new-password-1', confirmPassword: 'new-password-2' } })
	expect((await mismatch.json()).fields).toEqual({ confirmPassword: "Passwords don't match" })
	const wrong = await api.post('/api/auth/change-password', { data: { currentPassword: 'not-my-password', newPassword: 'new-password-1', confirmPassword: 'new-password-1' } })
	expect(wrong.status()).toBe(400)
	expect(await wrong.json()).toEqual({ error: 'Current password is incorrect', fields: { currentPassword: 'Current password is incorrect' } })

	const ok = await api.post('/api/auth/change-password', { data: { currentPassword: TEST_PASSWORD, newPassword: 'new-password-1', confirmPassword: 'new-password-1' } })
	expect(ok.status()).toBe(200)
	expect(await ok.json()).toEqual({ message: 'Password changed successfully', description: 'You can now use your new password to log in.' })
	expect((await api.get('/api/auth/user')).status()).toBe(200)
	expect((await other.get('/api/auth/user')).status()).toBe(401)
	expect((await request.post('/api/auth/login', { data: { email: user.email, password: TEST_PASSWORD } })).status()).toBe(401)
	expect((await request.post('/api/auth/login', { data: { email: user.email, password: 'new-password-1' } })).status()).toBe(200)
})

test('2FA: enable needs a verified e-mailed code; only a hash is stored; disable', async ({ makeUser, apiAs }) => {
	const user = await makeUser()
	const api = await apiAs(user)
	const early = await api.post('/api/user/2fa/enable')
	expect(early.status()).toBe(400)

	const sent = await api.post('/api/user/2fa/send-challenge')
	expect(sent.status()).toBe(200)
	expect(await sent.json()).toEqual({ message: 'Check your email for a 6-digit verification code.' })
	const code = await codeFromMail(user.email)
	const row = await db().user.findUniqueOrThrow({ where: { id: user.id } })
	expect(row.twoFactorChallengeCode).not.toContain(code)
	expect(row.twoFactorChallengeExpiresAt!.getTime() - Date.now()).toBeGreaterThan(9 * 60 * 1000)
	expect(row.twoFactorChallengeExpiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000)

	for (const bad of ['12345', '1234567', 'abcdef', '12 456']) {
		const res = await api.post('/api/user/2fa/verify-challenge', { data: { code: bad } })
		expect(res.status(), bad).toBe(400)
		expect((await res.json()).fields).toEqual({ code: 'Enter the 6-digit code' })
	}
	const wrong = await api.post('/api/user/2fa/verify-challenge', { data: { code: wrongCode(code) } })
	expect(wrong.status()).toBe(400)
	expect((await wrong.json()).error).toBe('Invalid code. Please check your code and try again.')

	const verified = await api.post('/api/user/2fa/verify-challenge', { data: { code } })
	expect(verified.status()).toBe(200)
	expect((await verified.json()).verified).toBe(true)
	// another session of the same user cannot use this verification
	const other = await apiAs(user)
	expect((await other.post('/api/user/2fa/enable')).status()).toBe(400)
	const enabled = await api.post('/api/user/2fa/enable')
	expect(enabled.status()).toBe(200)
	expect((await enabled.json()).twoFactorEnabled).toBe(true)
	expect((await (await api.get('/api/auth/user')).json()).twoFactorEnabled).toBe(true)

	const disabled = await api.post('/api/user/2fa/disable')
	expect(await disabled.json()).toMatchObject({ twoFactorEnabled: false })
	expect((await (await api.get('/api/auth/user')).json()).twoFactorEnabled).toBe(false)
})

test('2FA codes allow 5 attempts, expire after 10 minutes, and sends are rate limited', async ({ makeUser, apiAs }) => {
	const user = await makeUser()
	const api = await apiAs(user)
	await api.post('/api/user/2fa/send-challenge')
	const code = await codeFromMail(user.email)
	for (let i = 0; i < 5; i++) {
		const res = await api.post('/api/user/2fa/verify-challenge', { data: { code: wrongCode(code) } })
		expect((await res.json()).error).toBe('Invalid code. Please check your code and try again.')
	}
	const sixth = await api.post('/api/user/2fa/verify-challenge', { data: { code } })
	expect(sixth.status()).toBe(400)
	expect((await sixth.json()).error).toBe('Too many incorrect codes. Please request a new code.')

	await api.post('/api/user/2fa/send-challenge')
	const second = await codeFromMail(user.email, 2)
	await db().user.update({ where: { id: user.id }, data: { twoFactorChallengeExpiresAt: new Date(Date.now() - 1000) } })
	const expired = await api.post('/api/user/2fa/verify-challenge', { data: { code: second } })
	expect(expired.status()).toBe(400)
	expect((await expired.json()).error).toBe('This code has expired. Please request a new code.')

	const statuses: number[] = []
	for (let i = 0; i < 4; i++) statuses.push((await api.post('/api/user/2fa/send-challenge')).status())
	expect(statuses.slice(0, 3)).toEqual([200, 200, 200])
	expect(statuses[3]).toBe(429)
})

test('sign-in with 2FA: no session until the e-mailed code; wrong, reused and forged tokens fail', async ({ makeUser, request }) => {
	const user = await makeUser()
	await db().user.update({ where: { id: user.id }, data: { twoFactorEnabled: true } })
	const first = await request.post('/api/auth/login', { data: { email: user.email, password: TEST_PASSWORD } })
	expect(first.status()).toBe(200)
	expect(first.headers()['set-cookie']).toBeUndefined()
	const body = await first.json()
	expect(body).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String), message: 'Check your email for a 6-digit verification code.' })
	expect(await db().session.count({ where: { userId: user.id } })).toBe(0)
	const code = await codeFromMail(user.email)

	const wrong = await request.post('/api/auth/login/verify-2fa', { data: { challengeToken: body.challengeToken, code: wrongCode(code) } })
	expect(wrong.status()).toBe(400)
	// a changed MAC, and the same MAC spelled with the last character's unused bits set
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
	const token: string = body.challengeToken
	const changed = token.slice(0, -5) + (token.at(-5) === 'A' ? 'B' : 'A') + token.slice(-4)
	const respelled = token.slice(0, -1) + alphabet[alphabet.indexOf(token.at(-1)!) ^ 1]
	for (const challengeToken of [changed, respelled]) {
		const forged = await request.post('/api/auth/login/verify-2fa', { data: { challengeToken, code } })
		expect(forged.status()).toBe(400)
		expect((await forged.json()).error).toBe('Your sign-in has expired. Please sign in again.')
	}

	const ok = await request.post('/api/auth/login/verify-2fa', { data: { challengeToken: body.challengeToken, code } })
	expect(ok.status()).toBe(200)
	const signedIn = await ok.json()
	expect(signedIn.user).toMatchObject({ email: user.email, twoFactorEnabled: true })
	const me = await request.get('/api/auth/user', { headers: { Authorization: `Bearer ${signedIn.token}` } })
	expect(me.status()).toBe(200)

	const reused = await request.post('/api/auth/login/verify-2fa', { data: { challengeToken: body.challengeToken, code } })
	expect(reused.status()).toBe(400)

	// a wrong password never sends a code
	const badPassword = await request.post('/api/auth/login', { data: { email: user.email, password: 'wrong-password' } })
	expect(badPassword.status()).toBe(401)
	expect((await mailsTo(user.email)).length).toBe(1)
})

test('sign-in 2FA code: 5 attempts, 10-minute expiry, a new code replaces the old one', async ({ makeUser, request }) => {
	const user = await makeUser()
	await db().user.update({ where: { id: user.id }, data: { twoFactorEnabled: true } })
	const { challengeToken } = await (await request.post('/api/auth/login', { data: { email: user.email, password: TEST_PASSWORD } })).json()
	const code = await codeFromMail(user.email)
	for (let i = 0; i < 5; i++) await request.post('/api/auth/login/verify-2fa', { data: { challengeToken, code: wrongCode(code) } })
	const locked = await request.post('/api/auth/login/verify-2fa', { data: { challengeToken, code } })
	expect((await locked.json()).error).toBe('Too many incorrect codes. Please request a new code.')

	const resent = await request.post('/api/auth/login/resend-2fa', { data: { challengeToken } })
	expect(resent.status()).toBe(200)
	const next = (await resent.json()).challengeToken
	const second = await codeFromMail(user.email, 2)
	// the old token no longer matches the new code
	expect((await request.post('/api/auth/login/verify-2fa', { data: { challengeToken, code: second } })).status()).toBe(400)
	await db().user.update({ where: { id: user.id }, data: { twoFactorChallengeExpiresAt: new Date(Date.now() - 1000) } })
	const expired = await request.post('/api/auth/login/verify-2fa', { data: { challengeToken: next, code: second } })
	expect((await expired.json()).error).toBe('This code has expired. Please request a new code.')
})

test('organization settings and AI training: members 403, other organizations 404, admins save', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const member = await makeUser({ organizationId: admin.organization!.id })
	const stranger = await makeUser({ role: 'account_admin' })
	const siteAdmin = await makeUser({ role: 'site_admin' })
	const orgId = admin.organization!.id
	const asAdmin = await apiAs(admin)

	const asMember = await apiAs(member)
	expect((await asMember.patch(`/api/organizations/${orgId}/settings`, { data: { defaultUnit: 'acres' } })).status()).toBe(403)
	expect((await asMember.patch(`/api/organizations/${orgId}/ai-training`, { data: { allowAiTraining: true } })).status()).toBe(403)
	const asStranger = await apiAs(stranger)
	const hidden = await asStranger.patch(`/api/organizations/${orgId}/settings`, { data: { defaultUnit: 'acres' } })
	expect(hidden.status()).toBe(404)
	expect((await asStranger.patch(`/api/organizations/${orgId}/ai-training`, { data: { allowAiTraining: true } })).status()).toBe(404)

	const bad = await asAdmin.patch(`/api/organizations/${orgId}/settings`, { data: { defaultMapType: 'globe', defaultUnit: 'miles' } })
	expect(bad.status()).toBe(400)
	expect(Object.keys((await bad.json()).fields).sort()).toEqual(['defaultMapType', 'defaultUnit'])
	const ok = await asAdmin.patch(`/api/organizations/${orgId}/settings`, { data: { defaultMapType: 'terrain', defaultUnit: 'sqm' } })
	expect(await ok.json()).toMatchObject({ id: orgId, defaultMapType: 'terrain', defaultUnit: 'sqm' })

	const on = await asAdmin.patch(`/api/organizations/${orgId}/ai-training`, { data: { allowAiTraining: true } })
	expect(on.status()).toBe(200)
	const onBody = await on.json()
	expect(onBody).toMatchObject({ allowAiTraining: true, message: expect.any(String) })
	const org = await db().organization.findUniqueOrThrow({ where: { id: orgId } })
	expect(org.allowAiTraining).toBe(true)
	expect(Date.now() - org.aiTrainingConsentDate!.getTime()).toBeLessThan(60_000)
	expect((await asAdmin.patch(`/api/organizations/${orgId}/ai-training`, { data: { allowAiTraining: 'yes' } })).status()).toBe(400)

	// staff change other organizations only through the admin panel's paths
	const asSiteAdmin = await apiAs(siteAdmin)
	expect((await asSiteAdmin.patch(`/api/organizations/${orgId}/ai-training`, { data: { allowAiTraining: false } })).status()).toBe(404)
	expect((await db().organization.findUniqueOrThrow({ where: { id: orgId } })).allowAiTraining).toBe(true)
	expect((await asSiteAdmin.patch('/api/organizations/no-such-org/settings', { data: { defaultUnit: 'sqft' } })).status()).toBe(404)
})
