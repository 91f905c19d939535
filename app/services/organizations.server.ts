import { prisma } from '~/db.server.ts'
import { notFound } from '~/utils/http.server.ts'
import type { ClientUser } from './users.server.ts'

export const ORGANIZATION_NOT_FOUND = 'Organization not found'

/** GET /api/organizations/{id}: your own organization; site admins any. */
export async function getOrganization(user: ClientUser, id: string) {
	if (user.organizationId !== id) throw notFound(ORGANIZATION_NOT_FOUND)
	const org = await prisma.organization.findUnique({ where: { id }, include: { subscriptionTier: { select: { name: true } } } })
	if (!org) throw notFound(ORGANIZATION_NOT_FOUND)
	return {
		id: org.id,
		name: org.name,
		accountNumber: org.accountNumber,
		subscriptionTierId: org.subscriptionTierId,
		subscriptionTierName: org.subscriptionTier.name,
		subscriptionStatus: org.subscriptionStatus,
		accountBalance: org.accountBalance.toFixed(2),
		currentPeriodStart: org.currentPeriodStart.toISOString(),
		currentPeriodEnd: org.currentPeriodEnd?.toISOString() ?? null,
		searchesUsedThisMonth: org.searchesUsedThisMonth,
		reportsUsedThisMonth: org.reportsUsedThisMonth,
		defaultMapType: org.defaultMapType,
		defaultUnit: org.defaultUnit,
		allowAiTraining: org.allowAiTraining,
		aiTrainingConsentDate: org.aiTrainingConsentDate?.toISOString() ?? null,
		isDeactivated: org.isDeactivated,
		createdAt: org.createdAt.toISOString(),
	}
}

/** Data of a deactivated organization is removed this long after deactivation (spec 3). */
export const DATA_RETENTION_DAYS = 30

type Db = Pick<typeof prisma, 'organization'>

/**
 * Deactivates an organization: members lose access at once (the session and
 * sign-in checks read isDeactivated) and its data is scheduled for removal
 * DATA_RETENTION_DAYS later. Used by the admin panel and by the end of a
 * cancelled subscription. Pass a transaction client to run inside one.
 */
export async function deactivateOrganization(id: string, now: Date = new Date(), db: Db = prisma) {
	return db.organization.update({
		where: { id },
		data: {
			isDeactivated: true,
			deactivatedAt: now,
			dataCleanupAt: new Date(now.getTime() + DATA_RETENTION_DAYS * 86_400_000),
			subscriptionStatus: 'deactivated',
		},
	})
}

/** Restores access before the cleanup ran (spec 3: reactivation restores access). */
export async function reactivateOrganization(id: string, db: Db = prisma) {
	return db.organization.update({
		where: { id },
		data: { isDeactivated: false, deactivatedAt: null, dataCleanupAt: null, subscriptionStatus: 'active' },
	})
}
