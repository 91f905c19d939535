// Data cleanup (spec 3 §2, §4, §9): organizations deactivated 30 days ago lose
// all their data; Stripe checkouts older than 30 days are removed (issue 30). The job runs daily and at start-up under a database lease
// (exactly one instance runs it); staff can trigger it by hand.
import { prisma } from '~/db.server.ts'
import { CLEANUP_INTERVAL_MS } from '~/lib/admin.ts'
import { conflict } from '~/utils/http.server.ts'
import { runWithLease, type ScheduledJob } from '../jobs.server.ts'
import { audit, type AdminContext } from './access.server.ts'
import { purgeOrganization } from './organizations.server.ts'

export const CLEANUP_JOB = 'data-cleanup'
/** how long a Stripe checkout's kept details live (issue 30) */
export const CHECKOUT_RETENTION_MS = 30 * 86_400_000
export const CLEANUP_BUSY = 'A cleanup run is already in progress. Try again in a minute.'

/** One run: every organization whose dataCleanupAt has passed, each in its own transaction. */
export async function runDataCleanup(now: Date, auditAs: { auditUserId: string | null; ip: string | null } = { auditUserId: null, ip: null }) {
	const due = await prisma.organization.findMany({
		where: { isDeactivated: true, dataCleanupAt: { lte: now } },
		select: { id: true, name: true, accountNumber: true },
		orderBy: { dataCleanupAt: 'asc' },
	})
	const cleaned: { id: string; name: string; accountNumber: string; removed: Record<string, number> }[] = []
	for (const org of due) {
		const removed = await prisma.$transaction(async (tx) => {
			// re-check inside the transaction: a reactivation in between wins
			const still = await tx.organization.findFirst({ where: { id: org.id, isDeactivated: true, dataCleanupAt: { lte: now } }, select: { id: true } })
			if (!still) return null
			const counts = await purgeOrganization(tx, org.id)
			await tx.auditLog.create({
				data: {
					actorUserId: auditAs.auditUserId,
					action: 'cleanup.organization.delete',
					targetType: 'organization',
					targetId: org.id,
					details: { name: org.name, accountNumber: org.accountNumber, removed: counts },
					ip: auditAs.ip,
				},
			})
			return counts
		})
		if (removed) cleaned.push({ ...org, removed })
	}
	// Stripe checkouts never finished, or finished (the account has its own copy), after 30 days: their
	// kept customer details and password hash go; one whose charge found no account stays for support
	const { count: checkoutsRemoved } = await prisma.checkoutPayment.deleteMany({ where: { status: { in: ['open', 'paid'] }, createdAt: { lte: new Date(now.getTime() - CHECKOUT_RETENTION_MS) } } })
	const result = { ranAt: now.toISOString(), organizationsCleaned: cleaned.length, organizations: cleaned.map((c) => ({ id: c.id, name: c.name, removed: c.removed })), checkoutsRemoved }
	await prisma.auditLog.create({
		data: { actorUserId: auditAs.auditUserId, action: 'cleanup.run', targetType: 'job', targetId: CLEANUP_JOB, details: result, ip: auditAs.ip },
	})
	console.log(`[cleanup] ${now.toISOString()}: ${cleaned.length} organization(s) cleaned${cleaned.length ? ` (${cleaned.map((c) => c.accountNumber).join(', ')})` : ''}`)
	return result
}

/** The registry entry (app/jobs/index.server.ts): tried hourly, runs at most once a day across instances. */
export const cleanupJob: ScheduledJob = {
	name: CLEANUP_JOB,
	everyMs: 60 * 60 * 1000,
	minIntervalMs: 23 * 60 * 60 * 1000,
	run: (now) => runDataCleanup(now),
}

/** GET /api/admin/cleanup/stats */
export async function cleanupStats(now = new Date()) {
	const [pending, lease] = await Promise.all([
		prisma.organization.count({ where: { isDeactivated: true, dataCleanupAt: { not: null } } }),
		prisma.jobLease.findUnique({ where: { name: CLEANUP_JOB }, select: { lastRunAt: true } }),
	])
	const last = lease?.lastRunAt ?? null
	const next = last ? new Date(Math.max(last.getTime() + CLEANUP_INTERVAL_MS, now.getTime())) : now
	return {
		organizationsPendingCleanup: pending,
		lastCleanupRun: last?.toISOString() ?? null,
		nextCleanupScheduled: next.toISOString(),
	}
}

/** POST /api/admin/cleanup/trigger: the same run, under the same lease, without the daily minimum. */
export async function triggerCleanup(ctx: AdminContext, now = new Date()) {
	const outcome = await runWithLease(CLEANUP_JOB, (at) => runDataCleanup(at, { auditUserId: ctx.auditUserId, ip: ctx.ip }), { now })
	await audit(ctx, { action: 'admin.cleanup.trigger', targetType: 'job', targetId: CLEANUP_JOB, details: { ran: outcome.ran } })
	if (!outcome.ran) throw conflict(CLEANUP_BUSY)
	const cleaned = Number(outcome.result.organizationsCleaned ?? 0)
	return { ran: true, message: `Cleanup completed: ${cleaned} organization${cleaned === 1 ? '' : 's'} cleaned.`, result: outcome.result }
}
