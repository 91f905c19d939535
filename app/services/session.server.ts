// Sessions live in the `sessions` table. One session is carried two ways: an
// HttpOnly SameSite=Lax cookie (HTML forms) and the Bearer token the JSON login
// returns. Both hold the same random token; the row is keyed by its SHA-256, so
// deleting the row ends both carriers at once (decisions page).
import { createHash, randomBytes } from 'node:crypto'
import { createCookie } from 'react-router'
import { prisma } from '~/db.server.ts'
import { SESSION_COOKIE, sessionCredential } from '~/lib/credentials.ts'
import { getEnv, secureCookies } from '~/env.server.ts'

export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000
export const IDLE_MS = 12 * 60 * 60 * 1000
const TOUCH_AFTER_MS = 5 * 60 * 1000

export type SessionData = {
	remember: boolean
	createdAt: string
	/** set while a site admin masquerades: the admin's own user id */
	originalUserId?: string
}

export type ActiveSession = { sid: string; token: string; userId: string; data: SessionData; expire: Date }

let cookie: ReturnType<typeof createCookie> | undefined
function sessionCookie() {
	cookie ??= createCookie(SESSION_COOKIE, {
		httpOnly: true,
		sameSite: 'lax',
		path: '/',
		secure: secureCookies(),
		secrets: [getEnv().SESSION_SECRET],
	})
	return cookie
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A new session with a new random token. Pass the sign-in request as `replacing`
 * so the session it already carried (if any) ends: the token always changes at
 * sign-in, and a token planted before it is worth nothing after.
 */
export async function createSession(userId: string, options: { remember: boolean; originalUserId?: string; replacing?: Request }) {
	if (options.replacing) await destroySession(options.replacing)
	const token = randomBytes(32).toString('base64url')
	const expire = new Date(Date.now() + (options.remember ? REMEMBER_MS : IDLE_MS))
	const data: SessionData = { remember: options.remember, createdAt: new Date().toISOString() }
	if (options.originalUserId) data.originalUserId = options.originalUserId
	await prisma.session.create({ data: { sid: hashToken(token), userId, expire, sess: data } })
	return { token, expire, setCookie: await commitCookie(token, options.remember ? expire : undefined) }
}

export function commitCookie(token: string, expires?: Date) {
	return sessionCookie().serialize(token, expires ? { expires } : {})
}

export function clearCookie() {
	return sessionCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}

/**
 * The session token from the Bearer header, else from the cookie, read by the
 * same parser as the front door's cross-site check (app/lib/credentials.ts).
 */
export async function readToken(request: Request): Promise<string | null> {
	const credential = sessionCredential({ authorization: request.headers.get('authorization'), cookie: request.headers.get('cookie') })
	if (!credential) return null
	if (credential.kind === 'bearer') return credential.token
	const value = await sessionCookie().parse(`${SESSION_COOKIE}=${credential.raw}`)
	return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null
}

export async function getSession(request: Request): Promise<ActiveSession | null> {
	const token = await readToken(request)
	if (!token) return null
	return resolveSession(token, await prisma.session.findUnique({ where: { sid: hashToken(token) } }))
}

/**
 * The session of `token` from its row (which the caller may have read along
 * with more, e.g. the user): null when missing or expired; slides idle ones.
 */
export async function resolveSession(token: string, row: { sid: string; userId: string; expire: Date; sess: unknown } | null): Promise<ActiveSession | null> {
	if (!row) return null
	const sid = row.sid
	const now = Date.now()
	if (row.expire.getTime() <= now) {
		await prisma.session.deleteMany({ where: { sid } })
		return null
	}
	const data = row.sess as SessionData
	// idle sessions slide forward; "remember me" sessions keep their 30 days
	if (!data.remember && row.expire.getTime() - now < IDLE_MS - TOUCH_AFTER_MS) {
		const expire = new Date(now + IDLE_MS)
		await prisma.session.updateMany({ where: { sid }, data: { expire } })
		row.expire = expire
	}
	return { sid, token, userId: row.userId, data, expire: row.expire }
}

export async function destroySession(request: Request): Promise<void> {
	const token = await readToken(request)
	if (token) await prisma.session.deleteMany({ where: { sid: hashToken(token) } })
}

export async function destroyUserSessions(userId: string, exceptSid?: string) {
	await prisma.session.deleteMany({ where: { userId, ...(exceptSid ? { NOT: { sid: exceptSid } } : {}) } })
}

/** The client address that server/index.ts stamped on the request. */
export function clientIp(request: Request): string {
	return request.headers.get('x-yardstick-client-ip') ?? 'unknown'
}
