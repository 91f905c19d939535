import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { afterAll, expect, test } from 'vitest'
import { PrismaClient } from '../generated/prisma/client.ts'
import { computeEstimate, formatCents, type PriceItem } from '~/lib/estimate.ts'
import { domainAllows } from '~/lib/quote-widget.ts'
import { computeShape, computeTotals, computeTotalsBySurface, type Shape, type TotalsBySurface } from '~/lib/shapes.ts'
import { listLeads } from '~/services/leads.server.ts'
import { listMeasurements } from '~/services/measurements.server.ts'
import { listPrices } from '~/services/price-list.server.ts'
import { getQuoteWidgetSettings } from '~/services/quote-widget.server.ts'
import { getShareStatus } from '~/services/share.server.ts'
import { loadUserRow, toClientUser } from '~/services/users.server.ts'
import { DEMO_ACCOUNT_NUMBER, DEMO_LOGINS, TIERS, demoWanted, seed } from './seed.ts'

const client = (url: string) => new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) })
const prisma = client(process.env.DATABASE_URL!)
afterAll(() => prisma.$disconnect())

async function demoOwner() {
	const row = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_LOGINS[1].email }, select: { id: true } })
	return toClientUser((await loadUserRow(row.id))!)
}

/** Every row of the demo organization, as stored: seeding again must leave them exactly so. */
async function demoRows() {
	const org = await prisma.organization.findUniqueOrThrow({ where: { accountNumber: DEMO_ACCOUNT_NUMBER } })
	const where = { organizationId: org.id }
	return {
		org,
		users: await prisma.user.findMany({ where, orderBy: { email: 'asc' } }),
		prices: await prisma.servicePrice.findMany({ where, orderBy: { id: 'asc' } }),
		measurements: await prisma.measurement.findMany({ where, orderBy: { id: 'asc' } }),
		shares: await prisma.measurementShare.findMany({ where, orderBy: { id: 'asc' } }),
		leads: await prisma.lead.findMany({ where, orderBy: { id: 'asc' } }),
		widget: await prisma.quoteWidget.findUnique({ where }),
	}
}

