// GET /api/admin/stats (spec 3 §3): accounts, users, searchStats.day,
// measurementStats.day. "Today" is the UTC day. Account admins see their own
// organization's numbers.
import { prisma } from '~/db.server.ts'
import { scopedOrganizationId, type AdminContext } from './access.server.ts'

export const utcDay = (now: Date) => now.toISOString().slice(0, 10)

export async function adminStats(ctx: AdminContext, now = new Date()) {
	const orgId = scopedOrganizationId(ctx)
	const dayStart = new Date(`${utcDay(now)}T00:00:00.000Z`)
	const [accounts, users, measurementsToday, searches] = await Promise.all([
		orgId ? prisma.organization.count({ where: { id: orgId } }) : prisma.organization.count(),
		prisma.user.count({ where: { role: { not: 'site_admin' }, ...(orgId ? { organizationId: orgId } : {}) } }),
		prisma.measurement.count({ where: { created_at: { gte: dayStart }, ...(orgId ? { organizationId: orgId } : {}) } }),
		orgId
			? prisma.usageDay.findUnique({ where: { day_organizationId: { day: utcDay(now), organizationId: orgId } }, select: { searches: true } })
			: prisma.usageDay.aggregate({ where: { day: utcDay(now) }, _sum: { searches: true } }).then((r) => ({ searches: r._sum.searches ?? 0 })),
	])
	return {
		accounts,
		users,
		searchStats: { day: searches?.searches ?? 0 },
		measurementStats: { day: measurementsToday },
	}
}
