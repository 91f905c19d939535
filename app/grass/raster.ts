// Raster primitives of the grass pipeline: interleaved RGB images, binary
// masks and O(n) box filters through summed-area tables. Pure, no I/O.

import type { RgbImage } from '~/lib/rgb-image.ts'

/** One byte a pixel, 1 = set. */
export type Mask = { width: number; height: number; data: Uint8Array }

export function emptyMask(width: number, height: number): Mask {
	return { width, height, data: new Uint8Array(width * height) }
}

export function countSet(mask: Mask): number {
	let n = 0
	for (let i = 0; i < mask.data.length; i++) n += mask.data[i]!
	return n
}

// scratch buffers reused between calls (everything here is synchronous and
// overwrites what it reads back): no per-call garbage in the hot filters
const scratch: Float32Array[] = []
function scratchBuffer(slot: number, n: number): Float32Array {
	let b = scratch[slot]
	if (!b || b.length < n) scratch[slot] = b = new Float32Array(n)
	return b
}
let colSums = new Float64Array(0)

/** Lets the scratch buffers go (an idle detection worker): the next call allocates them again. */
export function releaseScratch(): void {
	scratch.length = 0
	colSums = new Float64Array(0)
}

/**
 * Mean of `values` over the (2r+1)² window around every pixel, the window
 * clipped at the image edge (so edges average what exists). O(n) whatever r.
 */
export function boxMean(values: Float32Array, width: number, height: number, r: number, out = new Float32Array(width * height)): Float32Array {
	if (r <= 0) {
		out.set(values)
		return out
	}
	// separable: a running sum along rows, then along columns. The column pass
	// keeps one running sum per column and walks whole rows (cache friendly);
	// every sum sees the same additions in the same order as a column-by-column
	// walk, so the result is the same to the bit.
	const tmp = scratchBuffer(0, width * height)
	const k = 2 * r + 1
	// x in [inLo, inHi) has its whole window inside the row
	const inLo = Math.min(r, width)
	const inHi = Math.max(inLo, width - r)
	// the running sum along a row is one long chain of dependent additions:
	// four rows at a time, so the processor overlaps four chains (each row's
	// additions as before, in the same order)
	let y = 0
	for (; y + 4 <= height; y += 4) {
		const a = y * width
		const b = a + width
		const c = b + width
		const d = c + width
		let s0 = rowStart(values, tmp, a, width, r, inLo)
		let s1 = rowStart(values, tmp, b, width, r, inLo)
		let s2 = rowStart(values, tmp, c, width, r, inLo)
		let s3 = rowStart(values, tmp, d, width, r, inLo)
		for (let x = inLo; x < inHi; x++) {
			tmp[a + x] = s0 / k
			tmp[b + x] = s1 / k
			tmp[c + x] = s2 / k
			tmp[d + x] = s3 / k
			const add = x + r + 1
			if (add < width) {
				s0 += values[a + add]!
				s1 += values[b + add]!
				s2 += values[c + add]!
				s3 += values[d + add]!
			}
			const drop = x - r
			s0 -= values[a + drop]!
			s1 -= values[b + drop]!
			s2 -= values[c + drop]!
			s3 -= values[d + drop]!
		}
		rowEnd(values, tmp, a, width, r, inHi, s0)
		rowEnd(values, tmp, b, width, r, inHi, s1)
		rowEnd(values, tmp, c, width, r, inHi, s2)
		rowEnd(values, tmp, d, width, r, inHi, s3)
	}
	for (; y < height; y++) {
		const row = y * width
		let sum = rowStart(values, tmp, row, width, r, inLo)
		for (let x = inLo; x < inHi; x++) {
			tmp[row + x] = sum / k
			if (x + r + 1 < width) sum += values[row + x + r + 1]!
			sum -= values[row + x - r]!
		}
		rowEnd(values, tmp, row, width, r, inHi, sum)
	}
	if (colSums.length < width) colSums = new Float64Array(width)
	const sums = colSums
	sums.fill(0, 0, width)
	const first = Math.min(r, height - 1)
	for (let y = 0; y <= first; y++) {
		const row = y * width
		for (let x = 0; x < width; x++) sums[x]! += tmp[row + x]!
	}
	for (let y = 0; y < height; y++) {
		const lo = Math.max(0, y - r)
		const hi = Math.min(height - 1, y + r)
		const count = hi - lo + 1
		const row = y * width
		const add = y + r + 1 < height ? (y + r + 1) * width : -1
		const drop = y - r >= 0 ? (y - r) * width : -1
		if (add >= 0 && drop >= 0) {
			for (let x = 0; x < width; x++) {
				let sum = sums[x]!
				out[row + x] = sum / count
				sum += tmp[add + x]!
				sums[x] = sum - tmp[drop + x]!
			}
		} else if (add >= 0) {
			for (let x = 0; x < width; x++) {
				const sum = sums[x]!
				out[row + x] = sum / count
				sums[x] = sum + tmp[add + x]!
			}
		} else if (drop >= 0) {
			for (let x = 0; x < width; x++) {
				const sum = sums[x]!
				out[row + x] = sum / count
				sums[x] = sum - tmp[drop + x]!
			}
		} else for (let x = 0; x < width; x++) out[row + x] = sums[x]! / count
	}
	return out
}

