// Team management (spec 2 §2 Team Management, §6): members and invitations of
// the actor's organization, invitation acceptance and change password. The
// /dashboard forms and the /api/account/* paths call these same functions.
import { randomBytes } from 'node:crypto'
import { prisma, Prisma } from '~/db.server.ts'
import { appUrl } from '~/env.server.ts'
import { sendEmail } from '~/integrations/email.server.ts'
import { isUnlimitedUsers } from '~/lib/plans.ts'
import { isAdminRole } from '~/lib/roles.ts'
import type { EditUserInput, InviteInput } from '~/lib/schemas/account.ts'
import { badRequest, conflict, forbidden, HttpError, notFound } from '~/utils/http.server.ts'
import { escapeHtml, RESET_TTL_MS, sendPasswordResetEmail } from './account.server.ts'
import { assertSameOrganization, hashPassword, requireOrganizationId } from './auth.server.ts'
import { hashToken } from './session.server.ts'
import type { ClientUser } from './users.server.ts'

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const TEAM_FORBIDDEN = 'Only account admins can manage the team.'
export const USER_NOT_FOUND = 'User not found'
export const INVITATION_NOT_FOUND = 'Invitation not found'
export const USER_EXISTS = 'A user with this email already exists.'
export const ALREADY_INVITED = 'An invitation is already pending for this email.'
export const INVITATION_INVALID = 'This invitation link is invalid or has expired.'
export const CANNOT_REMOVE_SELF = 'You cannot remove yourself from the organization.'
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role.'

export function userLimitMessage(maxUsers: number) {
	return `Your plan allows ${maxUsers} user${maxUsers === 1 ? '' : 's'} including pending invitations. Upgrade your plan to add more.`
}

const memberSelect = {
	id: true,
	firstName: true,
	lastName: true,
	email: true,
	profileImageUrl: true,
	role: true,
	searchesUsedThisMonth: true,
	maxSearchesPerMonth: true,
} as const
export type TeamMember = Prisma.UserGetPayload<{ select: typeof memberSelect }>

const invitationSelect = {
	id: true,
	email: true,
	firstName: true,
	lastName: true,
	role: true,
	status: true,
	organizationId: true,
	expiresAt: true,
	createdAt: true,
} as const

function invitationToApi(row: Prisma.UserInvitationGetPayload<{ select: typeof invitationSelect }>) {
	return { ...row, expiresAt: row.expiresAt.toISOString(), createdAt: row.createdAt.toISOString() }
}
export type TeamInvitation = ReturnType<typeof invitationToApi>

/** Members get 403 (spec 2 §6: Team Management is account_admin and site_admin). */
export function requireTeamManager(user: ClientUser) {
	if (!isAdminRole(user.role)) throw forbidden(TEAM_FORBIDDEN)
}

export async function listTeamMembers(user: ClientUser): Promise<TeamMember[]> {
	requireTeamManager(user)
	const organizationId = requireOrganizationId(user)
	return prisma.user.findMany({
		where: { organizationId },
		select: memberSelect,
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
	})
}

export async function listPendingInvitations(user: ClientUser): Promise<TeamInvitation[]> {
	requireTeamManager(user)
	const organizationId = requireOrganizationId(user)
	const rows = await prisma.userInvitation.findMany({
		where: { organizationId, status: 'pending', expiresAt: { gt: new Date() } },
		select: invitationSelect,
		orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
	})
	return rows.map(invitationToApi)
}

/**
 * Locks the organization row for the rest of the transaction, so two invites
 * or acceptances can never both take the last seat.
 */
