import { expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import { makeUser } from '../../tests/integration/factories.ts'
import { IDLE_MS, REMEMBER_MS, createSession, destroySession, destroyUserSessions, getSession, hashToken } from './session.server.ts'

const withCookie = (setCookie: string) => new Request('http://yardstick.test/x', { headers: { cookie: setCookie.split(';')[0]! } })
const withBearer = (token: string) => new Request('http://yardstick.test/api/x', { headers: { authorization: `Bearer ${token}` } })

test('one session, two carriers: the cookie and the Bearer token', async () => {
	const user = await makeUser()
	const session = await createSession(user.id, { remember: false })
	expect((await getSession(withCookie(session.setCookie)))?.userId).toBe(user.id)
	expect((await getSession(withBearer(session.token)))?.userId).toBe(user.id)
	// only the hash is stored
	expect(await prisma.session.findUnique({ where: { sid: session.token } })).toBeNull()
	expect(await prisma.session.findUnique({ where: { sid: hashToken(session.token) } })).not.toBeNull()
	await destroySession(withBearer(session.token))
	expect(await getSession(withCookie(session.setCookie))).toBeNull()
})

test('remember me lasts 30 days; otherwise 12 idle hours that slide with use', async () => {
	const user = await makeUser()
	const remembered = await createSession(user.id, { remember: true })
	expect(remembered.expire.getTime() - Date.now()).toBeGreaterThan(REMEMBER_MS - 60_000)
	expect(remembered.setCookie).toMatch(/Expires=/)

	const idle = await createSession(user.id, { remember: false })
	expect(idle.setCookie).not.toMatch(/Expires=/)
	const sid = hashToken(idle.token)
	await prisma.session.update({ where: { sid }, data: { expire: new Date(Date.now() + 60 * 60 * 1000) } })
	await getSession(withBearer(idle.token))
	const slid = await prisma.session.findUniqueOrThrow({ where: { sid } })
	expect(slid.expire.getTime() - Date.now()).toBeGreaterThan(IDLE_MS - 60_000)

	await prisma.session.update({ where: { sid }, data: { expire: new Date(Date.now() - 1000) } })
	expect(await getSession(withBearer(idle.token))).toBeNull()
	expect(await prisma.session.findUnique({ where: { sid } })).toBeNull()
})

test('a tampered cookie or an unknown token is no session', async () => {
	const user = await makeUser()
	const session = await createSession(user.id, { remember: false })
	const cookie = session.setCookie.split(';')[0]!
	// one character of the signature changed (to another: 'A' where it was 'A' changed nothing, 1 run in 64)
	const tampered = cookie.slice(0, -3) + (cookie.at(-3) === 'A' ? 'B' : 'A') + cookie.slice(-2)
	expect(tampered).not.toBe(cookie)
	expect(await getSession(new Request('http://yardstick.test/', { headers: { cookie: tampered } }))).toBeNull()
	expect(await getSession(withBearer('x'.repeat(43)))).toBeNull()
	expect(await getSession(withBearer('x'.repeat(500)))).toBeNull()
})

test("destroyUserSessions ends every session of a user but the one kept", async () => {
	const user = await makeUser()
	const a = await createSession(user.id, { remember: false })
	const b = await createSession(user.id, { remember: false })
	await destroyUserSessions(user.id, hashToken(a.token))
	expect(await getSession(withBearer(a.token))).not.toBeNull()
	expect(await getSession(withBearer(b.token))).toBeNull()
})
