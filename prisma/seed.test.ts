import { PrismaPg } from '@prisma/adapter-pg'
import { afterAll, expect, test } from 'vitest'
import { PrismaClient } from '../generated/prisma/client.ts'
import { DEMO_LOGINS, TIERS, seed } from './seed.ts'

const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) })
afterAll(() => prisma.$disconnect())

test('the seed is idempotent and has what the spec lists', async () => {
	await seed(prisma, { demo: true })
	const counts = async () => [await prisma.subscriptionTier.count(), await prisma.user.count({ where: { email: { in: DEMO_LOGINS.map((l) => l.email) } } }), await prisma.blogPost.count({ where: { isPublished: true, slug: { in: ['welcome-to-yardstick', 'founding-member-beta', 'why-geodesic-areas-matter'] } } })]
	const before = await counts()
	await seed(prisma, { demo: true })
	expect(await counts()).toEqual(before)
	expect(before).toEqual([TIERS.length, 3, 3])

	const tiers = Object.fromEntries((await prisma.subscriptionTier.findMany()).map((t) => [t.id, t]))
	expect(Object.keys(tiers).sort()).toEqual(['beta-plan', 'enterprise', 'franchise', 'free', 'growth', 'pro', 'starter', 'trial'])
	expect(tiers.starter!.monthlyPrice.toString()).toBe('29.99')
	expect(tiers.pro!.monthlyPrice.toString()).toBe('49.99')
	expect(tiers.growth!.monthlyPrice.toString()).toBe('99.99')
	expect(tiers.enterprise!.monthlyPrice.toString()).toBe('199.99')
	expect(tiers['beta-plan']!).toMatchObject({ name: 'Founding Member Access', searchesPerMonth: 250, reportsPerMonth: 250 })
	expect(tiers.trial!).toMatchObject({ name: '30 Day Trial', searchesPerMonth: 10, reportsPerMonth: 1 })

	const owner = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_LOGINS[1].email }, include: { organization: true } })
	expect(owner.role).toBe('account_admin')
	expect(owner.organization?.subscriptionTierId).toBe('pro')
	const admin = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_LOGINS[0].email }, include: { adminProfile: true } })
	expect(admin.role).toBe('site_admin')
	const flags = admin.adminProfile!
	expect([flags.canManageCoupons, flags.canManageSubscriptions, flags.canManageUsers, flags.canManageOrganizations, flags.canManageMeasurements, flags.canManageBlogPosts, flags.canViewAnalytics, flags.hasUnlimitedAccess].every(Boolean)).toBe(true)
})
