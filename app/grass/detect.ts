// Detection on an image already in memory: segmentation, clipping to the
// property window, outlines in lat/lng with exact areas and a confidence, and
// the areas of what was excluded. Pure (no I/O), so the benchmark times exactly
// what the API runs after the tiles arrive.
import { MIN_FRAGMENT_M2, PROPERTY_HALF_SIDE_M } from '~/lib/ai-result.ts'
import { polygonArea, type LatLng } from '~/lib/geodesy.ts'
import { computeTotals, computeTotalsBySurface, validateShapes, type Totals, type TotalsBySurface } from '~/lib/shapes.ts'
import { AI_SURFACE } from '~/lib/surfaces.ts'
import type { RgbImage } from '~/lib/rgb-image.ts'
import { groundPixelAreaM2, metresPerPixel, project } from '~/lib/web-mercator.ts'
import { calibratedConfidence } from './calibration.ts'
import type { LearnedLawnModel } from './learned-model.ts'
import type { SeedPoint } from './seeds.ts'
import { rng, type Mask } from './raster.ts'
import { EXCLUDED_LABELS, EXCLUDED_TYPES, type ExcludedType } from './segment-types.ts'
import { cnnLogOdds } from './cnn.ts'
import { BLEND, segmentLawn, stopwatch, type Segmentation, type SegmentOptions } from './segment.ts'
import { CHAMFER_TOLERANCE_PX, forEachInside, SQFT_PER_M2, toGeoPolygons, traceMask, type Georef, type GeoPolygon } from './vectorize.ts'

/** Pixel window (inclusive-exclusive) the answer is limited to. */
export type Roi = { x0: number; y0: number; x1: number; y1: number }

/** Half the side of the square around the centre whose lawn is returned (no parcel data: a typical lot and its surroundings); app/lib/ai-result.ts. */
export { PROPERTY_HALF_SIDE_M }

/** The pixel square of the property window in an image centred on the property. */
export function propertyRoi(width: number, height: number, mpp: number): Roi {
	const half = Math.round(PROPERTY_HALF_SIDE_M / mpp)
	return {
		x0: Math.max(0, Math.round(width / 2 - half)),
		y0: Math.max(0, Math.round(height / 2 - half)),
		x1: Math.min(width, Math.round(width / 2 + half)),
		y1: Math.min(height, Math.round(height / 2 + half)),
	}
}

export type DetectedArea = GeoPolygon & { confidence: number }
export type ExcludedFeature = { type: ExcludedType; label: string; areaM2: number }

export type Detection = {
	areas: DetectedArea[]
	excluded: ExcludedFeature[]
	segmentation: Segmentation
}

export type MeasureOptions = {
	mpp: number
	/** ground area of one pixel (groundPixelAreaM2) */
	pixelAreaM2: number
	georef: Georef
	roi?: Roi
	signal?: AbortSignal
	/** outlines simplified to this many metres (default 0.05, at most 0.35 px) … */
	toleranceM?: number
	/** … or, on imagery coarser than its pixels, to half of what it resolves in them (resolution.ts; default 1: as sharp as its pixels), keeping the area */
	resolvedPx?: number
	/** polygons smaller than this are dropped (default MIN_FRAGMENT_M2, 50 sq ft), unless a lawn tap is in them */
	minAreaM2?: number
	/** the "Lawn here" taps (image pixels): the areas they are in are kept whatever their size */
	lawnTaps?: readonly SeedPoint[]
	/** benchmark only: called with each stage's CPU milliseconds */
	timings?: (stage: string, cpuMs: number) => void
}

export type DetectOptions = MeasureOptions & { learned?: LearnedLawnModel | null }

/**
 * The product's segmentation: the lawn CNN's log-odds (onnxruntime, on this
 * thread's one-thread session), then `segmentLawn` with them blended into the
 * boosted trees' score (segment.ts BLEND). Every detection path runs this.
 */
export async function segment(image: RgbImage, options: SegmentOptions): Promise<Segmentation> {
	const cnn = BLEND.cnn !== 0 ? await cnnLogOdds(image, options.mpp, options.cnnGate) : null
	options.signal?.throwIfAborted()
	return segmentLawn(image, { ...options, cnn })
}

