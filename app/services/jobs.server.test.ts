import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { runWithLease } from './jobs.server.ts'

describe('runWithLease', () => {
	test('of two instances starting the same job at once, exactly one runs it', async () => {
		const name = `test-${randomUUID()}`
		let runs = 0
		const job = async () => {
			runs++
			await new Promise((r) => setTimeout(r, 50))
			return { done: true }
		}
		// (a minimum interval, as the scheduled jobs have: an instance that gets to the lease only
		// after the first run finished must skip it too, on a slow machine)
		const options = { minIntervalMs: 60_000 }
		const outcomes = await Promise.all([
			runWithLease(name, job, { ...options, owner: 'a' }),
			runWithLease(name, job, { ...options, owner: 'b' }),
			runWithLease(name, job, { ...options, owner: 'c' }),
		])
		expect(runs).toBe(1)
		expect(outcomes.filter((o) => o.ran)).toHaveLength(1)
		expect(outcomes.filter((o) => !o.ran)).toHaveLength(2)
	})

	test('minIntervalMs skips a run right after a successful one; a failed run frees the lease', async () => {
		const name = `test-${randomUUID()}`
		expect((await runWithLease(name, async () => ({ n: 1 }), { minIntervalMs: 60_000 })).ran).toBe(true)
		expect(await runWithLease(name, async () => ({ n: 2 }), { minIntervalMs: 60_000 })).toEqual({ ran: false, reason: 'recent' })
		expect((await runWithLease(name, async () => ({ n: 3 }))).ran).toBe(true)

		const failing = `test-${randomUUID()}`
		await expect(runWithLease(failing, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
		expect(await runWithLease(failing, async () => ({ ok: true }))).toEqual({ ran: true, result: { ok: true } })
	})

	test('the job receives the clock it was given', async () => {
		const now = new Date('2030-01-01T00:00:00Z')
		const outcome = await runWithLease(`test-${randomUUID()}`, async (at) => ({ at: at.toISOString() }), { now })
		expect(outcome).toEqual({ ran: true, result: { at: '2030-01-01T00:00:00.000Z' } })
	})
})
