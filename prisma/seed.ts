// Idempotent seed: the subscription tiers of spec 2 §9 / spec 1 §6, and (demo)
// an organization on pro with an account admin and a member, a site admin with
// all permissions and three published blog posts; the organization comes with
// what the product shows (prisma/demo-content.ts), made once with it.
// `npm run db:seed`; the server runs it on first start.
import { fileURLToPath } from 'node:url'
import { hash } from '@node-rs/argon2'
import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from '../generated/prisma/client.ts'
import { seedDemoContent } from './demo-content.ts'

export const DEMO_LOGINS = [
	{ role: 'site_admin', email: 'admin@yardstick.local', password: 'Yardstick-admin-2025' },
	{ role: 'account_admin', email: 'owner@demo-landscaping.local', password: 'Yardstick-demo-2025' },
	{ role: 'member', email: 'crew@demo-landscaping.local', password: 'Yardstick-demo-2025' },
] as const

export const TIERS = [
	{
		id: 'free',
		name: 'Free',
		description: 'Try Yardstick with a handful of searches each month.',
		monthlyPrice: '0.00',
		searchesPerMonth: 10,
		reportsPerMonth: 1,
		maxUsers: 1,
		features: ['10 measurements/month', '1 report/month', 'Manual tools'],
		isAvailable: false,
	},
	{
		id: 'trial',
		name: '30 Day Trial',
		description: 'Everything you need to try Yardstick for 30 days.',
		monthlyPrice: '0.00',
		searchesPerMonth: 10,
		reportsPerMonth: 1,
		maxUsers: 1,
		features: ['10 measurements', '3 saves', '1 report'],
	},
	{
		id: 'beta-plan',
		name: 'Founding Member Access',
		description: 'Free founding-member beta with exclusive pricing at launch.',
		monthlyPrice: '0.00',
		searchesPerMonth: 250,
		reportsPerMonth: 250,
		maxUsers: 1,
		features: ['250 measurements/month', '250 saves and reports', 'AI grass detection', 'PDF reports', 'Single user'],
	},
	{
		id: 'starter',
		name: 'Starter',
		description: 'Manual measuring tools for owner-operators.',
		monthlyPrice: '29.99',
		searchesPerMonth: 100,
		reportsPerMonth: 100,
		maxUsers: 1,
		features: ['100 manual measurements/month', '100 saves', '1 user', 'Manual tools only'],
	},
	{
		id: 'pro',
		name: 'Pro',
		description: 'AI grass detection and advanced tools for growing crews.',
		monthlyPrice: '49.99',
		searchesPerMonth: 250,
		reportsPerMonth: 250,
		maxUsers: 2,
		features: ['250 measurements and reports/month', '250 saves', '2 users', 'AI detection', 'Advanced tools'],
	},
	{
		id: 'growth',
		name: 'Growth',
		description: 'Unlimited users and analytics for multi-crew companies.',
		monthlyPrice: '99.99',
		searchesPerMonth: 500,
		reportsPerMonth: 500,
		maxUsers: null,
		features: ['500 measurements and reports/month', '500 saves', 'Unlimited users', 'AI', 'Advanced analytics'],
	},
	{
		id: 'enterprise',
		name: 'Enterprise',
		description: 'API access, SSO and priority support for large operations.',
		monthlyPrice: '199.99',
		searchesPerMonth: 1000,
		reportsPerMonth: 1000,
		maxUsers: null,
		features: ['1000 measurements and reports/month', '1000 saves', 'API access', 'SSO/SAML', 'Unlimited users', 'AI', 'Priority support'],
	},
	{
		id: 'franchise',
		name: 'Franchise',
		description: 'Custom limits and multi-location management. Contact Sales.',
		monthlyPrice: '0.00',
		searchesPerMonth: null,
		reportsPerMonth: null,
		maxUsers: null,
		features: ['Custom limits', 'Multi-location management', 'Franchise reporting', 'Dedicated support'],
		isAvailable: false,
	},
]

const BLOG_POSTS = [
	{
		slug: 'welcome-to-yardstick',
		title: 'Welcome to Yardstick',
		excerpt: 'Measure lawns and properties from your desk, and quote the job without driving there.',
		content:
			'Yardstick is a measuring tool built for outdoor-service contractors.\nSearch a US address, draw the lawn on satellite imagery and get exact square footage in seconds.\nSave measurements per property and export a report for your quote.',
		publishDate: '2025-09-01T12:00:00.000Z',
	},
	{
		slug: 'founding-member-beta',
		title: 'Join the founding-member beta',
		excerpt: 'Founding members get 250 measurements a month free during the beta, and exclusive pricing at launch.',
		content:
			'The founding-member beta is open.\nYou get 250 measurements, saves and reports each month, PDF reports and AI grass detection as it matures.\nNo credit card required.',
		publishDate: '2025-09-15T12:00:00.000Z',
	},
	{
		slug: 'why-geodesic-areas-matter',
		title: 'Why exact geodesic areas matter',
		excerpt: 'Flat-map formulas drift by a few percent; Yardstick measures on the WGS84 ellipsoid.',
		content:
			'Many web maps measure areas on a flat projection, which drifts with latitude.\nYardstick computes areas and lengths on the WGS84 ellipsoid, the same model GPS uses.\nThe result: numbers you can put on a quote.',
		publishDate: '2025-10-01T12:00:00.000Z',
	},
]

