// `npm run bench:bulk` (issue 34): a bulk batch of BULK_BENCH_ROWS (500)
// addresses, geocoded by a local server speaking the US Census protocol and
// measured on a local tile server's generated yard (tiles cached after the
// first row), by one `npm run worker` process beside the production web
// process (BULK_WORKER=off there). Figures: properties per hour per worker core
// (rows measured ÷ the worker process's CPU hours: its own and its detection
// threads'; target ≥ 1,000), and the p99 of a signed-in GET /api/auth/user on
// the web process while the batch runs, as a multiple of its idle p99 (target
// ≤ 2; idle is measured before and after the batch, the lower p99 kept). Prints a summary and, as its last line, one JSON object.
// BULK_BENCH_WORKER=in-process measures what `npm start` runs instead: no worker process, the
// web process's own worker (BULK_WORKER_CONCURRENCY rows at a time; 1 unset, IN_PROCESS_CONCURRENCY in
// app/services/bulk-worker.server.ts, which this script cannot import without the server's settings); its
// per-core figure then divides by the web process's CPU, serving the probe requests included.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { seedIfEmpty } from '../prisma/seed.ts'
import { startCensusServer } from '../tests/support/census-server.ts'
import { startTileServer } from '../tests/support/tile-server.ts'
import { generateScene } from './grass/scene.ts'
import { prepareDatabase } from '../server/database.ts'
import { freePort } from '../server/embedded-postgres.ts'
import { MALLOC_ENV } from '../server/malloc-env.mjs'

const ROWS = Number(process.env.BULK_BENCH_ROWS ?? 500)
const IN_PROCESS = process.env.BULK_BENCH_WORKER === 'in-process'
const CONCURRENCY = Number(process.env.BULK_WORKER_CONCURRENCY ?? (IN_PROCESS ? 1 : Math.max(1, os.availableParallelism() - 1)))
// enough that the p99 is not the 3rd-slowest of a few hundred (300 gave 7.8–19.8 ms on one quiet machine)
const IDLE_REQUESTS = 3000

const root = path.resolve('tmp/bench-bulk')
fs.rmSync(root, { recursive: true, force: true })
fs.mkdirSync(root, { recursive: true })

if (!fs.existsSync('build/server/index.js')) {
	console.log('building the app…')
	if (spawnSync(path.resolve('node_modules/.bin/react-router'), ['build'], { stdio: 'inherit' }).status !== 0) process.exit(1)
}

console.log('starting PostgreSQL…')
const db = await prepareDatabase({ dataDir: root, quiet: true })
await seedIfEmpty({ demo: false })
const client = new pg.Client({ connectionString: db.url })
await client.connect()
const token = randomBytes(32).toString('base64url')
await client.query('BEGIN')
// an organization whose plan has room for the whole batch
await client.query(`UPDATE subscription_tiers SET "searchesPerMonth" = NULL WHERE id = 'pro'`)
await client.query(`INSERT INTO organizations (id, "accountNumber", name, "subscriptionTierId", "updatedAt") VALUES ('bench-bulk-org', 'YS-BULK', 'Bench Bulk Lawn Care', 'pro', now())`)
await client.query(
	`INSERT INTO users (id, email, "firstName", "lastName", role, "emailVerified", "organizationId", "maxSearchesPerMonth", "updatedAt")
	 VALUES ('bench-bulk-user', 'bulk@bench.local', 'Bulk', 'Bench', 'account_admin', true, 'bench-bulk-org', 100000, now())`,
)
await client.query(`INSERT INTO sessions (sid, sess, expire, "userId") VALUES ($1, $2, now() + interval '1 day', 'bench-bulk-user')`, [
	createHash('sha256').update(token).digest('hex'),
	JSON.stringify({ remember: true, createdAt: new Date().toISOString() }),
])
await client.query('COMMIT')
await client.end()

const CENTER = { lat: 39.7392, lng: -104.9903 }
const tiles = await startTileServer({ scenes: [await generateScene({ seed: 4242, zoom: 20, center: CENTER })] })
const census = await startCensusServer()

const env = {
	...Object.fromEntries(Object.entries(MALLOC_ENV).map(([k, v]) => [k, process.env[k] ?? v])),
	NODE_ENV: 'production',
	DATABASE_URL: db.url,
	SESSION_SECRET: 'bench-bulk-session-secret-0123456789',
	JOBS: 'off',
	SATELLITE_TILE_URL: tiles.template,
	TILE_CACHE_DIR: path.join(root, 'tiles'),
	CENSUS_GEOCODER_URL: census.url,
	RATE_LIMIT_MULTIPLIER: '1000',
	BULK_WORKER_CONCURRENCY: String(CONCURRENCY),
	BULK_ORG_IN_FLIGHT: String(2 * CONCURRENCY),
}

