// One-tap corrections (issue 17 item 4): the user's "Lawn here" / "Not lawn"
// taps adapt the detection to this one image. Model-agnostic: it takes the
// model's per-pixel lawn log-odds at working resolution and the working image,
// and returns adjusted log-odds plus a map of pixels the taps decide outright.
// Pure and deterministic.
//
// Two effects:
// 1. Per-image classifier. Each tap's disc (TAP_RADIUS_M) is a tight Gaussian
//    over simple colour/texture features of the working image; the model's
//    confident pixels form one broad Gaussian per class (what the model already
//    knows). The log-odds move by what the taps add beyond that:
//      log(1 + W·Σ N_lawnTap / N_weakLawn) − log(1 + W·Σ N_otherTap / N_weakOther)
//    so pixels that look like a "Not lawn" tap and unlike anything the model
//    was sure was not lawn drop, within SEEDS.classifierReachM of the tap;
//    pixels unlike every tap do not move.
// 2. Local guarantee. From each tap, a flood fill over 4-connected pixels the
//    model decided the other way that look like the tap (colour Mahalanobis
//    distance to its disc's Gaussian), within SEEDS.fillRadiusM: that region is
//    forced to the tap's class, so a tap always changes what is under it.
// 3. Next to lawn a "Not lawn" tap removed, lawn slivers narrower than about
//    1 m (a removed lawn's rim, whose edge texture no tap matched) go too.
import { dilate, open } from './morphology.ts'
import type { RgbImage } from '~/lib/rgb-image.ts'
import type { Mask } from './raster.ts'

export type SeedPoint = { x: number; y: number }
export type SeedPoints = { lawn: SeedPoint[]; other: SeedPoint[] }

export const SEEDS = {
	/** the labelled disc around a tap (metres) */
	tapRadiusM: 1.2,
	/**
	 * a tap's region grows at most this far (metres; the property window is ±30 m). Real imagery
	 * (tune split, `npm run bench:grass real-tune`, the CPU-trained model): at 25 m a region ran
	 * through lawn-coloured crowns and taps lost IoU (0.559 → 0.556 / 0.548 / 0.528 after 1/2/3);
	 * 8 m with fillDistance2 30 and classifierReachM 15: 0.559 → 0.596 / 0.621 / 0.636
	 */
	fillRadiusM: 8,
	/**
	 * Mahalanobis² (colour features) to the tap's Gaussian below which a pixel
	 * joins its region: the disc's Gaussian is tight (one mowing stripe), so
	 * well beyond χ²₄ 99.9 % (18.5), to take the other stripes and shades of
	 * the same lawn; the region only grows over what the model decided the
	 * other way, so it cannot spread into what was already right.
	 */
	fillDistance2: 30,
	/** the model's log-odds beyond ±this are weak labels */
	confident: 2,
	/** weight of the whole image's Gaussian in each weak class */
	background: 0.1,
	/** weight of a tap's Gaussian against the weak labels' */
	tapWeight: 4,
	/**
	 * the per-image classifier acts this far from its taps (metres): on real imagery lawn and
	 * crowns share colours, and a tap's colour applied everywhere made taps lose IoU (tune split,
	 * the model trained on real crops: 0.481 → 0.353 with one tap; within 25 m: 0.481 → 0.491 → 0.505 → 0.515;
	 * with the CPU-trained model and 8 m regions, 15 m beats 10, 25 and 40 m)
	 */
	classifierReachM: 15,
	/** the classifier moves the log-odds at most this much */
	cap: 8,
	/** log-odds written where a tap's region decides */
	forced: 12,
	/** around what the taps removed, lawn narrower than about twice this (metres) goes too: a removed lawn's rim, whose edge texture no tap matched */
	sliverM: 0.5,
}

/** features: four of colour, then texture */
const D = 5

