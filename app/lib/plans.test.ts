import { expect, test } from 'vitest'
import { isUnlimitedUsers, resolveTierId, tierFeatures, tierIdForPlan, tighterLimit } from './plans.ts'

const row = (tier: string) => {
	const f = tierFeatures(tier)
	return [f.hasAiMeasurement, f.hasAdvancedReporting, f.hasApiAccess, f.hasMultiUserAccess, f.hasPrioritySupport].map((b) => (b ? 'yes' : 'no'))
}

test('feature flags follow the tier table of spec 1 §6', () => {
	expect(row('starter')).toEqual(['no', 'no', 'no', 'no', 'no'])
	expect(row('beta-plan')).toEqual(['no', 'yes', 'no', 'yes', 'yes'])
	expect(row('pro')).toEqual(['yes', 'yes', 'no', 'yes', 'yes'])
	expect(row('growth')).toEqual(['yes', 'yes', 'no', 'yes', 'yes'])
	expect(row('enterprise')).toEqual(['yes', 'yes', 'yes', 'yes', 'yes'])
	expect(row('franchise')).toEqual(['yes', 'yes', 'yes', 'yes', 'yes'])
	expect(row('no-such-tier')).toEqual(['no', 'no', 'no', 'no', 'no'])
	expect(tierFeatures(null).hasAiMeasurement).toBe(false)
})

test('an admin-made tier gets the flags its feature keys name', () => {
	expect(tierFeatures('custom-gold', ['ai_predictions', 'api_access'])).toEqual({
		hasAiMeasurement: true,
		hasAdvancedReporting: false,
		hasApiAccess: true,
		hasMultiUserAccess: false,
		hasPrioritySupport: false,
	})
	// known ids ignore the keys: the spec's table wins
	expect(tierFeatures('starter', ['ai_predictions']).hasAiMeasurement).toBe(false)
})

test('plan ids map to tiers; tier query parameter resolution', () => {
	expect(tierIdForPlan('BETA')).toBe('beta-plan')
	expect(tierIdForPlan('pro')).toBe('pro')
	expect(resolveTierId('beta', 'pro')).toBe('beta-plan')
	expect(resolveTierId('enterprise', 'pro')).toBe('enterprise')
	expect(resolveTierId('bogus', 'growth')).toBe('growth')
	expect(resolveTierId(null, null)).toBe('starter')
})

test('the tighter limit; null only when both are unlimited', () => {
	expect(tighterLimit(50, 250)).toBe(50)
	expect(tighterLimit(500, 250)).toBe(250)
	expect(tighterLimit(null, 10)).toBe(10)
	expect(tighterLimit(10, null)).toBe(10)
	expect(tighterLimit(null, null)).toBeNull()
})

test('maxUsers of 999 or more (or null) is unlimited', () => {
	expect(isUnlimitedUsers(null)).toBe(true)
	expect(isUnlimitedUsers(999)).toBe(true)
	expect(isUnlimitedUsers(998)).toBe(false)
})
