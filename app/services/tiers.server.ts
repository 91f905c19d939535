import { prisma, type Prisma } from '~/db.server.ts'
import { tierFeatures } from '~/lib/plans.ts'

/** A plan as the API returns it: prices as decimal strings, null limits = unlimited. */
export function toApiTier(t: Prisma.SubscriptionTierGetPayload<object>) {
	return {
		id: t.id,
		name: t.name,
		description: t.description,
		monthlyPrice: t.monthlyPrice.toFixed(2),
		searchesPerMonth: t.searchesPerMonth,
		reportsPerMonth: t.reportsPerMonth,
		maxUsers: t.maxUsers,
		features: t.features,
		isActive: t.isActive,
		isAvailable: t.isAvailable,
	}
}

/** GET /api/subscription-tiers: the active plans. */
export async function listTiers() {
	const tiers = await prisma.subscriptionTier.findMany({ where: { isActive: true }, orderBy: [{ monthlyPrice: 'asc' }, { id: 'asc' }] })
	return tiers.map((t) => ({ ...toApiTier(t), ...tierFeatures(t.id, t.features) }))
}
