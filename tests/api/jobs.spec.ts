// Background jobs with two app instances on one database (issue 10 §3): each
// scheduled job runs exactly once, whichever instance gets the lease.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { freePort, startEmbeddedPostgres } from '../../server/embedded-postgres.ts'

type Server = { child: ChildProcess; output: () => string }

function startServer(databaseUrl: string, port: number): Server {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		DATABASE_URL: databaseUrl,
		SESSION_SECRET: 'jobs-test-session-secret-0123456789',
		PORT: String(port),
		HOST: '127.0.0.1',
		NODE_ENV: 'production',
	}
	delete env.JOBS
	delete env.SMTP_URL
	const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout!.on('data', (d) => (output += d))
	child.stderr!.on('data', (d) => (output += d))
	return { child, output: () => output }
}

test('two instances started together: every scheduled job runs once, and the overdue cleanup happens once', async () => {
	test.setTimeout(180_000)
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-jobs-'))
	const database = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), durable: false, quiet: true })
	const servers: Server[] = []
	let client: pg.Client | undefined
	try {
		const env = { ...process.env, DATABASE_URL: database.url, SEED_DEMO: 'false' }
		expect(spawnSync(path.resolve('node_modules/.bin/prisma'), ['migrate', 'deploy'], { env, encoding: 'utf8' }).status).toBe(0)
		expect(spawnSync(path.resolve('node_modules/.bin/tsx'), ['prisma/seed.ts'], { env, encoding: 'utf8' }).status).toBe(0)
		client = new pg.Client({ connectionString: database.url })
		await client.connect()
		const db = client
		// an organization deactivated 31 days ago, its data due for removal yesterday
		await db.query(`INSERT INTO organizations (id, "accountNumber", name, "subscriptionTierId", "isDeactivated", "deactivatedAt", "dataCleanupAt", "updatedAt")
			VALUES ('overdue-org', 'YS-OVERDUE', 'Overdue Lawns', 'pro', true, now() - interval '31 days', now() - interval '1 day', now())`)
		await db.query(`INSERT INTO measurements (id, "organizationId", label) VALUES ('overdue-m', 'overdue-org', 'Old lawn')`)

		const ports = [await freePort(), await freePort()]
		servers.push(startServer(database.url, ports[0]!), startServer(database.url, ports[1]!))
		for (const s of servers) await expect.poll(s.output, { timeout: 60_000 }).toContain('Yardstick is running')

		await expect.poll(async () => (await db.query(`SELECT count(*)::int AS n FROM organizations WHERE id = 'overdue-org'`)).rows[0].n, { timeout: 30_000 }).toBe(0)
		expect((await db.query(`SELECT count(*)::int AS n FROM measurements WHERE id = 'overdue-m'`)).rows[0].n).toBe(0)
		// both instances have ticked (2 s after start) and finished by now
		await expect.poll(async () => (await db.query(`SELECT count(*)::int AS n FROM job_leases WHERE "lockedUntil" IS NULL AND "lastRunAt" IS NOT NULL`)).rows[0].n, { timeout: 30_000 }).toBeGreaterThan(0)
		await new Promise((r) => setTimeout(r, 3_000))

		// the job list itself (its module's database client is never used here)
		process.env.DATABASE_URL ??= database.url
		const { scheduledJobs } = await import('../../app/jobs/index.server.ts')
		expect(scheduledJobs.length).toBeGreaterThan(0)
		const logs = servers.map((s) => s.output()).join('\n')
		for (const job of scheduledJobs) {
			const runs = logs.split('\n').filter((line) => line.startsWith(`[job ${job.name}] {`))
			expect(runs, `${job.name} ran ${runs.length} times:\n${logs}`).toHaveLength(1)
		}
		const cleanupRuns = (await db.query(`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'cleanup.run'`)).rows[0].n
		expect(cleanupRuns).toBe(1)
		expect((await db.query(`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'cleanup.organization.delete' AND "targetId" = 'overdue-org'`)).rows[0].n).toBe(1)
		await client.end()
	} finally {
		await client?.end()
		for (const s of servers) {
			const exited = new Promise((r) => s.child.once('exit', r))
			s.child.kill('SIGTERM')
			await exited
		}
		await database.stop()
		fs.rmSync(dir, { recursive: true, force: true })
	}
})