async function lockOrganization(tx: Prisma.TransactionClient, organizationId: string) {
	await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${organizationId} FOR UPDATE`
	return tx.organization.findUniqueOrThrow({
		where: { id: organizationId },
		select: { name: true, subscriptionTier: { select: { maxUsers: true } } },
	})
}

/** Seats in use: users plus pending, unexpired invitations (decisions: Accounts). */
async function seatsInUse(tx: Prisma.TransactionClient, organizationId: string, { withInvitations }: { withInvitations: boolean }) {
	const users = await tx.user.count({ where: { organizationId } })
	if (!withInvitations) return users
	const invitations = await tx.userInvitation.count({ where: { organizationId, status: 'pending', expiresAt: { gt: new Date() } } })
	return users + invitations
}

export async function inviteUser(user: ClientUser, input: InviteInput) {
	requireTeamManager(user)
	const organizationId = requireOrganizationId(user)
	const token = randomBytes(32).toString('base64url')
	const { invitation, organizationName } = await prisma.$transaction(async (tx) => {
		const org = await lockOrganization(tx, organizationId)
		if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
			throw conflict(USER_EXISTS, { email: USER_EXISTS })
		}
		const pending = await tx.userInvitation.findFirst({
			where: { organizationId, email: input.email, status: 'pending', expiresAt: { gt: new Date() } },
			select: { id: true },
		})
		if (pending) throw conflict(ALREADY_INVITED, { email: ALREADY_INVITED })
		const maxUsers = org.subscriptionTier.maxUsers
		if (!isUnlimitedUsers(maxUsers) && (await seatsInUse(tx, organizationId, { withInvitations: true })) >= maxUsers!) {
			throw forbidden(userLimitMessage(maxUsers!))
		}
		const invitation = await tx.userInvitation.create({
			data: {
				email: input.email,
				firstName: input.firstName,
				lastName: input.lastName,
				role: input.role,
				organizationId,
				invitedBy: user.id,
				inviteToken: hashToken(token),
				expiresAt: new Date(Date.now() + INVITE_TTL_MS),
			},
			select: invitationSelect,
		})
		return { invitation, organizationName: org.name }
	})
	await sendInvitationEmail({ ...input, organizationName, inviter: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email, token })
	return { message: 'Invitation sent successfully', invitation: invitationToApi(invitation) }
}

async function sendInvitationEmail(p: InviteInput & { organizationName: string; inviter: string; token: string }) {
	const link = `${appUrl()}/accept-invite?token=${encodeURIComponent(p.token)}`
	await sendEmail({
		to: p.email,
		subject: `You're invited to join ${p.organizationName} on Yardstick`,
		text: `Hi ${p.firstName},\n\n${p.inviter} invited you to join ${p.organizationName} on Yardstick. Set your password to accept:\n\n${link}\n\nThis invitation expires in 7 days.\n`,
		html: `<p>Hi ${escapeHtml(p.firstName)},</p><p>${escapeHtml(p.inviter)} invited you to join ${escapeHtml(p.organizationName)} on Yardstick.</p><p><a href="${link}">Accept the invitation</a></p><p>This invitation expires in 7 days.</p>`,
	})
}

async function findMember(user: ClientUser, id: string) {
	requireTeamManager(user)
	const row = await prisma.user.findUnique({ where: { id }, select: { id: true, organizationId: true, role: true, email: true, firstName: true } })
	// site admins are not team members of any organization
	if (row?.role === 'site_admin') throw notFound(USER_NOT_FOUND)
	return assertSameOrganization(user, row, USER_NOT_FOUND)
}

export async function updateTeamUser(user: ClientUser, id: string, input: EditUserInput): Promise<TeamMember> {
	const target = await findMember(user, id)
	if (target.id === user.id && input.role !== target.role) throw badRequest(CANNOT_CHANGE_OWN_ROLE, { role: CANNOT_CHANGE_OWN_ROLE })
	try {
		return await prisma.$transaction(async (tx) => {
			const updated = await tx.user.update({
				where: { id: target.id },
				data: {
					firstName: input.firstName,
					lastName: input.lastName,
					email: input.email,
					role: input.role,
					maxSearchesPerMonth: input.maxSearchesPerMonth,
				},
				select: memberSelect,
			})
			// a change of privilege ends the member's sessions: they sign in again with the new role
			if (updated.role !== target.role) await tx.session.deleteMany({ where: { userId: target.id } })
			return updated
		})
	} catch (error) {
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw conflict(USER_EXISTS, { email: USER_EXISTS })
		throw error
	}
}

