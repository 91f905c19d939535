import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import { DashboardQuerySchema, EditUserSchema } from '~/lib/schemas/account.ts'
import { HttpError } from '~/utils/http.server.ts'
import { searchMeasurements } from './measurements.server.ts'
import { acceptInvitation, inviteUser } from './team.server.ts'
import { loadUserRow, toClientUser } from './users.server.ts'

const suffix = () => randomBytes(5).toString('hex')

async function makeAdmin(tierId: string) {
	const org = await prisma.organization.create({ data: { name: `Svc ${suffix()}`, accountNumber: `S-${suffix()}`, subscriptionTierId: tierId } })
	const row = await prisma.user.create({
		data: { email: `svc-admin-${suffix()}@example.com`, role: 'account_admin', organizationId: org.id, emailVerified: true, firstName: 'Ada' },
	})
	return toClientUser((await loadUserRow(row.id))!)
}

async function tokenFor(email: string) {
	const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: 'desc' } })
	return /accept-invite\?token=([\w-]+)/.exec(mail.text)![1]!
}

const invite = (email: string) => ({ email, firstName: 'In', lastName: 'Vitee', role: 'member' as const })

test('concurrent acceptances of one token: exactly one user is created', async () => {
	const admin = await makeAdmin('growth')
	const email = `svc-join-${suffix()}@example.com`
	await inviteUser(admin, invite(email))
	const token = await tokenFor(email)
	const results = await Promise.allSettled([1, 2, 3].map(() => acceptInvitation({ token, password: 'a-long-password' })))
	expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
	for (const r of results) if (r.status === 'rejected') expect((r.reason as HttpError).status).toBe(400)
	expect(await prisma.user.count({ where: { email } })).toBe(1)
})

test('concurrent invitations never exceed the seats of the tier (pro: 2)', async () => {
	const admin = await makeAdmin('pro')
	const results = await Promise.allSettled([1, 2, 3].map(() => inviteUser(admin, invite(`svc-seat-${suffix()}@example.com`))))
	expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
	expect(await prisma.userInvitation.count({ where: { organizationId: admin.organizationId! } })).toBe(1)
})

test('measurement search is case-insensitive, treats % and _ literally, and pages in SQL', async () => {
	const admin = await makeAdmin('pro')
	const organizationId = admin.organizationId!
	for (const [label, address, sqft] of [
		['100% Lawn', '1 Main St', 500],
		['Back_yard', '2 Main St', 900],
		['Front', '3 ELM Rd', 100],
	] as const) {
		await prisma.measurement.create({ data: { organizationId, label, address, total_area_sqft: sqft } })
	}
	const search = (q: string, sort = 'newest', page = '1') => searchMeasurements(admin, DashboardQuerySchema.parse({ q, sort, page }), 2)
	expect((await search('%')).matching).toBe(1)
	expect((await search('_')).matching).toBe(1)
	expect((await search('elm rd')).measurements.map((m) => m.label)).toEqual(['Front'])
	const largest = await search('', 'largest')
	expect(largest).toMatchObject({ matching: 3, total: 3, page: 1, pageCount: 2 })
	expect(largest.measurements.map((m) => m.label)).toEqual(['Back_yard', '100% Lawn'])
	// a page past the end shows the last page
	const last = await search('', 'largest', '9')
	expect(last.page).toBe(2)
	expect(last.measurements.map((m) => m.label)).toEqual(['Front'])
	// nonsense in the URL falls back to the defaults
	expect(DashboardQuerySchema.parse({ sort: 'bogus', page: '-3', leadPage: '0' })).toEqual({ q: '', sort: 'newest', page: 1, leadPage: 1 })
})

test('edit user: a non-numeric search limit becomes 0; limits are 0..10,000', () => {
	const base = { firstName: 'A', lastName: 'B', email: 'a@example.com', role: 'member' }
	expect(EditUserSchema.parse({ ...base, maxSearchesPerMonth: 'abc' }).maxSearchesPerMonth).toBe(0)
	expect(EditUserSchema.parse({ ...base, maxSearchesPerMonth: '10000' }).maxSearchesPerMonth).toBe(10_000)
	expect(EditUserSchema.safeParse({ ...base, maxSearchesPerMonth: '10001' }).error?.issues[0]?.message).toBe('Cannot exceed 10,000')
	expect(EditUserSchema.safeParse({ ...base, maxSearchesPerMonth: -1 }).error?.issues[0]?.message).toBe('Must be 0 or more')
})
