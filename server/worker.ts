// `npm run worker`: a bulk-measure worker process (issue 34) for another
// machine. It needs only DATABASE_URL (the same PostgreSQL as the web process,
// already migrated by it) and the imagery and geocoder settings; it takes rows
// from the pg-boss queue in that database and measures them in its own
// detection worker threads. BULK_WORKER_CONCURRENCY rows at a time.
import './production-env.ts'

if (!process.env.DATABASE_URL) {
	console.error('DATABASE_URL must be set: the worker takes its work from the web process\'s database.')
	process.exit(1)
}

const { startBulkWorker } = await import('../app/services/bulk-worker.server.ts')
const { stopBoss } = await import('../app/services/bulk-queue.server.ts')
const worker = await startBulkWorker()
console.log('Bulk-measure worker is running.')

let stopping = false
async function shutdown(signal: string) {
	if (stopping) return
	stopping = true
	console.log(`${signal}: finishing the rows in hand, then stopping`)
	await worker.stop()
	await stopBoss()
	// the detection workers go once no lawn-CNN pass is in flight: exiting during one aborts the process (app/grass/run-gate.ts)
	const { stopDetectionPool } = await import('../app/grass/pool.server.ts')
	await stopDetectionPool()
	process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