async function startProcess(args: string[], extra: NodeJS.ProcessEnv, ready: string): Promise<{ child: ChildProcess; port: number }> {
	const port = await freePort()
	const child = spawn(process.execPath, args, { env: { ...process.env, ...env, ...extra, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout!.on('data', (d) => (output += d))
	child.stderr!.on('data', (d) => (output += d))
	const deadline = Date.now() + 90_000
	while (!output.includes(ready)) {
		if (child.exitCode !== null || Date.now() > deadline) throw new Error(`process did not start:\n${output}`)
		await new Promise((r) => setTimeout(r, 100))
	}
	return { child, port }
}

const TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim() || 100)
function processCpuMs(pid: number): number {
	const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
	return (Number(fields[11]) + Number(fields[12])) * TICK_MS
}

const web = await startProcess(['--import', 'tsx', 'server/index.ts'], { BULK_WORKER: IN_PROCESS ? 'on' : 'off' }, 'Yardstick is running')
const base = `http://127.0.0.1:${web.port}`
const auth = { authorization: `Bearer ${token}` }
const worker = IN_PROCESS ? web : await startProcess(['--import', 'tsx', 'server/worker.ts'], {}, 'Bulk-measure worker is running')

async function timedUserRequest(): Promise<number> {
	const t0 = performance.now()
	const res = await fetch(`${base}/api/auth/user`, { headers: auth })
	await res.arrayBuffer()
	if (res.status !== 200) throw new Error(`GET /api/auth/user answered ${res.status}`)
	return performance.now() - t0
}
const p99 = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!
}

console.log('idle: GET /api/auth/user…')
for (let i = 0; i < 30; i++) await timedUserRequest()
const idle: number[] = []
for (let i = 0; i < IDLE_REQUESTS; i++) idle.push(await timedUserRequest())

const csv = ['address', ...Array.from({ length: ROWS }, (_, i) => `"1200 Test Lawn Way, Denver, CO 80202 (#${i + 1})"`)].join('\n') + '\n'
const cpu0 = processCpuMs(worker.child.pid!)
const t0 = performance.now()
const posted = await fetch(`${base}/api/bulk-measurements`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: csv })
if (posted.status !== 201) throw new Error(`POST /api/bulk-measurements answered ${posted.status}: ${await posted.text()}`)
const { batch } = (await posted.json()) as { batch: { id: string } }
console.log(`batch of ${ROWS} started; ${CONCURRENCY} rows at a time in ${IN_PROCESS ? 'the web process' : 'one worker process'}`)

const busy: number[] = []
let status = 'running'
let counts: Record<string, number> = {}
let lastPoll = 0
let shown = 0
while (status === 'running') {
	busy.push(await timedUserRequest())
	if (performance.now() - lastPoll > 1000) {
		lastPoll = performance.now()
		const res = await fetch(`${base}/api/bulk-measurements/${batch.id}`, { headers: auth })
		const body = (await res.json()) as { batch: { status: string; counts: Record<string, number> } }
		status = body.batch.status
		counts = body.batch.counts
		const done = (counts.measured ?? 0) + (counts.failed ?? 0)
		if (done - shown >= Math.max(1, ROWS / 10)) console.log(`${(shown = done)} of ${ROWS} done`)
	}
}
const seconds = (performance.now() - t0) / 1000
const workerCpuSeconds = (processCpuMs(worker.child.pid!) - cpu0) / 1000
// idle again, the server now warm and the worker waiting: the baseline is the lower of the two
// idle runs (the first, right after start-up, can be far slower than the server really is)
const idleAfter: number[] = []
for (let i = 0; i < IDLE_REQUESTS; i++) idleAfter.push(await timedUserRequest())

const children = IN_PROCESS ? [web.child] : [worker.child, web.child]
for (const child of children) child.kill('SIGTERM')
await Promise.all(children.map((child) => new Promise((r) => child.once('exit', r))))
await tiles.close()
await census.close()
await db.stop()

const measured = counts.measured ?? 0
const perCore = Math.round(measured / (workerCpuSeconds / 3600))
const idleP99 = Math.min(p99(idle), p99(idleAfter))
const busyP99 = p99(busy)
const result = {
	rows: ROWS,
	measured,
	failed: counts.failed ?? 0,
	seconds: Number(seconds.toFixed(1)),
	worker: IN_PROCESS ? 'in-process' : 'process',
	workerConcurrency: CONCURRENCY,
	workerCpuSeconds: Number(workerCpuSeconds.toFixed(1)),
	propertiesPerHour: Math.round(measured / (seconds / 3600)),
	propertiesPerHourPerWorkerCore: perCore,
	authUserP99IdleMs: Number(idleP99.toFixed(2)),
	authUserP99IdleRunsMs: [Number(p99(idle).toFixed(2)), Number(p99(idleAfter).toFixed(2))],
	authUserP99BusyMs: Number(busyP99.toFixed(2)),
	authUserP99Multiple: Number((busyP99 / idleP99).toFixed(2)),
	authUserRequestsDuringBatch: busy.length,
	targets: { propertiesPerHourPerWorkerCore: 1000, authUserP99Multiple: 2 },
}
console.log(`${measured} of ${ROWS} measured in ${result.seconds} s: ${result.propertiesPerHour}/h, ${perCore}/h per worker core (target ≥ 1,000)`)
console.log(`GET /api/auth/user p99: idle ${result.authUserP99IdleMs} ms, during the batch ${result.authUserP99BusyMs} ms (${result.authUserP99Multiple}×, target ≤ 2×)`)
console.log(JSON.stringify(result))
