import { describe, expect, test } from 'vitest'
import { accessSummary, ADMIN_FLAGS, canUse, formatMaxUsers, formatUses, sectionsFor, slugify, type AdminFlags } from './admin.ts'
import { CreateCouponSchema, CreateTierSchema } from './schemas/admin.ts'

const flags = (...on: string[]) => Object.fromEntries(ADMIN_FLAGS.map((f) => [f, on.includes(f)])) as AdminFlags

describe('admin permissions', () => {
	test('each flag opens its sections; unlimited access opens all; account admins get users and stats', () => {
		const blog = { role: 'site_admin' as const, flags: flags('canManageBlogPosts') }
		expect(sectionsFor(blog)).toEqual(['blog'])
		expect(canUse(blog, 'stats')).toBe(false)
		expect(sectionsFor({ role: 'site_admin', flags: flags('canManageOrganizations') })).toEqual(['organizations', 'cleanup'])
		expect(sectionsFor({ role: 'site_admin', flags: flags('hasUnlimitedAccess') })).toHaveLength(7)
		const owner = { role: 'account_admin' as const, organizationId: 'o1' }
		expect(sectionsFor(owner)).toEqual(['users'])
		expect(canUse(owner, 'stats')).toBe(true)
		expect(canUse(owner, 'masquerade')).toBe(false)
	})
	test('Full Access only with all 8 flags', () => {
		expect(accessSummary(flags(...ADMIN_FLAGS))).toBe('Full Access')
		expect(accessSummary(flags(...ADMIN_FLAGS.slice(1)))).toBe('Partial Access')
	})
})

describe('display and parsing rules (spec 3 §5)', () => {
	test('maxUsers null or ≥ 999 is Unlimited; uses show ∞ without a maximum', () => {
		expect([formatMaxUsers(null), formatMaxUsers(999), formatMaxUsers(5)]).toEqual(['Unlimited', 'Unlimited', '5'])
		expect([formatUses(3, null), formatUses(3, 10)]).toEqual(['3 / ∞', '3 / 10'])
	})
	test('slugs are lowercase words joined by dashes', () => {
		expect(slugify('  Spring Lawn Tips: 5 Ways (2025)! ')).toBe('spring-lawn-tips-5-ways-2025')
		expect(slugify('Café Öffnung')).toBe('cafe-offnung')
		expect(slugify('!!!')).toBe('post')
	})
	test('tier defaults: price 0, limits null (unlimited), maxUsers 1', () => {
		const t = CreateTierSchema.parse({ id: 'Gold-2', name: 'Gold', monthlyPrice: '', searchesPerMonth: '', reportsPerMonth: '', features: 'api_access' })
		expect(t).toMatchObject({ id: 'gold-2', monthlyPrice: 0, searchesPerMonth: null, reportsPerMonth: null, maxUsers: 1, features: ['api_access'] })
		expect(CreateTierSchema.safeParse({ id: 'x', name: 'X', monthlyPrice: '9.999' }).success).toBe(false)
	})
	test('coupon: decimal discount, integer-or-null uses, ISO-or-null expiry; bad discounts refused', () => {
		const c = CreateCouponSchema.parse({ code: 'spring25', name: 'Spring', discountType: 'percentage', discountValue: '25.5', maxUses: '', validUntil: '2030-01-31' })
		expect(c).toMatchObject({ code: 'SPRING25', discountValue: 25.5, maxUses: null })
		expect(c.validUntil?.toISOString()).toBe('2030-01-31T23:59:59.999Z')
		expect(CreateCouponSchema.parse({ code: 'AB', name: 'n', discountType: 'fixed_amount', discountValue: 5, validUntil: '' }).validUntil).toBeNull()
		expect(CreateCouponSchema.safeParse({ code: 'AB', name: 'n', discountType: 'percentage', discountValue: 150 }).success).toBe(false)
		expect(CreateCouponSchema.safeParse({ code: 'AB', name: 'n', discountType: 'fixed_amount', discountValue: -1 }).success).toBe(false)
		expect(CreateCouponSchema.safeParse({ code: 'AB', name: 'n', discountType: 'percentage', discountValue: 'abc' }).success).toBe(false)
		expect(CreateCouponSchema.safeParse({ code: 'AB', name: 'n', discountType: 'fixed_amount', discountValue: 5, maxUses: '2.5' }).success).toBe(false)
	})
})
