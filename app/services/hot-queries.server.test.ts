// The hot reads (db.server.ts hotQuery) skip Prisma; these hold each one
// equal to what Prisma answers for the same question, field by field.
import { afterAll, expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import { makeOrganization, makeUser } from '../../tests/integration/factories.ts'
import { listMeasurements, toApi } from './measurements.server.ts'
import { createSession, hashToken } from './session.server.ts'
import { findSessionWithUser, toClientUser, userSelect } from './users.server.ts'

// timestamps are stored without a zone: read them in a server zone that is not UTC
const zone = process.env.TZ
process.env.TZ = 'America/Chicago'
afterAll(() => {
	if (zone === undefined) delete process.env.TZ
	else process.env.TZ = zone
})

async function bothWays(userId: string) {
	const { token } = await createSession(userId, { remember: true })
	const sid = hashToken(token)
	const viaPrisma = await prisma.session.findUniqueOrThrow({ where: { sid }, include: { user: { select: userSelect } } })
	const hot = await findSessionWithUser(sid)
	return { viaPrisma, hot }
}

test('the session and its user read by hand equal Prisma’s userSelect, with and without an organization', async () => {
	const organization = await makeOrganization('pro')
	await prisma.organization.update({ where: { id: organization.id }, data: { searchesUsedThisMonth: 7, reportsUsedThisMonth: 2, allowAiTraining: true } })
	const member = await makeUser({ organizationId: organization.id })
	await prisma.user.update({ where: { id: member.id }, data: { preferredUnit: 'acres', profileImageUrl: '/uploads/x.png', twoFactorEnabled: true } })
	const staff = await makeUser({ role: 'site_admin', organizationId: null })

	for (const id of [member.id, staff.id]) {
		const { viaPrisma, hot } = await bothWays(id)
		expect(hot).not.toBeNull()
		const { user, ...session } = viaPrisma
		expect(hot).toEqual({ ...session, user })
		expect(toClientUser(hot!.user)).toEqual(toClientUser(user))
	}
	const { hot } = await bothWays(member.id)
	expect(hot!.user.organization?.subscriptionTier.features.length).toBeGreaterThan(0)
	expect(hot!.user.preferredUnit).toBe('acres')
	expect(await findSessionWithUser(hashToken('no-such-token'))).toBeNull()
})

test('the measurement page read by hand equals Prisma’s findMany: same rows, order, dates and JSON', async () => {
	const organization = await makeOrganization('pro')
	const other = await makeOrganization('pro')
	const user = await makeUser({ organizationId: organization.id, role: 'account_admin' })
	const base = Date.UTC(2026, 0, 15, 12, 30, 45, 123)
	for (let i = 0; i < 7; i++) {
		await prisma.measurement.create({
			data: {
				organizationId: i === 3 ? other.id : organization.id,
				label: `Lot ${i}`,
				address: `${i} Main St, Austin, TX`,
				shapes: [{ type: 'polygon', coordinates: [{ lat: 30 + i, lng: -97 }], area_sqft: 100 + i }],
				total_area_sqft: 100.5 + i,
				property_center: i % 2 ? { lat: 30.1, lng: -97.2 } : undefined,
				ai_confidence: i % 2 ? 0.87 : null,
				created_at: new Date(base + i * 61_000),
			},
		})
	}
	const client = toClientUser((await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: userSelect }))!)
	for (const [page, limit] of [[1, 4], [2, 4], [3, 4], [1, 100]] as const) {
		const hot = await listMeasurements(client, { page, limit })
		const rows = await prisma.measurement.findMany({ where: { organizationId: organization.id }, orderBy: { created_at: 'desc' }, skip: (page - 1) * limit, take: limit })
		expect(hot.total).toBe(6)
		expect(hot.measurements.map((m) => m.id)).toEqual(rows.map((r) => r.id))
		expect(hot.measurements).toEqual(rows.map(toApi))
	}
	const first = (await listMeasurements(client, { page: 1, limit: 1 })).measurements[0]!
	expect(first.created_at).toBe(new Date(base + 6 * 61_000).toISOString())
})
