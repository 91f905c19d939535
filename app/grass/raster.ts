// Raster primitives of the grass pipeline: interleaved RGB images, binary
// masks and O(n) box filters through summed-area tables. Pure, no I/O.

/** 8-bit RGB, row-major, 3 bytes a pixel. */
export type RgbImage = { width: number; height: number; data: Uint8Array }

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

/**
 * Mean of `values` over the (2r+1)² window around every pixel, the window
 * clipped at the image edge (so edges average what exists). O(n) whatever r.
 */
export function boxMean(values: Float32Array, width: number, height: number, r: number, out = new Float32Array(width * height)): Float32Array {
	if (r <= 0) {
		out.set(values)
		return out
	}
	// separable: a running sum along rows, then along columns
	const tmp = new Float32Array(width * height)
	for (let y = 0; y < height; y++) {
		const row = y * width
		let sum = 0
		const first = Math.min(r, width - 1)
		for (let x = 0; x <= first; x++) sum += values[row + x]!
		for (let x = 0; x < width; x++) {
			const lo = Math.max(0, x - r)
			const hi = Math.min(width - 1, x + r)
			tmp[row + x] = sum / (hi - lo + 1)
			const add = x + r + 1
			const drop = x - r
			if (add < width) sum += values[row + add]!
			if (drop >= 0) sum -= values[row + drop]!
		}
	}
	for (let x = 0; x < width; x++) {
		let sum = 0
		const first = Math.min(r, height - 1)
		for (let y = 0; y <= first; y++) sum += tmp[y * width + x]!
		for (let y = 0; y < height; y++) {
			const lo = Math.max(0, y - r)
			const hi = Math.min(height - 1, y + r)
			out[y * width + x] = sum / (hi - lo + 1)
			const add = y + r + 1
			const drop = y - r
			if (add < height) sum += tmp[add * width + x]!
			if (drop >= 0) sum -= tmp[drop * width + x]!
		}
	}
	return out
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
 * image edge. Separable, van Herk/Gil-Werman along each line (prefix and
 * suffix extremes within blocks of 2r+1): about three comparisons a pixel
 * whatever r.
 */
export function boxExtreme(values: Float32Array, width: number, height: number, r: number, sign: 1 | -1 = 1): Float32Array {
	const tmp = new Float32Array(width * height)
	const out = new Float32Array(width * height)
	const maxLen = Math.max(width, height)
	const line = new Float32Array(maxLen)
	const pre = new Float32Array(maxLen)
	const suf = new Float32Array(maxLen)
	const k = 2 * r + 1
	const pass = (src: Float32Array, dst: Float32Array, len: number, lines: number, stride: number, lineStride: number) => {
		for (let l = 0; l < lines; l++) {
			const base = l * lineStride
			for (let i = 0; i < len; i++) line[i] = src[base + i * stride]!
			// pre[i]: extreme from the start of i's block to i; suf[i]: from i to the end of its block
			for (let start = 0; start < len; start += k) {
				const end = Math.min(len, start + k)
				let m = line[start]!
				pre[start] = m
				for (let i = start + 1; i < end; i++) {
					const v = line[i]!
					if (sign > 0 ? v > m : v < m) m = v
					pre[i] = m
				}
				m = line[end - 1]!
				suf[end - 1] = m
				for (let i = end - 2; i >= start; i--) {
					const v = line[i]!
					if (sign > 0 ? v > m : v < m) m = v
					suf[i] = m
				}
			}
			// the window [i-r, i+r] spans at most two blocks: suffix of the first, prefix of the second
			for (let i = 0; i < len; i++) {
				const lo = i - r < 0 ? 0 : i - r
				const hi = i + r >= len ? len - 1 : i + r
				const a = suf[lo]!
				const b = pre[hi]!
				// when lo and hi share a block, suf[lo] already covers [lo, block end] ⊇ [lo, hi] only if hi is the block end;
				// otherwise pre[hi] covers [block start, hi] ⊇ [lo, hi] — take the one that is exact
				let v: number
				if (Math.floor(lo / k) === Math.floor(hi / k)) {
					v = line[lo]!
					for (let j = lo + 1; j <= hi; j++) {
						const w = line[j]!
						if (sign > 0 ? w > v : w < v) v = w
					}
				} else v = sign > 0 ? (a > b ? a : b) : a < b ? a : b
				dst[base + i * stride] = v
			}
		}
	}
	pass(values, tmp, width, height, 1, width)
	pass(tmp, out, height, width, width, 1)
	return out
}

/** Halves an image by averaging 2×2 blocks (a last odd row/column averages what exists). */
export function halve(image: RgbImage): RgbImage {
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
			for (let ch = 0; ch < 3; ch++) out[o + ch] = (data[a + ch]! + data[b + ch]! + data[c + ch]! + data[d + ch]! + 2) >> 2
		}
	}
	return { width: w, height: h, data: out }
}
