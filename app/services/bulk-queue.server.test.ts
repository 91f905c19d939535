// Several processes starting together on a database without the queue schema
// (issue 34; CI saw one app instance die of a deadlock in pg-boss's createQueue):
// every one of them comes up, and the queues exist once, as configured.
import PgBoss from 'pg-boss'
import { afterEach, expect, test } from 'vitest'
import { getEnv } from '~/env.server.ts'
import { DEAD_QUEUE, ROW_QUEUE, ensureQueues } from './bulk-queue.server.ts'

const bosses: PgBoss[] = []
const schemas: string[] = []

afterEach(async () => {
	await Promise.all(bosses.splice(0).map((b) => b.stop({ graceful: false, wait: true, timeout: 2_000 }).catch(() => {})))
	const { prisma } = await import('~/db.server.ts')
	for (const schema of schemas.splice(0)) await prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
})

test('four instances starting together on a fresh schema all start, and each queue is created once', async () => {
	for (let round = 0; round < 10; round++) {
		const schema = `pgboss_race_${process.pid}_${round}`
		schemas.push(schema)
		const started = Array.from({ length: 4 }, () => {
			const boss = new PgBoss({ connectionString: getEnv().DATABASE_URL, schema, max: 2, supervise: false, schedule: false })
			boss.on('error', () => {})
			bosses.push(boss)
			return boss
		})
		// pg-boss serializes its own schema install; the queues come next, all at once
		await Promise.all(started.map((boss) => boss.start()))
		const results = await Promise.allSettled(started.map((boss) => ensureQueues(boss)))
		expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok'])
		const queues = (await bosses.at(-1)!.getQueues()).map((q) => q.name).sort()
		expect(queues).toEqual([DEAD_QUEUE, ROW_QUEUE].sort())
		const row = await bosses.at(-1)!.getQueue(ROW_QUEUE)
		expect(row).toMatchObject({ deadLetter: DEAD_QUEUE, retryLimit: getEnv().BULK_RETRY_LIMIT })
	}
}, 60_000)
