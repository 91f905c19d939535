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
 * 4-connected components of pixels equal to `value`; calls `visit` with each
 * component's pixel indices and whether it touches the image edge.
 */
export function components(mask: Mask, value: 0 | 1, visit: (pixels: Int32Array, count: number, touchesEdge: boolean) => void) {
	const { width, height, data } = mask
	const n = data.length
	const seen = new Uint8Array(n)
	// the stack and the component's pixels share one buffer: pixels fill it from the front, the stack from the back
	const buffer = new Int32Array(n + 1)
	const last = n - width
	for (let start = 0; start < n; start++) {
		if (seen[start] || data[start] !== value) continue
		let top = n
		let count = 0
		let edge = false
		buffer[top--] = start
		seen[start] = 1
		while (top < n) {
			const i = buffer[++top]!
			buffer[count++] = i
			const x = i % width
			if (x === 0 || x === width - 1 || i < width || i >= last) edge = true
			if (x > 0 && !seen[i - 1] && data[i - 1] === value) (seen[i - 1] = 1), (buffer[top--] = i - 1)
			if (x < width - 1 && !seen[i + 1] && data[i + 1] === value) (seen[i + 1] = 1), (buffer[top--] = i + 1)
			if (i >= width && !seen[i - width] && data[i - width] === value) (seen[i - width] = 1), (buffer[top--] = i - width)
			if (i < last && !seen[i + width] && data[i + width] === value) (seen[i + width] = 1), (buffer[top--] = i + width)
		}
		visit(buffer.subarray(0, count), count, edge)
	}
}

/** Drops set regions smaller than `minPixels` (in place). */
export function removeSmallRegions(mask: Mask, minPixels: number): Mask {
	components(mask, 1, (pixels, count) => {
		if (count < minPixels) for (const i of pixels) mask.data[i] = 0
	})
	return mask
}

/** Fills holes smaller than `maxPixels` that do not reach the image edge (in place). */
export function fillSmallHoles(mask: Mask, maxPixels: number): Mask {
	components(mask, 0, (pixels, count, touchesEdge) => {
		if (!touchesEdge && count < maxPixels) for (const i of pixels) mask.data[i] = 1
	})
	return mask
}