/** Per working pixel: r and g chromaticity, brightness, excess green, local texture (brightness std over 3×3). */
export function seedFeatures(small: RgbImage): Float32Array[] {
	const { width: w, height: h, data } = small
	const n = w * h
	const rf = new Float32Array(n)
	const gf = new Float32Array(n)
	const lum = new Float32Array(n)
	const exg = new Float32Array(n)
	const tex = new Float32Array(n)
	for (let p = 0; p < n; p++) {
		const r = data[p * 3]!
		const g = data[p * 3 + 1]!
		const b = data[p * 3 + 2]!
		const s = r + g + b + 1
		rf[p] = r / s
		gf[p] = g / s
		lum[p] = s / 766
		exg[p] = (2 * g - r - b) / 510
	}
	for (let y = 0; y < h; y++) {
		for (let x = 0; x < w; x++) {
			let sum = 0
			let sq = 0
			let count = 0
			for (let dy = -1; dy <= 1; dy++) {
				const yy = y + dy
				if (yy < 0 || yy >= h) continue
				for (let dx = -1; dx <= 1; dx++) {
					const xx = x + dx
					if (xx < 0 || xx >= w) continue
					const v = lum[yy * w + xx]!
					sum += v
					sq += v * v
					count++
				}
			}
			const m = sum / count
			tex[y * w + x] = Math.sqrt(Math.max(0, sq / count - m * m))
		}
	}
	return [rf, gf, lum, exg, tex]
}

/** Floor of each feature's variance: camera noise, so a flat disc does not become a spike. */
const VAR_FLOOR = [4e-5, 4e-5, 1e-4, 1e-4, 1e-5]

type Gaussian = { mean: Float64Array; /** inverse Cholesky factor, lower triangular, row-major */ li: Float64Array; logNorm: number }

/** Gaussian of the weighted samples `pixels` (indexes), or null with fewer than 3. */
function fit(cols: Float32Array[], pixels: ArrayLike<number>): Gaussian | null {
	const m = pixels.length
	if (m < 3) return null
	const mean = new Float64Array(D)
	for (let i = 0; i < m; i++) for (let k = 0; k < D; k++) mean[k]! += cols[k]![pixels[i]!]!
	for (let k = 0; k < D; k++) mean[k]! /= m
	const cov = new Float64Array(D * D)
	for (let i = 0; i < m; i++) {
		const p = pixels[i]!
		for (let a = 0; a < D; a++) {
			const da = cols[a]![p]! - mean[a]!
			for (let b = 0; b <= a; b++) cov[a * D + b]! += da * (cols[b]![p]! - mean[b]!)
		}
	}
	for (let a = 0; a < D; a++) for (let b = 0; b <= a; b++) cov[a * D + b] = cov[b * D + a] = cov[a * D + b]! / m + (a === b ? VAR_FLOOR[a]! : 0)
	// Cholesky cov = L Lᵀ, then L⁻¹
	const L = new Float64Array(D * D)
	for (let i = 0; i < D; i++) {
		for (let j = 0; j <= i; j++) {
			let s = cov[i * D + j]!
			for (let k = 0; k < j; k++) s -= L[i * D + k]! * L[j * D + k]!
			L[i * D + j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / L[j * D + j]!
		}
	}
	const li = new Float64Array(D * D)
	for (let i = 0; i < D; i++) {
		li[i * D + i] = 1 / L[i * D + i]!
		for (let j = 0; j < i; j++) {
			let s = 0
			for (let k = j; k < i; k++) s -= L[i * D + k]! * li[k * D + j]!
			li[i * D + j] = s / L[i * D + i]!
		}
	}
	let logDet = 0
	for (let i = 0; i < D; i++) logDet += Math.log(L[i * D + i]!)
	return { mean, li, logNorm: -logDet }
}

/** log density of every pixel under `g` into `out` (the 5-feature whitening unrolled: the hot loop of a correction). */
function logDensityAll(g: Gaussian, cols: Float32Array[], out: Float32Array): Float32Array {
	const [c0, c1, c2, c3, c4] = cols as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array]
	const [m0, m1, m2, m3, m4] = g.mean as unknown as [number, number, number, number, number]
	const l = g.li
	const l00 = l[0]!, l10 = l[5]!, l11 = l[6]!, l20 = l[10]!, l21 = l[11]!, l22 = l[12]!
	const l30 = l[15]!, l31 = l[16]!, l32 = l[17]!, l33 = l[18]!
	const l40 = l[20]!, l41 = l[21]!, l42 = l[22]!, l43 = l[23]!, l44 = l[24]!
	const norm = g.logNorm
	for (let p = 0; p < out.length; p++) {
		const d0 = c0[p]! - m0
		const d1 = c1[p]! - m1
		const d2 = c2[p]! - m2
		const d3 = c3[p]! - m3
		const d4 = c4[p]! - m4
		const z0 = l00 * d0
		const z1 = l10 * d0 + l11 * d1
		const z2 = l20 * d0 + l21 * d1 + l22 * d2
		const z3 = l30 * d0 + l31 * d1 + l32 * d2 + l33 * d3
		const z4 = l40 * d0 + l41 * d1 + l42 * d2 + l43 * d3 + l44 * d4
		out[p] = norm - 0.5 * (z0 * z0 + z1 * z1 + z2 * z2 + z3 * z3 + z4 * z4)
	}
	return out
}

