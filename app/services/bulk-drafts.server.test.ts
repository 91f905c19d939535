// Bulk measure drafts (issue 34): an upload never started is deleted with its
// rows after 24 h by the scheduled job; a fresh draft and every batch that was
// started (running, cancelled, completed: their rows are the results) stay.
import { expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import { makeOrganization, makeUser } from '../../tests/integration/factories.ts'
import { bulkDraftCleanupJob, BULK_DRAFT_CLEANUP_JOB } from './bulk-drafts.server.ts'
import { importBatch } from './bulk-measure.server.ts'
import { runWithLease } from './jobs.server.ts'
import { loadUserRow, toClientUser } from './users.server.ts'

const csv = (...lines: string[]) => ({ bytes: new TextEncoder().encode(lines.join('\n') + '\n'), fileName: 'list.csv', type: 'text/csv' })

test('the scheduled cleanup deletes a draft older than 24 h with its rows and keeps a fresh draft and every started batch', async () => {
	const org = await makeOrganization('pro')
	const row = await makeUser({ role: 'account_admin', organizationId: org.id })
	const user = toClientUser((await loadUserRow(row.id))!)
	const upload = async (n: number) => (await importBatch(user, csv('address', `${n} Main St, Denver, CO 80202`, `${n} Oak St, Denver, CO 80202`))).id

	const now = new Date()
	const longAgo = new Date(now.getTime() - 25 * 60 * 60 * 1000)
	const oldDraft = await upload(1)
	const freshDraft = await upload(2)
	await prisma.bulkBatch.update({ where: { id: freshDraft }, data: { createdAt: new Date(now.getTime() - 23 * 60 * 60 * 1000) } })
	const started: string[] = []
	for (const [i, status] of (['running', 'cancelled', 'completed'] as const).entries()) {
		const id = await upload(10 + i)
		await prisma.bulkBatch.update({ where: { id }, data: { status, startedAt: longAgo } })
		started.push(id)
	}
	await prisma.bulkBatch.updateMany({ where: { id: { in: [oldDraft, ...started] } }, data: { createdAt: longAgo } })

	const outcome = await runWithLease(BULK_DRAFT_CLEANUP_JOB, bulkDraftCleanupJob.run, { now, owner: `test-${Date.now()}` })
	expect(outcome.ran).toBe(true)
	if (outcome.ran) expect(outcome.result).toMatchObject({ batches: expect.any(Number), rows: expect.any(Number) })

	expect(await prisma.bulkBatch.findUnique({ where: { id: oldDraft } })).toBeNull()
	expect(await prisma.bulkRow.count({ where: { batchId: oldDraft } })).toBe(0)
	const kept = await prisma.bulkBatch.findMany({ where: { organizationId: org.id }, select: { id: true, status: true, _count: { select: { rows: true } } } })
	expect(kept.map((b) => b.id).sort()).toEqual([freshDraft, ...started].sort())
	for (const batch of kept) expect(batch._count.rows).toBe(2)

	// the same file again, after its draft was deleted, is a new draft (nothing left behind blocks it)
	const again = await importBatch(user, csv('address', '1 Main St, Denver, CO 80202', '1 Oak St, Denver, CO 80202'))
	expect(again.created).toBe(true)
})
