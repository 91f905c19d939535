import { prisma } from '~/db.server.ts'
import { notFound } from '~/utils/http.server.ts'
import type { ClientUser } from './users.server.ts'

export const ORGANIZATION_NOT_FOUND = 'Organization not found'

/** GET /api/organizations/{id}: your own organization; site admins any. */
export async function getOrganization(user: ClientUser, id: string) {
	if (user.role !== 'site_admin' && user.organizationId !== id) throw notFound(ORGANIZATION_NOT_FOUND)
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
