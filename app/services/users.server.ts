// The signed-in user as the client reads it (spec 1 §3, decisions "usageStats").
import { prisma } from '~/db.server.ts'
import { tierFeatures, tighterLimit } from '~/lib/plans.ts'

export const userSelect = {
	id: true,
	email: true,
	firstName: true,
	lastName: true,
	role: true,
	organizationId: true,
	profileImageUrl: true,
	canViewInvoices: true,
	isActive: true,
	emailVerified: true,
	preferredMapType: true,
	preferredUnit: true,
	themePreference: true,
	marketingEmails: true,
	productUpdates: true,
	tipsTutorials: true,
	twoFactorEnabled: true,
	maxSearchesPerMonth: true,
	searchesUsedThisMonth: true,
	reportsUsedThisMonth: true,
	createdAt: true,
	organization: {
		select: {
			id: true,
			name: true,
			accountNumber: true,
			subscriptionTierId: true,
			isDeactivated: true,
			defaultMapType: true,
			defaultUnit: true,
			allowAiTraining: true,
			searchesUsedThisMonth: true,
			reportsUsedThisMonth: true,
			subscriptionTier: { select: { name: true, searchesPerMonth: true, reportsPerMonth: true, features: true } },
		},
	},
} as const

export async function loadUserRow(userId: string) {
	return prisma.user.findUnique({ where: { id: userId }, select: userSelect })
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof loadUserRow>>>

export type OriginalAdmin = { id: string; firstName: string | null; lastName: string | null; email: string }

/** The JSON shape of GET /api/auth/user and of the `user` in the login reply. */
export function toClientUser(row: UserRow, originalAdmin: OriginalAdmin | null = null) {
	const org = row.organization
	const tier = org?.subscriptionTier
	const orgSearchLimit = tier ? tier.searchesPerMonth : null
	const orgReportLimit = tier ? tier.reportsPerMonth : null
	return {
		id: row.id,
		email: row.email,
		firstName: row.firstName,
		lastName: row.lastName,
		role: row.role,
		organizationId: row.organizationId,
		profileImageUrl: row.profileImageUrl,
		canViewInvoices: row.canViewInvoices,
		emailVerified: row.emailVerified,
		preferredMapType: row.preferredMapType,
		preferredUnit: row.preferredUnit,
		themePreference: row.themePreference,
		marketingEmails: row.marketingEmails,
		productUpdates: row.productUpdates,
		tipsTutorials: row.tipsTutorials,
		twoFactorEnabled: row.twoFactorEnabled,
		createdAt: row.createdAt.toISOString(),
		isMasquerading: originalAdmin !== null,
		originalAdminUser: originalAdmin,
		organization: org
			? {
					id: org.id,
					name: org.name,
					accountNumber: org.accountNumber,
					subscriptionTierId: org.subscriptionTierId,
					subscriptionTierName: tier?.name ?? null,
					defaultMapType: org.defaultMapType,
					defaultUnit: org.defaultUnit,
					allowAiTraining: org.allowAiTraining,
					features: tierFeatures(org.subscriptionTierId, tier?.features ?? []),
				}
			: null,
		usageStats: {
			searches: row.searchesUsedThisMonth,
			searchLimit: tighterLimit(row.maxSearchesPerMonth, org ? orgSearchLimit : null),
			reports: row.reportsUsedThisMonth,
			reportLimit: org ? orgReportLimit : null,
			organizationUsage: {
				searches: org?.searchesUsedThisMonth ?? 0,
				searchLimit: orgSearchLimit,
				reports: org?.reportsUsedThisMonth ?? 0,
				reportLimit: orgReportLimit,
			},
		},
	}
}

export type ClientUser = ReturnType<typeof toClientUser>
