// /api/account/* and /api/auth/{change-password,accept-invitation} over HTTP
// against the production build: roles, organization scoping (404), validation,
// the tier's maxUsers and one-time invitation tokens.
import { createHash } from 'node:crypto'
import { db, expect, linkFromMail, test, TEST_PASSWORD, uniqueEmail } from '../support/fixtures.ts'

const INVITE_LINK = /http:\/\/\S+\/accept-invite\?token=[\w-]+/
const invite = (email: string, role = 'member') => ({ email, firstName: 'Ivy', lastName: 'Invitee', role })
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!

/** Invited users join an organization the fixture deletes; remove them too. */
async function cleanupUsers(...emails: string[]) {
	await db().user.deleteMany({ where: { email: { in: emails } } })
}

test('members get 403 on every team path; anonymous 401', async ({ makeUser, apiAs, request }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const member = await makeUser({ organizationId: admin.organizationId! })
	const api = await apiAs(member)
	for (const res of [
		await api.get('/api/account/users'),
		await api.get('/api/account/invitations'),
		await api.post('/api/account/invite', { data: invite(uniqueEmail()) }),
		await api.patch(`/api/account/users/${admin.id}`, { data: { firstName: 'A', lastName: 'B', email: admin.email, role: 'member', maxSearchesPerMonth: 5 } }),
		await api.delete(`/api/account/users/${admin.id}`),
		await api.post(`/api/account/users/${admin.id}/reset-password`),
	]) {
		expect(res.status()).toBe(403)
		expect(await res.json()).toEqual({ error: 'Only account admins can manage the team.' })
	}
	const anonymous = await request.get('/api/account/users')
	expect(anonymous.status()).toBe(401)
})

test('account admin lists, edits, resets and removes members of their organization', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'growth' })
	const member = await makeUser({ organizationId: admin.organizationId!, firstName: 'Milo' })
	const api = await apiAs(admin)

	const list = await api.get('/api/account/users')
	expect(list.status()).toBe(200)
	const users = await list.json()
	expect(users.map((u: { email: string }) => u.email).sort()).toEqual([admin.email, member.email].sort())
	expect(users[0]).toEqual({
		id: admin.id,
		firstName: 'Test',
		lastName: 'User',
		email: admin.email,
		profileImageUrl: null,
		role: 'account_admin',
		searchesUsedThisMonth: 0,
		maxSearchesPerMonth: 50,
	})

	const newEmail = uniqueEmail('edited')
	const edit = await api.patch(`/api/account/users/${member.id}`, {
		data: { firstName: 'Mila', lastName: 'Moss', email: newEmail, role: 'account_admin', maxSearchesPerMonth: 120 },
	})
	expect(edit.status()).toBe(200)
	expect(await edit.json()).toMatchObject({ id: member.id, firstName: 'Mila', email: newEmail, role: 'account_admin', maxSearchesPerMonth: 120 })

	const bad = await api.patch(`/api/account/users/${member.id}`, {
		data: { firstName: '', lastName: '', email: 'nope', role: 'site_admin', maxSearchesPerMonth: 10_001 },
	})
	expect(bad.status()).toBe(400)
	expect((await bad.json()).fields).toEqual({
		firstName: 'First name is required',
		lastName: 'Last name is required',
		email: 'Invalid email address',
		role: 'Role is required',
		maxSearchesPerMonth: 'Cannot exceed 10,000',
	})
	const negative = await api.patch(`/api/account/users/${member.id}`, {
		data: { firstName: 'A', lastName: 'B', email: newEmail, role: 'member', maxSearchesPerMonth: -1 },
	})
	expect((await negative.json()).fields).toEqual({ maxSearchesPerMonth: 'Must be 0 or more' })

	const dupe = await api.patch(`/api/account/users/${member.id}`, {
		data: { firstName: 'A', lastName: 'B', email: admin.email, role: 'member', maxSearchesPerMonth: 1 },
	})
	expect(dupe.status()).toBe(409)

	const reset = await api.post(`/api/account/users/${member.id}/reset-password`)
	expect(reset.status()).toBe(200)
	expect(await reset.json()).toEqual({ message: 'Password reset sent' })
	await linkFromMail(newEmail, /http:\/\/\S+\/auth\?token=[\w-]+/)

	const self = await api.delete(`/api/account/users/${admin.id}`)
	expect(self.status()).toBe(400)
	expect(await self.json()).toEqual({ error: 'You cannot remove yourself from the organization.' })

	const removed = await api.delete(`/api/account/users/${member.id}`)
	expect(removed.status()).toBe(200)
	expect(await removed.json()).toEqual({ message: 'User removed from organization' })
	const after = await (await api.get('/api/account/users')).json()
	expect(after.map((u: { id: string }) => u.id)).toEqual([admin.id])
})

