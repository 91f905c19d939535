// The data cleanup job with a set clock: organizations deactivated 30 days
// before `now` lose everything they own, exactly once, and the run is logged.
import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import { makeOrganization, makeUser } from '../../../tests/integration/factories.ts'
import { runWithLease } from '../jobs.server.ts'
import { deactivateOrganization } from '../organizations.server.ts'
import { runDataCleanup } from './cleanup.server.ts'

async function orgWithData() {
	const org = await makeOrganization()
	const user = await makeUser({ organizationId: org.id })
	const project = await prisma.project.create({ data: { name: 'Yard', organizationId: org.id, createdByUserId: user.id } })
	await prisma.measurement.create({ data: { organizationId: org.id, projectId: project.id, createdByUserId: user.id, label: 'Front' } })
	await prisma.userInvitation.create({
		data: { email: `i-${randomUUID()}@example.com`, organizationId: org.id, inviteToken: randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) },
	})
	const invoice = await prisma.invoice.create({
		data: { invoiceNumber: `INV-${randomUUID()}`, organizationId: org.id, billingPeriodStart: new Date(), billingPeriodEnd: new Date() },
	})
	await prisma.invoiceLineItem.create({ data: { invoiceId: invoice.id, description: 'Plan', unitPrice: 10, totalPrice: 10, itemType: 'subscription' } })
	await prisma.session.create({ data: { sid: randomUUID(), userId: user.id, expire: new Date(Date.now() + 3_600_000), sess: {} } })
	return { org, user }
}

async function remaining(orgId: string, userId: string) {
	const [org, users, measurements, projects, invitations, invoices, sessions] = await Promise.all([
		prisma.organization.count({ where: { id: orgId } }),
		prisma.user.count({ where: { id: userId } }),
		prisma.measurement.count({ where: { organizationId: orgId } }),
		prisma.project.count({ where: { organizationId: orgId } }),
		prisma.userInvitation.count({ where: { organizationId: orgId } }),
		prisma.invoice.count({ where: { organizationId: orgId } }),
		prisma.session.count({ where: { userId } }),
	])
	return { org, users, measurements, projects, invitations, invoices, sessions }
}

describe('runDataCleanup', () => {
	test('deletes only organizations whose dataCleanupAt has passed, with all their data, and logs the run', async () => {
		// a clock far in the past keeps other tests' organizations out of this run
		const deactivatedAt = new Date('2021-03-01T12:00:00Z')
		const due = await orgWithData()
		const early = await orgWithData()
		const active = await orgWithData()
		await deactivateOrganization(due.org.id, deactivatedAt)
		await deactivateOrganization(early.org.id, new Date('2021-03-20T12:00:00Z'))

		const dayBefore = await runDataCleanup(new Date('2021-03-31T11:59:59Z'))
		expect(dayBefore.organizations.map((o) => o.id)).not.toContain(due.org.id)
		expect((await remaining(due.org.id, due.user.id)).org).toBe(1)

		const now = new Date('2021-03-31T12:00:01Z')
		const result = await runDataCleanup(now)
		expect(result.organizations.map((o) => o.id)).toContain(due.org.id)
		expect(result.organizations.find((o) => o.id === due.org.id)!.removed).toMatchObject({
			users: 1,
			measurements: 1,
			projects: 1,
			invitations: 1,
			invoices: 1,
			invoiceLineItems: 1,
			sessions: 1,
		})
		expect(await remaining(due.org.id, due.user.id)).toEqual({ org: 0, users: 0, measurements: 0, projects: 0, invitations: 0, invoices: 0, sessions: 0 })
		// deactivated 19 days before the clock, and never deactivated: untouched
		expect(await remaining(early.org.id, early.user.id)).toMatchObject({ org: 1, users: 1, measurements: 1 })
		expect(await remaining(active.org.id, active.user.id)).toMatchObject({ org: 1, users: 1, measurements: 1 })

		const logged = await prisma.auditLog.findMany({ where: { action: 'cleanup.organization.delete', targetId: due.org.id } })
		expect(logged).toHaveLength(1)
		expect(logged[0]!.details).toMatchObject({ name: due.org.name, removed: { users: 1, measurements: 1 } })
		const runs = await prisma.auditLog.findMany({ where: { action: 'cleanup.run', createdAt: { gte: new Date(Date.now() - 60_000) } } })
		expect(runs.some((r) => (r.details as { ranAt: string }).ranAt === now.toISOString())).toBe(true)

		// a second run finds nothing more to do for it
		expect((await runDataCleanup(now)).organizations.map((o) => o.id)).not.toContain(due.org.id)
	})

	test('under the lease, two instances at once clean an organization exactly once', async () => {
		const due = await orgWithData()
		await deactivateOrganization(due.org.id, new Date('2021-05-01T00:00:00Z'))
		const name = `cleanup-test-${randomUUID()}`
		const now = new Date('2021-06-01T00:00:00Z')
		const outcomes = await Promise.all(['a', 'b'].map((owner) => runWithLease(name, runDataCleanup, { now, owner, minIntervalMs: 23 * 3_600_000 })))
		expect(outcomes.filter((o) => o.ran)).toHaveLength(1)
		expect(await prisma.auditLog.count({ where: { action: 'cleanup.organization.delete', targetId: due.org.id } })).toBe(1)
		// and the daily minimum interval keeps a restart from running it again
		expect(await runWithLease(name, runDataCleanup, { now, minIntervalMs: 23 * 3_600_000 })).toEqual({ ran: false, reason: 'recent' })
	})
})

test('Stripe checkouts older than 30 days are removed, open or paid; one whose charge found no account stays; younger ones stay', async () => {
	const now = new Date()
	const tag = `${Date.now()}${Math.random().toString(36).slice(2, 8)}`
	const row = (suffix: string, status: string, daysAgo: number) =>
		prisma.checkoutPayment.create({
			data: { id: `${tag}${suffix}`.padEnd(32, '0').slice(0, 32), planId: 'pro', tierId: 'pro', email: `${suffix}-${tag}@example.com`, customer: {}, passwordHash: 'hash', status, createdAt: new Date(now.getTime() - daysAgo * 86_400_000) },
		})
	const [oldOpen, oldPaid, oldCharging, young] = await Promise.all([row('a', 'open', 31), row('b', 'paid', 31), row('c', 'charging', 31), row('d', 'open', 29)])
	const result = await runDataCleanup(now)
	expect(result.checkoutsRemoved).toBeGreaterThanOrEqual(2)
	const left = await prisma.checkoutPayment.findMany({ where: { id: { in: [oldOpen.id, oldPaid.id, oldCharging.id, young.id] } }, select: { id: true } })
	expect(left.map((r) => r.id).sort()).toEqual([oldCharging.id, young.id].sort())
})

