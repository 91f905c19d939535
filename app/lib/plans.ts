// Tier feature flags (spec 1 §6) and plan-id mapping (decisions page). Pure.
export type TierFeatures = {
	hasAiMeasurement: boolean
	hasAdvancedReporting: boolean
	hasApiAccess: boolean
	hasMultiUserAccess: boolean
	hasPrioritySupport: boolean
}

const NONE: TierFeatures = {
	hasAiMeasurement: false,
	hasAdvancedReporting: false,
	hasApiAccess: false,
	hasMultiUserAccess: false,
	hasPrioritySupport: false,
}

const BY_TIER: Record<string, TierFeatures> = {
	starter: NONE,
	'beta-plan': { ...NONE, hasAdvancedReporting: true, hasMultiUserAccess: true, hasPrioritySupport: true },
	pro: { ...NONE, hasAiMeasurement: true, hasAdvancedReporting: true, hasMultiUserAccess: true, hasPrioritySupport: true },
	growth: { ...NONE, hasAiMeasurement: true, hasAdvancedReporting: true, hasMultiUserAccess: true, hasPrioritySupport: true },
	enterprise: { hasAiMeasurement: true, hasAdvancedReporting: true, hasApiAccess: true, hasMultiUserAccess: true, hasPrioritySupport: true },
	franchise: { hasAiMeasurement: true, hasAdvancedReporting: true, hasApiAccess: true, hasMultiUserAccess: true, hasPrioritySupport: true },
}

/** Feature keys an admin can tick on a plan (spec 3 §5). */
export const PLAN_FEATURE_KEYS = [
	'ai_predictions',
	'advanced_analytics',
	'team_collaboration',
	'priority_support',
	'custom_reports',
	'api_access',
	'data_export',
	'whitelabel',
] as const

/**
 * The spec's table decides for the known tier ids; a tier created by an admin
 * gets the flags its feature keys name; anything else gets none.
 */
export function tierFeatures(tierId: string | null | undefined, featureKeys: readonly string[] = []): TierFeatures {
	if (!tierId) return NONE
	const known = BY_TIER[tierId]
	if (known) return known
	const has = (key: string) => featureKeys.includes(key)
	return {
		hasAiMeasurement: has('ai_predictions'),
		hasAdvancedReporting: has('advanced_analytics') || has('custom_reports'),
		hasApiAccess: has('api_access'),
		hasMultiUserAccess: has('team_collaboration'),
		hasPrioritySupport: has('priority_support'),
	}
}

/** Checkout plan ids map to tiers: BETA → beta-plan, the others by the same id. */
export function tierIdForPlan(planId: string): string {
	return planId === 'BETA' ? 'beta-plan' : planId
}

/** "Plan tier resolution" of spec 1 §4 (tier query parameter wins). */
export function resolveTierId(queryTier: string | null, organizationTierId: string | null | undefined): string {
	if (queryTier === 'beta') return 'beta-plan'
	if (queryTier && ['pro', 'enterprise', 'starter'].includes(queryTier)) return queryTier
	return organizationTierId ?? 'starter'
}

/** The tighter of two limits; null only when both are unlimited. */
export function tighterLimit(a: number | null, b: number | null): number | null {
	if (a === null) return b
	if (b === null) return a
	return Math.min(a, b)
}

export const UNLIMITED_USERS_THRESHOLD = 999
export const isUnlimitedUsers = (maxUsers: number | null) => maxUsers === null || maxUsers >= UNLIMITED_USERS_THRESHOLD
