// The admin panel's sections, permission flags and display rules (spec 3 §2,
// §5, §6; decisions "Admin panel"). Pure: the server gates with it, the screen
// hides what the server would refuse.

/** The 8 flags of the admin view (spec 3 §3); all 8 on = 'Full Access'. */
export const ADMIN_FLAGS = [
	'canManageCoupons',
	'canManageSubscriptions',
	'canManageUsers',
	'canManageOrganizations',
	'canManageMeasurements',
	'canManageBlogPosts',
	'canViewAnalytics',
	'hasUnlimitedAccess',
] as const
export type AdminFlag = (typeof ADMIN_FLAGS)[number]
export type AdminFlags = Record<AdminFlag, boolean>

export const FLAG_LABELS: Record<AdminFlag, string> = {
	canManageCoupons: 'Manage coupons',
	canManageSubscriptions: 'Manage subscriptions',
	canManageUsers: 'Manage users',
	canManageOrganizations: 'Manage organizations',
	canManageMeasurements: 'Manage measurements',
	canManageBlogPosts: 'Manage blog posts',
	canViewAnalytics: 'View analytics',
	hasUnlimitedAccess: 'Unlimited access',
}

export const accessSummary = (flags: AdminFlags) => (ADMIN_FLAGS.every((f) => flags[f]) ? 'Full Access' : 'Partial Access')

export const ADMIN_SECTIONS = ['users', 'organizations', 'plans', 'coupons', 'team', 'blog', 'cleanup'] as const
export type AdminSection = (typeof ADMIN_SECTIONS)[number]

export const SECTION_LABELS: Record<AdminSection, string> = {
	users: 'Customer Users',
	organizations: 'Organizations',
	plans: 'Subscription Plans',
	coupons: 'Coupons',
	team: 'Team Members',
	blog: 'Blog Posts',
	cleanup: 'Data Cleanup',
}

/**
 * The flag each section (and its /api/admin/* paths) needs from a site admin.
 * Team Members hands out the flags themselves, so it needs unlimited access;
 * hasUnlimitedAccess opens every section.
 */
export const SECTION_FLAG: Record<AdminSection | 'stats' | 'masquerade', AdminFlag> = {
	users: 'canManageUsers',
	masquerade: 'canManageUsers',
	organizations: 'canManageOrganizations',
	cleanup: 'canManageOrganizations',
	plans: 'canManageSubscriptions',
	coupons: 'canManageCoupons',
	team: 'hasUnlimitedAccess',
	blog: 'canManageBlogPosts',
	stats: 'canViewAnalytics',
}

/** What an admin may open. account_admin: their own organization's users and stats only. */
export type AdminAccess = { role: 'site_admin'; flags: AdminFlags } | { role: 'account_admin'; organizationId: string }

export function canUse(access: AdminAccess, what: keyof typeof SECTION_FLAG): boolean {
	if (access.role === 'account_admin') return what === 'users' || what === 'stats'
	return access.flags.hasUnlimitedAccess || access.flags[SECTION_FLAG[what]]
}

export function sectionsFor(access: AdminAccess): AdminSection[] {
	return ADMIN_SECTIONS.filter((s) => canUse(access, s))
}

/** spec 3 §5: maxUsers null or ≥ 999 reads Unlimited */
export const formatMaxUsers = (maxUsers: number | null) => (maxUsers === null || maxUsers >= 999 ? 'Unlimited' : String(maxUsers))
export const formatLimit = (n: number | null) => (n === null ? 'Unlimited' : n.toLocaleString('en-US'))

/** spec 3 §2: uses read used / max, or ∞ when unlimited */
export const formatUses = (used: number, max: number | null) => `${used} / ${max === null ? '∞' : max}`

export function formatDiscount(type: string, value: string, freeTierId?: string | null): string {
	if (type === 'percentage') return `${Number(value)}%`
	if (type === 'fixed_amount') return `$${Number(value).toFixed(2)}`
	if (type === 'free_tier') return freeTierId ? `Free ${freeTierId}` : 'Free plan'
	return value
}

/** A URL slug from a title: lowercase ASCII words joined by dashes. */
export function slugify(title: string): string {
	const slug = title
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 80)
		.replace(/-+$/g, '')
	return slug || 'post'
}

/** The next day's run after the last one (the job runs daily). */
export const CLEANUP_INTERVAL_MS = 24 * 60 * 60 * 1000
