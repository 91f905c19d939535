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

/**
 * A search with no user behind it (the instant-quote widget, issue 19): it
 * counts against the organization tier's searchesPerMonth only, with the same
 * conditional UPDATE, and in the admin panel's searches of the day. False at
 * the limit (nothing counted).
 */
export async function incrementOrganizationSearch(organizationId: string): Promise<boolean> {
	return prisma.$transaction(async (tx) => {
		const org = await tx.$executeRaw`
			UPDATE organizations o SET "searchesUsedThisMonth" = o."searchesUsedThisMonth" + 1, "updatedAt" = now()
			FROM subscription_tiers t
			WHERE o.id = ${organizationId} AND t.id = o."subscriptionTierId"
				AND (t."searchesPerMonth" IS NULL OR o."searchesUsedThisMonth" < t."searchesPerMonth")`
		if (org !== 1) return false
		await tx.$executeRaw`
			INSERT INTO usage_days (day, "organizationId", searches) VALUES (${new Date().toISOString().slice(0, 10)}, ${organizationId}, 1)
			ON CONFLICT (day, "organizationId") DO UPDATE SET searches = usage_days.searches + 1`
		return true
	})
}

export const REPORT_LIMIT_REACHED = 'You have reached your report limit for this month. Upgrade your plan or wait until your next billing period to create more reports.'

/**
 * A report (one PDF) counts against the organization tier's reportsPerMonth
 * (null = unlimited) with one conditional UPDATE, so concurrent requests never
 * overshoot; the user's own counter (usageStats.reports) moves with it.
 */
export async function incrementReport(user: ClientUser) {
	try {
		await prisma.$transaction(async (tx) => {
			if (user.organizationId) {
				const org = await tx.$executeRaw`
					UPDATE organizations o SET "reportsUsedThisMonth" = o."reportsUsedThisMonth" + 1, "updatedAt" = now()
					FROM subscription_tiers t
					WHERE o.id = ${user.organizationId} AND t.id = o."subscriptionTierId"
						AND (t."reportsPerMonth" IS NULL OR o."reportsUsedThisMonth" < t."reportsPerMonth")`
				if (org !== 1) throw new LimitReached()
			}
			await tx.$executeRaw`
				UPDATE users SET "reportsUsedThisMonth" = "reportsUsedThisMonth" + 1, "updatedAt" = now()
				WHERE id = ${user.id}`
		})
	} catch (error) {
		if (error instanceof LimitReached) throw tooManyRequests(REPORT_LIMIT_REACHED)
		throw error
	}
}