export const DEMO_ACCOUNT_NUMBER = 'YS-100001'

const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export async function seed(prisma: PrismaClient, { demo, now = new Date() }: { demo: boolean; now?: Date }) {
	for (const { isAvailable = true, ...tier } of TIERS) {
		await prisma.subscriptionTier.upsert({ where: { id: tier.id }, update: {}, create: { ...tier, isAvailable } })
	}
	if (!demo) return
	const [admin, owner, member] = DEMO_LOGINS
	// hashed before the transaction: argon2 takes a while, the transaction should not
	const passwords = new Map<string, string>(await Promise.all(DEMO_LOGINS.map(async (l) => [l.email, await hash(l.password, ARGON2)] as const)))
	// one transaction: the organization and its demo content appear together or not at all, and a
	// database that already holds the organization keeps it as it is (nothing changed, nothing doubled)
	await prisma.$transaction(
		async (tx) => {
			const existing = await tx.organization.findUnique({ where: { accountNumber: DEMO_ACCOUNT_NUMBER }, select: { id: true } })
			const org =
				existing ??
				(await tx.organization.create({
					data: {
						accountNumber: DEMO_ACCOUNT_NUMBER,
						name: 'Demo Landscaping Co',
						subscriptionTierId: 'pro',
						currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000),
						allowAiTraining: true,
					},
				}))
			const user = async (email: string, data: Record<string, unknown>) =>
				tx.user.upsert({
					where: { email },
					update: {},
					create: { email, password: passwords.get(email)!, emailVerified: true, agreedToTerms: true, termsAgreedAt: now, ...data },
				})
			const siteAdmin = await user(admin.email, { firstName: 'Sam', lastName: 'Staff', role: 'site_admin' })
			await tx.adminUser.upsert({
				where: { userId: siteAdmin.id },
				update: {},
				create: {
					userId: siteAdmin.id,
					canManageCoupons: true,
					canManageSubscriptions: true,
					canManageUsers: true,
					canManageOrganizations: true,
					canManageMeasurements: true,
					canManageBlogPosts: true,
					canViewAnalytics: true,
					canManageInvoices: true,
					hasUnlimitedAccess: true,
				},
			})
			const ownerRow = await user(owner.email, {
				firstName: 'Olivia',
				lastName: 'Owner',
				role: 'account_admin',
				organizationId: org.id,
				canViewInvoices: true,
			})
			const memberRow = await user(member.email, { firstName: 'Carlos', lastName: 'Crew', role: 'member', organizationId: org.id })
			for (const post of BLOG_POSTS) {
				await tx.blogPost.upsert({
					where: { slug: post.slug },
					update: {},
					create: { ...post, publishDate: new Date(post.publishDate), isPublished: true, authorId: siteAdmin.id },
				})
			}
			if (!existing) await seedDemoContent(tx, { organizationId: org.id, ownerId: ownerRow.id, memberId: memberRow.id, ownerName: 'Olivia Owner', now })
		},
		{ timeout: 60_000 },
	)
}

/**
 * Whether the server seeds the demo organization on a first start: SEED_DEMO=true or false
 * decides; unset, the embedded database (one machine, trying Yardstick) gets it and an
 * operator's PostgreSQL does not.
 */
export function demoWanted({ embedded, seedDemo }: { embedded: boolean; seedDemo: string | undefined }): boolean {
	if (seedDemo === 'true') return true
	if (seedDemo === 'false') return false
	return embedded
}

export function demoLoginsText() {
	const lines = DEMO_LOGINS.map((l) => `  ${l.role.padEnd(14)} ${l.email.padEnd(32)} ${l.password}`)
	return ['Demo data seeded. Sign in at /auth with:', ...lines].join('\n')
}

function client() {
	return new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) })
}

/** Seeds on first start (no tiers yet). Returns the demo logins text, or null. */
export async function seedIfEmpty({ demo }: { demo: boolean }): Promise<string | null> {
	const prisma = client()
	try {
		if ((await prisma.subscriptionTier.count()) > 0) return null
		await seed(prisma, { demo })
		return demo ? demoLoginsText() : 'Subscription tiers seeded.'
	} finally {
		await prisma.$disconnect()
	}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const prisma = client()
	const demo = process.env.SEED_DEMO !== 'false'
	await seed(prisma, { demo })
	await prisma.$disconnect()
	console.log(demo ? demoLoginsText() : 'Subscription tiers seeded (SEED_DEMO=false: no demo data).')
}
