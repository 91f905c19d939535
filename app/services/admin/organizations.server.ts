// Organizations (spec 3 §2, §4): list, create, rename/replan, deactivate,
// reactivate before cleanup, and permanent delete of everything they own.
import { randomInt } from 'node:crypto'
import { prisma, Prisma } from '~/db.server.ts'
import type { z } from 'zod'
import type { CreateOrganizationSchema, EditOrganizationSchema } from '~/lib/schemas/admin.ts'
import { badRequest, conflict, notFound } from '~/utils/http.server.ts'
import { deactivateOrganization, reactivateOrganization, ORGANIZATION_NOT_FOUND } from '../organizations.server.ts'
import { audit, type AdminContext } from './access.server.ts'

export const PLAN_NOT_FOUND = 'Subscription plan not found'
export const NOT_DEACTIVATED = 'This organization is not deactivated.'
export const ALREADY_DEACTIVATED = 'This organization is already deactivated.'

const orgInclude = {
	subscriptionTier: { select: { name: true, monthlyPrice: true } },
	_count: { select: { users: true } },
} as const

type OrgRow = Prisma.OrganizationGetPayload<{ include: typeof orgInclude }>

/** The admin view of spec 3 §3 plus what the table shows (plan, price, users). */
export function toAdminOrganization(org: OrgRow) {
	return {
		id: org.id,
		name: org.name,
		accountNumber: org.accountNumber,
		subscriptionTierId: org.subscriptionTierId,
		subscriptionTierName: org.subscriptionTier.name,
		monthlyPrice: org.subscriptionTier.monthlyPrice.toFixed(2),
		userCount: org._count.users,
		isDeactivated: org.isDeactivated,
		deactivatedAt: org.deactivatedAt?.toISOString() ?? null,
		dataCleanupAt: org.dataCleanupAt?.toISOString() ?? null,
		createdAt: org.createdAt.toISOString(),
		defaultMapType: org.defaultMapType,
		defaultUnit: org.defaultUnit,
		allowAiTraining: org.allowAiTraining,
		aiTrainingConsentDate: org.aiTrainingConsentDate?.toISOString() ?? null,
	}
}
export type AdminOrganization = ReturnType<typeof toAdminOrganization>

export async function listOrganizations() {
	const rows = await prisma.organization.findMany({ include: orgInclude, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: 1000 })
	return rows.map(toAdminOrganization)
}

/** Names for pickers (add user, team member). Account admins get only their own. */
export async function organizationChoices(onlyId: string | null = null) {
	return prisma.organization.findMany({
		where: onlyId ? { id: onlyId } : { isDeactivated: false },
		select: { id: true, name: true, accountNumber: true },
		orderBy: { name: 'asc' },
		take: 1000,
	})
}

async function requireTier(id: string) {
	const tier = await prisma.subscriptionTier.findUnique({ where: { id }, select: { id: true } })
	if (!tier) throw badRequest(PLAN_NOT_FOUND, { subscriptionTierId: PLAN_NOT_FOUND })
}

async function newAccountNumber(tx: Prisma.TransactionClient) {
	for (;;) {
		const candidate = `YS-${randomInt(100_000, 1_000_000)}`
		if (!(await tx.organization.findUnique({ where: { accountNumber: candidate }, select: { id: true } }))) return candidate
	}
}

export async function createOrganization(ctx: AdminContext, input: z.output<typeof CreateOrganizationSchema>) {
	await requireTier(input.subscriptionTierId)
	const org = await prisma.$transaction(async (tx) => {
		const created = await tx.organization.create({
			data: { name: input.name, subscriptionTierId: input.subscriptionTierId, accountNumber: await newAccountNumber(tx) },
			include: orgInclude,
		})
		await audit(ctx, { action: 'admin.organization.create', targetType: 'organization', targetId: created.id, details: { name: input.name } }, tx)
		return created
	})
	return toAdminOrganization(org)
}

