// Monthly usage counters (decisions page "Usage limits"). A search counts only
// if BOTH the user's monthly limit and the organization tier's limit have room.
// Each counter moves with one conditional UPDATE inside one transaction, so
// concurrent requests can never overshoot either limit.
import { prisma } from '~/db.server.ts'
import { tooManyRequests } from '~/utils/http.server.ts'
import type { ClientUser } from './users.server.ts'
import { loadUserRow, toClientUser } from './users.server.ts'

export const SEARCH_LIMIT_REACHED = 'You have reached your search limit for this month.'

class LimitReached extends Error {}

export async function incrementSearch(user: ClientUser) {
	try {
		await prisma.$transaction(async (tx) => {
			const own = await tx.$executeRaw`
				UPDATE users SET "searchesUsedThisMonth" = "searchesUsedThisMonth" + 1, "updatedAt" = now()
				WHERE id = ${user.id} AND "searchesUsedThisMonth" < "maxSearchesPerMonth"`
			if (own !== 1) throw new LimitReached()
			if (user.organizationId) {
				const org = await tx.$executeRaw`
					UPDATE organizations o SET "searchesUsedThisMonth" = o."searchesUsedThisMonth" + 1, "updatedAt" = now()
					FROM subscription_tiers t
					WHERE o.id = ${user.organizationId} AND t.id = o."subscriptionTierId"
						AND (t."searchesPerMonth" IS NULL OR o."searchesUsedThisMonth" < t."searchesPerMonth")`
				if (org !== 1) throw new LimitReached()
			}
			// admin panel "Today's Searches" (issue 7)
			await tx.$executeRaw`
				INSERT INTO usage_days (day, "organizationId", searches) VALUES (${new Date().toISOString().slice(0, 10)}, ${user.organizationId ?? ''}, 1)
				ON CONFLICT (day, "organizationId") DO UPDATE SET searches = usage_days.searches + 1`
		})
	} catch (error) {
		if (error instanceof LimitReached) throw tooManyRequests(SEARCH_LIMIT_REACHED)
		throw error
	}
	const row = await loadUserRow(user.id)
	return { usageStats: toClientUser(row!).usageStats }
}
