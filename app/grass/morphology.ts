// Binary morphology with square structuring elements (box sums, O(n) whatever
// the radius) and connected-component clean-up. Radii come from metres per
// pixel at the call site. Pure.
import type { Mask } from './raster.ts'

/**
 * Square (2r+1)² dilation (`erode` false: set where any pixel of the window is
 * set) or erosion (set where every pixel of the window, clipped at the image
 * edge, is set). Separable: a running count along each row, then down each
 * column, on one-byte masks; O(n) whatever r, two mask-sized buffers.
 */
function squareFilter(mask: Mask, r: number, erode: boolean): Mask {
	const { width, height, data } = mask
	const rows = new Uint8Array(width * height)
	for (let y = 0; y < height; y++) {
		const row = y * width
		let sum = 0
		for (let x = 0; x <= Math.min(r, width - 1); x++) sum += data[row + x]!
		for (let x = 0; x < width; x++) {
			const across = Math.min(width - 1, x + r) - Math.max(0, x - r) + 1
			rows[row + x] = erode ? (sum === across ? 1 : 0) : sum > 0 ? 1 : 0
			if (x + r + 1 < width) sum += data[row + x + r + 1]!
			if (x - r >= 0) sum -= data[row + x - r]!
		}
	}
	const out = new Uint8Array(width * height)
	const colSum = new Int32Array(width)
	for (let y = 0; y <= Math.min(r, height - 1); y++) for (let x = 0; x < width; x++) colSum[x]! += rows[y * width + x]!
	for (let y = 0; y < height; y++) {
		const row = y * width
		const down = Math.min(height - 1, y + r) - Math.max(0, y - r) + 1
		if (erode) for (let x = 0; x < width; x++) out[row + x] = colSum[x] === down ? 1 : 0
		else for (let x = 0; x < width; x++) out[row + x] = colSum[x]! > 0 ? 1 : 0
		const add = (y + r + 1) * width
		const drop = (y - r) * width
		if (y + r + 1 < height) for (let x = 0; x < width; x++) colSum[x]! += rows[add + x]!
		if (y - r >= 0) for (let x = 0; x < width; x++) colSum[x]! -= rows[drop + x]!
	}
	return { width, height, data: out }
}

/** Set where any pixel of the (2r+1)² window is set. */
export function dilate(mask: Mask, r: number): Mask {
	if (r <= 0) return { ...mask, data: mask.data.slice() }
	return squareFilter(mask, r, false)
}

/** Set where every pixel of the window is set (the image edge does not erode). */
export function erode(mask: Mask, r: number): Mask {
	if (r <= 0) return { ...mask, data: mask.data.slice() }
	return squareFilter(mask, r, true)
}

/** Removes specks narrower than the window. */
export const open = (mask: Mask, r: number) => dilate(erode(mask, r), r)
/** Closes gaps narrower than the window. */
export const close = (mask: Mask, r: number) => erode(dilate(mask, r), r)

/**
 * Flips every 4-connected component of pixels equal to `value` for which
 * `flip(pixelCount, touchesEdge)` holds (in place). Works on the rows' runs:
 * a run joins (union-find) every run of the row above that it overlaps, so
 * the cost is one scan of the pixels plus the runs, not a flood fill.
 */
function flipComponents(mask: Mask, value: 0 | 1, flip: (count: number, touchesEdge: boolean) => boolean, keep: readonly number[] = []): Mask {
	const { width, height, data } = mask
	let capacity = 1024
	let start = new Int32Array(capacity)
	let end = new Int32Array(capacity)
	let rowOf = new Int32Array(capacity)
	let parent = new Int32Array(capacity)
	const find = (r: number) => {
		while (parent[r] !== r) r = parent[r] = parent[parent[r]!]!
		return r
	}
	let runs = 0
	let above = 0 // first run of the row above
	for (let y = 0; y < height; y++) {
		const row = y * width
		const first = runs
		let j = above
		let x = 0
		while (x < width) {
			if (data[row + x] !== value) {
				x++
				continue
			}
			const s = x
			while (x < width && data[row + x] === value) x++
			if (runs === capacity) {
				capacity *= 2
				const grow = (a: Int32Array) => {
					const b = new Int32Array(capacity)
					b.set(a)
					return b
				}
				start = grow(start)
				end = grow(end)
				rowOf = grow(rowOf)
				parent = grow(parent)
			}
			const r = runs++
			start[r] = s
			end[r] = x
			rowOf[r] = y
			parent[r] = r
			// the runs above that share a column with [s, x)
			while (j < first && end[j]! <= s) j++
			for (let k = j; k < first && start[k]! < x; k++) {
				const a = find(k)
				const b = find(r)
				if (a !== b) parent[a > b ? a : b] = a > b ? b : a
			}
		}
		above = first
	}
	const count = new Int32Array(runs)
	const edge = new Uint8Array(runs)
	for (let r = 0; r < runs; r++) {
		const root = find(r)
		count[root]! += end[r]! - start[r]!
		if (rowOf[r] === 0 || rowOf[r] === height - 1 || start[r] === 0 || end[r] === width) edge[root] = 1
	}
	// components holding a `keep` pixel are never flipped
	const kept = new Uint8Array(runs)
	for (const index of keep) {
		const y = Math.floor(index / width)
		const x = index - y * width
		for (let r = 0; r < runs; r++) if (rowOf[r] === y && start[r]! <= x && x < end[r]!) kept[find(r)] = 1
	}
	const to = value ? 0 : 1
	for (let r = 0; r < runs; r++) {
		const root = find(r)
		if (!kept[root] && flip(count[root]!, edge[root] === 1)) data.fill(to, rowOf[r]! * width + start[r]!, rowOf[r]! * width + end[r]!)
	}
	return mask
}

/** Drops set regions smaller than `minPixels` (in place), except those holding one of the `keep` pixel indices. */
export function removeSmallRegions(mask: Mask, minPixels: number, keep: readonly number[] = []): Mask {
	return flipComponents(mask, 1, (count) => count < minPixels, keep)
}

/** Fills holes smaller than `maxPixels` that do not reach the image edge (in place). */
export function fillSmallHoles(mask: Mask, maxPixels: number): Mask {
	return flipComponents(mask, 0, (count, touchesEdge) => !touchesEdge && count < maxPixels)
}