/** Segmentation, then measuring: everything after the pixels are in memory. */
export async function detectOnImage(image: RgbImage, options: DetectOptions): Promise<Detection> {
	const segmentation = await segment(image, { mpp: options.mpp, learned: options.learned, signal: options.signal })
	return measureLawn(segmentation, options)
}

/** Outlines, areas, confidences and excluded areas of a segmentation (within `roi`). */
export function measureLawn(segmentation: Segmentation, options: MeasureOptions): Detection {
	const { mpp, signal } = options
	const lap = stopwatch(options.timings)
	const image = { width: segmentation.lawn.width, height: segmentation.lawn.height }
	const roi = options.roi ?? { x0: 0, y0: 0, x1: image.width, y1: image.height }
	const lawn = segmentation.lawn
	const clipped = { width: lawn.width, height: lawn.height, data: new Uint8Array(lawn.data.length) }
	for (let y = roi.y0; y < roi.y1; y++) {
		for (let x = roi.x0; x < roi.x1; x++) clipped.data[y * lawn.width + x] = lawn.data[y * lawn.width + x]!
	}
	// marching squares cuts corners by half a pixel: plain Douglas–Peucker above ~0.45 px would drop
	// the chamfer points and shave a sliver off every straight edge. Edges are drawn to what the imagery
	// resolves (issue 29 item 5): on imagery coarser than its pixels (enlarged by the tile server) a
	// wiggle under half a resolved pixel is no information, so the tolerance is that, with the chords
	// moved to keep the area (vectorize.ts keepingArea). Imagery as sharp as its pixels keeps the fine one.
	const fine = Math.min(CHAMFER_TOLERANCE_PX, (options.toleranceM ?? 0.05) / mpp)
	const resolved = (options.resolvedPx ?? 1) > 1 ? options.resolvedPx! / 2 : 0
	const traced = traceMask(clipped, fine, resolved > fine ? resolved : undefined)
	lap('tracing')
	const polygons = toGeoPolygons(traced, options.georef)
	lap('lat/lng and areas')
	signal?.throwIfAborted()

	const minAreaM2 = options.minAreaM2 ?? MIN_FRAGMENT_M2
	const taps = new Set((options.lawnTaps ?? []).map((t) => Math.floor(t.y) * image.width + Math.floor(t.x)))
	const areas = polygons.flatMap((polygon) => {
		let sum = 0
		let count = 0
		let tapped = false
		forEachInside([polygon.pixels], image.width, image.height, (i) => {
			// what the probability means on real imagery (calibration.ts), not the raw score
			sum += calibratedConfidence(segmentation.probability[i]!)
			count++
			if (taps.has(i)) tapped = true
		})
		// a piece cut small by the property window is still a speck, unless it was asked for
		if (polygon.areaM2 < minAreaM2 && !tapped) return []
		return [{ ...polygon, confidence: count ? Math.round((sum / count) * 100) / 100 : 0 }]
	})
	areas.sort((a, b) => b.areaM2 - a.areaM2)
	lap('confidences')

	const counts = new Array<number>(EXCLUDED_TYPES.length).fill(0)
	const { grid, excludedClass } = segmentation
	const gw = Math.ceil(image.width / grid)
	for (let gy = Math.ceil(roi.y0 / grid); gy * grid < roi.y1; gy++) {
		for (let gx = Math.ceil(roi.x0 / grid); gx * grid < roi.x1; gx++) {
			const k = excludedClass[gy * gw + gx]!
			if (k >= 0) counts[k]!++
		}
	}
	const cell = grid * grid * options.pixelAreaM2
	const excluded = EXCLUDED_TYPES.map((type, k) => ({ type, label: EXCLUDED_LABELS[type], areaM2: counts[k]! * cell })).filter((e) => e.areaM2 >= 1)
	return { areas, excluded, segmentation }
}

export const toSqft = (m2: number) => Math.round(m2 * SQFT_PER_M2 * 10) / 10

export type GrassArea = {
	id: string
	area_sqft: number
	coordinates: LatLng[]
	holes: LatLng[][]
	ai_confidence: number
}

const round7 = (v: number) => Math.round(v * 1e7) / 1e7
const rounded = (ring: readonly LatLng[]) => ring.map((p) => ({ lat: round7(p.lat), lng: round7(p.lng) }))

