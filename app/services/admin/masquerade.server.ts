// Masquerade (spec 1 §2, §4; spec 3 §4): a site admin signs in as a customer
// user. The new session records the admin (SessionData.originalUserId); the
// stop route swaps back to a fresh session of the admin. Both ends are audited.
import { prisma } from '~/db.server.ts'
import { conflict, forbidden, notFound, unauthorized } from '~/utils/http.server.ts'
import { getActor } from '../auth.server.ts'
import { clientIp, createSession, destroySession, getSession } from '../session.server.ts'
import { audit, type AdminContext } from './access.server.ts'

export const CANNOT_MASQUERADE_ADMIN = 'Site admins cannot be masqueraded.'
export const CANNOT_MASQUERADE_SELF = 'You cannot masquerade as yourself.'
export const NOT_MASQUERADING = 'You are not masquerading.'
export const TARGET_UNAVAILABLE = 'This user cannot be signed in to (inactive, or their organization is deactivated).'

/** POST /api/admin/masquerade/{userId}: site_admin only (checked by the caller's section guard). */
export async function startMasquerade(ctx: AdminContext, request: Request, targetId: string) {
	if (ctx.access.role !== 'site_admin') throw forbidden('Only site admins can masquerade.')
	if (ctx.actor.session.data.originalUserId) throw conflict('Return to the admin panel before masquerading as someone else.')
	if (targetId === ctx.actor.user.id) throw forbidden(CANNOT_MASQUERADE_SELF)
	const target = await prisma.user.findUnique({
		where: { id: targetId },
		select: { id: true, firstName: true, lastName: true, email: true, role: true, isActive: true, organization: { select: { isDeactivated: true } } },
	})
	if (!target) throw notFound('User not found')
	if (target.role === 'site_admin') throw forbidden(CANNOT_MASQUERADE_ADMIN)
	if (!target.isActive || target.organization?.isDeactivated) throw conflict(TARGET_UNAVAILABLE)
	const session = await createSession(target.id, { remember: false, originalUserId: ctx.actor.user.id })
	await destroySession(request)
	await audit(ctx, { action: 'admin.masquerade.start', targetType: 'user', targetId: target.id, details: { adminUserId: ctx.actor.user.id, targetEmail: target.email } })
	return { session, masqueradingAs: { id: target.id, firstName: target.firstName, lastName: target.lastName, email: target.email } }
}

/**
 * POST /api/admin/stop-masquerade and the browser route /api/admin/masquerade/stop:
 * ends the masquerade session and signs the original admin back in.
 */
export async function stopMasquerade(request: Request) {
	const current = await getSession(request)
	const actor = await getActor(request)
	if (!current) throw unauthorized()
	const adminId = current.data.originalUserId
	if (!adminId) throw conflict(NOT_MASQUERADING)
	const admin = await prisma.user.findUnique({ where: { id: adminId }, select: { id: true, firstName: true, role: true, isActive: true } })
	await destroySession(request)
	if (!admin || admin.role !== 'site_admin' || !admin.isActive) throw forbidden('Your admin account is no longer active.')
	const session = await createSession(admin.id, { remember: false })
	await audit(
		{ auditUserId: admin.id, ip: clientIp(request) },
		{ action: 'admin.masquerade.stop', targetType: 'user', targetId: current.userId, details: { adminUserId: admin.id, targetEmail: actor?.user.email ?? null } },
	)
	return { session, returnedTo: { firstName: admin.firstName } }
}
