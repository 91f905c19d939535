// Detections off the request thread: a pool of worker threads (piscina), sized
// to the cores, runs the segmentation and measuring (app/grass/detect-worker.ts)
// while the server's event loop keeps answering other requests. Cancellation:
// an aborted signal drops a queued task, and a running one ends with its
// worker (piscina replaces it). The pool has one worker per core but one
// (at least one); GRASS_WORKERS sets its size, 0 runs detections inline (on the
// calling thread), as before. Each worker holds its own copy of the models and
// the module graph: about 90–115 MB of resident memory when warm, about half of it
// given back after a second idle. Workers run 10 below the server's priority
// and detect at SCHED_IDLE (detect-worker.ts); one starved of a core is raised
// back to that nice value (watchForStarvation).
import os from 'node:os'
import path from 'node:path'
import { MessageChannel } from 'node:worker_threads'
import { Piscina } from 'piscina'
import { runDetectTask, type DetectTask, type DetectTaskResult } from './detect-worker.ts'
import { processCnnGate, RunGate } from './run-gate.ts'
import { leaveIdle, threadRunning } from './thread-priority.server.ts'

/**
 * One pool per process, kept on globalThis: the production server loads this module twice — in the
 * build's bundle (the request path) and from source (its in-process bulk worker, server/index.ts) —
 * and each copy started its own pool and warmed its own worker (~80 MB more resident: bench:load's
 * memory with the pool warm 1.40x idle without the bulk worker, 1.54x with it).
 */
const shared = globalThis as typeof globalThis & { yardstickDetectionPool?: Piscina | null }

export function poolSize(): number {
	const configured = process.env.GRASS_WORKERS
	if (configured !== undefined && /^\d+$/.test(configured)) return Number(configured)
	// one core stays with the event loop (and PostgreSQL); the rest detect
	return Math.max(1, os.availableParallelism() - 1)
}

function getPool(): Piscina {
	let pool = shared.yardstickDetectionPool
	if (!pool) {
		const size = poolSize()
		pool = shared.yardstickDetectionPool = new Piscina({
			// the TypeScript source, loaded by tsx in each worker (the entry registers it): the
			// server itself runs on tsx, and the production build bundles only the request path
			filename: path.resolve('app/grass/detect-worker-entry.mjs'),
			minThreads: 1,
			maxThreads: size,
			// a worker idle for a minute goes (and its memory with it); one always stays
			idleTimeout: 60_000,
			// a detection is ~0.3 s of CPU: one at a time per worker
			concurrentTasksPerWorker: 1,
			// an idle worker waits for its next task without blocking its event loop (piscina's default
			// blocks it in Atomics.wait), so its timers run: it gives its memory back after a second idle
			atomics: 'async',
			// a small JavaScript heap: the pixels live in typed arrays outside it, and a worker with
			// the default (sized to the machine) held ~220 MB more after 37 detections (bench:load)
			resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
			env: { ...process.env, GRASS_WORKER: '1' },
			// the process's CNN gate (run-gate.ts), shared with every worker: stopping the pool waits for their passes
			workerData: { cnnGate: processCnnGate().buffer },
		})
	}
	return pool
}

/** How many worker threads the process's pool has now (0 without one). */
export function detectionWorkers(): number {
	return shared.yardstickDetectionPool?.threads.length ?? 0
}

/** Starts the pool's first worker now (and, in production, its warm-up), not on the first request. */
export function startDetectionPool(): void {
	if (poolSize() > 0) getPool()
}

/**
 * Runs a detection task in the pool (or inline with GRASS_WORKERS=0).
 * `onMeasuring` is called when the segmentation is done.
 */
export async function runDetection(task: Omit<DetectTask, 'progress'>, { signal, onMeasuring }: { signal?: AbortSignal; onMeasuring?: () => void } = {}): Promise<DetectTaskResult> {
	signal?.throwIfAborted()
	if (poolSize() === 0) return runDetectTask(task, onMeasuring)
	let measuring = false
	const tellMeasuring = () => {
		if (measuring) return
		measuring = true
		onMeasuring?.()
	}
	const { port1, port2 } = new MessageChannel()
	// cancelling: the task's gate closes first, so piscina terminates the worker only once no CNN pass
	// is in flight (a pass in flight would abort the whole process, run-gate.ts); a queued task just goes
	const gate = new RunGate()
	const cancel = new AbortController()
	const onAbort = () => void gate.close().then(() => cancel.abort(signal!.reason))
	signal?.addEventListener('abort', onAbort, { once: true })
	let stopWatching = () => {}
	port1.on('message', (message: 'measuring' | { idleThread: number }) => {
		if (message === 'measuring') tellMeasuring()
		else stopWatching = watchForStarvation(message.idleThread)
	})
	try {
		const result = (await getPool().run({ ...task, progress: port2, cnnGate: gate.buffer }, { transferList: [port2] as never, signal: cancel.signal })) as DetectTaskResult
		// the worker's note and its result travel on different ports: never skip the step
		tellMeasuring()
		return result
	} catch (error) {
		// piscina's AbortError for a task we cancelled: the caller sees its own reason
		if (signal?.aborted) throw signal.reason
		throw error
	} finally {
		signal?.removeEventListener('abort', onAbort)
		stopWatching()
		port1.close()
	}
}

/**
 * How often a detecting thread at SCHED_IDLE is looked at, the least share of a core it should have had
 * since the last look while runnable, and how many looks in a row below it mean starved.
 */
export const STARVATION = { everyMs: 200, leastShare: 0.2, looks: 2 }

/**
 * A detection thread at SCHED_IDLE gets a core only when nothing else wants one: while other work
 * keeps every core busy it hardly moves (~0.2 % of a core beside one busy loop, measured). One that
 * was runnable but ran less than a fifth of the time for two looks in a row (0.4 s) goes back to its
 * nice value for the rest of its detection (the worker goes back to idle before its next one).
 * Returns the function that stops watching.
 */
function watchForStarvation(tid: number): () => void {
	let last = threadRunning(tid)
	let at = performance.now()
	let starvedLooks = 0
	const timer = setInterval(() => {
		const now = performance.now()
		const current = threadRunning(tid)
		if (!last || !current) return clearInterval(timer)
		const starved = current.runnable && (current.ranNs - last.ranNs) / 1e6 < STARVATION.leastShare * (now - at)
		starvedLooks = starved ? starvedLooks + 1 : 0
		if (starvedLooks >= STARVATION.looks) {
			clearInterval(timer)
			void leaveIdle(tid)
		}
		last = current
		at = now
	}, STARVATION.everyMs).unref()
	return () => clearInterval(timer)
}

/**
 * Stops the workers (graceful shutdown, tests): the process's CNN gate closes first and the workers
 * go once no CNN pass is in flight (a pass in flight would abort the whole process, run-gate.ts);
 * then it opens again for a pool started later.
 */
export async function stopDetectionPool(): Promise<void> {
	const current = shared.yardstickDetectionPool
	shared.yardstickDetectionPool = null
	if (!current) return
	const gate = processCnnGate()
	await gate.close()
	try {
		await current.destroy()
	} finally {
		gate.open()
	}
}
