// The detection pool: the same answer as running inline, the server's event
// loop free while a detection runs, the last step announced, cancellation, priority, idle memory.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { MALLOC_ENV } from '../../server/malloc-env.mjs'
import { yardDetectTask } from '../../tests/support/detect-task.ts'
import { releaseDetectionMemory, runDetectTask, workerNice, type DetectTask } from './detect-worker.ts'
import { detectionWorkers, runDetection, stopDetectionPool } from './pool.server.ts'
import { mayLeaveIdle, SCHED_IDLE, threadStat } from './thread-priority.server.ts'

let task: Omit<DetectTask, 'progress'>

beforeAll(async () => {
	process.env.GRASS_WORKERS = '2'
	task = await yardDetectTask()
})
// busy loops a test starts: gone when it ends, even one that failed or timed out
const burners: ReturnType<typeof spawn>[] = []
afterEach(() => {
	for (const burner of burners.splice(0)) burner.kill('SIGKILL')
})
afterAll(async () => {
	await stopDetectionPool()
	delete process.env.GRASS_WORKERS
})

test('a detection in the pool gives exactly the inline answer, announces the measuring step, and leaves the event loop free', async () => {
	const inline = await runDetectTask(task)
	expect(inline.grassAreas.length).toBeGreaterThan(0)

	let turns = 0
	let running = true
	const loop = (async () => {
		// what other requests would get while the detection runs: turns of the event loop
		while (running) {
			await new Promise((resolve) => setImmediate(resolve))
			turns++
		}
	})()
	let measuring = 0
	const pooled = await runDetection(task, { onMeasuring: () => measuring++ })
	running = false
	await loop
	expect(pooled).toEqual(inline)
	expect(measuring).toBe(1)
	// inline, the ~0.3 s of segmentation would have held the loop for its whole length (one turn at most)
	expect(turns).toBeGreaterThan(20)
}, 90_000) // several whole detections (seconds of CPU each): a machine shared with other work stretches them

test('cancelling a running detection rejects with the caller’s reason; the pool keeps working', async () => {
	const controller = new AbortController()
	const running = runDetection(task, { signal: controller.signal })
	setTimeout(() => controller.abort(new Error('Analysis cancelled')), 20)
	await expect(running).rejects.toThrow('Analysis cancelled')
	// an already-aborted signal never starts work
	await expect(runDetection(task, { signal: AbortSignal.abort(new Error('too late')) })).rejects.toThrow('too late')
	const after = await runDetection(task)
	expect(after.grassAreas.length).toBeGreaterThan(0)
}, 90_000) // three detections: on a busy machine they took up to 17 s (npm run test:stress)

test('a second copy of the module (the server loads the bundle’s and the source’s) shares the one pool', async () => {
	const secondCopy = './pool.server.ts?second-copy' // a query makes Vite load the module again
	const copy = (await import(/* @vite-ignore */ secondCopy)) as typeof import('./pool.server.ts')
	expect(copy.runDetection).not.toBe(runDetection) // really another instance of the module
	// four detections at once, two through each copy: the pool (GRASS_WORKERS=2) grows to two workers, not four
	const results = await Promise.all([runDetection(task), copy.runDetection(task), runDetection(task), copy.runDetection(task)])
	for (const result of results) expect(result.grassAreas.length).toBeGreaterThan(0)
	expect(detectionWorkers()).toBeGreaterThanOrEqual(1)
	expect(detectionWorkers()).toBeLessThanOrEqual(2)
	expect(copy.detectionWorkers()).toBe(detectionWorkers())
	// stopped through one copy, it is stopped for both
	await copy.stopDetectionPool()
	expect(detectionWorkers()).toBe(0)
}, 120_000)

