// The CPU-bound part of a detection (segmentation, then measuring), run in a
// worker thread of app/grass/pool.server.ts so it never stalls the server's
// event loop. Pure like detect.ts: pixels and numbers in, outlines out.
import os from 'node:os'
import v8 from 'node:v8'
import vm from 'node:vm'
import type { MessagePort } from 'node:worker_threads'
import { grassAreasOf, measureLawn, prepareAiShapes, segment, warmUpGrassDetection, type ExcludedFeature, type GrassArea, type PreparedShapes, type Roi } from './detect.ts'
import type { LearnedLawnModel } from './learned-model.ts'
import { releaseScratch } from './raster.ts'
import { resolvedScale } from './resolution.ts'
import { GateClosedError, RunGate } from './run-gate.ts'
import type { RgbImage } from '~/lib/rgb-image.ts'
import type { SeedPoints } from './seeds.ts'
import { currentThreadId, enterIdle, mayLeaveIdle, SCHED_IDLE, threadStat } from './thread-priority.server.ts'
import { releaseTracerMemory, type Georef } from './vectorize.ts'

export type DetectTask = {
	image: RgbImage
	mpp: number
	pixelAreaM2: number
	georef: Georef
	roi: Roi
	learned: LearnedLawnModel | null
	seeds: SeedPoints | null
	/** metres per pixel the imagery resolves at best, whatever its pixels say (SATELLITE_GROUND_MPP) */
	groundMppFloor?: number
	/** also return the areas as a saved measurement's shapes (detect.ts prepareAiShapes) */
	prepareShapes?: boolean
	/** told `{ idleThread }` as a detection starts at SCHED_IDLE, and 'measuring' when the segmentation is done (the modal's last step) */
	progress?: MessagePort
	/** the task's gate (run-gate.ts): cancelling closes it, and the worker is terminated only once no CNN pass is in flight */
	cnnGate?: SharedArrayBuffer
}

export type DetectTaskResult = {
	grassAreas: GrassArea[]
	excluded: ExcludedFeature[]
	/** how many of its pixels the imagery resolves (resolution.ts, or groundMppFloor where coarser); outlines are drawn to it */
	resolvedScale: number
	prepared?: PreparedShapes
}

export async function runDetectTask(task: Omit<DetectTask, 'progress'>, onMeasuring?: () => void): Promise<DetectTaskResult> {
	const segmentation = await segment(task.image, { mpp: task.mpp, learned: task.learned, seeds: task.seeds, cnnGate: task.cnnGate ? new RunGate(task.cnnGate) : null })
	onMeasuring?.()
	// what the imagery resolves: read off its pixels, at least what the operator says of it
	const resolved = Math.max(resolvedScale(task.image), (task.groundMppFloor ?? 0) / task.mpp)
	const detection = measureLawn(segmentation, { mpp: task.mpp, pixelAreaM2: task.pixelAreaM2, georef: task.georef, roi: task.roi, lawnTaps: task.seeds?.lawn, resolvedPx: resolved })
	const grassAreas = grassAreasOf(detection.areas)
	return { grassAreas, excluded: detection.excluded, resolvedScale: resolved, ...(task.prepareShapes ? { prepared: prepareAiShapes(grassAreas) } : {}) }
}

// A worker idle for a second after a detection gives its memory back (releaseDetectionMemory), and
// a production worker collects its garbage after the warm-up: a detection leaves typed arrays (the
// image's feature planes) that V8 would otherwise keep until its external-memory limit. Collecting
// after every detection cost ~30 ms of a detection's ~250, so only when idle; the idle timer runs
// because the pool lets an idle worker's event loop turn (pool.server.ts, atomics 'async'). A worker
// cannot be started with --expose-gc (V8 flags are per process), so the flag is set now and a fresh
// context, which gets `gc`, hands it over; the server's own context is not changed.
const collectGarbage: (() => void) | null =
	process.env.GRASS_WORKER === '1'
		? (() => {
				v8.setFlagsFromString('--expose-gc')
				return vm.runInNewContext('gc') as () => void
			})()
		: null

