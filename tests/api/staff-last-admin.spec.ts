// "Never the last active site admin" (issue 7), on a database of its own so
// that exactly two site admins exist: each deletes the other at the same
// moment; the staff lock lets one through and refuses the other.
import { createHash, randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { startAppProcess, startFreshDatabase } from '../support/app-process.ts'

test('two site admins deleting each other at once: one succeeds, the last active one stays', async () => {
	test.setTimeout(120_000)
	const database = await startFreshDatabase()
	const db = database.client
	let app: Awaited<ReturnType<typeof startAppProcess>> | undefined
	try {
		const tokens: Record<string, string> = {}
		for (const id of ['staff-a', 'staff-b']) {
			await db.query(`INSERT INTO users (id, email, "firstName", "lastName", role, "emailVerified", "updatedAt") VALUES ($1, $2, 'Staff', $1, 'site_admin', true, now())`, [id, `${id}@example.com`])
			await db.query(`INSERT INTO admin_users (id, "userId", "hasUnlimitedAccess", "updatedAt") VALUES ($1, $2, true, now())`, [`profile-${id}`, id])
			tokens[id] = randomBytes(32).toString('base64url')
			await db.query(`INSERT INTO sessions (sid, sess, expire, "userId") VALUES ($1, $2, now() + interval '1 hour', $3)`, [
				createHash('sha256').update(tokens[id]!).digest('hex'),
				JSON.stringify({ remember: false, createdAt: new Date().toISOString() }),
				id,
			])
		}
		app = await startAppProcess({ DATABASE_URL: database.url, SESSION_SECRET: 'staff-test-session-secret-0123456789', JOBS: 'off' })
		const remove = (as: string, target: string) =>
			fetch(`${app!.baseURL}/api/admin/team-members/${target}`, { method: 'DELETE', headers: { authorization: `Bearer ${tokens[as]}` } })

		// yourself: never
		const self = await remove('staff-a', 'staff-a')
		expect(self.status).toBe(409)

		// hold the staff lock, so that both requests are past sign-in and waiting
		// on it before either runs; then let them go
		const holder = new (await import('pg')).default.Client({ connectionString: database.url })
		await holder.connect()
		await holder.query('BEGIN')
		await holder.query('SELECT pg_advisory_xact_lock(7007)')
		const racing = Promise.all([remove('staff-a', 'staff-b'), remove('staff-b', 'staff-a')])
		await expect
			.poll(async () => (await db.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)).rows[0].n, { timeout: 30_000 })
			.toBe(2)
		await holder.query('COMMIT')
		await holder.end()
		const [ab, ba] = await racing
		const statuses = [ab.status, ba.status].sort()
		expect(statuses).toEqual([200, 409])
		const refused = ab.status === 409 ? ab : ba
		expect(await refused.json()).toEqual({ error: 'The last active site admin cannot be deleted or deactivated.' })
		const left = (await db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'site_admin'`)).rows[0].n
		expect(left).toBe(1)
	} finally {
		await app?.stop()
		await database.stop()
	}
})
