// Lawn segmentation of one image: features → boosted-tree lawn score, blended
// with the lawn CNN's log-odds when given (detect.ts segment() computes them),
// plus what verified edits nearby taught → threshold → morphology scaled to
// metres per pixel → excluded-feature classes on a sparse grid. Pure and
// deterministic.
import { readFileSync } from 'node:fs'
import { computeFeatures, CONTEXT_NAMES, contextFeatures, FEATURE_NAMES, type Features } from './features.ts'
import { compileGbdt, generateGbdt, scoreAt, sigmoid, type CompiledGbdt, type EarlyExit, type GbdtJson, type GeneratedGbdt } from './gbdt.ts'
import { learnedAdjustment, type LearnedLawnModel } from './learned-model.ts'
import modelJson from './model.json'
import { close, fillSmallHoles, open, removeSmallRegions } from './morphology.ts'
import { boxMean, halveWithTexture, type Mask } from './raster.ts'
import { stretch } from './cnn.ts'
import type { RunGate } from './run-gate.ts'
import { MIN_FRAGMENT_M2 } from '~/lib/ai-result.ts'
import type { RgbImage } from '~/lib/rgb-image.ts'
import { adaptToSeeds, applyForce, toWorkingSeeds, type SeedPoints } from './seeds.ts'

import { EXCLUDED_TYPES, type ExcludedType } from './segment-types.ts'

export { EXCLUDED_TYPES, type ExcludedType }

type ModelFile = {
	lawn: GbdtJson
	context?: GbdtJson
	/** the second pass's trees are a correction added to the first pass's log-odds (trained so) */
	contextAddsFirstPass?: boolean
	excluded: Record<ExcludedType, GbdtJson>
	trainedOn?: unknown
}

let compiled: { lawn: GeneratedGbdt; context: GeneratedGbdt | null; excluded: [ExcludedType, CompiledGbdt][] } | undefined
function models() {
	if (!compiled) {
		const file = modelJson as unknown as ModelFile
		compiled = {
			lawn: generateGbdt(compileGbdt(file.lawn, FEATURE_NAMES)),
			context: file.context ? generateGbdt(compileGbdt(file.context, CONTEXT_NAMES)) : null,
			excluded: EXCLUDED_TYPES.map((type) => [type, compileGbdt(file.excluded[type], FEATURE_NAMES)]),
		}
	}
	return compiled
}

export type SegmentOptions = {
	mpp: number
	learned?: LearnedLawnModel | null
	/** one-tap corrections (seeds.ts), in full-resolution image pixels */
	seeds?: SeedPoints | null
	/** checked between stages; an aborted signal throws its reason */
	signal?: AbortSignal
	/** the lawn CNN's calibrated log-odds on its own grid (cnn.ts `cnnLogOdds`), blended into the trees' score (BLEND) */
	cnn?: LogOddsMap | null
	/** detect.ts `segment()`: the task's gate its CNN pass goes through (run-gate.ts; a pool worker's task) */
	cnnGate?: RunGate | null
	/** benchmark only: called with each stage's CPU milliseconds */
	timings?: (stage: string, cpuMs: number) => void
}

/** A map of lawn log-odds on a grid of its own (stretched over the image: pixel centres aligned). */
export type LogOddsMap = { data: Float32Array; width: number; height: number }

/**
 * How the CNN's log-odds join the boosted trees' (both per working pixel, before
 * what verified edits taught and the taps): trees × score + cnn × CNN + bias.
 * Chosen on the tune split (Claremont at 1×, 2×, 4×) and the generated tuning
 * yards by `npm run bench:grass blend` (docs/decisions.md, "The lawn CNN joins the
 * trees"; for the CPU-trained model: "The lawn CNN trained on the CPU ships").
 */
export const BLEND = { trees: 1, cnn: 0.5, bias: -0.5 }

export type Segmentation = {
	lawn: Mask
	/** lawn probability per pixel (0–1) */
	probability: Float32Array
	/** excluded class per pixel of a `grid`-spaced grid (-1 lawn), for areas */
	grid: number
	excludedClass: Int8Array
	features: Features
}

/** The model sees the image halved (2×2 means): a quarter of the pixels to describe and score. */
export const WORK_SCALE = 2

/** Features of the working (halved) image, as the model is trained and scored on. */
export function workingFeatures(image: RgbImage, mpp: number): Features {
	const { small, fine } = halveWithTexture(image)
	return computeFeatures(small, mpp * WORK_SCALE, fine)
}