let idleCollection: NodeJS.Timeout | null = null

/**
 * What an idle worker gives back: the filters' scratch planes and the outline tracer's maps, kept
 * between calls so back-to-back detections do not allocate them again (up to ~30 MB for a 768-px
 * window, the tracer's maps four times its pixels), then the garbage. The next detection allocates
 * them again (a few ms of its ~250).
 */
export function releaseDetectionMemory(): void {
	releaseScratch()
	releaseTracerMemory()
	collectGarbage?.()
}

// the thread of a worker that detects at SCHED_IDLE (set as the worker starts, below), null when it does not
let idleThread: number | null = null

/** Puts the worker's thread at SCHED_IDLE before a detection (the pool may have raised it during the last one); its id, or null. */
function waitAtIdle(): number | null {
	if (idleThread === null || threadStat(idleThread)?.policy === SCHED_IDLE) return idleThread
	if (!enterIdle(idleThread)) idleThread = null // no chrt, or refused: the nice value alone, from now on
	return idleThread
}

/** The pool's entry (piscina calls the default export with each task). */
export default async function detectInWorker({ progress, ...task }: DetectTask): Promise<DetectTaskResult> {
	if (idleCollection) clearTimeout(idleCollection)
	const idle = waitAtIdle()
	if (idle !== null) progress?.postMessage({ idleThread: idle })
	try {
		return await runDetectTask(task, () => progress?.postMessage('measuring'))
	} finally {
		progress?.close()
		// a worker that stays idle a moment gives its memory back (a busy one does not pay for it)
		if (collectGarbage) idleCollection = setTimeout(releaseDetectionMemory, 1_000).unref()
	}
}

/** The nice value a detection thread takes: `step` (default 10) below the server's, at most 19 (Linux's lowest priority). */
export function workerNice(serverNice: number, step: string | undefined): number {
	const below = step === undefined || step === '' || !Number.isFinite(Number(step)) ? 10 : Math.max(0, Math.trunc(Number(step)))
	return Math.min(19, serverNice + below)
}

// a worker thread yields the CPU to the event loop: on Linux a thread has its own nice value (a new
// thread starts with its creator's), and get/setPriority with no pid read and set the calling
// thread's, so a detection runs at full speed on an idle core but a request waiting for a busy core
// goes first (issue 20 §5). The worker goes GRASS_WORKER_NICE (10) below the server, whatever the
// server's own nice value (a server started under `nice` keeps its workers below it); 0 turns it off.
// Then, from its first detection, the thread works at SCHED_IDLE (GRASS_WORKER_IDLE=off keeps the nice
// value alone): a request's thread waking up takes a core running only a detection at once, where a
// nice value still let it queue behind one (one server, the policy switched between rounds: p99 of
// requests beside detections 17–20 ms at SCHED_IDLE, 22–33 ms at nice 10, 11–16 ms alone). An idle
// thread gets almost nothing while other work keeps every core busy, so the pool raises one starved of
// a core back to its nice value (pool.server.ts); Linux lets a thread leave SCHED_IDLE only with
// CAP_SYS_NICE or a high enough RLIMIT_NICE, so without either the worker keeps its nice value alone.
if (process.env.GRASS_WORKER === '1') {
	try {
		os.setPriority(workerNice(os.getPriority(), process.env.GRASS_WORKER_NICE))
	} catch {
		// not allowed here (some sandboxes): the detections run at the server's priority
	}
	if (process.env.GRASS_WORKER_IDLE !== 'off' && mayLeaveIdle(os.getPriority())) idleThread = currentThreadId()
}

// a production worker warms up as it starts (GRASS_WARMUP=off skips it), before it takes a task:
// V8 optimises every stage, so the first detections do not pay for it
if (process.env.GRASS_WORKER === '1' && process.env.NODE_ENV === 'production' && process.env.GRASS_WARMUP !== 'off') {
	// the pool stopped during the warm-up (run-gate.ts): the worker is about to go, nothing to warm
	await warmUpGrassDetection().catch((error: unknown) => {
		if (!(error instanceof GateClosedError)) throw error
	})
	collectGarbage?.()
}
