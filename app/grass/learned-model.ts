// What verified edits teach, as numbers: the colour/texture distribution of
// lawn and of non-lawn that users confirmed in one area cell (diagonal
// Gaussians over a few features). At detection time their log-likelihood ratio
// nudges the lawn score, so colours users confirmed as lawn there count as
// lawn and colours they cut away do not. Pure.
import type { Features } from './features.ts'
import { FEATURE_NAMES } from './features.ts'

// chromaticity, texture and saturation, not brightness: shade must not decide
export const LEARN_FEATURES = ['gFracMean05', 'bFracMean05', 'cv15', 'saturation'] as const
/** variance floors (a tiny sample must not become infinitely sure) */
const VAR_FLOOR = [0.012 ** 2, 0.012 ** 2, 0.02 ** 2, 0.03 ** 2]

export type Stats = { n: number; sum: number[]; sumSq: number[] }
export type LearnedLawnModel = { samples: number; lawn: Stats; other: Stats }

export const emptyStats = (): Stats => ({ n: 0, sum: LEARN_FEATURES.map(() => 0), sumSq: LEARN_FEATURES.map(() => 0) })

export function mergeStats(a: Stats, b: Stats): Stats {
	return { n: a.n + b.n, sum: a.sum.map((v, i) => v + b.sum[i]!), sumSq: a.sumSq.map((v, i) => v + b.sumSq[i]!) }
}

const featureIndexes = () => LEARN_FEATURES.map((name) => FEATURE_NAMES.indexOf(name))

/**
 * Statistics of the pixels `label` marks 1 (lawn) and 0 (other); 255 = ignore.
 * Every `step`-th pixel in each direction is enough.
 */
export function collectStats(features: Features, label: Uint8Array, step = 2): { lawn: Stats; other: Stats } {
	const lawn = emptyStats()
	const other = emptyStats()
	const idx = featureIndexes()
	for (let y = 0; y < features.height; y += step) {
		for (let x = 0; x < features.width; x += step) {
			const p = y * features.width + x
			const l = label[p]
			if (l !== 0 && l !== 1) continue
			const target = l === 1 ? lawn : other
			target.n++
			idx.forEach((f, k) => {
				const v = features.values[f]![p]!
				target.sum[k]! += v
				target.sumSq[k]! += v * v
			})
		}
	}
	return { lawn, other }
}

function gaussian(stats: Stats) {
	const mean = stats.sum.map((s) => s / Math.max(1, stats.n))
	const variance = stats.sumSq.map((s, k) => Math.max(VAR_FLOOR[k]!, s / Math.max(1, stats.n) - mean[k]! ** 2))
	const logNorm = variance.reduce((acc, v) => acc - 0.5 * Math.log(v), 0)
	return { mean, inv: variance.map((v) => 1 / v), logNorm }
}

/** How much the lawn score (log-odds) moves per pixel; zero without samples. */
export function learnedAdjustment(model: LearnedLawnModel, features: Features): Float32Array {
	const n = features.width * features.height
	const out = new Float32Array(n)
	if (model.samples <= 0 || model.lawn.n < 20 || model.other.n < 20) return out
	const lawn = gaussian(model.lawn)
	const other = gaussian(model.other)
	// more verified samples, more say; never more than the model's own evidence
	const weight = Math.min(1, 0.5 + model.samples / 4)
	const cols = featureIndexes().map((f) => features.values[f]!)
	for (let p = 0; p < n; p++) {
		let ll = lawn.logNorm
		let lo = other.logNorm
		for (let k = 0; k < cols.length; k++) {
			const v = cols[k]![p]!
			const a = v - lawn.mean[k]!
			const b = v - other.mean[k]!
			ll -= 0.5 * a * a * lawn.inv[k]!
			lo -= 0.5 * b * b * other.inv[k]!
		}
		const ratio = ll - lo
		out[p] = weight * (ratio > 8 ? 8 : ratio < -8 ? -8 : ratio)
	}
	return out
}
