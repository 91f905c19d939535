// The bulk-measure job queue (issue 34): pg-boss in our own PostgreSQL (schema
// "pgboss"), no other service. One job per dispatched row ("bulk-measure-row",
// retried with exponential backoff; a job whose tries are spent — a worker that
// kept dying — lands in "bulk-measure-dead"). Fairness between organizations is
// ours, not pg-boss's: see dispatchRows in bulk-measure.server.ts.
import PgBoss from 'pg-boss'
import { getEnv } from '~/env.server.ts'

export const ROW_QUEUE = 'bulk-measure-row'
export const DEAD_QUEUE = 'bulk-measure-dead'

export type RowJob = { rowId: string }

let started: Promise<PgBoss> | null = null

/** The started pg-boss instance of this process (its schema is installed on first start). */
export function getBoss(): Promise<PgBoss> {
	started ??= (async () => {
		const env = getEnv()
		const boss = new PgBoss({
			connectionString: env.DATABASE_URL,
			schema: 'pgboss',
			max: 4,
			application_name: 'yardstick-bulk',
			maintenanceIntervalSeconds: env.BULK_QUEUE_MAINTENANCE_SECONDS,
			schedule: false,
		})
		boss.on('error', (error) => console.error('[bulk queue]', error))
		await boss.start()
		await boss.createQueue(DEAD_QUEUE, { name: DEAD_QUEUE, policy: 'standard' })
		await boss.createQueue(ROW_QUEUE, {
			name: ROW_QUEUE,
			policy: 'standard',
			retryLimit: env.BULK_RETRY_LIMIT,
			retryDelay: env.BULK_RETRY_DELAY_SECONDS,
			retryBackoff: true,
			expireInSeconds: env.BULK_ROW_EXPIRE_SECONDS,
			deadLetter: DEAD_QUEUE,
		})
		return boss
	})()
	started.catch(() => (started = null))
	return started
}

/** The job rows for pg-boss's insert(): one per row, keyed by the row's id. */
export function rowJobs(rowIds: readonly string[]): PgBoss.JobInsert<RowJob>[] {
	const env = getEnv()
	return rowIds.map((rowId) => ({
		name: ROW_QUEUE,
		data: { rowId },
		singletonKey: rowId,
		retryLimit: env.BULK_RETRY_LIMIT,
		retryDelay: env.BULK_RETRY_DELAY_SECONDS,
		retryBackoff: true,
		expireInSeconds: env.BULK_ROW_EXPIRE_SECONDS,
		deadLetter: DEAD_QUEUE,
	}))
}

export async function stopBoss(): Promise<void> {
	if (!started) return
	const boss = await started.catch(() => null)
	started = null
	await boss?.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => {})
}
