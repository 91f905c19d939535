// Background jobs with two app instances on one database (issue 10 §3): each
// scheduled job runs exactly once, whichever instance gets the lease.
import { expect, test } from '@playwright/test'
import { startAppProcess, startFreshDatabase, type AppProcess } from '../support/app-process.ts'

test('two instances started together: every scheduled job runs once, and the overdue cleanup happens once', async () => {
	test.setTimeout(180_000)
	const database = await startFreshDatabase()
	const servers: AppProcess[] = []
	try {
		const db = database.client
		// an organization deactivated 31 days ago, its data due for removal yesterday
		await db.query(`INSERT INTO organizations (id, "accountNumber", name, "subscriptionTierId", "isDeactivated", "deactivatedAt", "dataCleanupAt", "updatedAt")
			VALUES ('overdue-org', 'YS-OVERDUE', 'Overdue Lawns', 'pro', true, now() - interval '31 days', now() - interval '1 day', now())`)
		await db.query(`INSERT INTO measurements (id, "organizationId", label) VALUES ('overdue-m', 'overdue-org', 'Old lawn')`)

		const appEnv = { DATABASE_URL: database.url, SESSION_SECRET: 'jobs-test-session-secret-0123456789' }
		const start = () => startAppProcess(appEnv, { unset: ['JOBS', 'SMTP_URL'] })
		servers.push(...(await Promise.all([start(), start()])))

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
	} finally {
		for (const s of servers) await s.stop()
		await database.stop()
	}
})