/** Morphology scales (metres). */
export const CLEANUP = {
	/** no opening: with edge-aware upsampling it only shaved true lawn (tuning seeds: IoU 0.9461 → 0.9473, |area err| 1.53 → 1.29 %); specks go by area below */
	openM: 0,
	/** no closing either: the model with the coherence features scores the same without it (tuning seeds 0.9511 / 0.9461 with a 0.25 m closing, 0.9512 / 0.9479 without) and it took 13 ms of full-resolution filtering */
	closeM: 0,
	/** no lawn region under 50 sq ft unless a "Lawn here" tap is in it (was 2 m²: real imagery gave 61 specks a crop) */
	minRegionM2: MIN_FRAGMENT_M2,
	maxHoleM2: 0.6,
}

/** Lawn where the upsampled probability is above this: 0.5 on the tuning seeds (IoU 0.934 vs 0.932 at 0.55, |area err| 2.6 vs 3.5 %; model of 2026-11-23). */
export const DECISION = { threshold: 0.5 }

/** Bilinear weights along x: each full-resolution column's left working column and (float32) fraction. */
function bilinearColumns(sw: number, width: number) {
	const xi = new Int32Array(width)
	const xf = new Float32Array(width)
	for (let x = 0; x < width; x++) {
		const u = Math.min(sw - 1, Math.max(0, (x - 0.5) / WORK_SCALE))
		const i = Math.min(sw - 2, Math.floor(u))
		xi[x] = Math.max(0, i)
		xf[x] = sw > 1 ? u - xi[x]! : 0
	}
	return { xi, xf }
}

/**
 * Full-resolution row y of a working-resolution map, interpolated between its
 * two working rows into `into` (float32, working width): the vertical half of
 * the bilinear upsampling, done once per row instead of once per pixel.
 */
function verticalRow(src: Float32Array, y: number, sw: number, sh: number, into: Float32Array): Float32Array {
	const v = Math.min(sh - 1, Math.max(0, (y - 0.5) / WORK_SCALE))
	const j = Math.max(0, Math.min(sh - 2, Math.floor(v)))
	const r0 = j * sw
	const r1 = sh > 1 ? r0 + sw : r0
	const fy = sh > 1 ? v - j : 0
	for (let i = 0; i < sw; i++) into[i] = src[r0 + i]! + (src[r1 + i]! - src[r0 + i]!) * fy
	return into
}

/**
 * Bilinear upsampling of a working-resolution map to full resolution (working
 * pixel k covers full pixels 2k and 2k+1, its centre at 2k + 0.5): along y
 * into a float32 row, then along x.
 */
export function upsample(src: Float32Array, sw: number, sh: number, width: number, height: number): Float32Array {
	const out = new Float32Array(width * height)
	const { xi, xf } = bilinearColumns(sw, width)
	const line = new Float32Array(sw)
	const step = sw > 1 ? 1 : 0
	for (let y = 0; y < height; y++) {
		verticalRow(src, y, sw, sh, line)
		const row = y * width
		for (let x = 0; x < width; x++) {
			const i = xi[x]!
			out[row + x] = line[i]! + (line[i + step]! - line[i]!) * xf[x]!
		}
	}
	return out
}

/**
 * Edge-aware upsampling (fast guided filter, He & Sun 2015): within each
 * window of the working image the probability is fitted as a linear function
 * of a guide (a grey level of the image), and the fitted coefficients are
 * upsampled and applied to the full-resolution guide, so the lawn's edge
 * follows the full-resolution image's edge instead of the working grid.
 * `eps` keeps flat windows flat (no edge to follow: the plain mean).
 */
export const REFINE = { radiusM: 0.5, eps: 1e-4 }

/** The guide: brightness (R + 2G + B) / 4 on 0–1. Chosen on the tuning seeds over excess green (2G − R − B) and no refinement. */
export function guideOf(image: RgbImage): Float32Array {
	const n = image.width * image.height
	const out = new Float32Array(n)
	const d = image.data
	for (let i = 0; i < n; i++) out[i] = (d[i * 3]! + 2 * d[i * 3 + 1]! + d[i * 3 + 2]!) / 1020
	return out
}

/**
 * `p` (working resolution, the size of `small`) to the size of `image`, whose
 * 2×2 means `small` is; `radius` in working pixels. Clamped to 0–1.
 */
