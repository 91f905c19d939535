// Per-pixel features for lawn segmentation: colour normalised against haze and
// colour cast, chromaticity, HSV, and texture/context at fixed ground scales
// (metres, so zoom 19 and 20 see the same thing). Pure.
import { boxExtreme, boxMean, widenExtreme, type FineTexture } from './raster.ts'
import type { RgbImage } from '~/lib/rgb-image.ts'

export const FEATURE_NAMES = [
	'r',
	'g',
	'b',
	'gFrac',
	'bFrac',
	'value',
	'saturation',
	'hue',
	'lum',
	'lumMean05',
	'cv05',
	'lumMean15',
	'cv15',
	'relLum',
	'gFracMean15',
	'gradRel',
	'gradMean05',
	'lumMean4',
	'gFracMean05',
	'bFracMean05',
	'satMean15',
	'gradMean15',
	'cvMax1',
	'lumMin1',
	'gFracMin1',
	'fineCv05',
	'fineCv15',
	'coherence05',
	'coherence15',
] as const

export type FeatureName = (typeof FEATURE_NAMES)[number]
export type Features = { width: number; height: number; mpp: number; values: Float32Array[] }

/** Ground scales of the windows, in metres. */
const SMALL_M = 0.5
const MEDIUM_M = 1.5
const LARGE_M = 4

export const radiusPx = (metres: number, mpp: number) => Math.max(1, Math.round(metres / mpp))

/**
 * Per-channel stretch between the 0.5th and 99.5th percentiles: removes haze
 * (a raised black level) and most of a colour cast (unequal channel gains).
 */
export function normaliseColour(image: RgbImage): Float32Array[] {
	const n = image.width * image.height
	const channels = [0, 1, 2].map(() => new Float32Array(n))
	for (let ch = 0; ch < 3; ch++) {
		const hist = new Uint32Array(256)
		for (let i = 0; i < n; i++) hist[image.data[i * 3 + ch]!]!++
		const lowCount = n * 0.005
		const highCount = n * 0.995
		// lo: the first value with more than 0.5 % at or below it; hi likewise for 99.5 %
		let acc = 0
		let lo = -1
		let hi = -1
		for (let v = 0; v < 256; v++) {
			acc += hist[v]!
			if (lo < 0 && acc > lowCount) lo = v
			if (hi < 0 && acc >= highCount) hi = v
		}
		const scale = 1 / Math.max(16, hi - lo)
		const out = channels[ch]!
		for (let i = 0; i < n; i++) {
			const v = (image.data[i * 3 + ch]! - lo) * scale
			out[i] = v < 0 ? 0 : v > 1.2 ? 1.2 : v
		}
	}
	return channels
}

/**
 * Features of `image` (the working image); `fine` is the fine texture (`halveWithTexture`) of the
 * full-resolution image it was halved from (without it, e.g. for the learned
 * colour statistics, the fine-texture columns are 0).
 */
