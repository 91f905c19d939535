// Grass detection for a property: imagery → property window → segmentation →
// measurements, reporting each of the four steps the AI modal shows (spec 1 §5)
// as it starts, and stopping between steps when `signal` aborts.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { getEnv } from '~/env.server.ts'
import { isRoughOutline, meanConfidence } from '~/lib/ai-result.ts'
import type { LatLng } from '~/lib/geodesy.ts'
import { propertyRoi, toSqft, warmUpGrassDetection, type GrassArea, type PreparedShapes } from './detect.ts'
import { loadImagery, WINDOW_PX } from './imagery-window.server.ts'
import { loadLearnedModel } from './learning.server.ts'
import { groundPixelAreaM2, metresPerPixel, project } from '~/lib/web-mercator.ts'
import { runDetection, startDetectionPool } from './pool.server.ts'

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
	imagery: {
		zoom: number
		/** the map tiles' pixel size on the ground */
		metresPerPixel: number
		/** what the imagery really resolves, read off its pixels (resolution.ts), or the provider's ground resolution (SATELLITE_GROUND_MPP) where coarser; never finer than the tiles' pixel size */
		groundMetresPerPixel: number
		/** the imagery provider, for people (from TILE_ATTRIBUTION) */
		source: string
	}
	/** area-weighted mean of the areas' ai_confidence (0–1); null without areas */
	meanConfidence: number | null
	/** the outline is rough and should be checked against the imagery (app/lib/ai-result.ts) */
	roughOutline: boolean
	/** the correction taps this result used */
	seeds: { lawn: number; other: number }
	/** with `prepareShapes`: the areas as shapes to save (detect.ts prepareAiShapes) */
	prepared?: PreparedShapes
}

export type DetectGrassOptions = {
	/** one-tap corrections: "Lawn here" and "Not lawn" points inside the property window */
	seeds?: { lawn: LatLng[]; other: LatLng[] }
	/** also the areas as a saved measurement's shapes, prepared in the detection thread (`prepared`) */
	prepareShapes?: boolean
	signal?: AbortSignal
	onStep?: (index: number, name: (typeof AI_STEPS)[number]) => void
}

/** The imagery provider's name for people: the attribution without a leading "Imagery:". */
export function imagerySource(attribution = getEnv().TILE_ATTRIBUTION): string {
	return attribution.replace(/^\s*(imagery|source)\s*[:©]\s*/i, '').trim() || 'Unknown imagery provider'
}

export async function detectGrass(center: LatLng, { signal, onStep, seeds, prepareShapes }: DetectGrassOptions = {}): Promise<GrassResult> {
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
	// taps → image pixels (pixel centres at integer + 0.5 of the global pixel grid)
	const toPixel = (p: LatLng) => {
		const g = project(p, window.zoom)
		return { x: g.x - window.left - 0.5, y: g.y - window.top - 0.5 }
	}
	const pixelSeeds = seeds && (seeds.lawn.length || seeds.other.length) ? { lawn: seeds.lawn.map(toPixel), other: seeds.other.map(toPixel) } : null
	// segmentation and measuring run in a worker thread (pool.server.ts); the last step is announced when the segmentation is done
	const detection = await runDetection(
		{ image: window.image, mpp, pixelAreaM2: groundPixelAreaM2(center.lat, window.zoom), georef: { left: window.left, top: window.top, zoom: window.zoom }, roi, learned, seeds: pixelSeeds, prepareShapes, groundMppFloor: getEnv().SATELLITE_GROUND_MPP },
		{ signal, onMeasuring: () => onStep?.(3, AI_STEPS[3]) },
	)
	signal?.throwIfAborted()
	const grassAreas = detection.grassAreas
	const groundMpp = mpp * detection.resolvedScale
	const confidence = meanConfidence(grassAreas)
	return {
		grassAreas,
		learnedFromSamples: learned?.samples ?? 0,
		excludedFeatures: detection.excluded.map((e) => ({ type: e.type, label: e.label, area_sqft: toSqft(e.areaM2) })),
		imagery: { zoom: window.zoom, metresPerPixel: Math.round(mpp * 1e4) / 1e4, groundMetresPerPixel: Math.round(groundMpp * 1e4) / 1e4, source: window.satellite && window.satellite.id !== 'usgs' && window.satellite.id !== 'custom' ? window.satellite.name : imagerySource(window.satellite?.attribution) },
		meanConfidence: confidence,
		roughOutline: isRoughOutline(groundMpp, confidence),
		seeds: { lawn: seeds?.lawn.length ?? 0, other: seeds?.other.length ?? 0 },
		...(detection.prepared ? { prepared: detection.prepared } : {}),
	}
}

// the production server starts its first detection worker (which warms up, unless GRASS_WARMUP=off) as it starts
if (process.env.NODE_ENV === 'production') startDetectionPool()
