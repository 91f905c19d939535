// A bulk-measure worker process killed mid-batch (issue 34): `npm run worker`'s
// process (server/worker.ts) is SIGKILLed while it measures; its rows' jobs
// expire, another worker takes them, and the batch still completes with one
// measurement per row. Real PostgreSQL, pg-boss, local geocoder and tiles.
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startBulkEnv, until as untilEvery, type BulkModules } from '../../tests/support/bulk-env.ts'

let env: Awaited<ReturnType<typeof startBulkEnv>>
let m: BulkModules
let child: ChildProcess | undefined
let running: { stop: () => Promise<void> } | undefined

beforeAll(async () => {
	env = await startBulkEnv({
		// a dead worker's row is retried after 8 s, looked for every second (at 4 s, a machine
		// busy enough to take over 4 s a row expired live rows four times and failed them)
		BULK_ROW_EXPIRE_SECONDS: '8',
		BULK_QUEUE_MAINTENANCE_SECONDS: '1',
		BULK_RETRY_DELAY_SECONDS: '1',
	})
	m = env.m
}, 120_000)

afterAll(async () => {
	child?.kill('SIGKILL')
	await running?.stop()
	await env?.close()
})

// (read often: the worker must be caught in the middle of a row)
const until = <T,>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) => untilEvery(read, done, timeoutMs, 50)

test('a worker process killed during a batch: the batch completes, one measurement per row', async () => {
	const org = await m.factories.makeOrganization('pro')
	const row = await m.factories.makeUser({ role: 'account_admin', organizationId: org.id })
	const user = m.users.toClientUser((await m.users.loadUserRow(row.id))!)
	const lines = ['address', ...Array.from({ length: 6 }, (_, i) => `"1200 Test Lawn Way, Denver, CO 80202 (${i + 1})"`)]
	const { id } = await m.bulk.importBatch(user, { bytes: new TextEncoder().encode(lines.join('\n')), fileName: 'crash.csv', type: 'text/csv' })
	await m.bulk.startBatch(user, id)

	// the worker process, as `npm run worker` starts it
	child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], { env: { ...process.env, BULK_WORKER_CONCURRENCY: '2' }, stdio: 'ignore' })
	const rows = () => m.db.prisma.bulkRow.findMany({ where: { batchId: id }, orderBy: { rowNumber: 'asc' } })
	// killed while a row is being measured (geocoded, not yet saved)
	const midRow = await until(rows, (r) => r.some((x) => x.status === 'geocoded'), 60_000)
	expect(midRow.some((x) => x.status === 'geocoded')).toBe(true)
	child.kill('SIGKILL')
	await new Promise((resolve) => child!.once('exit', resolve))

	// another worker takes over; the killed one's rows come back when their jobs expire
	running = await m.worker.startBulkWorker({ concurrency: 2 })
	const done = await until(() => m.bulk.getBatch(user, id), (b) => b.status === 'completed', 90_000)
	expect(done.status).toBe('completed')
	expect(done.counts).toMatchObject({ measured: 6, failed: 0 })
	const measurements = await m.db.prisma.measurement.findMany({ where: { organizationId: org.id }, select: { id: true } })
	expect(measurements).toHaveLength(6)
	expect(new Set(done.rows.map((r) => r.measurementId))).toEqual(new Set(measurements.map((x) => x.id)))
	// the row the killed worker held was tried again
	const after = await rows()
	expect(after.some((x) => x.attempts >= 2)).toBe(true)
}, 180_000)
