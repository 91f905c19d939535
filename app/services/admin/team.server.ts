// Team Members (spec 3 §2, §5): staff accounts. The identity is the users row
// (role site_admin), the flags live in admin_users (decisions "Data model").
import { prisma, Prisma } from '~/db.server.ts'
import { accessSummary, ADMIN_FLAGS, type AdminFlags } from '~/lib/admin.ts'
import type { CreateTeamMemberInput, EditTeamMemberInput } from '~/lib/schemas/admin.ts'
import { badRequest, conflict, notFound } from '~/utils/http.server.ts'
import { destroyUserSessions } from '../session.server.ts'
import { audit, type AdminContext } from './access.server.ts'
import { EMAIL_TAKEN, newSetPasswordToken, sendSetPasswordInvitation } from './customers.server.ts'

export const TEAM_MEMBER_NOT_FOUND = 'Team member not found'
export const CANNOT_REMOVE_SELF = 'You cannot delete or deactivate your own staff account.'
export const LAST_SITE_ADMIN = 'The last active site admin cannot be deleted or deactivated.'

const memberSelect = {
	id: true,
	email: true,
	firstName: true,
	lastName: true,
	profileImageUrl: true,
	role: true,
	isActive: true,
	searchesUsedThisMonth: true,
	maxSearchesPerMonth: true,
	lastLoginAt: true,
	createdAt: true,
	adminProfile: true,
} as const
type MemberRow = Prisma.UserGetPayload<{ select: typeof memberSelect }>

export function toTeamMember(row: MemberRow) {
	const flags = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, row.adminProfile?.[f] ?? false])) as AdminFlags
	const isActive = row.isActive && (row.adminProfile?.isActive ?? false)
	return {
		id: row.id,
		firstName: row.firstName,
		lastName: row.lastName,
		email: row.email,
		profileImageUrl: row.profileImageUrl,
		role: row.role,
		searchesUsedThisMonth: row.searchesUsedThisMonth,
		maxSearchesPerMonth: row.maxSearchesPerMonth,
		isActive,
		access: accessSummary(flags),
		permissions: flags,
		lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
		createdAt: row.createdAt.toISOString(),
	}
}
export type TeamMemberView = ReturnType<typeof toTeamMember>

/** Site admins (spec 3 §2: Team Members lists site admins). */
export async function listTeamMembers() {
	const rows = await prisma.user.findMany({ where: { role: 'site_admin' }, select: memberSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
	return rows.map(toTeamMember)
}

const flagData = (input: Partial<AdminFlags>) => Object.fromEntries(ADMIN_FLAGS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]))

export async function createTeamMember(ctx: AdminContext, input: CreateTeamMemberInput) {
	if (input.role === 'account_admin' && !input.organizationId) {
		throw badRequest('Invalid input', { organizationId: 'An account admin belongs to an organization: choose one' })
	}
	if (input.organizationId && !(await prisma.organization.findUnique({ where: { id: input.organizationId }, select: { id: true } }))) {
		throw badRequest('Invalid input', { organizationId: 'Organization not found' })
	}
	const setPassword = newSetPasswordToken()
	let row: MemberRow
	try {
		row = await prisma.$transaction(async (tx) => {
			if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })
			const user = await tx.user.create({
				data: {
					email: input.email,
					firstName: input.firstName,
					lastName: input.lastName,
					role: input.role,
					organizationId: input.role === 'account_admin' ? input.organizationId : null,
					passwordResetToken: setPassword.hash,
					passwordResetTokenExpiresAt: setPassword.expiresAt,
					adminProfile: { create: { ...flagData(input), isActive: true } },
				},
				select: memberSelect,
			})
			await audit(ctx, { action: 'admin.team_member.create', targetType: 'user', targetId: user.id, details: { email: input.email, role: input.role, permissions: flagData(input) } }, tx)
			return user
		})
	} catch (error) {
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })
		throw error
	}
	await sendSetPasswordInvitation(input.email, input.firstName, setPassword.token, 'You were added to the Yardstick staff team.')
	return toTeamMember(row)
}

async function loadMember(tx: Prisma.TransactionClient, id: string) {
	const row = await tx.user.findUnique({ where: { id }, select: memberSelect })
	if (!row || row.role !== 'site_admin') throw notFound(TEAM_MEMBER_NOT_FOUND)
	return row
}

/** Serialises staff changes, so two admins can't remove the last two active site admins at once. */
async function lockStaff(tx: Prisma.TransactionClient) {
	await tx.$executeRaw`SELECT pg_advisory_xact_lock(7007)`
}

async function otherActiveSiteAdmins(tx: Prisma.TransactionClient, exceptId: string) {
	return tx.user.count({ where: { role: 'site_admin', isActive: true, id: { not: exceptId }, adminProfile: { isActive: true } } })
}

export async function updateTeamMember(ctx: AdminContext, id: string, input: EditTeamMemberInput) {
	try {
		const row = await prisma.$transaction(async (tx) => {
			await lockStaff(tx)
			await loadMember(tx, id)
			if (input.isActive === false) {
				if (id === ctx.auditUserId) throw conflict(CANNOT_REMOVE_SELF)
				if ((await otherActiveSiteAdmins(tx, id)) === 0) throw conflict(LAST_SITE_ADMIN)
			}
			const { isActive, email, firstName, lastName } = input
			await tx.user.update({ where: { id }, data: { email, firstName, lastName } })
			await tx.adminUser.upsert({
				where: { userId: id },
				create: { userId: id, ...flagData(input), isActive: isActive ?? true },
				update: { ...flagData(input), ...(isActive === undefined ? {} : { isActive }) },
			})
			await audit(ctx, { action: 'admin.team_member.update', targetType: 'user', targetId: id, details: { fields: Object.keys(input) } }, tx)
			return loadMember(tx, id)
		})
		if (input.isActive === false) await destroyUserSessions(id)
		return toTeamMember(row)
	} catch (error) {
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })
		throw error
	}
}

export async function deleteTeamMember(ctx: AdminContext, id: string) {
	return prisma.$transaction(async (tx) => {
		await lockStaff(tx)
		const row = await loadMember(tx, id)
		if (id === ctx.auditUserId) throw conflict(CANNOT_REMOVE_SELF)
		if ((await otherActiveSiteAdmins(tx, id)) === 0) throw conflict(LAST_SITE_ADMIN)
		await tx.user.delete({ where: { id } })
		await audit(ctx, { action: 'admin.team_member.delete', targetType: 'user', targetId: id, details: { email: row.email } }, tx)
		return { success: true, id }
	})
}
