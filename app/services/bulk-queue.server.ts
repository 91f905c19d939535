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
		boss.on('error', (error) => {
			// the database shutting down (57P01: a stop, or every process of the group signalled at
			// once, as a service manager does) is one line, not a dump of pg's client object
			if ((error as { code?: string }).code === '57P01') console.warn('[bulk queue] the database closed its connection:', error.message)
			else console.error('[bulk queue]', error)
		})
		await boss.start()
		await ensureQueues(boss)
		return boss
	})()
	started.catch(() => (started = null))
	return started
}

/** The dead-letter queue and the row queue, created unless they exist. */
export async function ensureQueues(boss: PgBoss): Promise<void> {
	const env = getEnv()
	await createQueue(boss, DEAD_QUEUE, { name: DEAD_QUEUE, policy: 'standard' })
	await createQueue(boss, ROW_QUEUE, {
		name: ROW_QUEUE,
		policy: 'standard',
		retryLimit: env.BULK_RETRY_LIMIT,
		retryDelay: env.BULK_RETRY_DELAY_SECONDS,
		retryBackoff: true,
		expireInSeconds: env.BULK_ROW_EXPIRE_SECONDS,
		deadLetter: DEAD_QUEUE,
	})
}

/**
 * pg-boss's createQueue is not serialized: two processes starting together on a
 * fresh database both insert the queue and attach its partition, and PostgreSQL
 * may end one of them as a deadlock (40P01). The queue is then there (or about to
 * be), so the loser looks again and retries; a queue that exists is left as it is.
 */
async function createQueue(boss: PgBoss, name: string, options: PgBoss.Queue): Promise<void> {
	for (let attempt = 1; ; attempt++) {
		if (await boss.getQueue(name)) return
		try {
			await boss.createQueue(name, options)
			return
		} catch (error) {
			const code = (error as { code?: string }).code
			if ((code !== '40P01' && code !== '23505') || attempt >= 5) throw error
			await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100))
		}
	}
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