function disc(seed: SeedPoint, w: number, h: number, r: number): number[] {
	const out: number[] = []
	const cx = Math.round(seed.x)
	const cy = Math.round(seed.y)
	const ri = Math.ceil(r)
	for (let y = Math.max(0, cy - ri); y <= Math.min(h - 1, cy + ri); y++) {
		for (let x = Math.max(0, cx - ri); x <= Math.min(w - 1, cx + ri); x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) out.push(y * w + x)
	}
	return out
}

/**
 * Pixels connected to the seed (4-neighbours) within `radius` px whose
 * Mahalanobis² to `g` over the colour features is under the limit (a region's
 * rim has the region's colour but the texture of an edge). `seen` is scratch
 * of the image's size, all zero on entry and on return.
 */
function floodRegion(seed: SeedPoint, g: Gaussian, cols: Float32Array[], w: number, h: number, radius: number, seen: Uint8Array, allowed: (p: number) => boolean): number[] {
	const cx = Math.min(w - 1, Math.max(0, Math.round(seed.x)))
	const cy = Math.min(h - 1, Math.max(0, Math.round(seed.y)))
	const [c0, c1, c2, c3] = cols as [Float32Array, Float32Array, Float32Array, Float32Array]
	const [m0, m1, m2, m3] = g.mean as unknown as [number, number, number, number]
	const l = g.li
	const l00 = l[0]!, l10 = l[5]!, l11 = l[6]!, l20 = l[10]!, l21 = l[11]!, l22 = l[12]!
	const l30 = l[15]!, l31 = l[16]!, l32 = l[17]!, l33 = l[18]!
	const limit = SEEDS.fillDistance2
	const similar = (p: number) => {
		const d0 = c0[p]! - m0
		const d1 = c1[p]! - m1
		const d2 = c2[p]! - m2
		const d3 = c3[p]! - m3
		const z0 = l00 * d0
		const z1 = l10 * d0 + l11 * d1
		const z2 = l20 * d0 + l21 * d1 + l22 * d2
		const z3 = l30 * d0 + l31 * d1 + l32 * d2 + l33 * d3
		return z0 * z0 + z1 * z1 + z2 * z2 + z3 * z3 <= limit
	}
	const r2 = radius * radius
	const region: number[] = []
	const visited: number[] = []
	const stack: number[] = [cy * w + cx]
	seen[cy * w + cx] = 1
	visited.push(cy * w + cx)
	const visit = (x: number, y: number) => {
		if (x < 0 || y < 0 || x >= w || y >= h || (x - cx) * (x - cx) + (y - cy) * (y - cy) > r2) return
		const q = y * w + x
		if (seen[q]) return
		seen[q] = 1
		visited.push(q)
		stack.push(q)
	}
	while (stack.length) {
		const p = stack.pop()!
		// the tapped pixel itself always belongs (a tap on an edge pixel still acts)
		if (region.length > 0 && !(allowed(p) && similar(p))) continue
		region.push(p)
		const x = p % w
		const y = (p - x) / w
		visit(x - 1, y)
		visit(x + 1, y)
		visit(x, y - 1)
		visit(x, y + 1)
	}
	for (const q of visited) seen[q] = 0
	return region
}

