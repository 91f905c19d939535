// Every scheduled job of the app. server/index.ts starts them (unless JOBS=off);
// each is also callable directly (admin trigger, tests with a set clock).
import { cleanupJob } from '~/services/admin/cleanup.server.ts'
import { bulkDraftCleanupJob } from '~/services/bulk-drafts.server.ts'
import { INVOICING_JOB, runInvoicing } from '~/services/invoicing.server.ts'
import { type ScheduledJob } from '~/services/jobs.server.ts'

export const scheduledJobs: ScheduledJob[] = [
	// billing (issue 6): the invoicing run
	{ ...INVOICING_JOB, run: (now) => runInvoicing(now) },
	// admin (issue 7): the data cleanup run
	cleanupJob,
	// bulk measure (issue 34): drafts never started, deleted after 24 h
	bulkDraftCleanupJob,
]
