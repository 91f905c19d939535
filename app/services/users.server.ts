// The signed-in user as the client reads it (spec 1 §3, decisions "usageStats").
import { hotQuery, prisma } from '~/db.server.ts'
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

type SessionUserSql = {
	sid: string
	session_user_id: string
	expire: Date
	sess: unknown
	id: string
	email: string
	firstName: string | null
	lastName: string | null
	role: string
	organizationId: string | null
	profileImageUrl: string | null
	canViewInvoices: boolean
	isActive: boolean
	emailVerified: boolean
	preferredMapType: string | null
	preferredUnit: string | null
	themePreference: string
	marketingEmails: boolean
	productUpdates: boolean
	tipsTutorials: boolean
	twoFactorEnabled: boolean
	maxSearchesPerMonth: number
	searchesUsedThisMonth: number
	reportsUsedThisMonth: number
	createdAt: Date
	org_id: string | null
	org_name: string
	org_account_number: string
	org_tier_id: string
	org_deactivated: boolean
	org_map_type: string
	org_unit: string
	org_ai_training: boolean
	org_searches: number
	org_reports: number
	tier_name: string | null
	tier_searches: number | null
	tier_reports: number | null
	tier_features: string[]
}

// `userSelect` by hand, with the session, in one prepared statement (db.server.ts hotQuery)
const SESSION_USER_SQL = `SELECT s.sid, s."userId" AS session_user_id, s.expire, s.sess,
	u.id, u.email, u."firstName", u."lastName", u.role, u."organizationId", u."profileImageUrl", u."canViewInvoices", u."isActive",
	u."emailVerified", u."preferredMapType", u."preferredUnit", u."themePreference", u."marketingEmails", u."productUpdates",
	u."tipsTutorials", u."twoFactorEnabled", u."maxSearchesPerMonth", u."searchesUsedThisMonth", u."reportsUsedThisMonth", u."createdAt",
	o.id AS org_id, o.name AS org_name, o."accountNumber" AS org_account_number, o."subscriptionTierId" AS org_tier_id,
	o."isDeactivated" AS org_deactivated, o."defaultMapType" AS org_map_type, o."defaultUnit" AS org_unit,
	o."allowAiTraining" AS org_ai_training, o."searchesUsedThisMonth" AS org_searches, o."reportsUsedThisMonth" AS org_reports,
	t.name AS tier_name, t."searchesPerMonth" AS tier_searches, t."reportsPerMonth" AS tier_reports, t.features AS tier_features
FROM sessions s
JOIN users u ON u.id = s."userId"
LEFT JOIN organizations o ON o.id = u."organizationId"
LEFT JOIN subscription_tiers t ON t.id = o."subscriptionTierId"
WHERE s.sid = $1`

export type SessionWithUser = { sid: string; userId: string; expire: Date; sess: unknown; user: UserRow }

/**
 * The session row with id `sid` and its user as `userSelect` reads it — what
 * every signed-in request looks up, so it skips Prisma (db.server.ts hotQuery;
 * users.server.test.ts holds it equal to Prisma's answer).
 */
export async function findSessionWithUser(sid: string): Promise<SessionWithUser | null> {
	const [r] = await hotQuery<SessionUserSql>('session_user', SESSION_USER_SQL, [sid])
	if (!r) return null
	const user: UserRow = {
		id: r.id,
		email: r.email,
		firstName: r.firstName,
		lastName: r.lastName,
		role: r.role,
		organizationId: r.organizationId,
		profileImageUrl: r.profileImageUrl,
		canViewInvoices: r.canViewInvoices,
		isActive: r.isActive,
		emailVerified: r.emailVerified,
		preferredMapType: r.preferredMapType,
		preferredUnit: r.preferredUnit,
		themePreference: r.themePreference,
		marketingEmails: r.marketingEmails,
		productUpdates: r.productUpdates,
		tipsTutorials: r.tipsTutorials,
		twoFactorEnabled: r.twoFactorEnabled,
		maxSearchesPerMonth: r.maxSearchesPerMonth,
		searchesUsedThisMonth: r.searchesUsedThisMonth,
		reportsUsedThisMonth: r.reportsUsedThisMonth,
		createdAt: r.createdAt,
		organization:
			r.org_id === null
				? null
				: {
						id: r.org_id,
						name: r.org_name,
						accountNumber: r.org_account_number,
						subscriptionTierId: r.org_tier_id,
						isDeactivated: r.org_deactivated,
						defaultMapType: r.org_map_type,
						defaultUnit: r.org_unit,
						allowAiTraining: r.org_ai_training,
						searchesUsedThisMonth: r.org_searches,
						reportsUsedThisMonth: r.org_reports,
						subscriptionTier: { name: r.tier_name!, searchesPerMonth: r.tier_searches, reportsPerMonth: r.tier_reports, features: r.tier_features },
					},
	}
	return { sid: r.sid, userId: r.session_user_id, expire: r.expire, sess: r.sess, user }
}

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