test('the seed is idempotent and has what the spec lists', async () => {
	await seed(prisma, { demo: true })
	const counts = async () => [await prisma.subscriptionTier.count(), await prisma.user.count({ where: { email: { in: DEMO_LOGINS.map((l) => l.email) } } }), await prisma.blogPost.count({ where: { isPublished: true, slug: { in: ['welcome-to-yardstick', 'founding-member-beta', 'why-geodesic-areas-matter'] } } })]
	const before = await counts()
	const rowsBefore = await demoRows()
	await seed(prisma, { demo: true })
	expect(await counts()).toEqual(before)
	expect(before).toEqual([TIERS.length, 3, 3])
	// a database that already holds the demo organization: nothing changed, nothing doubled
	expect(await demoRows()).toEqual(rowsBefore)

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

test('the demo account shows a price list, three measurements, a shared and an accepted estimate, leads and the widget', async () => {
	await seed(prisma, { demo: true })
	const user = await demoOwner()

	// the price list, as the settings page and the API list it
	const prices = await listPrices(user, user.organizationId!)
	expect(prices.map(({ name, unit, unitPrice, minimumCharge }) => ({ name, unit, unitPrice, minimumCharge }))).toEqual([
		{ name: 'Edging', unit: 'ft', unitPrice: '0.35', minimumCharge: '0.00' },
		{ name: 'Fertilizer Application', unit: 'sqft', unitPrice: '0.0085', minimumCharge: '0.00' },
		{ name: 'Lawn Mowing', unit: 'sqft', unitPrice: '0.0125', minimumCharge: '45.00' },
		{ name: 'Spring Clean-Up', unit: 'flat', unitPrice: '175.00', minimumCharge: '0.00' },
	])

	// three saved measurements at three different real addresses
	const { measurements, total } = await listMeasurements(user, { page: 1, limit: 25 })
	expect(total).toBe(3)
	expect(new Set(measurements.map((m) => m.address)).size).toBe(3)
	expect(measurements.map((m) => m.address)).toEqual([
		'339 N Oak Park Ave, Oak Park, IL 60302',
		'413 S 8th St, Springfield, IL 62701',
		'219 N Delaware St, Independence, MO 64050',
	])
	for (const m of measurements) {
		const shapes = m.shapes as Shape[]
		// every figure is the app's exact geodesic one for the stored outline
		for (const shape of shapes) expect(shape.area_sqft).toBeCloseTo(computeShape(shape).area_sqft, 6)
		expect(m.total_area_sqft).toBeCloseTo(computeTotals(shapes).total_area_sqft, 6)
		// lawns of a few hundred to a few thousand square feet each
		for (const shape of shapes.filter((s) => s.type === 'polygon')) {
			expect(shape.area_sqft).toBeGreaterThan(300)
			expect(shape.area_sqft).toBeLessThan(5000)
		}
	}
	const [ai, withHole, manual] = measurements
	expect(ai!.measurement_type).toBe('ai')
	expect((ai!.shapes as Shape[]).every((s) => s.measurement_type === 'ai' && typeof s.ai_confidence === 'number')).toBe(true)
	expect(ai!.ai_confidence).toBeGreaterThan(0.5)
	const lawn = (withHole!.shapes as Shape[])[0]!
	expect(lawn.holes).toHaveLength(1)
	// the flower bed is cut out of the lawn
	expect(lawn.area_sqft).toBeLessThan(computeShape({ ...lawn, holes: [] }).area_sqft)
	expect(manual!.measurement_type).toBe('manual')
	expect(manual!.total_distance_feet).toBeGreaterThan(100)
	// surfaces (issue 32): the lawns are lawn, the AI's areas too, the walk's edge is edging; the bed stays a hole
	expect((ai!.shapes as Shape[]).map((s) => s.surface)).toEqual(['lawn', 'lawn'])
	expect(lawn.surface).toBe('lawn')
	expect((manual!.shapes as Shape[]).map((s) => s.surface)).toEqual(['lawn', 'lawn', 'lawn', 'edging'])
	expect(withHole!.totals_by_surface).toEqual(computeTotalsBySurface(withHole!.shapes as Shape[]))
	expect((withHole!.totals_by_surface as TotalsBySurface).lawn!.area_sqft).toBeCloseTo(lawn.area_sqft, 6)
	expect(prices.map((p) => [p.name, p.surface])).toEqual([
		['Edging', 'edging'],
		['Fertilizer Application', 'lawn'],
		['Lawn Mowing', 'lawn'],
		['Spring Clean-Up', 'all'],
	])

	// the shared estimate the customer has opened, and the accepted one
	const shared = await getShareStatus(user, manual!.id)
	expect(shared.link).toMatchObject({ active: true, viewCount: 3, accepted: null })
	expect(shared.link!.firstViewedAt).not.toBeNull()
	const accepted = await getShareStatus(user, withHole!.id)
	expect(accepted.accepted).toMatchObject({ name: 'Dana Whitfield', email: 'dana.whitfield@example.com' })
	const acceptedShare = await prisma.measurementShare.findFirstOrThrow({ where: { measurementId: withHole!.id } })
	const expected = computeEstimate(acceptedShare.priceItems as unknown as PriceItem[], { areaSqft: withHole!.total_area_sqft, lengthFeet: lawn.perimeter_m / 0.3048, bySurface: withHole!.totals_by_surface as TotalsBySurface }, acceptedShare.taxRate)
	expect(accepted.accepted!.total).toBe(formatCents(expected.totalCents))

	// leads: the acceptance's, and two from the widget in different states
	const { leads } = await listLeads(user, { page: 1, limit: 25 })
	expect(leads).toHaveLength(3)
	const widgetLeads = leads.filter((l) => l.source === 'widget')
	expect(widgetLeads).toHaveLength(2)
	expect(new Set(widgetLeads.map((l) => l.status))).toEqual(new Set(['new', 'contacted']))
	for (const l of widgetLeads) {
		expect(l.priceQuoted).toMatch(/^\$[\d,]+ – \$[\d,]+$/)
		expect(l.areaSqft).toBeGreaterThan(0)
		expect(l.shapes?.features).toHaveLength(1)
	}
	expect(leads.find((l) => l.source === 'share')).toMatchObject({ name: 'Dana Whitfield', address: withHole!.address, priceQuoted: accepted.accepted!.total })

	// the quote widget, on for localhost
	const widget = await getQuoteWidgetSettings(user)
	expect(widget).toMatchObject({ unavailableReason: null, enabled: true, allowedDomains: ['localhost'], priceDisplay: 'range' })
	expect(widget.publicKey).toMatch(/^[A-Za-z0-9_-]{22}$/)
	expect(widget.serviceIds.map((id) => prices.find((p) => p.id === id)?.name).sort()).toEqual(['Fertilizer Application', 'Lawn Mowing'])
	expect(domainAllows(widget.allowedDomains, 'http://localhost/')).toBe(true)
})

test('with demo off: the tiers and nothing of the demo', async () => {
	// a database of its own, so the other tests' demo organization is not in it
	const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
	await admin.connect()
	const name = `seed_off_${randomBytes(4).toString('hex')}`
	await admin.query(`CREATE DATABASE ${name}`)
	const url = new URL(process.env.DATABASE_URL!)
	url.pathname = `/${name}`
	const fresh = client(url.toString())
	try {
		const migrated = spawnSync(path.resolve('node_modules/.bin/prisma'), ['migrate', 'deploy'], { env: { ...process.env, DATABASE_URL: url.toString() }, encoding: 'utf8' })
		expect(migrated.status, migrated.stderr).toBe(0)
		await seed(fresh, { demo: false })
		await seed(fresh, { demo: false })
		expect(await fresh.subscriptionTier.count()).toBe(TIERS.length)
		const demo = [
			fresh.organization.count(),
			fresh.user.count(),
			fresh.blogPost.count(),
			fresh.servicePrice.count(),
			fresh.measurement.count(),
			fresh.measurementShare.count(),
			fresh.lead.count(),
			fresh.quoteWidget.count(),
		]
		expect(await Promise.all(demo)).toEqual([0, 0, 0, 0, 0, 0, 0, 0])
	} finally {
		await fresh.$disconnect()
		await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
		await admin.end()
	}
})

test('SEED_DEMO decides whether a first start seeds the demo; unset, only the embedded database gets it', () => {
	expect(demoWanted({ embedded: true, seedDemo: undefined })).toBe(true)
	expect(demoWanted({ embedded: true, seedDemo: 'false' })).toBe(false)
	expect(demoWanted({ embedded: false, seedDemo: undefined })).toBe(false)
	expect(demoWanted({ embedded: false, seedDemo: 'true' })).toBe(true)
})