export function computeFeatures(image: RgbImage, mpp: number, fine?: FineTexture): Features {
	const { width, height } = image
	const n = width * height
	const [r0, g0, b0] = normaliseColour(image) as [Float32Array, Float32Array, Float32Array]
	// a 3×3 mean takes the sensor noise and JPEG ringing off single pixels
	const r = boxMean(r0, width, height, 1)
	const g = boxMean(g0, width, height, 1)
	const b = boxMean(b0, width, height, 1)

	const gFrac = new Float32Array(n)
	const bFrac = new Float32Array(n)
	const value = new Float32Array(n)
	const saturation = new Float32Array(n)
	const hue = new Float32Array(n)
	const lum = new Float32Array(n)
	const lum2 = new Float32Array(n)
	for (let i = 0; i < n; i++) {
		const R = r[i]!
		const G = g[i]!
		const B = b[i]!
		const sum = R + G + B + 1e-3
		gFrac[i] = G / sum
		bFrac[i] = B / sum
		const max = Math.max(R, G, B)
		const min = Math.min(R, G, B)
		value[i] = max
		const delta = max - min
		saturation[i] = delta / (max + 1e-3)
		let h = 0
		if (delta > 1e-4) {
			// (G − B) / delta is within ±1 here (G and B lie between min and max), where `% 6` is the identity: left out
			if (max === R) h = (G - B) / delta
			else if (max === G) h = (B - R) / delta + 2
			else h = (R - G) / delta + 4
			h *= 60
			if (h < 0) h += 360
		}
		hue[i] = h
		const L = (R + 2 * G + B) / 4
		lum[i] = L
		lum2[i] = L * L
	}
	const small = radiusPx(SMALL_M, mpp)
	const medium = radiusPx(MEDIUM_M, mpp)
	const large = radiusPx(LARGE_M, mpp)
	const near = radiusPx(1, mpp)

	const lumMean05 = boxMean(lum, width, height, small)
	const lumSq05 = boxMean(lum2, width, height, small)
	const lumMean15 = boxMean(lum, width, height, medium)
	const lumSq15 = boxMean(lum2, width, height, medium)
	const cv05 = new Float32Array(n)
	const cv15 = new Float32Array(n)
	const relLum = new Float32Array(n)
	for (let i = 0; i < n; i++) {
		const m1 = lumMean05[i]!
		cv05[i] = Math.sqrt(Math.max(0, lumSq05[i]! - m1 * m1)) / (m1 + 0.02)
		const m2 = lumMean15[i]!
		cv15[i] = Math.sqrt(Math.max(0, lumSq15[i]! - m2 * m2)) / (m2 + 0.02)
		relLum[i] = lum[i]! / (m2 + 0.02)
	}
	// gradient magnitude relative to local brightness: leaf clumps vs smooth turf
	const gradRel = new Float32Array(n)
	const gxx = new Float32Array(n)
	const gyy = new Float32Array(n)
	const gxy = new Float32Array(n)
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const i = y * width + x
			const xl = x > 0 ? i - 1 : i
			const xr = x < width - 1 ? i + 1 : i
			const yu = y > 0 ? i - width : i
			const yd = y < height - 1 ? i + width : i
			const gx = lum[xr]! - lum[xl]!
			const gy = lum[yd]! - lum[yu]!
			gradRel[i] = Math.sqrt(gx * gx + gy * gy) / (lumMean05[i]! + 0.02)
			gxx[i] = gx * gx
			gyy[i] = gy * gy
			gxy[i] = gx * gy
		}
	}
	const gFracMean05 = boxMean(gFrac, width, height, small)
	const values: Float32Array[] = [
		r,
		g,
		b,
		gFrac,
		bFrac,
		value,
		saturation,
		hue,
		lum,
		lumMean05,
		cv05,
		lumMean15,
		cv15,
		relLum,
		boxMean(gFrac, width, height, medium),
		gradRel,
		boxMean(gradRel, width, height, small),
		boxMean(lum, width, height, large),
		gFracMean05,
		boxMean(bFrac, width, height, small),
		boxMean(saturation, width, height, medium),
		boxMean(gradRel, width, height, medium),
		// the strongest texture and the darkest, least green spot within a metre:
		// a lit crown rim is next to a textured, dark crown; open lawn is not
		boxExtreme(cv05, width, height, near),
		boxExtreme(lumMean05, width, height, near, -1),
		boxExtreme(gFracMean05, width, height, near, -1),
		...fineCv(fine, width, height, small, medium),
		coherence(gxx, gyy, gxy, width, height, small),
		coherence(gxx, gyy, gxy, width, height, medium),
	]
	return { width, height, mpp, values }
}

/**
 * How much the brightness gradients within `r` share one direction (structure
 * tensor coherence, 0–1): mowing stripes and straight edges near 1, leaf
 * clumps of a crown near 0.
 */
function coherence(gxx: Float32Array, gyy: Float32Array, gxy: Float32Array, width: number, height: number, r: number): Float32Array {
	const xx = boxMean(gxx, width, height, r)
	const yy = boxMean(gyy, width, height, r)
	const xy = boxMean(gxy, width, height, r)
	const out = new Float32Array(width * height)
	for (let i = 0; i < out.length; i++) {
		const d = xx[i]! - yy[i]!
		out[i] = Math.sqrt(d * d + 4 * xy[i]! * xy[i]!) / (xx[i]! + yy[i]! + 1e-4)
	}
	return out
}

/** Relative sub-working-pixel texture over 0.5 m and 1.5 m: √(mean block variance) / mean brightness. */
function fineCv(fine: FineTexture | undefined, width: number, height: number, small: number, medium: number): Float32Array[] {
	const n = width * height
	if (!fine) return [new Float32Array(n), new Float32Array(n)]
	return [small, medium].map((r) => {
		const v = boxMean(fine.variance, width, height, r)
		const m = boxMean(fine.mean, width, height, r)
		const out = new Float32Array(n)
		for (let i = 0; i < n; i++) out[i] = Math.sqrt(Math.max(0, v[i]!)) / (m[i]! + 8)
		return out
	})
}

/**
 * The second, contextual pass sees every first-pass feature plus the
 * first-pass lawn probability and its neighbourhood: a lit crown rim has
 * crown (low probability) all around it within a metre or two; a shaded strip
 * of lawn has lawn on either side.
 */
