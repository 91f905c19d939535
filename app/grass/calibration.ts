// What the detector's lawn probability means on real imagery: a monotone map
// from the raw probability to the share of pixels that were lawn in our
// labelled real crops (the tune split; `npm run calibrate:grass` fits it and
// writes calibration-knots.ts). The confidence shown to a user is this
// calibrated figure, so "60 %" means about six in ten of those pixels are lawn.
// Pure: no I/O.
import { LAWN_CALIBRATION_KNOTS } from './calibration-knots.ts'

/** Equal-width bins of the raw probability the map is fitted on. */
export const CALIBRATION_BINS = 20

/**
 * Pool adjacent violators: the non-decreasing sequence closest (weighted least
 * squares) to each bin's lawn share `positives / count`. Empty bins take their
 * neighbours' value; with no data at all the identity (bin centres) is kept.
 */
export function isotonicKnots(count: ArrayLike<number>, positives: ArrayLike<number>): number[] {
	const n = count.length
	const blocks: { value: number; weight: number; bins: number[] }[] = []
	for (let b = 0; b < n; b++) {
		const w = count[b]!
		if (!(w > 0)) continue
		blocks.push({ value: positives[b]! / w, weight: w, bins: [b] })
		while (blocks.length > 1 && blocks[blocks.length - 2]!.value > blocks[blocks.length - 1]!.value) {
			const last = blocks.pop()!
			const prev = blocks[blocks.length - 1]!
			prev.value = (prev.value * prev.weight + last.value * last.weight) / (prev.weight + last.weight)
			prev.weight += last.weight
			prev.bins.push(...last.bins)
		}
	}
	if (!blocks.length) return Array.from({ length: n }, (_, b) => (b + 0.5) / n)
	const out = new Array<number>(n).fill(NaN)
	for (const block of blocks) for (const b of block.bins) out[b] = block.value
	// empty bins: the value of the nearest fitted bin below (above for the first ones); still monotone
	let last = NaN
	for (let b = 0; b < n; b++) (Number.isNaN(out[b]!) ? (out[b] = last) : (last = out[b]!))
	const first = out.find((v) => !Number.isNaN(v))!
	for (let b = 0; b < n && Number.isNaN(out[b]!); b++) out[b] = first
	return out
}

/** The calibrated value at raw probability `p`: linear between bin centres, flat beyond the outer ones. */
export function calibrate(p: number, knots: readonly number[]): number {
	const n = knots.length
	const x = p * n - 0.5
	if (!(x > 0)) return knots[0]!
	if (x >= n - 1) return knots[n - 1]!
	const i = Math.floor(x)
	const t = x - i
	return knots[i]! * (1 - t) + knots[i + 1]! * t
}

/** The shipped map (fitted on the tune split of our labelled NAIP crops). */
export const LAWN_CALIBRATION: readonly number[] = LAWN_CALIBRATION_KNOTS

/** The confidence a user is shown for a pixel whose raw lawn probability is `p`. */
export const calibratedConfidence = (p: number) => calibrate(p, LAWN_CALIBRATION)

/** `calibratedConfidence` of every pixel (benchmarks). */
export function calibratedProbabilities(probability: Float32Array): Float32Array {
	const out = new Float32Array(probability.length)
	for (let i = 0; i < probability.length; i++) out[i] = calibratedConfidence(probability[i]!)
	return out
}
