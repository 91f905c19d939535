// Bulk measure (issue 34): drafts previewed but never started are deleted after
// a day. A module of its own, with nothing but the database: the scheduled-job
// list imports it in every server process (and the jobs test in its runner), so
// it must not pull in detection, imagery or the queue.
import { prisma } from '~/db.server.ts'
import { type ScheduledJob } from './jobs.server.ts'

export const BULK_DRAFT_TTL_MS = 24 * 60 * 60 * 1000
export const BULK_DRAFT_CLEANUP_JOB = 'bulk-draft-cleanup'

/**
 * Deletes the drafts created before `now` - 24 h, their rows with them (the
 * foreign key cascades, in the same statement). A batch that was started is
 * never touched: its rows are the results. The status is re-checked by the
 * delete itself, so a draft started meanwhile stays.
 */
export async function deleteStaleDrafts(now: Date = new Date()) {
	const cutoff = new Date(now.getTime() - BULK_DRAFT_TTL_MS)
	const stale = { status: 'draft', createdAt: { lt: cutoff } }
	return prisma.$transaction(async (tx) => {
		const rows = await tx.bulkRow.count({ where: { batch: stale } })
		const { count: batches } = await tx.bulkBatch.deleteMany({ where: stale })
		return { batches, rows }
	})
}

export const bulkDraftCleanupJob: ScheduledJob = {
	name: BULK_DRAFT_CLEANUP_JOB,
	everyMs: 60 * 60 * 1000,
	minIntervalMs: 55 * 60 * 1000,
	run: (now) => deleteStaleDrafts(now),
}