export const CONTEXT_NAMES = [
	...FEATURE_NAMES,
	'p1',
	'p1Mean05',
	'p1Mean15',
	'p1Mean4',
	'p1Min1',
	'p1Max1',
	'p1Min2',
	'p1Max2',
	'lumToLawn',
	'gFracToLawn',
	'bFracToLawn',
	'lumToLawnAll',
	'gFracToLawnAll',
] as const

/** First-pass probability above which a pixel counts as sure lawn (the reference colour of the lawn around it). */
const SURE_LAWN = 0.8
/** Radius (metres) of the neighbourhood whose sure lawn is the reference. */
const REFERENCE_M = 8
/** Weight (in sure-lawn fraction of the window) of the whole image's sure lawn in a local reference. */
const REFERENCE_PRIOR = 0.05

/** `values` of the first pass followed by the context of `p1` (first-pass probability). */
export function contextFeatures(features: Features, p1: Float32Array): Float32Array[] {
	const { width, height, mpp } = features
	const near = radiusPx(1, mpp)
	const far = radiusPx(2, mpp)
	// the lawn's own colour in this image and around this pixel (mean over sure
	// lawn of the first pass): lots and scenes differ in lawn shade, stripes and
	// haze; a pixel is judged against the lawn next to it, not a fixed level.
	// Shade keeps chromaticity but not brightness: ratios and differences.
	const n = width * height
	const v = features.values
	const lum = v[FEATURE_NAMES.indexOf('lumMean05')]!
	const gFrac = v[FEATURE_NAMES.indexOf('gFracMean05')]!
	const bFrac = v[FEATURE_NAMES.indexOf('bFracMean05')]!
	const sure = new Float32Array(n)
	const sL = new Float32Array(n)
	const sG = new Float32Array(n)
	const sB = new Float32Array(n)
	let count = 0
	let tL = 0
	let tG = 0
	let tB = 0
	for (let i = 0; i < n; i++) {
		if (p1[i]! > SURE_LAWN) {
			sure[i] = 1
			sL[i] = lum[i]!
			sG[i] = gFrac[i]!
			sB[i] = bFrac[i]!
			count++
			tL += lum[i]!
			tG += gFrac[i]!
			tB += bFrac[i]!
		}
	}
	// no sure lawn at all: neutral references (a mid grey lawn-less image)
	const gL = count ? tL / count : 0.5
	const gG = count ? tG / count : 1 / 3
	const gB = count ? tB / count : 1 / 3
	const rad = radiusPx(REFERENCE_M, mpp)
	const mS = boxMean(sure, width, height, rad)
	const mL = boxMean(sL, width, height, rad)
	const mG = boxMean(sG, width, height, rad)
	const mB = boxMean(sB, width, height, rad)
	const lumToLawn = new Float32Array(n)
	const gToLawn = new Float32Array(n)
	const bToLawn = new Float32Array(n)
	const lumToAll = new Float32Array(n)
	const gToAll = new Float32Array(n)
	for (let i = 0; i < n; i++) {
		const w = mS[i]! + REFERENCE_PRIOR
		const refL = (mL[i]! + REFERENCE_PRIOR * gL) / w
		const refG = (mG[i]! + REFERENCE_PRIOR * gG) / w
		const refB = (mB[i]! + REFERENCE_PRIOR * gB) / w
		lumToLawn[i] = lum[i]! / (refL + 0.02)
		gToLawn[i] = gFrac[i]! - refG
		bToLawn[i] = bFrac[i]! - refB
		lumToAll[i] = lum[i]! / (gL + 0.02)
		gToAll[i] = gFrac[i]! - gG
	}
	// the 2 m extremes from the 1 m ones where the windows allow (the same values)
	const min1 = boxExtreme(p1, width, height, near, -1)
	const max1 = boxExtreme(p1, width, height, near)
	return [
		...features.values,
		p1,
		boxMean(p1, width, height, radiusPx(SMALL_M, mpp)),
		boxMean(p1, width, height, radiusPx(MEDIUM_M, mpp)),
		boxMean(p1, width, height, radiusPx(LARGE_M, mpp)),
		min1,
		max1,
		widenExtreme(min1, width, height, near, far, -1) ?? boxExtreme(p1, width, height, far, -1),
		widenExtreme(max1, width, height, near, far) ?? boxExtreme(p1, width, height, far),
		lumToLawn,
		gToLawn,
		bToLawn,
		lumToAll,
		gToAll,
	]
}