/** A row's running sum over its first window, and the means of the windows clipped by the row's start (x < inLo); returns the sum at x = inLo. */
function rowStart(values: Float32Array, tmp: Float32Array, row: number, width: number, r: number, inLo: number): number {
	let sum = 0
	const first = Math.min(r, width - 1)
	for (let x = 0; x <= first; x++) sum += values[row + x]!
	for (let x = 0; x < inLo; x++) {
		const hi = Math.min(width - 1, x + r)
		tmp[row + x] = sum / (hi + 1)
		if (x + r + 1 < width) sum += values[row + x + r + 1]!
	}
	return sum
}

/** The means of the windows clipped by the row's end (x ≥ inHi), from the running sum at x = inHi. */
function rowEnd(values: Float32Array, tmp: Float32Array, row: number, width: number, r: number, inHi: number, sum: number): void {
	for (let x = inHi; x < width; x++) {
		const lo = Math.max(0, x - r)
		tmp[row + x] = sum / (width - lo)
		if (x + r + 1 < width) sum += values[row + x + r + 1]!
		if (x - r >= 0) sum -= values[row + x - r]!
	}
}

/** Deterministic PRNG (mulberry32): the same seed gives the same stream. */
export function rng(seed: number): () => number {
	let a = seed >>> 0
	return () => {
		a = (a + 0x6d2b79f5) >>> 0
		let t = a
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

/**
 * Running max (or min with `sign` -1) over the (2r+1)² window clipped at the
 * image edge. Separable, van Herk/Gil-Werman: prefix and suffix extremes
 * within blocks of 2r+1 along each line, so a window is the suffix of one
 * block and the prefix of the next; the column pass works on whole rows
 * (cache friendly). About three comparisons a pixel whatever r. A minimum is
 * the maximum of the negated values (negation is exact).
 */
export function boxExtreme(values: Float32Array, width: number, height: number, r: number, sign: 1 | -1 = 1): Float32Array {
	const n = width * height
	const k = 2 * r + 1
	// the rows read values × sign and the output is multiplied back (exact)
	const src = values
	const pre = scratchBuffer(2, n)
	const suf = scratchBuffer(3, n)
	const tmp = scratchBuffer(4, n)
	// rows: an interior window [x − r, x + r] is the suffix of its first
	// block and the prefix of the block it ends in (one block when it starts
	// at a block's start: both are then the whole block); a window clipped by
	// the row's ends is a prefix (left end) or the max of a suffix and a prefix
	const left = Math.min(r, width)
	const right = Math.max(left, width - r)
	for (let y = 0; y < height; y++) {
		const row = y * width
		for (let start = 0; start < width; start += k) {
			const end = Math.min(width, start + k)
			let m = src[row + start]! * sign
			pre[row + start] = m
			for (let x = start + 1; x < end; x++) {
				const v = src[row + x]! * sign
				m = v > m ? v : m
				pre[row + x] = m
			}
			m = src[row + end - 1]! * sign
			suf[row + end - 1] = m
			for (let x = end - 2; x >= start; x--) {
				const v = src[row + x]! * sign
				m = v > m ? v : m
				suf[row + x] = m
			}
		}
		for (let x = 0; x < left; x++) tmp[row + x] = rangeMax(src, sign, row, 0, Math.min(width - 1, x + r))
		for (let x = left; x < right; x++) {
			const a = suf[row + x - r]!
			const b = pre[row + x + r]!
			tmp[row + x] = a > b ? a : b
		}
		for (let x = right; x < width; x++) tmp[row + x] = rangeMax(src, sign, row, Math.max(0, x - r), width - 1)
	}
	// columns, a whole row at a time
	for (let start = 0; start < height; start += k) {
		const end = Math.min(height, start + k)
		pre.set(tmp.subarray(start * width, (start + 1) * width), start * width)
		for (let y = start + 1; y < end; y++) {
			const row = y * width
			const up = row - width
			for (let x = 0; x < width; x++) {
				const v = tmp[row + x]!
				const m = pre[up + x]!
				pre[row + x] = v > m ? v : m
			}
		}
		suf.set(tmp.subarray((end - 1) * width, end * width), (end - 1) * width)
		for (let y = end - 2; y >= start; y--) {
			const row = y * width
			const down = row + width
			for (let x = 0; x < width; x++) {
				const v = tmp[row + x]!
				const m = suf[down + x]!
				suf[row + x] = v > m ? v : m
			}
		}
	}
	const out = new Float32Array(n)
	for (let y = 0; y < height; y++) {
		const lo = y - r < 0 ? 0 : y - r
		const hi = y + r >= height ? height - 1 : y + r
		const row = y * width
		const a = lo * width
		const b = hi * width
		if (((lo / k) | 0) !== ((hi / k) | 0)) {
			for (let x = 0; x < width; x++) {
				const u = suf[a + x]!
				const v = pre[b + x]!
				out[row + x] = (u > v ? u : v) * sign
			}
		} else {
			const from = lo % k === 0 ? pre.subarray(b, b + width) : suf.subarray(a, a + width)
			if (sign > 0) out.set(from, row)
			else for (let x = 0; x < width; x++) out[row + x] = -from[x]!
		}
	}
	return out
}

/** Max of `values[row + lo … row + hi]` × sign (the few windows clipped by a row's ends). */
function rangeMax(values: Float32Array, sign: number, row: number, lo: number, hi: number): number {
	let m = values[row + lo]! * sign
	for (let x = lo + 1; x <= hi; x++) {
		const v = values[row + x]! * sign
		m = v > m ? v : m
	}
	return m
}

/**
 * `boxExtreme(values, …, R, sign)` from `near` = `boxExtreme(values, …, r, sign)`
 * when R − r = d ≤ r: the clipped window of radius R is the union of the
 * clipped windows of radius r around x − d and x + d (each clamped into the
 * image; they overlap or touch as 2d ≤ 2r + 1), along each axis, so its
 * extreme is that of those two (max and min are exact: the same values to
 * the bit). Two comparisons a pixel instead of a filter of its own; null
 * when d is out of that range.
 */
export function widenExtreme(near: Float32Array, width: number, height: number, r: number, R: number, sign: 1 | -1 = 1): Float32Array | null {
	const d = R - r
	if (d < 0 || d > r) return null
	const n = width * height
	const out = new Float32Array(n)
	if (d === 0) {
		out.set(near)
		return out
	}
	const max = sign > 0
	// along x into tmp, then along y
	const tmp = scratchBuffer(4, n)
	for (let y = 0; y < height; y++) {
		const row = y * width
		for (let x = 0; x < width; x++) {
			const u = near[row + (x - d < 0 ? 0 : x - d)]!
			const v = near[row + (x + d > width - 1 ? width - 1 : x + d)]!
			tmp[row + x] = max ? (v > u ? v : u) : v < u ? v : u
		}
	}
	for (let y = 0; y < height; y++) {
		const a = (y - d < 0 ? 0 : y - d) * width
		const b = (y + d > height - 1 ? height - 1 : y + d) * width
		const row = y * width
		if (max) {
			for (let x = 0; x < width; x++) {
				const u = tmp[a + x]!
				const v = tmp[b + x]!
				out[row + x] = v > u ? v : u
			}
		} else {
			for (let x = 0; x < width; x++) {
				const u = tmp[a + x]!
				const v = tmp[b + x]!
				out[row + x] = v < u ? v : u
			}
		}
	}
	return out
}

/** Halves an image by averaging 2×2 blocks (a last odd row/column averages what exists). */
export function halve(image: RgbImage): RgbImage {
	return halveBlocks(image, null)
}

/**
 * Texture finer than the working grid: per 2×2 block of the full-resolution
 * image (the pixels one working pixel is the mean of), the variance of
 * brightness (R + 2G + B) / 4 within the block, and the block's mean
 * brightness, on 0–255. Halving averages a crown's leaf clumps away at zoom 19;
 * this keeps how much there was. Sizes as `halve`'s output.
 */
export type FineTexture = { variance: Float32Array; mean: Float32Array }

/** `halve` and the fine texture of the same blocks, in one pass. */
export function halveWithTexture(image: RgbImage): { small: RgbImage; fine: FineTexture } {
	const size = Math.ceil(image.width / 2) * Math.ceil(image.height / 2)
	const fine = { variance: new Float32Array(size), mean: new Float32Array(size) }
	return { small: halveBlocks(image, fine), fine }
}

function halveBlocks(image: RgbImage, fine: FineTexture | null): RgbImage {
	const { width, height, data } = image
	const w = Math.ceil(width / 2)
	const h = Math.ceil(height / 2)
	const out = new Uint8Array(w * h * 3)
	for (let y = 0; y < h; y++) {
		const y0 = 2 * y
		const y1 = Math.min(height - 1, y0 + 1)
		for (let x = 0; x < w; x++) {
			const x0 = 2 * x
			const x1 = Math.min(width - 1, x0 + 1)
			const a = (y0 * width + x0) * 3
			const b = (y0 * width + x1) * 3
			const c = (y1 * width + x0) * 3
			const d = (y1 * width + x1) * 3
			const o = (y * w + x) * 3
			// the twelve bytes read once, the channels written out (integer sums: the same bytes)
			const ra = data[a]!
			const ga = data[a + 1]!
			const ba = data[a + 2]!
			const rb = data[b]!
			const gb = data[b + 1]!
			const bb = data[b + 2]!
			const rc = data[c]!
			const gc = data[c + 1]!
			const bc = data[c + 2]!
			const rd = data[d]!
			const gd = data[d + 1]!
			const bd = data[d + 2]!
			out[o] = (ra + rb + rc + rd + 2) >> 2
			out[o + 1] = (ga + gb + gc + gd + 2) >> 2
			out[o + 2] = (ba + bb + bc + bd + 2) >> 2
			if (fine) {
				const la = ra + 2 * ga + ba
				const lb = rb + 2 * gb + bb
				const lc = rc + 2 * gc + bc
				const ld = rd + 2 * gd + bd
				const m = (la + lb + lc + ld) / 16
				fine.mean[y * w + x] = m
				fine.variance[y * w + x] = (la * la + lb * lb + lc * lc + ld * ld) / 64 - m * m
			}
		}
	}
	return { width: w, height: h, data: out }
}