test("another organization's users and invitations answer 404", async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'growth' })
	const other = await makeUser({ role: 'account_admin', tierId: 'growth' })
	const otherApi = await apiAs(other)
	const sent = await otherApi.post('/api/account/invite', { data: invite(uniqueEmail('theirs')) })
	expect(sent.status()).toBe(201)
	const { invitation } = await sent.json()

	const api = await apiAs(admin)
	const edit = await api.patch(`/api/account/users/${other.id}`, {
		data: { firstName: 'X', lastName: 'Y', email: uniqueEmail(), role: 'member', maxSearchesPerMonth: 1 },
	})
	expect(edit.status()).toBe(404)
	expect(await edit.json()).toEqual({ error: 'User not found' })
	expect((await api.delete(`/api/account/users/${other.id}`)).status()).toBe(404)
	expect((await api.post(`/api/account/users/${other.id}/reset-password`)).status()).toBe(404)
	const cancel = await api.delete(`/api/account/invitations/${invitation.id}`)
	expect(cancel.status()).toBe(404)
	expect(await cancel.json()).toEqual({ error: 'Invitation not found' })
	expect(await (await api.get('/api/account/invitations')).json()).toEqual([])
})

test('invite: validation, duplicate user 409, e-mailed token stored hashed, cancel', async ({ makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'growth' })
	const api = await apiAs(admin)

	const bad = await api.post('/api/account/invite', { data: { email: 'nope', firstName: ' ', lastName: '', role: 'site_admin' } })
	expect(bad.status()).toBe(400)
	expect((await bad.json()).fields).toEqual({
		email: 'Please enter a valid email address',
		firstName: 'First name is required',
		lastName: 'Last name is required',
		role: 'Role is required',
	})

	const existing = await api.post('/api/account/invite', { data: invite(admin.email) })
	expect(existing.status()).toBe(409)
	expect(await existing.json()).toMatchObject({ error: 'A user with this email already exists.' })

	const email = uniqueEmail('invitee')
	const sent = await api.post('/api/account/invite', { data: invite(email, 'account_admin') })
	expect(sent.status()).toBe(201)
	const body = await sent.json()
	expect(body).toMatchObject({ message: 'Invitation sent successfully', invitation: { email, role: 'account_admin', status: 'pending' } })
	const expires = new Date(body.invitation.expiresAt).getTime()
	expect(Math.abs(expires - (Date.now() + 7 * 24 * 3600_000))).toBeLessThan(60_000)

	const link = await linkFromMail(email, INVITE_LINK)
	const stored = await db().userInvitation.findUniqueOrThrow({ where: { id: body.invitation.id } })
	expect(stored.inviteToken).toBe(createHash('sha256').update(tokenOf(link)).digest('hex'))

	const again = await api.post('/api/account/invite', { data: invite(email) })
	expect(again.status()).toBe(409)

	const pending = await (await api.get('/api/account/invitations')).json()
	expect(pending.map((i: { email: string }) => i.email)).toEqual([email])
	const cancel = await api.delete(`/api/account/invitations/${body.invitation.id}`)
	expect(cancel.status()).toBe(200)
	expect(await cancel.json()).toEqual({ message: 'Invitation cancelled' })
	expect(await (await api.get('/api/account/invitations')).json()).toEqual([])
	// a cancelled invitation's link no longer works
	const accept = await api.post('/api/auth/accept-invitation', { data: { token: tokenOf(link), password: 'a-long-password' } })
	expect(accept.status()).toBe(400)
})

test("maxUsers: the pro tier's 2 seats count users and pending invitations", async ({ makeUser, apiAs, request }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'pro' })
	const api = await apiAs(admin)
	const first = uniqueEmail('seat')
	expect((await api.post('/api/account/invite', { data: invite(first) })).status()).toBe(201)
	const full = await api.post('/api/account/invite', { data: invite(uniqueEmail('seat')) })
	expect(full.status()).toBe(403)
	expect(await full.json()).toEqual({
		error: 'Your plan allows 2 users including pending invitations. Upgrade your plan to add more.',
	})

	// enforced again at acceptance: a member added meanwhile takes the last seat
	const link = await linkFromMail(first, INVITE_LINK)
	const extra = await makeUser({ organizationId: admin.organizationId! })
	const refused = await request.post('/api/auth/accept-invitation', { data: { token: tokenOf(link), password: 'a-long-password' } })
	expect(refused.status()).toBe(403)
	expect((await refused.json()).error).toMatch(/Your plan allows 2 users/)
	expect(await db().user.count({ where: { email: first } })).toBe(0)
	// the refused acceptance rolled back: the invitation is still pending
	expect(await db().userInvitation.count({ where: { email: first, status: 'pending' } })).toBe(1)
	await db().user.delete({ where: { id: extra.id } })
})