test('the pool’s workers run below the server’s priority: a request waiting for a busy core goes first', async () => {
	await runDetection(task)
	// Linux keeps a nice value per thread (/proc/<pid>/task/<tid>/stat, field 19)
	// 10 below the server's own nice value, whatever that is (a CI machine may start everything under `nice`)
	const server = threadStat(process.pid)!.nice
	expect(server).toBe(os.getPriority())
	const below = Math.min(19, server + 10)
	const atBelow = threads().filter((t) => t.nice === below).length
	// a sandbox may refuse a thread its own lower priority (the worker then detects at the server's):
	// a plain thread tries the same call, so this test says which machine it ran on
	const allowed = await new Promise<boolean>((resolve, reject) => {
		const probe = new Worker(
			`const os = require('node:os'); let ok = true; try { os.setPriority(Math.min(19, os.getPriority() + 1)) } catch { ok = false } require('node:worker_threads').parentPort.postMessage(ok)`,
			{ eval: true },
		)
		probe.once('message', (ok: boolean) => void probe.terminate().then(() => resolve(ok)))
		probe.once('error', reject)
	})
	if (allowed) expect(atBelow).toBeGreaterThanOrEqual(1)
	else if (below !== server) expect(atBelow, 'this machine refuses per-thread priorities: the workers stay at the server’s').toBe(0)
}, 90_000)

// this process's threads with their nice value and scheduling policy
function threads(): { tid: number; nice: number; policy: number }[] {
	return fs.readdirSync('/proc/self/task').flatMap((tid) => {
		const stat = threadStat(Number(tid))
		return stat ? [{ tid: Number(tid), nice: stat.nice, policy: stat.policy }] : [] // [] if it ended meanwhile
	})
}

/** Whether this machine lets a plain thread put itself at SCHED_IDLE (util-linux's chrt there, and allowed). */
function idleAllowed(): Promise<boolean> {
	return new Promise((resolve, reject) => {
		const probe = new Worker(
			`const tid = require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()
			const ok = require('node:child_process').spawnSync('chrt', ['--idle', '--pid', '0', tid], { stdio: 'ignore' }).status === 0
			require('node:worker_threads').parentPort.postMessage(ok)`,
			{ eval: true },
		)
		probe.once('message', (ok: boolean) => void probe.terminate().then(() => resolve(ok)))
		probe.once('error', reject)
	})
}

/** A detection in the pool, and each of this process's threads' policies seen while it ran (looked at every 10 ms). */
async function detectWatchingPolicies(): Promise<{ result: Awaited<ReturnType<typeof runDetection>>; seen: Map<number, Set<number>> }> {
	const seen = new Map<number, Set<number>>()
	const look = () => threads().forEach((t) => seen.set(t.tid, (seen.get(t.tid) ?? new Set()).add(t.policy)))
	const sampler = setInterval(look, 10)
	try {
		return { result: await runDetection(task), seen }
	} finally {
		clearInterval(sampler)
	}
}
// the detection threads' nice value, and whether they can wait at SCHED_IDLE here: the thread could not be
// raised from it without CAP_SYS_NICE or RLIMIT_NICE (and a sandbox may refuse it): it keeps its nice value alone then
const workersNice = () => workerNice(os.getPriority(), process.env.GRASS_WORKER_NICE)
const idleHere = async () => process.env.GRASS_WORKER_IDLE !== 'off' && (await idleAllowed()) && mayLeaveIdle(workersNice())

test('a detection thread works at SCHED_IDLE, so a waking request takes its core at once, where the pool can raise it again', async () => {
	const { seen } = await detectWatchingPolicies()
	const idle = [...seen].filter(([, policies]) => policies.has(SCHED_IDLE)).map(([tid]) => tid)
	if (await idleHere()) {
		expect(idle.length).toBeGreaterThanOrEqual(1)
		for (const tid of idle) expect(threads().find((t) => t.tid === tid)?.nice).toBe(workersNice())
	} else expect(idle, 'this machine cannot raise a thread from SCHED_IDLE: the workers keep their nice value alone').toEqual([])
}, 90_000)

test('a detection starved of a core goes back to its nice value and ends; the next one starts at SCHED_IDLE again', async () => {
	await stopDetectionPool()
	process.env.GRASS_WORKERS = '1'
	try {
		const first = await detectWatchingPolicies()
		const worker = [...first.seen].find(([, policies]) => policies.has(SCHED_IDLE))?.[0]
		if (worker === undefined) {
			// a machine where the workers keep their nice value alone (the test above says which)
			expect(await idleHere()).toBe(false)
			return
		}
		// the worker's thread and a busy loop share one core: at SCHED_IDLE it would hardly move (~0.2 % of
		// the core: a ~0.3 s detection would take minutes); raised to its nice value it gets ~10 %
		expect(spawnSync('taskset', ['--pid', '--cpu-list', '0', String(worker)]).status).toBe(0)
		burners.push(spawn('taskset', ['--cpu-list', '0', process.execPath, '-e', 'for(;;){}'], { stdio: 'ignore' }))
		const starved = await detectWatchingPolicies()
		expect(starved.result.grassAreas.length).toBeGreaterThan(0)
		expect([...starved.seen.get(worker)!]).toContain(0) // SCHED_OTHER, at the worker's nice value
		expect(threads().find((t) => t.tid === worker)?.nice).toBe(workersNice())

		for (const burner of burners.splice(0)) burner.kill('SIGKILL')
		const next = await detectWatchingPolicies()
		expect([...next.seen.get(worker)!]).toContain(SCHED_IDLE)
	} finally {
		await stopDetectionPool() // its one worker is pinned to a core: the next test gets a fresh pool
		process.env.GRASS_WORKERS = '2'
	}
}, 90_000)