export type SeedAdaptation = {
	/** adjusted lawn log-odds (working resolution) */
	score: Float32Array
	/** per working pixel: 1 a tap made it lawn, -1 a tap made it not lawn, 0 the model decides */
	force: Int8Array
}

/**
 * Adjusts the model's lawn log-odds `score` (working resolution, the size of
 * `small`) with taps in working-pixel coordinates; `mpp` is the working
 * image's metres per pixel. Without taps the score comes back unchanged.
 */
export function adaptToSeeds(score: Float32Array, small: RgbImage, mpp: number, seeds: SeedPoints): SeedAdaptation {
	const { width: w, height: h } = small
	const n = w * h
	const out = Float32Array.from(score)
	const force = new Int8Array(n)
	const inside = (s: SeedPoint) => Number.isFinite(s.x) && Number.isFinite(s.y) && s.x >= 0 && s.y >= 0 && s.x < w && s.y < h
	const lawnTaps = seeds.lawn.filter(inside)
	const otherTaps = seeds.other.filter(inside)
	if (!lawnTaps.length && !otherTaps.length) return { score: out, force }
	const cols = seedFeatures(small)
	const tapR = Math.max(1, SEEDS.tapRadiusM / mpp)
	const tapGaussian = (s: SeedPoint) => fit(cols, disc(s, w, h, tapR))
	const lawnG = lawnTaps.map(tapGaussian)
	const otherG = otherTaps.map(tapGaussian)

	// the model's confident pixels (every 2nd row and column), minus the tapped discs
	const tapped = new Uint8Array(n)
	for (const s of [...lawnTaps, ...otherTaps]) for (const p of disc(s, w, h, tapR * 2)) tapped[p] = 1
	const weakLawn: number[] = []
	const weakOther: number[] = []
	const every: number[] = []
	for (let y = 0; y < h; y += 2) {
		for (let x = 0; x < w; x += 2) {
			const p = y * w + x
			if (tapped[p]) continue
			every.push(p)
			if (score[p]! > SEEDS.confident) weakLawn.push(p)
			else if (score[p]! < -SEEDS.confident) weakOther.push(p)
		}
	}
	const wl = fit(cols, weakLawn)
	const wo = fit(cols, weakOther)
	// the whole image's Gaussian, a little of it in each weak class: where a class has no confident pixels,
	// or in its tails, a tap's tight Gaussian is weighed against how common the pixel's look is in this image
	const all = fit(cols, every)
	const background = all ? logDensityAll(all, cols, new Float32Array(n)) : new Float32Array(n).fill(-50)
	const logBackgroundWeight = Math.log(SEEDS.background)
	const logAdd = (a: number, b: number) => (a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b)))
	const scratch = new Float32Array(n)

	// 1. the per-image classifier: what the taps add beyond the weak labels
	/** log(1 + W·Σ N_tap / N_weak') per pixel, N_weak' the weak class plus a little of the whole image */
	const gain = (taps: (Gaussian | null)[], weak: Gaussian | null): Float32Array | null => {
		const fitted = taps.filter((g): g is Gaussian => g !== null)
		if (!fitted.length) return null
		const base = new Float32Array(n)
		if (weak) logDensityAll(weak, cols, base)
		for (let p = 0; p < n; p++) base[p] = weak ? logAdd(base[p]!, background[p]! + logBackgroundWeight) : background[p]! + logBackgroundWeight
		const sum = new Float32Array(n)
		for (const g of fitted) {
			logDensityAll(g, cols, scratch)
			for (let p = 0; p < n; p++) {
				const d = scratch[p]! - base[p]!
				// beyond e^-30 a tap adds nothing measurable
				if (d > -30) sum[p]! += Math.exp(d > 60 ? 60 : d)
			}
		}
		for (let p = 0; p < n; p++) sum[p] = Math.log1p(SEEDS.tapWeight * sum[p]!)
		return sum
	}
	const up = gain(lawnG, wl)
	const down = gain(otherG, wo)
	// how far from its taps the classifier reaches (working pixels)
	const reach = SEEDS.classifierReachM / mpp
	const near = (taps: SeedPoint[]): Uint8Array | null => {
		if (!Number.isFinite(reach)) return null
		const m = new Uint8Array(n)
		const r2 = reach * reach
		for (const t of taps) {
			const y0 = Math.max(0, Math.floor(t.y - reach))
			const y1 = Math.min(h - 1, Math.ceil(t.y + reach))
			const x0 = Math.max(0, Math.floor(t.x - reach))
			const x1 = Math.min(w - 1, Math.ceil(t.x + reach))
			for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if ((x - t.x) ** 2 + (y - t.y) ** 2 <= r2) m[y * w + x] = 1
		}
		return m
	}
	const upNear = near(lawnTaps)
	const downNear = near(otherTaps)
	for (let p = 0; p < n; p++) {
		const delta = (up && (!upNear || upNear[p]) ? up[p]! : 0) - (down && (!downNear || downNear[p]) ? down[p]! : 0)
		out[p]! += delta > SEEDS.cap ? SEEDS.cap : delta < -SEEDS.cap ? -SEEDS.cap : delta
	}

	// 2. the local guarantee: each tap's similar connected region takes the tap's class (later taps win over earlier ones of the other kind only where they overlap)
	const fillR = Math.max(1, SEEDS.fillRadiusM / mpp)
	const seen = new Uint8Array(n)
	const apply = (taps: SeedPoint[], gs: (Gaussian | null)[], value: 1 | -1) => {
		taps.forEach((s, i) => {
			const g = gs[i]
			// "Not lawn" grows over what the model called lawn, "Lawn here" over what it did not
			const region = g ? floodRegion(s, g, cols, w, h, fillR, seen, value < 0 ? (p) => score[p]! > 0 : (p) => score[p]! <= 0) : disc(s, w, h, tapR)
			for (const p of region) {
				force[p] = value
				out[p] = value * SEEDS.forced
			}
		})
	}
	apply(otherTaps, otherG, -1)
	apply(lawnTaps, lawnG, 1)

	// 3. slivers: next to lawn the taps removed, an opening of what is still lawn
	const r = Math.max(1, Math.round(SEEDS.sliverM / mpp))
	const removed: Mask = { width: w, height: h, data: new Uint8Array(n) }
	const lawn: Mask = { width: w, height: h, data: new Uint8Array(n) }
	let any = false
	for (let p = 0; p < n; p++) {
		lawn.data[p] = out[p]! > 0 ? 1 : 0
		if (score[p]! > 0 && out[p]! <= 0) (removed.data[p] = 1), (any = true)
	}
	if (any) {
		const zone = dilate(removed, 2 * r).data
		const kept = open(lawn, r).data
		for (let p = 0; p < n; p++) {
			if (zone[p] && lawn.data[p] && !kept[p] && force[p] === 0) {
				force[p] = -1
				out[p] = -SEEDS.forced
			}
		}
	}
	return { score: out, force }
}

/** Seeds in full-resolution pixels → working pixels (`scale`: full pixels per working pixel). */
export function toWorkingSeeds(seeds: SeedPoints, scale: number): SeedPoints {
	const at = (s: SeedPoint) => ({ x: (s.x - (scale - 1) / 2) / scale, y: (s.y - (scale - 1) / 2) / scale })
	return { lawn: seeds.lawn.map(at), other: seeds.other.map(at) }
}

/** Sets the full-resolution mask where the taps decided (`force` at working resolution, `scale` full pixels per working pixel); in place. */
export function applyForce(mask: Mask, force: Int8Array, workingWidth: number, scale: number): void {
	const { width, height, data } = mask
	for (let y = 0; y < height; y++) {
		const row = Math.floor(y / scale) * workingWidth
		for (let x = 0; x < width; x++) {
			const f = force[row + Math.floor(x / scale)]!
			if (f) data[y * width + x] = f > 0 ? 1 : 0
		}
	}
}
