// Who is asking: sign-in (remix-auth FormStrategy + argon2id) and the guards
// every route and service uses (requireUser, requireRole, requireOrganization).
import { hash, verify } from '@node-rs/argon2'
import { data, redirect } from 'react-router'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { prisma } from '~/db.server.ts'
import { isAdminRole } from '~/lib/roles.ts'
import { LoginSchema } from '~/lib/schemas/auth.ts'
import { safeRedirect } from '~/utils/redirect.ts'
import { HttpError, badRequest, fieldErrorsFromZod, forbidden, notFound, unauthorized } from '~/utils/http.server.ts'
import { LIMITS, hit } from './rate-limit.server.ts'
import { clientIp, hashToken, readToken, resolveSession, type ActiveSession } from './session.server.ts'
import { findSessionWithUser, toClientUser, type ClientUser, type OriginalAdmin } from './users.server.ts'

export const INVALID_LOGIN = 'Invalid email or password'
export const UNVERIFIED_LOGIN = 'Please verify your email before signing in.'
export const DEACTIVATED_ACCOUNT = 'This account has been deactivated. Please contact support.'
export const DEACTIVATED_ORGANIZATION = 'Your organization has been deactivated. Please contact support to reactivate it.'

// algorithm 2 = Argon2id (a const enum in @node-rs/argon2's types)
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 }
export const hashPassword = (password: string) => hash(password, ARGON2)
let dummyHash: Promise<string> | undefined
export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
	// an unknown e-mail costs the same time as a wrong password
	dummyHash ??= hashPassword('yardstick-timing-equaliser')
	const target = passwordHash ?? (await dummyHash)
	const ok = await verify(target, password).catch(() => false)
	return ok && Boolean(passwordHash)
}

export type LoginResult = {
	userId: string
	role: string
	remember: boolean
	redirectTo?: string
	/** the password was right but the user has two-factor on: no session until the e-mailed code (two-factor.server.ts) */
	twoFactorRequired?: boolean
}

export const authenticator = new Authenticator<LoginResult>()
authenticator.use(
	new FormStrategy(async ({ form, request }) => {
		const { intent: _intent, ...fields } = Object.fromEntries(form)
		const parsed = LoginSchema.safeParse(fields)
		if (!parsed.success) throw badRequest('Invalid input', fieldErrorsFromZod(parsed.error))
		const { email, password, rememberMe, redirectTo } = parsed.data
		await hit(LIMITS.loginIp, clientIp(request))
		await hit(LIMITS.loginEmail, email)
		const user = await prisma.user.findUnique({
			where: { email },
			select: {
				id: true,
				role: true,
				password: true,
				emailVerified: true,
				isActive: true,
				twoFactorEnabled: true,
				organization: { select: { isDeactivated: true } },
			},
		})
		if (!(await verifyPassword(user?.password, password)) || !user) throw new HttpError(401, INVALID_LOGIN)
		if (!user.emailVerified) throw new HttpError(403, UNVERIFIED_LOGIN)
		if (!user.isActive) throw new HttpError(403, DEACTIVATED_ACCOUNT)
		if (user.organization?.isDeactivated && user.role !== 'site_admin') throw new HttpError(403, DEACTIVATED_ORGANIZATION)
		if (user.twoFactorEnabled) return { userId: user.id, role: user.role, remember: rememberMe, redirectTo, twoFactorRequired: true }
		await prisma.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } })
		return { userId: user.id, role: user.role, remember: rememberMe, redirectTo }
	}),
	'form',
)

/** Signs in with the form fields of `request` (email, password, rememberMe). */
export function login(request: Request): Promise<LoginResult> {
	return authenticator.authenticate('form', request)
}

export type Actor = {
	session: ActiveSession
	user: ClientUser
}

async function originalAdmin(session: ActiveSession): Promise<OriginalAdmin | null> {
	if (!session.data.originalUserId) return null
	return prisma.user.findUnique({
		where: { id: session.data.originalUserId },
		select: { id: true, firstName: true, lastName: true, email: true },
	})
}

// A page's loaders (root and route) each ask for the actor of the same GET
// request: look it up once. Writes always look again (an action may change the user).
const actorsOfReads = new WeakMap<Request, Promise<Actor | null>>()

