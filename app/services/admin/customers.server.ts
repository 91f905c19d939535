// Customer Users (spec 3 §2): every user except site admins, searchable by
// e-mail or full name; account admins see and change only their organization's.
import { randomBytes } from 'node:crypto'
import { prisma, Prisma } from '~/db.server.ts'
import { appUrl } from '~/env.server.ts'
import { sendEmail } from '~/integrations/email.server.ts'
import type { CreateCustomerUserInput, EditCustomerUserInput } from '~/lib/schemas/admin.ts'
import { conflict, forbidden, notFound } from '~/utils/http.server.ts'
import { escapeHtml } from '../account.server.ts'
import { destroyUserSessions, hashToken } from '../session.server.ts'
import { audit, scopedOrganizationId, type AdminContext } from './access.server.ts'

export const USER_NOT_FOUND = 'User not found'
export const EMAIL_TAKEN = 'A user with this email already exists.'
export const ORGANIZATION_REQUIRED = 'Organization not found'
export const SITE_ADMIN_IS_STAFF = 'Site admins are managed under Team Members.'
export const CANNOT_DELETE_SELF = 'You cannot delete your own account here.'
/** a set-password invitation stays valid this long */
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000

const adminUserSelect = {
	id: true,
	email: true,
	firstName: true,
	lastName: true,
	role: true,
	organizationId: true,
	emailVerified: true,
	isActive: true,
	createdAt: true,
	lastLoginAt: true,
	profileImageUrl: true,
	preferredMapType: true,
	preferredUnit: true,
	marketingEmails: true,
	productUpdates: true,
	tipsTutorials: true,
	twoFactorEnabled: true,
	canViewInvoices: true,
	maxSearchesPerMonth: true,
	searchesUsedThisMonth: true,
	organization: { select: { name: true, accountNumber: true } },
} as const

type AdminUserRow = Prisma.UserGetPayload<{ select: typeof adminUserSelect }>

/** The admin-side user of spec 3 §3 (role 'member' is reported as 'user', shown as Member). */
export function toAdminUser(row: AdminUserRow) {
	return {
		id: row.id,
		email: row.email,
		firstName: row.firstName,
		lastName: row.lastName,
		role: row.role === 'member' ? 'user' : row.role,
		organizationId: row.organizationId,
		organizationName: row.organization?.name ?? null,
		isEmailConfirmed: row.emailVerified,
		isActive: row.isActive,
		createdAt: row.createdAt.toISOString(),
		lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
		profileImageUrl: row.profileImageUrl,
		preferredMapType: row.preferredMapType,
		preferredUnit: row.preferredUnit,
		marketingEmails: row.marketingEmails,
		productUpdates: row.productUpdates,
		tipsTutorials: row.tipsTutorials,
		twoFactorEnabled: row.twoFactorEnabled,
		canViewInvoices: row.canViewInvoices,
		maxSearchesPerMonth: row.maxSearchesPerMonth,
		searchesUsedThisMonth: row.searchesUsedThisMonth,
	}
}
export type AdminUserView = ReturnType<typeof toAdminUser>

type ListOptions = { search?: string; role?: string; includeStaff?: boolean }

/** GET /api/admin/customer-users (and /api/admin/users with staff). */
export async function listCustomerUsers(ctx: AdminContext, { search = '', role = 'all', includeStaff = false }: ListOptions = {}) {
	const orgId = scopedOrganizationId(ctx)
	const and: Prisma.UserWhereInput[] = []
	if (!includeStaff || orgId) and.push({ role: { not: 'site_admin' } })
	if (orgId) and.push({ organizationId: orgId })
	if (role === 'member') and.push({ role: { in: ['member', 'user'] } })
	else if (role !== 'all') and.push({ role })
	const words = search.trim().split(/\s+/).filter(Boolean).slice(0, 5)
	for (const word of words) {
		and.push({
			OR: [
				{ email: { contains: word, mode: 'insensitive' } },
				{ firstName: { contains: word, mode: 'insensitive' } },
				{ lastName: { contains: word, mode: 'insensitive' } },
			],
		})
	}
	const rows = await prisma.user.findMany({ where: { AND: and }, select: adminUserSelect, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: 500 })
	return rows.map(toAdminUser)
}

/** A customer user the admin may touch: never a site admin, never outside an account admin's organization (404). */
async function loadCustomer(ctx: AdminContext, userId: string) {
	const orgId = scopedOrganizationId(ctx)
	const row = await prisma.user.findUnique({ where: { id: userId }, select: adminUserSelect })
	if (!row || (orgId && row.organizationId !== orgId)) throw notFound(USER_NOT_FOUND)
	return row
}

