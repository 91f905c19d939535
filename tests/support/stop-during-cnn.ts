// A process of its own for app/grass/pool.server.test.ts: detections in the pool cancelled, then the
// pool stopped, while a lawn-CNN pass runs in a worker. onnxruntime-node's pass is one synchronous
// native call; a worker terminated during it aborts the whole process ("terminate called after
// throwing an instance of 'Napi::Error'", exit 134), so the test reads this process's exit code.
// The image is coarse (0.6 m a pixel: the CNN works on all 768 × 768 of them, about a second a pass),
// and each cancellation comes well inside the pass (the process's gate, run-gate.ts, counts the passes
// in it). Prints one JSON line: what each cancelled detection answered and the last one's end.
import { processCnnGate } from '../../app/grass/run-gate.ts'
import { runDetection, stopDetectionPool } from '../../app/grass/pool.server.ts'
import { propertyRoi } from '../../app/grass/detect.ts'
import { yardDetectTask } from './detect-task.ts'

process.env.GRASS_WORKERS = '1'
const yard = await yardDetectTask()
// the yard read as 0.6 m imagery: the CNN works on every pixel (768 × 768, about a second a pass)
const task = { ...yard, mpp: 0.6, pixelAreaM2: 0.36, roi: propertyRoi(yard.image.width, yard.image.height, 0.6) }
const gate = processCnnGate()

/** Resolves on the first turn of the event loop that finds a CNN pass in the process's gate. */
async function untilPassInFlight(ms = 60_000): Promise<boolean> {
	const until = performance.now() + ms
	while (performance.now() < until) {
		if (Atomics.load(gate.cells, 1) > 0) return true
		await new Promise((resolve) => setImmediate(resolve))
	}
	return false
}

const cancelled: string[] = []
let inFlight = 0
for (const [k, offset] of [100, 400].entries()) {
	const controller = new AbortController()
	const running = runDetection(task, { signal: controller.signal })
	if (await untilPassInFlight()) inFlight++
	await new Promise((resolve) => setTimeout(resolve, offset))
	controller.abort(new Error(`cancelled ${k}`))
	cancelled.push(await running.then(() => 'finished', (error: Error) => error.message))
}
// a detection whose pass runs when the pool stops (a server's shutdown), then the process exits
const last = runDetection(task).then(
	() => 'finished',
	(error: Error) => error.message,
)
if (await untilPassInFlight()) inFlight++
await new Promise((resolve) => setTimeout(resolve, 250))
await stopDetectionPool()
console.log(JSON.stringify({ cancelled, inFlight, last: await last }))
process.exit(0)
