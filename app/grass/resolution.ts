// What the imagery really resolves, read off its pixels (issue 29 item 5). A tile
// server upsamples coarse imagery to the map's zoom (USGS serves 0.6 m NAIP as
// 0.12 m tiles at zoom 20 over much of the US, sharper imagery in some cities),
// so the tiles' pixel size says nothing about what a detection can outline.
//
// The measure: S(d), the mean squared difference of luminance between pixels d
// apart (across and down). Sharp imagery is rough at every scale, so S grows
// slowly with d: S(2d)/S(d) is 1.5–3 already at d = 1. Imagery upsampled by k is
// smooth below k pixels, where S grows nearly as d² (the ratio near 4), and rough
// above. The scale where S(2d)/S(d) falls below `ratio` (interpolated in log d),
// divided by `scale`, is how many tile pixels the imagery resolves; both fitted on
// real NAIP crops of the training and tuning towns, upsampled as tile servers do
// (`npm run bench:grass resolution`, docs/decisions.md "What the imagery resolves").
// Pure: pixels in, a number out.
import type { RgbImage } from '~/lib/rgb-image.ts'

export const RESOLUTION_FIT = { ratio: 2.65, scale: 1.2 }

/** The pixel distances S(d) is measured at; S(2d)/S(d) needs both. */
export const DISTANCES = [1, 2, 3, 4, 6, 8, 12, 16, 24]

/** Luminance (Rec. 601) of every pixel. */
function luminance(image: RgbImage): Float32Array {
	const { width, height, data } = image
	const out = new Float32Array(width * height)
	for (let i = 0; i < out.length; i++) out[i] = 0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!
	return out
}

/**
 * S(d) for each distance: the mean squared luminance difference to the pixel `d` to the
 * right and `d` below, from every second pixel of every second row (a quarter of them
 * is plenty for a window's statistics and keeps this to a few milliseconds).
 */
export function structureFunction(image: RgbImage, distances: readonly number[] = DISTANCES): number[] {
	const { width, height } = image
	const l = luminance(image)
	return distances.map((d) => {
		let sum = 0
		let n = 0
		for (let y = 0; y < height - d; y += 2) {
			const row = y * width
			for (let x = 0; x < width - d; x += 2) {
				const v = l[row + x]!
				const across = l[row + x + d]! - v
				const down = l[row + d * width + x]! - v
				sum += across * across + down * down
				n += 2
			}
		}
		return n ? sum / n : 0
	})
}

/**
 * How many of its pixels the imagery resolves (≥ 1; 1 is imagery as sharp as its
 * pixels). Multiply by the tiles' metres per pixel for the ground resolution.
 */
export function resolvedScale(image: RgbImage, fit = RESOLUTION_FIT): number {
	// distances up to a quarter of the smaller side, so every S(d) has pixels to average
	const distances = DISTANCES.filter((d) => 4 * d <= Math.min(image.width, image.height))
	if (distances.length < 2) return 1
	return scaleOfStructure(structureFunction(image, distances), distances, fit)
}

/** resolvedScale from S(d) measured at `distances` (the benchmark fits `fit` with it). */
export function scaleOfStructure(s: readonly number[], distances: readonly number[] = DISTANCES, fit = RESOLUTION_FIT): number {
	let previous: { d: number; ratio: number } | null = null
	for (const [i, d] of distances.entries()) {
		const j = distances.indexOf(2 * d)
		if (j < 0) continue
		// a flat window (no texture at all) tells nothing: take it at its pixel size
		if (!(s[i]! > 1e-6)) return 1
		const ratio = s[j]! / s[i]!
		if (ratio < fit.ratio) {
			const crossing = previous ? Math.exp(Math.log(previous.d) + ((previous.ratio - fit.ratio) / (previous.ratio - ratio)) * (Math.log(d) - Math.log(previous.d))) : d
			return Math.max(1, Math.round((crossing / fit.scale) * 100) / 100)
		}
		previous = { d, ratio }
	}
	// smooth at every scale measured: at least as coarse as the largest one
	return previous ? Math.round(((2 * previous.d) / fit.scale) * 100) / 100 : 1
}
