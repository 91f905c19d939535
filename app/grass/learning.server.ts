// Learning from verified AI shapes (spec 1: editing an AI area sets
// user_verified). For the verified outline we re-fetch the same imagery, take
// the colour/texture statistics of what the user kept as lawn and of what they
// cut away next to it, and add them to the area cell's row in
// ai_learning_patterns. Later detections in that cell and the eight around it
// use the merged statistics (learned-model.ts); `learnedFromSamples` is the
// number of verified samples behind them.
import { prisma } from '~/db.server.ts'
import type { LatLng } from '~/lib/geodesy.ts'
import { propertyRoi } from './detect.ts'
import { computeFeatures } from './features.ts'
import { collectStats, emptyStats, mergeStats, type LearnedLawnModel, type Stats } from './learned-model.ts'
import { metresPerPixel, project } from '~/lib/web-mercator.ts'
import { dilate } from './morphology.ts'
import { loadImagery } from './imagery-window.server.ts'
import { segment } from './detect.ts'
import { rasterize, type PixelPolygon } from './vectorize.ts'

export const PATTERN_TYPE = 'lawn_colour_v1'
/** Area cells are 0.01° × 0.01° (about 1.1 km × 0.8–1.1 km in the US). */
const CELL_DEG = 0.01
/** How far outside the verified outline counts as "not lawn" (metres). */
const CUT_AWAY_BAND_M = 3

export function cellKey(p: LatLng, dLat = 0, dLng = 0): string {
	const lat = Math.floor(p.lat / CELL_DEG) + dLat
	const lng = Math.floor(p.lng / CELL_DEG) + dLng
	return `${(lat * CELL_DEG).toFixed(2)}:${(lng * CELL_DEG).toFixed(2)}`
}

type PatternData = { version: 1; lawn: Stats; other: Stats }

function isPatternData(value: unknown): value is PatternData {
	const v = value as PatternData | null
	return !!v && v.version === 1 && Array.isArray(v.lawn?.sum) && Array.isArray(v.other?.sum)
}

/** The merged statistics of the centre's cell and its neighbours, or null. */
export async function loadLearnedModel(center: LatLng): Promise<LearnedLawnModel | null> {
	const keys: string[] = []
	for (let dLat = -1; dLat <= 1; dLat++) for (let dLng = -1; dLng <= 1; dLng++) keys.push(cellKey(center, dLat, dLng))
	const rows = await prisma.aiLearningPattern.findMany({
		where: { pattern_type: PATTERN_TYPE, location_area: { in: keys } },
		select: { pattern_data: true, sample_count: true },
		orderBy: { location_area: 'asc' },
	})
	let lawn = emptyStats()
	let other = emptyStats()
	let samples = 0
	for (const row of rows) {
		if (!isPatternData(row.pattern_data) || row.sample_count <= 0) continue
		lawn = mergeStats(lawn, row.pattern_data.lawn)
		other = mergeStats(other, row.pattern_data.other)
		samples += row.sample_count
	}
	return samples > 0 ? { samples, lawn, other } : null
}

export type VerifiedSample = {
	/** the measurement's property_center */
	center: LatLng
	/** the verified lawn outlines (each a ring of points; the ring need not repeat its first point) */
	polygons: LatLng[][]
	/** holes cut out of those outlines, if any */
	holes?: LatLng[][]
	signal?: AbortSignal
}

export type RecordedSample = { locationArea: string; sampleCount: number; agreement: number }

/**
 * Learns from one verified AI measurement. Call it after a measurement with
 * measurement_type 'ai' is saved with user_verified 'true'. Fetches imagery
 * (tile cache first); throws ImageryError when there is none. Writes one row.
 */
export async function recordVerifiedSample({ center, polygons, holes = [], signal }: VerifiedSample): Promise<RecordedSample> {
	const window = await loadImagery(center, signal)
	const mpp = metresPerPixel(center.lat, window.zoom)
	const toPixels = (ring: LatLng[]) =>
		ring.map((p) => {
			const g = project(p, window.zoom)
			return { x: g.x - window.left, y: g.y - window.top }
		})
	const { width, height } = window.image
	const shapes: PixelPolygon[] = polygons.filter((r) => r.length >= 3).map((r) => ({ outer: toPixels(r), holes: [] }))
	const lawnMask = rasterize(shapes, width, height)
	const holeMask = rasterize(
		holes.filter((r) => r.length >= 3).map((r) => ({ outer: toPixels(r), holes: [] })),
		width,
		height,
	)
	const near = dilate(lawnMask, Math.round(CUT_AWAY_BAND_M / mpp))
	// "not lawn" only where the user saw the AI's answer: inside the property
	// window (less a metre), since the AI shapes were clipped at its edge and
	// lawn just beyond that edge was never offered for them to keep
	const roi = propertyRoi(width, height, mpp)
	const inset = Math.round(1 / mpp)
	const label = new Uint8Array(width * height).fill(255)
	for (let y = 0; y < height; y++) {
		const inY = y >= roi.y0 + inset && y < roi.y1 - inset
		for (let x = 0; x < width; x++) {
			const i = y * width + x
			if (lawnMask.data[i] && !holeMask.data[i]) label[i] = 1
			else if (near.data[i] && inY && x >= roi.x0 + inset && x < roi.x1 - inset) label[i] = 0
		}
	}
	const features = computeFeatures(window.image, mpp)
	const { lawn, other } = collectStats(features, label)
	if (lawn.n === 0) throw new Error('The verified outline does not cover the imagery around the centre')

	// how well the detector already agreed with the user here (before learning)
	const current = await segment(window.image, { mpp, learned: await loadLearnedModel(center), signal })
	let agree = 0
	let counted = 0
	for (let i = 0; i < label.length; i++) {
		if (label[i] === 255) continue
		counted++
		if (current.lawn.data[i] === label[i]) agree++
	}
	const agreement = counted ? agree / counted : 0
	signal?.throwIfAborted()

	const locationArea = cellKey(center)
	const row = await prisma.$transaction(async (tx) => {
		await tx.aiLearningPattern.upsert({
			where: { pattern_type_location_area: { pattern_type: PATTERN_TYPE, location_area: locationArea } },
			create: { pattern_type: PATTERN_TYPE, location_area: locationArea, pattern_data: { version: 1, lawn: emptyStats(), other: emptyStats() }, sample_count: 0 },
			update: {},
		})
		// lock the row so concurrent samples add up instead of overwriting each other
		await tx.$queryRaw`SELECT id FROM ai_learning_patterns WHERE pattern_type = ${PATTERN_TYPE} AND location_area = ${locationArea} FOR UPDATE`
		const existing = await tx.aiLearningPattern.findUniqueOrThrow({
			where: { pattern_type_location_area: { pattern_type: PATTERN_TYPE, location_area: locationArea } },
		})
		const before = isPatternData(existing.pattern_data) ? existing.pattern_data : { version: 1 as const, lawn: emptyStats(), other: emptyStats() }
		const count = existing.sample_count + 1
		const data: PatternData = { version: 1, lawn: mergeStats(before.lawn, lawn), other: mergeStats(before.other, other) }
		return tx.aiLearningPattern.update({
			where: { id: existing.id },
			data: {
				pattern_data: data,
				sample_count: count,
				// running mean of how well detection agreed with what users verified
				accuracy_score: ((existing.accuracy_score ?? agreement) * existing.sample_count + agreement) / count,
			},
		})
	})
	return { locationArea, sampleCount: row.sample_count, agreement }
}