test('a detection thread goes 10 below the server, or GRASS_WORKER_NICE, never past 19', () => {
	expect(workerNice(0, undefined)).toBe(10)
	expect(workerNice(5, undefined)).toBe(15)
	expect(workerNice(15, undefined)).toBe(19)
	expect(workerNice(-5, '3')).toBe(-2)
	expect(workerNice(4, '0')).toBe(4)
	expect(workerNice(0, 'soon')).toBe(10)
	expect(workerNice(0, '2.5')).toBe(2)
})

test('GRASS_WORKERS=0 runs inline with the same answer', async () => {
	process.env.GRASS_WORKERS = '0'
	try {
		let measuring = 0
		const result = await runDetection(task, { onMeasuring: () => measuring++ })
		expect(result).toEqual(await runDetectTask(task))
		expect(measuring).toBe(1)
	} finally {
		process.env.GRASS_WORKERS = '2'
	}
})

test('after the buffers kept between detections are let go, the next detection gives the same answer', async () => {
	const before = await runDetectTask(task)
	releaseDetectionMemory()
	expect(await runDetectTask(task)).toEqual(before)
})

test('cancelling a detection or stopping the pool while its CNN pass runs never takes the process down', () => {
	// a process of its own: onnxruntime-node's pass is one native call, and a worker terminated during
	// it aborted the whole process (exit 134) before the pool waited for the pass (run-gate.ts)
	// ~9 s on a quiet machine; a cancelled pass finishes before its thread goes, however starved of a
	// core (12 busy processes on 2 cores: 238 s), so the bound is generous
	const child = spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/stop-during-cnn.ts'], { env: { ...process.env, GRASS_WORKERS: '1' }, encoding: 'utf8', timeout: 180_000 })
	expect(child.status, child.stderr).toBe(0)
	const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { cancelled: string[]; inFlight: number; last: string }
	// each caller got its own reason, and every cancellation came while a pass was in flight
	expect(result.cancelled).toEqual(['cancelled 0', 'cancelled 1'])
	expect(result.inFlight).toBe(3)
	expect(result.last).not.toBe('finished')
}, 180_000)

test('a worker idle for a moment gives its detection memory back (the server’s resident size drops)', () => {
	// a process of its own, started as the production server is (glibc reads its settings at start),
	// but without V8's memory reducer, which gives some memory back by itself after ~5 s idle (it
	// would hide a worker that never runs its idle step). The process's resident size is looked at
	// until it drops by DROP_MB, for up to 20 s: a second after the last detection on a quiet machine,
	// later on a busy one, where the worker (below the server's priority) gets a core late.
	const child = spawnSync(process.execPath, ['--no-memory-reducer', '--import', 'tsx', 'tests/support/pool-memory.ts'], {
		env: { ...process.env, ...MALLOC_ENV, GRASS_WORKERS: '1', DROP_MB: '5', IDLE_MS: '20000' },
		encoding: 'utf8',
		timeout: 90_000,
	})
	expect(child.status, child.stderr).toBe(0)
	const { busy, idle } = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { busy: number; idle: number }
	// measured: ~300 MB right after two detections; once the worker has run its idle step 16-23 MB
	// less on a quiet machine, 9-43 MB less beside two CPU burners (13 runs); a worker that never runs
	// it (an event loop blocked while it waits for work, piscina's default) keeps it all: 0-2 MB less
	// after 20 s, quiet or beside the burners
	expect(busy - idle).toBeGreaterThanOrEqual(5)
}, 90_000)
