// The CPU-bound part of a detection (segmentation, then measuring), run in a
// worker thread of app/grass/pool.server.ts so it never stalls the server's
// event loop. Pure like detect.ts: pixels and numbers in, outlines out.
import type { MessagePort } from 'node:worker_threads'
import { measureLawn, warmUpGrassDetection, type DetectedArea, type ExcludedFeature, type Roi } from './detect.ts'
import type { LearnedLawnModel } from './learned-model.ts'
import type { RgbImage } from './raster.ts'
import type { SeedPoints } from './seeds.ts'
import { segmentLawn } from './segment.ts'
import type { Georef } from './vectorize.ts'

export type DetectTask = {
	image: RgbImage
	mpp: number
	pixelAreaM2: number
	georef: Georef
	roi: Roi
	learned: LearnedLawnModel | null
	seeds: SeedPoints | null
	/** told 'measuring' when the segmentation is done (the modal's last step) */
	progress?: MessagePort
}

export type DetectTaskResult = { areas: DetectedArea[]; excluded: ExcludedFeature[] }

export function runDetectTask(task: Omit<DetectTask, 'progress'>, onMeasuring?: () => void): DetectTaskResult {
	const segmentation = segmentLawn(task.image, { mpp: task.mpp, learned: task.learned, seeds: task.seeds })
	onMeasuring?.()
	const detection = measureLawn(segmentation, { mpp: task.mpp, pixelAreaM2: task.pixelAreaM2, georef: task.georef, roi: task.roi })
	return { areas: detection.areas, excluded: detection.excluded }
}

/** The pool's entry (piscina calls the default export with each task). */
export default function detectInWorker({ progress, ...task }: DetectTask): DetectTaskResult {
	try {
		return runDetectTask(task, () => progress?.postMessage('measuring'))
	} finally {
		progress?.close()
	}
}

// a production worker warms up as it starts (GRASS_WARMUP=off skips it), before it takes a task:
// V8 optimises every stage, so the first detections do not pay for it
if (process.env.GRASS_WORKER === '1' && process.env.NODE_ENV === 'production' && process.env.GRASS_WARMUP !== 'off') {
	await warmUpGrassDetection()
}
