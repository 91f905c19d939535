// Lawn segmentation of one image: features → boosted-tree lawn score (plus
// what verified edits nearby taught) → threshold → morphology scaled to metres
// per pixel → excluded-feature classes on a sparse grid. Pure and deterministic.
import { computeFeatures, FEATURE_NAMES, type Features } from './features.ts'
import { compileGbdt, interleave, scorePixel, sigmoid, type CompiledGbdt, type GbdtJson } from './gbdt.ts'
import { learnedAdjustment, type LearnedLawnModel } from './learned-model.ts'
import modelJson from './model.json'
import { close, fillSmallHoles, open, removeSmallRegions } from './morphology.ts'
import type { Mask, RgbImage } from './raster.ts'

import { EXCLUDED_TYPES, type ExcludedType } from './segment-types.ts'

export { EXCLUDED_TYPES, type ExcludedType }

type ModelFile = { lawn: GbdtJson; excluded: Record<ExcludedType, GbdtJson>; trainedOn?: unknown }

let compiled: { lawn: CompiledGbdt; excluded: [ExcludedType, CompiledGbdt][] } | undefined
function models() {
	if (!compiled) {
		const file = modelJson as unknown as ModelFile
		compiled = {
			lawn: compileGbdt(file.lawn, FEATURE_NAMES),
			excluded: EXCLUDED_TYPES.map((type) => [type, compileGbdt(file.excluded[type], FEATURE_NAMES)]),
		}
	}
	return compiled
}

export type SegmentOptions = {
	mpp: number
	learned?: LearnedLawnModel | null
	/** checked between stages; an aborted signal throws its reason */
	signal?: AbortSignal
}

export type Segmentation = {
	lawn: Mask
	/** lawn probability per pixel (0–1) */
	probability: Float32Array
	/** excluded class per pixel of a `grid`-spaced grid (-1 lawn), for areas */
	grid: number
	excludedClass: Int8Array
	features: Features
}

const COARSE = 2
/** log-odds beyond which four agreeing coarse scores are trusted */
const MARGIN = 2.5

/** Morphology scales (metres). */
export const CLEANUP = {
	openM: 0.25,
	closeM: 0.25,
	minRegionM2: 2,
	maxHoleM2: 0.6,
}

export function segmentLawn(image: RgbImage, options: SegmentOptions): Segmentation {
	const { mpp, signal } = options
	const features = computeFeatures(image, mpp)
	signal?.throwIfAborted()
	const { lawn: model, excluded } = models()
	const n = image.width * image.height
	const probability = new Float32Array(n)
	const mask = new Uint8Array(n)
	const adjust = options.learned ? learnedAdjustment(options.learned, features) : null
	const rows = interleave(features.values)
	const count = features.values.length
	const { width, height } = image
	// coarse to fine: score every COARSE-th pixel; where the four coarse scores
	// around a pixel agree with a margin, interpolate; elsewhere score exactly
	const cw = Math.ceil(width / COARSE) + 1
	const chh = Math.ceil(height / COARSE) + 1
	const coarse = new Float32Array(cw * chh)
	for (let cy = 0; cy < chh; cy++) {
		const y = Math.min(height - 1, cy * COARSE)
		for (let cx = 0; cx < cw; cx++) {
			const x = Math.min(width - 1, cx * COARSE)
			const p = y * width + x
			coarse[cy * cw + cx] = scorePixel(model, rows, count, p) + (adjust ? adjust[p]! : 0)
		}
	}
	signal?.throwIfAborted()
	for (let y = 0; y < height; y++) {
		const cy = Math.floor(y / COARSE)
		const fy = (y - cy * COARSE) / COARSE
		for (let x = 0; x < width; x++) {
			const cx = Math.floor(x / COARSE)
			const fx = (x - cx * COARSE) / COARSE
			const a = coarse[cy * cw + cx]!
			const b = coarse[cy * cw + cx + 1]!
			const c = coarse[(cy + 1) * cw + cx]!
			const d = coarse[(cy + 1) * cw + cx + 1]!
			const p = y * width + x
			let score: number
			if ((a > MARGIN && b > MARGIN && c > MARGIN && d > MARGIN) || (a < -MARGIN && b < -MARGIN && c < -MARGIN && d < -MARGIN)) {
				score = a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy
			} else {
				score = scorePixel(model, rows, count, p) + (adjust ? adjust[p]! : 0)
			}
			const prob = sigmoid(score)
			probability[p] = prob
			mask[p] = prob > 0.5 ? 1 : 0
		}
	}
	signal?.throwIfAborted()

	let lawn: Mask = { width: image.width, height: image.height, data: mask }
	const px = (m: number) => Math.max(0, Math.round(m / mpp))
	lawn = close(open(lawn, px(CLEANUP.openM)), px(CLEANUP.closeM))
	removeSmallRegions(lawn, CLEANUP.minRegionM2 / (mpp * mpp))
	fillSmallHoles(lawn, CLEANUP.maxHoleM2 / (mpp * mpp))
	signal?.throwIfAborted()

	// what the non-lawn is, on a grid about every 0.5 m (areas only, no outlines)
	const grid = Math.max(1, Math.round(0.5 / mpp))
	const gw = Math.ceil(image.width / grid)
	const gh = Math.ceil(image.height / grid)
	const excludedClass = new Int8Array(gw * gh).fill(-1)
	for (let gy = 0; gy < gh; gy++) {
		for (let gx = 0; gx < gw; gx++) {
			const p = gy * grid * image.width + gx * grid
			if (lawn.data[p]) continue
			let best = 0
			let bestScore = -Infinity
			for (let k = 0; k < excluded.length; k++) {
				const s = scorePixel(excluded[k]![1], rows, count, p)
				if (s > bestScore) (bestScore = s), (best = k)
			}
			excludedClass[gy * gw + gx] = best
		}
	}
	return { lawn, probability, grid, excludedClass, features }
}
