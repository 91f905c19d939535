import { expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import { HttpError } from '~/utils/http.server.ts'
import { PASSWORD, formRequest, makeOrganization, makeUser } from '../../tests/integration/factories.ts'
import {
	DEACTIVATED_ORGANIZATION,
	INVALID_LOGIN,
	UNVERIFIED_LOGIN,
	assertSameOrganization,
	getActor,
	login,
	requireActor,
	requireAdmin,
} from './auth.server.ts'
import { createSession } from './session.server.ts'

async function loginError(fields: Record<string, string>, headers?: Record<string, string>) {
	try {
		await login(formRequest('/auth', fields, headers))
	} catch (error) {
		if (error instanceof HttpError) return `${error.status} ${error.message}`
		throw error
	}
	return 'signed in'
}

test('login returns who signed in and records the time', async () => {
	const user = await makeUser({ role: 'account_admin' })
	const result = await login(formRequest('/auth', { email: user.email.toUpperCase(), password: PASSWORD, rememberMe: 'on' }))
	expect(result).toMatchObject({ userId: user.id, role: 'account_admin', remember: true })
	expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt).not.toBeNull()
})

test('wrong password, unknown e-mail, unverified, deactivated', async () => {
	const user = await makeUser()
	expect(await loginError({ email: user.email, password: 'nope-nope' })).toBe(`401 ${INVALID_LOGIN}`)
	expect(await loginError({ email: 'nobody@example.com', password: 'nope-nope' })).toBe(`401 ${INVALID_LOGIN}`)
	const unverified = await makeUser({ verified: false })
	expect(await loginError({ email: unverified.email, password: PASSWORD })).toBe(`403 ${UNVERIFIED_LOGIN}`)
	// an unverified account with the wrong password learns nothing more
	expect(await loginError({ email: unverified.email, password: 'nope-nope' })).toBe(`401 ${INVALID_LOGIN}`)
	const org = await makeOrganization()
	await prisma.organization.update({ where: { id: org.id }, data: { isDeactivated: true } })
	const inDeactivated = await makeUser({ organizationId: org.id })
	expect(await loginError({ email: inDeactivated.email, password: PASSWORD })).toBe(`403 ${DEACTIVATED_ORGANIZATION}`)
	expect(await loginError({ email: 'bad', password: '' })).toBe('400 Invalid input')
})

test('login is rate limited per e-mail across addresses', async () => {
	const user = await makeUser()
	for (let i = 0; i < 10; i++) expect(await loginError({ email: user.email, password: `wrong-${i}` })).toBe(`401 ${INVALID_LOGIN}`)
	expect(await loginError({ email: user.email, password: PASSWORD })).toMatch(/^429 Too many attempts/)
})

test('requireActor: 401 on /api paths, a redirect to /auth on screens', async () => {
	const api = await requireActor(new Request('http://yardstick.test/api/auth/user')).catch((e) => e)
	expect(api).toBeInstanceOf(HttpError)
	expect((api as HttpError).status).toBe(401)
	const screen = await requireActor(new Request('http://yardstick.test/settings?tab=profile')).catch((e) => e)
	expect(screen).toBeInstanceOf(Response)
	expect((screen as Response).headers.get('location')).toBe('/auth?redirectTo=%2Fsettings%3Ftab%3Dprofile')
})

test('sessions of deactivated users and organizations stop working', async () => {
	const user = await makeUser()
	const session = await createSession(user.id, { remember: false })
	const request = () => new Request('http://yardstick.test/api/x', { headers: { authorization: `Bearer ${session.token}` } })
	expect((await getActor(request()))?.user.id).toBe(user.id)
	await prisma.organization.update({ where: { id: user.organizationId! }, data: { isDeactivated: true } })
	expect(await getActor(request())).toBeNull()
})

test('requireAdmin refuses members with the spec message', async () => {
	const member = await makeUser()
	const session = await createSession(member.id, { remember: false })
	const error = await requireAdmin(new Request('http://yardstick.test/api/admin/x', { headers: { authorization: `Bearer ${session.token}` } })).catch((e) => e)
	expect(error).toBeInstanceOf(HttpError)
	expect((error as HttpError).status).toBe(403)
	expect((error as HttpError).message).toBe('Access denied. You need admin privileges to view this page.')
})

test("another organization's row is a 404, for site admins too (they use the admin paths)", async () => {
	const member = await makeUser()
	const admin = await makeUser({ role: 'site_admin', organizationId: null })
	const own = await createSession(member.id, { remember: false })
	const staff = await createSession(admin.id, { remember: false })
	const actorFor = async (token: string) =>
		(await getActor(new Request('http://yardstick.test/api/x', { headers: { authorization: `Bearer ${token}` } })))!.user
	const memberUser = await actorFor(own.token)
	const foreign = { organizationId: (await makeOrganization()).id }
	expect(() => assertSameOrganization(memberUser, foreign)).toThrowError(HttpError)
	try {
		assertSameOrganization(memberUser, foreign)
	} catch (error) {
		expect((error as HttpError).status).toBe(404)
	}
	expect(assertSameOrganization(memberUser, { organizationId: member.organizationId })).toBeTruthy()
	expect(() => assertSameOrganization(memberUser, null)).toThrowError(HttpError)
	const staffUser = await actorFor(staff.token)
	expect(() => assertSameOrganization(staffUser, foreign)).toThrowError(HttpError)
})