async function loadOrg(id: string) {
	const org = await prisma.organization.findUnique({ where: { id }, include: orgInclude })
	if (!org) throw notFound(ORGANIZATION_NOT_FOUND)
	return org
}

export async function updateOrganization(ctx: AdminContext, id: string, input: z.output<typeof EditOrganizationSchema>) {
	await loadOrg(id)
	if (input.subscriptionTierId) await requireTier(input.subscriptionTierId)
	const org = await prisma.$transaction(async (tx) => {
		const updated = await tx.organization.update({ where: { id }, data: input, include: orgInclude })
		await audit(ctx, { action: 'admin.organization.update', targetType: 'organization', targetId: id, details: input }, tx)
		return updated
	})
	return toAdminOrganization(org)
}

export async function adminDeactivateOrganization(ctx: AdminContext, id: string, now = new Date()) {
	const org = await loadOrg(id)
	if (org.isDeactivated) throw conflict(ALREADY_DEACTIVATED)
	await prisma.$transaction(async (tx) => {
		await deactivateOrganization(id, now, tx)
		// members lose access at once: their sessions end here, and sign-in says why
		await tx.session.deleteMany({ where: { user: { organizationId: id, role: { not: 'site_admin' } } } })
		await audit(ctx, { action: 'admin.organization.deactivate', targetType: 'organization', targetId: id, details: { name: org.name } }, tx)
	})
	return { message: 'Organization deactivated successfully', organization: toAdminOrganization(await loadOrg(id)) }
}

export async function adminReactivateOrganization(ctx: AdminContext, id: string) {
	const org = await loadOrg(id)
	if (!org.isDeactivated) throw conflict(NOT_DEACTIVATED)
	await prisma.$transaction(async (tx) => {
		await reactivateOrganization(id, tx)
		await audit(ctx, { action: 'admin.organization.reactivate', targetType: 'organization', targetId: id, details: { name: org.name } }, tx)
	})
	return { message: 'Organization reactivated successfully', organization: toAdminOrganization(await loadOrg(id)) }
}

/**
 * Removes an organization and everything that belongs to it, in the caller's
 * transaction: its users (and with them their sessions and staff profiles),
 * measurements, projects, invitations, invoices and line items. Site admins
 * attached to it only lose the link. Returns what was removed.
 */
export async function purgeOrganization(tx: Prisma.TransactionClient, id: string) {
	const measurements = await tx.measurement.deleteMany({ where: { organizationId: id } })
	const projects = await tx.project.deleteMany({ where: { organizationId: id } })
	const invitations = await tx.userInvitation.deleteMany({ where: { organizationId: id } })
	const lineItems = await tx.invoiceLineItem.deleteMany({ where: { invoice: { organizationId: id } } })
	const invoices = await tx.invoice.deleteMany({ where: { organizationId: id } })
	const sessions = await tx.session.deleteMany({ where: { user: { organizationId: id, role: { not: 'site_admin' } } } })
	const users = await tx.user.deleteMany({ where: { organizationId: id, role: { not: 'site_admin' } } })
	await tx.user.updateMany({ where: { organizationId: id }, data: { organizationId: null } })
	await tx.organization.delete({ where: { id } })
	return {
		users: users.count,
		sessions: sessions.count,
		measurements: measurements.count,
		projects: projects.count,
		invitations: invitations.count,
		invoices: invoices.count,
		invoiceLineItems: lineItems.count,
	}
}

export async function deleteOrganization(ctx: AdminContext, id: string) {
	const org = await loadOrg(id)
	const removed = await prisma.$transaction(async (tx) => {
		const counts = await purgeOrganization(tx, id)
		await audit(ctx, { action: 'admin.organization.delete', targetType: 'organization', targetId: id, details: { name: org.name, accountNumber: org.accountNumber, removed: counts } }, tx)
		return counts
	})
	return { success: true, id, removed }
}