/** The signed-in actor, or null. Sessions of deactivated users end here. */
export function getActor(request: Request): Promise<Actor | null> {
	if (request.method !== 'GET' && request.method !== 'HEAD') return lookUpActor(request)
	let actor = actorsOfReads.get(request)
	if (!actor) {
		actor = lookUpActor(request)
		actorsOfReads.set(request, actor)
	}
	return actor
}

async function lookUpActor(request: Request): Promise<Actor | null> {
	const token = await readToken(request)
	if (!token) return null
	// the session and its user in one query
	const found = await findSessionWithUser(hashToken(token))
	const session = await resolveSession(token, found)
	if (!session || !found) return null
	const row = found.user
	if (!row.isActive) return null
	if (row.organization?.isDeactivated && row.role !== 'site_admin') return null
	await attributeMasquerade(request, session)
	return { session, user: toClientUser(row, await originalAdmin(session)) }
}

// admin (issue 7): every write made while masquerading is recorded under the
// real admin's id, with the user it was made as (decisions "Admin panel").
const attributed = new WeakSet<Request>()
const MASQUERADE_STOP_PATHS = ['/api/admin/masquerade/stop', '/api/admin/stop-masquerade']
async function attributeMasquerade(request: Request, session: ActiveSession) {
	const adminId = session.data.originalUserId
	if (!adminId || request.method === 'GET' || request.method === 'HEAD' || attributed.has(request)) return
	attributed.add(request)
	const path = new URL(request.url).pathname.replace(/\.data$/, '')
	if (MASQUERADE_STOP_PATHS.includes(path)) return
	await prisma.auditLog.create({
		data: { actorUserId: adminId, action: 'masquerade.request', targetType: 'user', targetId: session.userId, details: { method: request.method, path }, ip: clientIp(request) },
	})
}

function isApiRequest(request: Request) {
	return new URL(request.url).pathname.startsWith('/api/')
}

/** Screens redirect to /auth; /api/* paths answer 401 JSON. */
export async function requireActor(request: Request): Promise<Actor> {
	const actor = await getActor(request)
	if (actor) return actor
	if (isApiRequest(request)) throw unauthorized()
	const url = new URL(request.url)
	const redirectTo = safeRedirect(url.pathname + url.search, '/dashboard')
	throw redirect(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`)
}

/**
 * For screens that show their own page to signed-out visitors (spec 2: the
 * dashboard's Access Denied, the settings' "Please log in"): a 401 for the
 * route's ErrorBoundary instead of a redirect.
 */
export async function requireActorOr401(request: Request): Promise<Actor> {
	const actor = await getActor(request)
	if (!actor) throw data('Sign in required', { status: 401 })
	return actor
}

export async function requireUser(request: Request): Promise<ClientUser> {
	return (await requireActor(request)).user
}

export async function requireAnonymous(request: Request) {
	const actor = await getActor(request)
	if (actor) throw redirect('/dashboard')
}

/** 403 for a signed-in user without the role (STYLE.md). */
export async function requireRole(request: Request, ...roles: string[]): Promise<Actor> {
	const actor = await requireActor(request)
	if (!roles.includes(actor.user.role)) throw forbidden()
	return actor
}

export async function requireAdmin(request: Request): Promise<Actor> {
	const actor = await requireActor(request)
	if (!isAdminRole(actor.user.role)) throw forbidden('Access denied. You need admin privileges to view this page.')
	return actor
}

/** The actor's organization id; a user without one gets a clear 403. */
export function requireOrganizationId(user: ClientUser): string {
	if (!user.organizationId) throw forbidden('No organization found')
	return user.organizationId
}

/**
 * Organization scoping: rows of another organization answer 404 (not 403), so
 * ids can't be probed (decisions page). Use for every org-owned row a service
 * loads by id; site admins reach every organization.
 */
export function assertSameOrganization<T extends { organizationId: string | null } | null>(
	user: ClientUser,
	row: T,
	what = 'Not found',
): NonNullable<T> {
	if (!row) throw notFound(what)
	// everyone, staff included: staff reach other organizations only through /api/admin/* (flag-gated, audited)
	if (row.organizationId === null || row.organizationId !== user.organizationId) throw notFound(what)
	return row as NonNullable<T>
}

/** The `where` fragment that limits a query to the actor's organization. */
export function organizationScope(user: ClientUser): { organizationId: string } {
	return { organizationId: requireOrganizationId(user) }
}

export { isAdminRole }