/**
 * Removing a member deletes the account (their measurements stay with the
 * organization; createdByUserId becomes null) and ends their sessions, so the
 * e-mail can be invited again.
 */
export async function removeTeamUser(user: ClientUser, id: string) {
	if (id === user.id) throw badRequest(CANNOT_REMOVE_SELF)
	const target = await findMember(user, id)
	await prisma.user.delete({ where: { id: target.id } })
	return { message: 'User removed from organization' }
}

export async function sendTeamPasswordReset(user: ClientUser, id: string) {
	const target = await findMember(user, id)
	const token = randomBytes(32).toString('base64url')
	await prisma.user.update({
		where: { id: target.id },
		data: { passwordResetToken: hashToken(token), passwordResetTokenExpiresAt: new Date(Date.now() + RESET_TTL_MS) },
	})
	await sendPasswordResetEmail(target.email, target.firstName, token)
	return { message: 'Password reset sent' }
}

export async function cancelInvitation(user: ClientUser, id: string) {
	requireTeamManager(user)
	const row = await prisma.userInvitation.findUnique({ where: { id }, select: { id: true, organizationId: true, status: true } })
	const invitation = assertSameOrganization(user, row, INVITATION_NOT_FOUND)
	if (invitation.status !== 'pending') throw notFound(INVITATION_NOT_FOUND)
	await prisma.userInvitation.update({ where: { id: invitation.id }, data: { status: 'cancelled' } })
	return { message: 'Invitation cancelled' }
}

/** The pending, unexpired invitation of a token, or null. */
export async function findInvitation(token: string) {
	if (!token || token.length > 256) return null
	const row = await prisma.userInvitation.findUnique({
		where: { inviteToken: hashToken(token) },
		select: { email: true, firstName: true, status: true, expiresAt: true, organization: { select: { name: true } } },
	})
	if (!row || row.status !== 'pending' || row.expiresAt <= new Date()) return null
	return { email: row.email, firstName: row.firstName, organizationName: row.organization.name }
}

/**
 * Accepts an invitation in one transaction: the token is claimed with a
 * conditional update (a reused token fails even under a race), the seat limit
 * is checked again, and the user is created verified with the invited role.
 */
export async function acceptInvitation(input: { token: string; password: string }) {
	const passwordHash = await hashPassword(input.password)
	const tokenHash = hashToken(input.token)
	try {
		return await prisma.$transaction(async (tx) => {
			const invitation = await tx.userInvitation.findUnique({ where: { inviteToken: tokenHash } })
			if (!invitation) throw badRequest(INVITATION_INVALID, { token: INVITATION_INVALID })
			const org = await lockOrganization(tx, invitation.organizationId)
			const claimed = await tx.userInvitation.updateMany({
				where: { id: invitation.id, status: 'pending', expiresAt: { gt: new Date() } },
				data: { status: 'accepted', acceptedAt: new Date() },
			})
			if (claimed.count !== 1) throw badRequest(INVITATION_INVALID, { token: INVITATION_INVALID })
			const maxUsers = org.subscriptionTier.maxUsers
			if (!isUnlimitedUsers(maxUsers) && (await seatsInUse(tx, invitation.organizationId, { withInvitations: false })) >= maxUsers!) {
				throw forbidden(userLimitMessage(maxUsers!))
			}
			if (await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true } })) throw conflict(USER_EXISTS)
			const user = await tx.user.create({
				data: {
					email: invitation.email,
					password: passwordHash,
					firstName: invitation.firstName,
					lastName: invitation.lastName,
					role: invitation.role,
					organizationId: invitation.organizationId,
					emailVerified: true,
				},
				select: { id: true, email: true, role: true, organizationId: true },
			})
			return { message: 'Welcome', user }
		})
	} catch (error) {
		if (error instanceof HttpError) throw error
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw conflict(USER_EXISTS)
		throw error
	}
}
