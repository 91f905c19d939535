// Background jobs that must run once across every app instance: a row in
// job_leases is the lock. Taking it is one conditional UPDATE, so of two
// instances ticking at the same moment exactly one runs the job; a crashed
// holder's lease expires after ttlMs. minIntervalMs keeps a second instance
// (or a restart) from running a daily job again too soon after the last run.
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { prisma } from '~/db.server.ts'

export const instanceId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`

export type JobResult = Record<string, unknown>

export type LeaseOptions = {
	/** the clock the job itself works with (tests set it); the lease always uses the real clock */
	now?: Date
	ttlMs?: number
	/** skip the run when the last successful run is younger than this */
	minIntervalMs?: number
	owner?: string
}

export type LeaseOutcome = { ran: true; result: JobResult } | { ran: false; reason: 'busy' | 'recent' }

export async function runWithLease(
	name: string,
	job: (now: Date) => Promise<JobResult>,
	{ now, ttlMs = 15 * 60_000, minIntervalMs = 0, owner = instanceId }: LeaseOptions = {},
): Promise<LeaseOutcome> {
	const realNow = new Date()
	await prisma.jobLease.createMany({ data: [{ name }], skipDuplicates: true })
	const { count } = await prisma.jobLease.updateMany({
		where: {
			name,
			AND: [
				{ OR: [{ lockedUntil: null }, { lockedUntil: { lt: realNow } }] },
				minIntervalMs > 0
					? { OR: [{ lastRunAt: null }, { lastRunAt: { lte: new Date(realNow.getTime() - minIntervalMs) } }] }
					: {},
			],
		},
		data: { lockedBy: owner, lockedUntil: new Date(realNow.getTime() + ttlMs) },
	})
	if (count === 0) {
		const lease = await prisma.jobLease.findUnique({ where: { name } })
		const busy = lease?.lockedUntil != null && lease.lockedUntil >= realNow
		return { ran: false, reason: busy ? 'busy' : 'recent' }
	}
	try {
		const result = await job(now ?? new Date())
		await prisma.jobLease.updateMany({
			where: { name, lockedBy: owner },
			data: { lockedBy: null, lockedUntil: null, lastRunAt: new Date(), lastResult: result as object },
		})
		return { ran: true, result }
	} catch (error) {
		await prisma.jobLease.updateMany({
			where: { name, lockedBy: owner },
			data: { lockedBy: null, lockedUntil: null, lastResult: { error: error instanceof Error ? error.message : String(error) } },
		})
		throw error
	}
}

export type ScheduledJob = {
	name: string
	/** how often each instance tries (the lease and minIntervalMs keep it to one run) */
	everyMs: number
	minIntervalMs?: number
	run: (now: Date) => Promise<JobResult>
}

/** Runs each job shortly after start-up (catching up after downtime) and then every `everyMs`. */
export function startScheduler(jobs: ScheduledJob[], log: Pick<Console, 'log' | 'error'> = console) {
	const timers: NodeJS.Timeout[] = []
	for (const job of jobs) {
		const tick = () =>
			runWithLease(job.name, job.run, { minIntervalMs: job.minIntervalMs })
				.then((outcome) => {
					if (outcome.ran) log.log(`[job ${job.name}] ${JSON.stringify(outcome.result)}`)
				})
				.catch((error) => log.error(`[job ${job.name}] failed`, error))
		timers.push(setTimeout(tick, 2_000).unref(), setInterval(tick, job.everyMs).unref())
	}
	return () => timers.forEach((t) => clearTimeout(t))
}