async function requireOrganization(ctx: AdminContext, organizationId: string) {
	const orgId = scopedOrganizationId(ctx)
	if (orgId && organizationId !== orgId) throw notFound(ORGANIZATION_REQUIRED)
	const org = await prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true, name: true } })
	if (!org) throw notFound(ORGANIZATION_REQUIRED)
	return org
}

/** Sends the link that lets a user made by staff choose a password (it also verifies the e-mail). */
export async function sendSetPasswordInvitation(email: string, firstName: string | null, token: string, what: string) {
	const link = `${appUrl()}/auth?token=${encodeURIComponent(token)}`
	await sendEmail({
		to: email,
		subject: 'Your Yardstick account is ready',
		text: `Hi ${firstName ?? 'there'},\n\n${what}\n\nChoose your password here:\n\n${link}\n\nThe link expires in 7 days.\n`,
		html: `<p>Hi ${escapeHtml(firstName ?? 'there')},</p><p>${escapeHtml(what)}</p><p><a href="${link}">Choose your password</a></p><p>The link expires in 7 days.</p>`,
	})
}

export function newSetPasswordToken() {
	const token = randomBytes(32).toString('base64url')
	return { token, hash: hashToken(token), expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS) }
}

function isUniqueViolation(error: unknown) {
	return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

/** POST /api/admin/customer-users: the user gets an e-mail to set a password. */
export async function createCustomerUser(ctx: AdminContext, input: CreateCustomerUserInput) {
	const org = await requireOrganization(ctx, input.organizationId)
	const setPassword = newSetPasswordToken()
	let row: AdminUserRow
	try {
		row = await prisma.$transaction(async (tx) => {
			if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })
			const created = await tx.user.create({
				data: {
					email: input.email,
					firstName: input.firstName,
					lastName: input.lastName,
					organizationId: org.id,
					role: input.role === 'user' ? 'member' : input.role,
					passwordResetToken: setPassword.hash,
					passwordResetTokenExpiresAt: setPassword.expiresAt,
				},
				select: adminUserSelect,
			})
			await audit(ctx, { action: 'admin.customer_user.create', targetType: 'user', targetId: created.id, details: { email: input.email, organizationId: org.id, role: created.role } }, tx)
			return created
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })
		throw error
	}
	await sendSetPasswordInvitation(input.email, input.firstName, setPassword.token, `An account was created for you at ${org.name} on Yardstick.`)
	return toAdminUser(row)
}

/** PATCH /api/admin/users/{id} */
export async function updateCustomerUser(ctx: AdminContext, userId: string, input: EditCustomerUserInput) {
	const row = await loadCustomer(ctx, userId)
	if (row.role === 'site_admin') throw forbidden(SITE_ADMIN_IS_STAFF)
	if (input.organizationId !== undefined && input.organizationId !== row.organizationId) {
		if (scopedOrganizationId(ctx)) throw forbidden('Account admins cannot move users to another organization.')
		await requireOrganization(ctx, input.organizationId)
	}
	if (input.isActive === false && userId === ctx.actor.user.id) throw forbidden('You cannot deactivate your own account.')
	try {
		const updated = await prisma.$transaction(async (tx) => {
			const u = await tx.user.update({ where: { id: userId }, data: input, select: adminUserSelect })
			await audit(ctx, { action: 'admin.user.update', targetType: 'user', targetId: userId, details: { fields: Object.keys(input) } }, tx)
			return u
		})
		if (input.isActive === false || (input.email && input.email !== row.email)) await destroyUserSessions(userId)
		return toAdminUser(updated)
	} catch (error) {
		if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN })
		throw error
	}
}

/** DELETE /api/admin/users/{id}: customer users only; their sessions end with them. */
export async function deleteCustomerUser(ctx: AdminContext, userId: string) {
	const row = await loadCustomer(ctx, userId)
	if (row.role === 'site_admin') throw forbidden(SITE_ADMIN_IS_STAFF)
	if (userId === ctx.actor.user.id || userId === ctx.auditUserId) throw forbidden(CANNOT_DELETE_SELF)
	await prisma.$transaction(async (tx) => {
		await tx.user.delete({ where: { id: userId } })
		await audit(ctx, { action: 'admin.user.delete', targetType: 'user', targetId: userId, details: { email: row.email } }, tx)
	})
	return { success: true, id: userId }
}

export async function getCustomerUser(ctx: AdminContext, userId: string) {
	return toAdminUser(await loadCustomer(ctx, userId))
}