export function guidedUpsample(p: Float32Array, small: RgbImage, image: RgbImage, radius: number, eps: number): Float32Array {
	const sw = small.width
	const sh = small.height
	const n = sw * sh
	const I = guideOf(small)
	const Ip = new Float32Array(n)
	const II = new Float32Array(n)
	for (let i = 0; i < n; i++) (Ip[i] = I[i]! * p[i]!), (II[i] = I[i]! * I[i]!)
	const mI = boxMean(I, sw, sh, radius)
	const mp = boxMean(p, sw, sh, radius)
	const mIp = boxMean(Ip, sw, sh, radius)
	const mII = boxMean(II, sw, sh, radius)
	const a = Ip
	const b = II
	for (let i = 0; i < n; i++) {
		const m = mI[i]!
		const ai = (mIp[i]! - m * mp[i]!) / (mII[i]! - m * m + eps)
		a[i] = ai
		b[i] = mp[i]! - ai * m
	}
	return applyUpsampled(boxMean(a, sw, sh, radius), boxMean(b, sw, sh, radius), sw, sh, image)
}

/**
 * clamp(upsample(A)·guideOf(image) + upsample(B)) in one pass over the full
 * image: the same float32 roundings as upsampling A and B and computing the
 * guide into arrays first (so the same values to the bit), without the three
 * full-size arrays.
 */
function applyUpsampled(A: Float32Array, B: Float32Array, sw: number, sh: number, image: RgbImage): Float32Array {
	const { width, height, data } = image
	const out = new Float32Array(width * height)
	const { xi, xf } = bilinearColumns(sw, width)
	const lineA = new Float32Array(sw)
	const lineB = new Float32Array(sw)
	const step = sw > 1 ? 1 : 0
	const fround = Math.fround
	for (let y = 0; y < height; y++) {
		verticalRow(A, y, sw, sh, lineA)
		verticalRow(B, y, sw, sh, lineB)
		const row = y * width
		for (let x = 0; x < width; x++) {
			const i = xi[x]!
			const fx = xf[x]!
			const a = fround(lineA[i]! + (lineA[i + step]! - lineA[i]!) * fx)
			const b = fround(lineB[i]! + (lineB[i + step]! - lineB[i]!) * fx)
			const k = (row + x) * 3
			const guide = fround((data[k]! + 2 * data[k + 1]! + data[k + 2]!) / 1020)
			const q = a * guide + b
			out[row + x] = q < 0 ? 0 : q > 1 ? 1 : q
		}
	}
	return out
}

/**
 * Early exit (gbdt.ts `EarlyExit`): the first pass stops adding trees for a
 * pixel whose log-odds are beyond ±3.5 (probability under 0.03 or over 0.97)
 * after 10 trees and after every 5 from then on. The second pass continues
 * from the first pass's log-odds, so it checks from its 5th tree on. The
 * model is trained with both (the second pass learns on the first pass's
 * scores as they are computed here). Tuning IoU: 0.9445 without exit,
 * 0.9458 exiting beyond ±4 from the 15th tree, 0.9454 with this (tune-shade
 * 0.9449 → 0.9437) for 12–15 ms less CPU (docs/decisions.md).
 */
export const EARLY_EXIT: EarlyExit = { fromTree: 10, margin: 3.5 }
export const CORRECTION_EXIT: EarlyExit = { fromTree: 5, margin: 3.5 }

let trainingFirstPass: GeneratedGbdt | undefined

/** Training only: score the first pass with a freshly trained model (before it is written to model.json, which may not fit the features any more). */
export function setFirstPassModel(lawn: GbdtJson) {
	trainingFirstPass = generateGbdt(compileGbdt(lawn, FEATURE_NAMES))
}

/** First-pass lawn scores (log-odds) of the working image's pixels. */
export function firstPass(features: Features): Float32Array {
	return (trainingFirstPass ?? models().lawn).scoreAll(features.values, new Float32Array(features.width * features.height), EARLY_EXIT)
}

/**
 * CPU milliseconds of the calling thread (Linux: /proc/thread-self/schedstat,
 * nanoseconds), so V8's background compiler threads are not counted; the
 * process's CPU time elsewhere. For benchmarks.
 */
export function threadCpuMs(): number {
	try {
		return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6
	} catch {
		return processCpuMs()
	}
}

const processCpuMs = () => {
	const u = process.cpuUsage()
	return (u.user + u.system) / 1000
}

/** Benchmark timing: each call reports the process's CPU milliseconds (microsecond resolution) since the previous one; a no-op without `timings`. */
export function stopwatch(timings: ((stage: string, cpuMs: number) => void) | undefined): (stage: string) => void {
	if (!timings) return () => {}
	let at = processCpuMs()
	return (stage) => {
		const now = processCpuMs()
		timings(stage, now - at)
		at = now
	}
}

