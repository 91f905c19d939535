// Grass detection for a property: imagery → property window → segmentation →
// measurements, reporting each of the four steps the AI modal shows (spec 1 §5)
// as it starts, and stopping between steps when `signal` aborts.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { polygonArea, type LatLng } from '~/lib/geodesy.ts'
import { measureLawn, propertyRoi, toSqft, warmUpGrassDetection, type GrassArea } from './detect.ts'
import { loadImagery, WINDOW_PX } from './imagery-window.server.ts'
import { loadLearnedModel } from './learning.server.ts'
import { groundPixelAreaM2, metresPerPixel } from './mercator.ts'
import { segmentLawn } from './segment.ts'

export { WINDOW_PX, warmUpGrassDetection }

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

// the production server warms up as it starts (GRASS_WARMUP=off skips it); not in tests or development
if (process.env.NODE_ENV === 'production' && process.env.GRASS_WARMUP !== 'off') {
	// one run at a time, requests served in between (the longest run is ~0.3 s)
	warmUpGrassDetection(() => new Promise((resolve) => setImmediate(resolve))).catch((error) => console.error('Grass detection warm-up failed', error))
}