test('accept-invitation creates a verified user with the invited role once; the token is then used', async ({ makeUser, apiAs, request }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'growth' })
	const email = uniqueEmail('joiner')
	try {
		const api = await apiAs(admin)
		expect((await api.post('/api/account/invite', { data: invite(email, 'account_admin') })).status()).toBe(201)
		const token = tokenOf(await linkFromMail(email, INVITE_LINK))

		const short = await request.post('/api/auth/accept-invitation', { data: { token, password: 'short' } })
		expect(short.status()).toBe(400)
		expect((await short.json()).fields).toEqual({ password: 'Password must be at least 8 characters' })
		const wrong = await request.post('/api/auth/accept-invitation', { data: { token: 'not-a-token', password: 'a-long-password' } })
		expect(wrong.status()).toBe(400)
		expect((await wrong.json()).error).toBe('This invitation link is invalid or has expired.')

		const ok = await request.post('/api/auth/accept-invitation', { data: { token, password: 'a-long-password' } })
		expect(ok.status()).toBe(201)
		expect(await ok.json()).toMatchObject({ message: 'Welcome', user: { email, role: 'account_admin', organizationId: admin.organizationId } })
		const created = await db().user.findUniqueOrThrow({ where: { email } })
		expect(created.emailVerified).toBe(true)
		expect(await db().userInvitation.findFirstOrThrow({ where: { email } })).toMatchObject({ status: 'accepted' })

		const reused = await request.post('/api/auth/accept-invitation', { data: { token, password: 'another-password' } })
		expect(reused.status()).toBe(400)
		expect((await reused.json()).error).toBe('This invitation link is invalid or has expired.')

		const login = await request.post('/api/auth/login', { data: { email, password: 'a-long-password' } })
		expect(login.status()).toBe(200)
	} finally {
		await cleanupUsers(email)
	}
})

test('an expired invitation cannot be accepted', async ({ makeUser, apiAs, request }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'growth' })
	const email = uniqueEmail('late')
	const api = await apiAs(admin)
	await api.post('/api/account/invite', { data: invite(email) })
	const token = tokenOf(await linkFromMail(email, INVITE_LINK))
	await db().userInvitation.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } })
	const res = await request.post('/api/auth/accept-invitation', { data: { token, password: 'a-long-password' } })
	expect(res.status()).toBe(400)
	expect(await db().user.count({ where: { email } })).toBe(0)
})

test('change-password: messages, wrong current password 400, other sessions end', async ({ makeUser, apiAs }) => {
	const user = await makeUser()
	const api = await apiAs(user)
	const other = await apiAs(user)

	const invalid = await api.post('/api/auth/change-password', { data: { currentPassword: '', newPassword: 'short', confirmPassword: '' } })
	expect(invalid.status()).toBe(400)
	expect((await invalid.json()).fields).toEqual({
		currentPassword: 'Current password is required',
		newPassword: 'Password must be at least 8 characters',
		confirmPassword: 'Confirm password is required',
	})
	const mismatch = await api.post('/api/auth/change-password', {
		data: { currentPassword: TEST_PASSWORD, newPassword: 'new-long-password', confirmPassword: 'different-password' },
	})
	expect((await mismatch.json()).fields).toEqual({ confirmPassword: "Passwords don't match" })

	const wrong = await api.post('/api/auth/change-password', {
		data: { currentPassword: 'not-my-password', newPassword: 'new-long-password', confirmPassword: 'new-long-password' },
	})
	expect(wrong.status()).toBe(400)
	expect(await wrong.json()).toEqual({ error: 'Current password is incorrect', fields: { currentPassword: 'Current password is incorrect' } })

	const ok = await api.post('/api/auth/change-password', {
		data: { currentPassword: TEST_PASSWORD, newPassword: 'new-long-password', confirmPassword: 'new-long-password' },
	})
	expect(ok.status()).toBe(200)
	expect(await ok.json()).toEqual({ message: 'Password changed successfully', description: 'You can now use your new password to log in.' })
	expect((await api.get('/api/auth/user')).status()).toBe(200)
	expect((await other.get('/api/auth/user')).status()).toBe(401)
})
