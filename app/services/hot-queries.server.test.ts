// The hot reads (db.server.ts hotQuery) skip Prisma; these hold each one
// equal to what Prisma answers for the same question, field by field.
import { afterAll, expect, test } from 'vitest'
import { hotQuery, hotTransaction, prisma } from '~/db.server.ts'
import { makeOrganization, makeUser } from '../../tests/integration/factories.ts'
import type { MeasurementCreate } from '~/lib/schemas/measurement.ts'
import { createMeasurement, listMeasurements, measurementPageJson, toApi } from './measurements.server.ts'
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

test('the measurement page written as JSON by PostgreSQL equals Prisma’s findMany through toApi: same rows, order, dates, numbers and text', async () => {
	const organization = await makeOrganization('pro')
	const other = await makeOrganization('pro')
	const user = await makeUser({ organizationId: organization.id, role: 'account_admin' })
	const base = Date.UTC(2026, 0, 15, 12, 30, 45, 123)
	for (let i = 0; i < 7; i++) {
		await prisma.measurement.create({
			data: {
				organizationId: i === 3 ? other.id : organization.id,
				// text JSON must escape, and numbers whose shortest form is awkward
				label: i === 5 ? 'Lot "5" \\ back\nyard – ü 🌱' : `Lot ${i}`,
				address: `${i} Main St, Austin, TX`,
				shapes: [{ type: 'polygon', label: i === 5 ? 'a "quoted"\tlabel' : 'Lawn', coordinates: [{ lat: 30.123456789012 + i, lng: -97.1 }], area_sqft: (0.1 + 0.2) * (i + 1) }],
				total_area_sqft: 100.5 + i,
				total_area_acres: i === 4 ? 1e-7 : 0.1 + 0.2,
				total_distance_feet: i === 2 ? 123456789.123456789 : 5e21,
				property_center: i % 2 ? { lat: 30.1, lng: -97.2 } : undefined,
				ai_confidence: i % 2 ? 0.87 : null,
				created_at: new Date(base + i * 61_000 - (i === 1 ? 123 : 0)),
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
		// what GET /api/measurements sends is that text itself
		expect(JSON.parse(await measurementPageJson(client, { page, limit }))).toEqual({ measurements: rows.map(toApi), total: 6 })
	}
	expect(JSON.parse(await measurementPageJson(client, { page: 9, limit: 4 }))).toEqual({ measurements: [], total: 6 })
	const first = (await listMeasurements(client, { page: 1, limit: 1 })).measurements[0]!
	expect(first.created_at).toBe(new Date(base + 6 * 61_000).toISOString())
})

test('a measurement created by hand-written statements reads back through Prisma as what POST answered, with a Prisma-like id and UTC times', async () => {
	const organization = await makeOrganization('pro')
	const user = await makeUser({ organizationId: organization.id, role: 'account_admin' })
	const client = toClientUser((await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: userSelect }))!)
	const square = [
		{ lat: 30.2672, lng: -97.7431 },
		{ lat: 30.2672, lng: -97.7428 },
		{ lat: 30.2675, lng: -97.7428 },
		{ lat: 30.2675, lng: -97.7431 },
	]
	const before = Date.now()
	const made = [
		await createMeasurement(client, { address: '12 Oak St, Austin, TX 78701', measurement_type: 'manual', shapes: [{ type: 'polygon', coordinates: square, label: 'Front "lawn"' }] } as MeasurementCreate),
		await createMeasurement(client, { address: '12 Oak St, Austin, TX 78701', measurement_type: 'ai', property_center: { lat: 30.2673, lng: -97.743 }, shapes: [{ type: 'polyline', coordinates: square.slice(0, 2) }], user_verified: 'false' } as MeasurementCreate),
		await createMeasurement(client, { label: 'My own 100% label_', measurement_type: 'manual', shapes: [{ type: 'polygon', coordinates: square }] } as MeasurementCreate),
	]
	expect(made.map((m) => m.label)).toEqual(['12 Oak St #1', '12 Oak St #2', 'My own 100% label_'])
	for (const m of made) {
		expect(m.id).toMatch(/^c[0-9a-z]{24}$/)
		const viaPrisma = await prisma.measurement.findUniqueOrThrow({ where: { id: m.id } })
		expect(m).toEqual(toApi(viaPrisma))
		expect(Date.parse(m.created_at)).toBeGreaterThanOrEqual(before - 1000)
		expect(Date.parse(m.created_at)).toBeLessThanOrEqual(Date.now() + 1000)
		expect(m.updated_at).toBe(m.created_at)
	}
	expect(made[1]!.property_center).toEqual({ lat: 30.2673, lng: -97.743 })
	expect(made[0]!.property_center).toBeNull()
	expect(made[1]!.is_linear_measurement).toBe(true)
	expect(new Set(made.map((m) => m.id)).size).toBe(3)
	// a failing statement (no such organization) is rolled back and its connection goes
	// back to the pool clean: the next create on it works (an open aborted transaction would not)
	for (let i = 0; i < 3; i++) {
		await expect(createMeasurement({ ...client, organizationId: 'no-such-organization' }, { measurement_type: 'manual', shapes: [{ type: 'polygon', coordinates: square }] } as MeasurementCreate)).rejects.toThrow()
		expect((await createMeasurement(client, { measurement_type: 'manual', shapes: [{ type: 'polygon', coordinates: square }] } as MeasurementCreate)).label).toBe(`Unknown Location #${i + 1}`)
	}
})

test('a connection the database ends while a transaction holds it fails that transaction only: the process and the pool go on', async () => {
	// PostgreSQL ends connections when it stops (57P01, as at every shutdown of `npm start`), restarts or
	// is told to; a client checked out of the pool then emits 'error', which unheard takes the process down
	const run = hotTransaction(async (query) => {
		const [backend] = await query<{ pid: number }>('backend-pid', 'SELECT pg_backend_pid() AS pid', [])
		await prisma.$queryRaw`SELECT pg_terminate_backend(${backend!.pid}::int)` // from another connection of the pool
		await new Promise((resolve) => setTimeout(resolve, 300)) // held, idle: the end arrives between two statements
		return query('after-terminate', 'SELECT 1 AS one', [])
	})
	await expect(run).rejects.toThrow()
	expect(await hotQuery<{ one: number }>('one', 'SELECT 1 AS one', [])).toEqual([{ one: 1 }])
	expect(await prisma.$queryRaw<{ one: number }[]>`SELECT 1::int AS one`).toEqual([{ one: 1 }]) // and Prisma, on the same pool
})
