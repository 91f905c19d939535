// Who may do what in the admin panel (decisions "Admin panel"): site admins by
// their 8 staff flags, account admins only within their own organization.
// Every /api/admin/* path and every /admin action goes through here.
import { prisma, Prisma } from '~/db.server.ts'
import { ADMIN_FLAGS, canUse, type AdminAccess, type AdminFlags, type SECTION_FLAG } from '~/lib/admin.ts'
import { forbidden } from '~/utils/http.server.ts'
import { requireActor, type Actor } from '../auth.server.ts'
import { clientIp } from '../session.server.ts'

export const ACCESS_DENIED = 'Access denied. You need admin privileges to view this page.'
export const SECTION_DENIED = 'Your team member permissions do not include this section.'

export type AdminContext = {
	actor: Actor
	access: AdminAccess
	ip: string
	/** the real person behind the request (the admin while masquerading) */
	auditUserId: string
}

const NO_FLAGS = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, false])) as AdminFlags

/** The staff flags of a site admin; an inactive or missing staff profile has none. */
export async function staffFlags(userId: string): Promise<AdminFlags> {
	const profile = await prisma.adminUser.findUnique({ where: { userId } })
	if (!profile || !profile.isActive) return NO_FLAGS
	return Object.fromEntries(ADMIN_FLAGS.map((f) => [f, profile[f]])) as AdminFlags
}

/** The admin access of an actor, or null for everyone else. */
export async function adminAccessOf(actor: Actor): Promise<AdminAccess | null> {
	const { user } = actor
	if (user.role === 'site_admin') return { role: 'site_admin', flags: await staffFlags(user.id) }
	if (user.role === 'account_admin' && user.organizationId) return { role: 'account_admin', organizationId: user.organizationId }
	return null
}

export function contextFor(actor: Actor, access: AdminAccess, request: Request): AdminContext {
	return { actor, access, ip: clientIp(request), auditUserId: actor.session.data.originalUserId ?? actor.user.id }
}

/** 401 signed out, 403 with the spec's text for non-admins. */
export async function requireAdminContext(request: Request): Promise<AdminContext> {
	const actor = await requireActor(request)
	const access = await adminAccessOf(actor)
	if (!access) throw forbidden(ACCESS_DENIED)
	return contextFor(actor, access, request)
}

export function requireSection(ctx: AdminContext, section: keyof typeof SECTION_FLAG) {
	if (!canUse(ctx.access, section)) throw forbidden(SECTION_DENIED)
}

/** Admin context plus the section's flag. */
export async function requireAdminSection(request: Request, section: keyof typeof SECTION_FLAG): Promise<AdminContext> {
	const ctx = await requireAdminContext(request)
	requireSection(ctx, section)
	return ctx
}

/** The organization an account admin is limited to (null: every organization). */
export const scopedOrganizationId = (ctx: AdminContext) => (ctx.access.role === 'account_admin' ? ctx.access.organizationId : null)

type AuditEntry = { action: string; targetType?: string; targetId?: string | null; details?: Record<string, unknown> }

/** One audit_logs row: who (the real admin), what, on what, when, from where. */
export async function audit(ctx: Pick<AdminContext, 'auditUserId' | 'ip'>, entry: AuditEntry, db: Pick<typeof prisma, 'auditLog'> = prisma) {
	await db.auditLog.create({
		data: {
			actorUserId: ctx.auditUserId,
			action: entry.action,
			targetType: entry.targetType ?? null,
			targetId: entry.targetId ?? null,
			details: (entry.details ?? {}) as Prisma.InputJsonValue,
			ip: ctx.ip,
		},
	})
}
