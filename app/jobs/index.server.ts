// Every scheduled job of the app. server/index.ts starts them (unless JOBS=off);
// each is also callable directly (admin trigger, tests with a set clock).
import { cleanupJob } from '~/services/admin/cleanup.server.ts'
import { type ScheduledJob } from '~/services/jobs.server.ts'

export const scheduledJobs: ScheduledJob[] = [
	// billing (issue 6): the invoicing run
	// admin (issue 7): the data cleanup run
	cleanupJob,
]