/** A detection's areas as the API returns them: ids, coordinates to 7 decimals (~1 cm), the area of what is returned. */
export function grassAreasOf(areas: readonly DetectedArea[]): GrassArea[] {
	return areas.map((area, k) => {
		const coordinates = rounded(area.outer)
		const holes = area.holes.map(rounded)
		return { id: `ai-grass-${k + 1}`, area_sqft: toSqft(polygonArea(coordinates, holes)), coordinates, holes, ai_confidence: area.confidence }
	})
}

/** A detection's areas as a saved measurement's shapes (lawn, measurement_type ai), checked and measured, or what is wrong with them. */
export type PreparedShapes = { shapesJson: string; totals: Totals & { totals_by_surface: TotalsBySurface } } | { fields: Record<string, string> }

/**
 * The shapes a caller that saves a detection (bulk measure) stores, prepared in the detection's
 * thread: the outlines' self-crossing checks and geodesic figures cost the web process's event loop
 * ~14 ms a property (profiled), and the shapes travel back as one string. One detection's areas
 * never overlap, so the totals are plain sums (computeTotals' `disjoint`).
 */
export function prepareAiShapes(areas: readonly GrassArea[]): PreparedShapes {
	const checked = validateShapes(
		areas.map((area) => ({
			type: 'polygon' as const,
			coordinates: area.coordinates,
			...(area.holes.length ? { holes: area.holes } : {}),
			measurement_type: 'ai' as const,
			// issue 32: AI shapes are lawn
			surface: AI_SURFACE,
			ai_confidence: area.ai_confidence,
		})),
	)
	if ('fields' in checked) return checked
	const totals = computeTotals(checked.shapes, { disjoint: true })
	return { shapesJson: JSON.stringify(checked.shapes), totals: { ...totals, totals_by_surface: computeTotalsBySurface(checked.shapes, { disjoint: true }) } }
}

/**
 * Warms the detection up on generated yards (lawn, a drive, a roof, a tree,
 * noise): 16 runs at 96 px, one at 320 px and two at 768 px, the larger ones
 * after a quarter-second rest and followed by the tracer on a busy mask;
 * about 1.3 s of CPU. The trees get compiled to code (each evaluator first
 * runs on made-up pixels that reach every leaf, see gbdt.ts) and V8
 * optimises every stage, so the first requests do not pay for it (first
 * 768-px detections after it: about 330–350 ms of CPU, then 230–300).
 * Pure CPU work, no I/O; the results are thrown away.
 */
export async function warmUpGrassDetection(pause: () => Promise<void> = async () => {}): Promise<void> {
	// many small runs: every function is called often enough to be optimised as
	// a whole; then full-size runs, each after a moment's rest in which V8's
	// compiler threads finish what the previous runs queued
	for (const [size, times] of WARM_UP_RUNS) {
		const { image, options } = warmUpImage(size)
		for (let k = 0; k < times; k++) {
			// a server passes a pause that lets waiting requests run between the runs
			await pause()
			if (size >= 320) await new Promise((resolve) => setTimeout(resolve, 250))
			const { segmentation } = await detectOnImage(image, options)
			// the outlines of a busy mask (rings in rings, diagonal touches, specks): every case of the tracer
			if (size >= 320) measureLawn({ ...segmentation, lawn: busyMask(128, k) }, options)
		}
	}
}

const WARM_UP_RUNS = [
	[96, 16],
	[320, 1],
	[768, 2],
] as const

/** Random 3-pixel blocks, half set, some single pixels flipped. */
function busyMask(size: number, seed: number): Mask {
	const next = rng(7_000 + seed)
	const data = new Uint8Array(size * size)
	const blocks = Math.ceil(size / 3)
	const block = Uint8Array.from({ length: blocks * blocks }, () => (next() < 0.5 ? 1 : 0))
	for (let y = 0; y < size; y++) {
		for (let x = 0; x < size; x++) data[y * size + x] = block[Math.floor(y / 3) * blocks + Math.floor(x / 3)]! ^ (next() < 0.02 ? 1 : 0)
	}
	return { width: size, height: size, data }
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
