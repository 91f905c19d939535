import { prisma } from '~/db.server.ts'
import { tierFeatures } from '~/lib/plans.ts'

/** GET /api/subscription-tiers: the active plans, prices as decimal strings. */
export async function listTiers() {
	const tiers = await prisma.subscriptionTier.findMany({ where: { isActive: true }, orderBy: [{ monthlyPrice: 'asc' }, { id: 'asc' }] })
	return tiers.map((t) => ({
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
		...tierFeatures(t.id, t.features),
	}))
}
