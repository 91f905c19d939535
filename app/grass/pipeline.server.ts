// Grass detection for a property: imagery → property window → segmentation →
// measurements, reporting each of the four steps the AI modal shows (spec 1 §5)
// as it starts, and stopping between steps when `signal` aborts.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { polygonArea, type LatLng } from '~/lib/geodesy.ts'
import { detectOnImage, measureLawn, propertyRoi, toSqft, type GrassArea } from './detect.ts'
import { loadImagery, WINDOW_PX } from './imagery-window.server.ts'
import { loadLearnedModel } from './learning.server.ts'
import { groundPixelAreaM2, metresPerPixel, project } from './mercator.ts'
import { rng } from './raster.ts'
import { segmentLawn } from './segment.ts'

export { WINDOW_PX }

export const AI_STEPS = [
	'Loading satellite imagery',
	'Detecting property boundaries',
	'AI analyzing grass vs hardscapes',
	'Calculating grass measurements',
] as const

export type ExcludedFeatureReply = { type: string; label: string; area_sqft: number }
export type GrassResult = {
	grassAreas: GrassArea[]
	learnedFromSamples: number
	excludedFeatures: ExcludedFeatureReply[]
	imagery: { zoom: number; metresPerPixel: number }
}

export type DetectGrassOptions = {
	signal?: AbortSignal
	onStep?: (index: number, name: (typeof AI_STEPS)[number]) => void
}

const round7 = (v: number) => Math.round(v * 1e7) / 1e7

export async function detectGrass(center: LatLng, { signal, onStep }: DetectGrassOptions = {}): Promise<GrassResult> {
	const step = async (index: number) => {
		signal?.throwIfAborted()
		onStep?.(index, AI_STEPS[index]!)
		// let the progress event leave before CPU-bound work blocks the loop
		await yieldToEventLoop()
		signal?.throwIfAborted()
	}
	await step(0)
	const window = await loadImagery(center, signal)
	const mpp = metresPerPixel(center.lat, window.zoom)

	await step(1)
	const roi = propertyRoi(window.image.width, window.image.height, mpp)
	const learned = await loadLearnedModel(center)

	await step(2)
	const segmentation = segmentLawn(window.image, { mpp, learned, signal })

	await step(3)
	const detection = measureLawn(segmentation, { mpp, pixelAreaM2: groundPixelAreaM2(center.lat, window.zoom), georef: window, roi, signal })
	const grassAreas = detection.areas.map((area, k) => {
		const coordinates = area.outer.map((p) => ({ lat: round7(p.lat), lng: round7(p.lng) }))
		const holes = area.holes.map((h) => h.map((p) => ({ lat: round7(p.lat), lng: round7(p.lng) })))
		return { id: `ai-grass-${k + 1}`, area_sqft: toSqft(polygonArea(coordinates, holes)), coordinates, holes, ai_confidence: area.confidence }
	})
	return {
		grassAreas,
		learnedFromSamples: learned?.samples ?? 0,
		excludedFeatures: detection.excluded.map((e) => ({ type: e.type, label: e.label, area_sqft: toSqft(e.areaM2) })),
		imagery: { zoom: window.zoom, metresPerPixel: Math.round(mpp * 1e4) / 1e4 },
	}
}

/**
 * Warms the detection up on small generated yards (lawn, a drive, a roof, a
 * tree, noise): 16 runs at 96 px, then one at 320 px, about 1.5 s of CPU.
 * The trees get compiled to code (each evaluator first runs on made-up pixels
 * that take every branch, see gbdt.ts) and V8 optimises every stage, so the
 * first requests pay much less for it (first 768-px detections measured
 * 1.8/1.2/0.7 s CPU cold, 0.6/1.0/0.4 s after this, 0.25–0.3 s warm).
 * Pure CPU work, no I/O; the results are thrown away.
 */
export function warmUpGrassDetection(): void {
	// many small runs: every function is called often enough to be optimised as a whole
	for (const [size, times] of [
		[96, 16],
		[320, 1],
	] as const) {
		const { image, options } = warmUpImage(size)
		for (let k = 0; k < times; k++) detectOnImage(image, options)
	}
}

function warmUpImage(size: number) {
	const next = rng(20_261_123)
	const data = new Uint8Array(size * size * 3)
	const s = size / 320
	for (let y = 0; y < size; y++) {
		for (let x = 0; x < size; x++) {
			const noise = next() * 24 - 12
			const u = x / s
			const v = y / s
			let colour: [number, number, number] = [86, 128, 52] // lawn
			if (u > 200 && u < 250) colour = [150, 148, 142] // drive
			else if (u > 40 && u < 130 && v > 30 && v < 110) colour = [120, 84, 70] // roof
			else if ((u - 90) ** 2 + (v - 230) ** 2 < 45 ** 2) colour = [40, 64, 34] // tree crown
			else if (u < 200 && v % 40 < 20) colour = [96, 140, 58] // mowing stripes
			const o = (y * size + x) * 3
			for (let c = 0; c < 3; c++) data[o + c] = Math.max(0, Math.min(255, Math.round(colour[c]! + noise)))
		}
	}
	const center = { lat: 39.74, lng: -104.99 }
	const zoom = 20
	const c = project(center, zoom)
	return {
		image: { width: size, height: size, data },
		options: { mpp: metresPerPixel(center.lat, zoom), pixelAreaM2: groundPixelAreaM2(center.lat, zoom), georef: { left: Math.round(c.x - size / 2), top: Math.round(c.y - size / 2), zoom } },
	}
}

// the production server warms up as it starts (GRASS_WARMUP=off skips it); not in tests or development
if (process.env.NODE_ENV === 'production' && process.env.GRASS_WARMUP !== 'off') {
	setTimeout(() => {
		try {
			warmUpGrassDetection()
		} catch (error) {
			console.error('Grass detection warm-up failed', error)
		}
	}, 0).unref()
}