export function segmentLawn(image: RgbImage, options: SegmentOptions): Segmentation {
	const { mpp, signal } = options
	const lap = stopwatch(options.timings)
	const { small, fine } = halveWithTexture(image)
	const features = computeFeatures(small, mpp * WORK_SCALE, fine)
	lap('features')
	signal?.throwIfAborted()
	const { context, excluded } = models()
	const { width, height } = image
	const sw = features.width
	const sh = features.height
	const columns = features.values
	let score = firstPass(features)
	lap('first tree pass')
	if (context) {
		// second pass on the first pass's probabilities and their neighbourhood
		const first = (modelJson as unknown as ModelFile).contextAddsFirstPass ? score.slice() : undefined
		for (let p = 0; p < score.length; p++) score[p] = sigmoid(score[p]!)
		const contextColumns = contextFeatures(features, score)
		lap('context features')
		score = context.scoreAll(contextColumns, new Float32Array(score.length), first ? CORRECTION_EXIT : EARLY_EXIT, first)
		lap('second tree pass')
	}
	if (options.cnn && BLEND.cnn !== 0) {
		const z = stretch(options.cnn.data, options.cnn.width, options.cnn.height, sw, sh)
		for (let p = 0; p < score.length; p++) score[p] = BLEND.trees * score[p]! + BLEND.cnn * z[p]! + BLEND.bias
		lap('blend')
	}
	if (options.learned) {
		const adjust = learnedAdjustment(options.learned, features)
		for (let p = 0; p < score.length; p++) score[p]! += adjust[p]!
	}
	const corrected = options.seeds ? adaptToSeeds(score, small, mpp * WORK_SCALE, toWorkingSeeds(options.seeds, WORK_SCALE)) : null
	if (corrected) score = corrected.score
	for (let p = 0; p < score.length; p++) score[p] = sigmoid(score[p]!)
	signal?.throwIfAborted()
	// edge-aware upsampling: the outline follows the full-resolution image's edges
	const probability = guidedUpsample(score, small, image, Math.max(1, Math.round(REFINE.radiusM / (mpp * WORK_SCALE))), REFINE.eps)
	const n = width * height
	const mask = new Uint8Array(n)
	const threshold = DECISION.threshold
	for (let p = 0; p < n; p++) mask[p] = probability[p]! > threshold ? 1 : 0
	if (corrected) applyForce({ width, height, data: mask }, corrected.force, sw, WORK_SCALE)
	lap('guided upsampling')
	signal?.throwIfAborted()

	let lawn: Mask = { width: image.width, height: image.height, data: mask }
	const px = (m: number) => Math.max(0, Math.round(m / mpp))
	if (px(CLEANUP.openM) > 0) lawn = open(lawn, px(CLEANUP.openM))
	if (px(CLEANUP.closeM) > 0) lawn = close(lawn, px(CLEANUP.closeM))
	const tapped = (options.seeds?.lawn ?? []).filter((t) => t.x >= 0 && t.y >= 0 && t.x < width && t.y < height).map((t) => Math.floor(t.y) * width + Math.floor(t.x))
	removeSmallRegions(lawn, CLEANUP.minRegionM2 / (mpp * mpp), tapped)
	fillSmallHoles(lawn, CLEANUP.maxHoleM2 / (mpp * mpp))
	lap('morphology')
	signal?.throwIfAborted()

	// what the non-lawn is, on a grid about every metre (areas only, no outlines;
	// the former 0.5 m grid cost up to 0.2 s at zoom 19; totals only need a sample)
	const grid = Math.max(1, Math.round(1 / mpp))
	const gw = Math.ceil(image.width / grid)
	const gh = Math.ceil(image.height / grid)
	const excludedClass = new Int8Array(gw * gh).fill(-1)
	// the non-lawn grid points and the working pixels they read, then each model scored over them in one sweep
	const cells = new Int32Array(gw * gh)
	const at = new Int32Array(gw * gh)
	let count = 0
	for (let gy = 0; gy < gh; gy++) {
		const row = gy * grid * width
		const workRow = Math.floor((gy * grid) / WORK_SCALE) * sw
		for (let gx = 0; gx < gw; gx++) {
			if (lawn.data[row + gx * grid]) continue
			cells[count] = gy * gw + gx
			at[count++] = workRow + Math.floor((gx * grid) / WORK_SCALE)
		}
	}
	const points = at.subarray(0, count)
	const best = new Float32Array(count).fill(-Infinity)
	const scores = new Float32Array(count)
	for (let k = 0; k < excluded.length; k++) {
		// a few thousand points: the stepwise evaluator (measured faster here than the chunked one), reading the points where they lie
		scoreAt(excluded[k]![1], columns, points, scores)
		for (let i = 0; i < count; i++) {
			if (scores[i]! > best[i]!) (best[i] = scores[i]!), (excludedClass[cells[i]!] = k)
		}
	}
	lap('excluded classes')
	return { lawn, probability, grid, excludedClass, features }
}
