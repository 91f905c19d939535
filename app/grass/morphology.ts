// Binary morphology with square structuring elements (box sums, O(n) whatever
// the radius) and connected-component clean-up. Radii come from metres per
// pixel at the call site. Pure.
import { boxMean, type Mask } from './raster.ts'

const EPS = 1e-4

function asFloat(mask: Mask): Float32Array {
	const f = new Float32Array(mask.data.length)
	for (let i = 0; i < f.length; i++) f[i] = mask.data[i]!
	return f
}

/** Set where any pixel of the (2r+1)² window is set. */
export function dilate(mask: Mask, r: number): Mask {
	if (r <= 0) return { ...mask, data: mask.data.slice() }
	const mean = boxMean(asFloat(mask), mask.width, mask.height, r)
	const data = new Uint8Array(mean.length)
	for (let i = 0; i < data.length; i++) data[i] = mean[i]! > EPS ? 1 : 0
	return { width: mask.width, height: mask.height, data }
}

/** Set where every pixel of the window is set (the image edge does not erode). */
export function erode(mask: Mask, r: number): Mask {
	if (r <= 0) return { ...mask, data: mask.data.slice() }
	const mean = boxMean(asFloat(mask), mask.width, mask.height, r)
	const data = new Uint8Array(mean.length)
	for (let i = 0; i < data.length; i++) data[i] = mean[i]! >= 1 - EPS ? 1 : 0
	return { width: mask.width, height: mask.height, data }
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
	const seen = new Uint8Array(data.length)
	const stack = new Int32Array(data.length)
	for (let start = 0; start < data.length; start++) {
		if (seen[start] || data[start] !== value) continue
		let top = 0
		let count = 0
		let edge = false
		stack[top++] = start
		seen[start] = 1
		const pixels: number[] = []
		while (top > 0) {
			const i = stack[--top]!
			pixels.push(i)
			count++
			const x = i % width
			const y = (i - x) / width
			if (x === 0 || y === 0 || x === width - 1 || y === height - 1) edge = true
			if (x > 0 && !seen[i - 1] && data[i - 1] === value) (seen[i - 1] = 1), (stack[top++] = i - 1)
			if (x < width - 1 && !seen[i + 1] && data[i + 1] === value) (seen[i + 1] = 1), (stack[top++] = i + 1)
			if (y > 0 && !seen[i - width] && data[i - width] === value) (seen[i - width] = 1), (stack[top++] = i - width)
			if (y < height - 1 && !seen[i + width] && data[i + width] === value) (seen[i + width] = 1), (stack[top++] = i + width)
		}
		visit(Int32Array.from(pixels), count, edge)
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
