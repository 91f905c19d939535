// Mask → polygons: marching squares on the pixel grid (d3-contour's algorithm
// on the mask bytes), ring simplification (simplify-js's Douglas–Peucker), pixel → lat/lng through
// web mercator, exact WGS84 areas (app/lib/geodesy). Pure.
import { polygonArea, type LatLng } from '~/lib/geodesy.ts'
import { unproject } from '~/lib/web-mercator.ts'
import type { Mask } from './raster.ts'

export const SQFT_PER_M2 = 10.763910416709722

/** Where the image sits on the map: its top-left global pixel at `zoom`. */
export type Georef = { left: number; top: number; zoom: number }

export type PixelRing = { x: number; y: number }[]
export type PixelPolygon = { outer: PixelRing; holes: PixelRing[] }

export type GeoPolygon = {
	outer: LatLng[]
	holes: LatLng[][]
	areaM2: number
	pixels: PixelPolygon
}

// Marching-squares segments of each 2×2 case, in half pixels relative to the
// cell's top-left pixel centre (d3-contour's table: the same segments, the
// same direction, so the rings come out the same).
const CASES: number[][] = [
	[],
	[2, 3, 1, 2],
	[3, 2, 2, 3],
	[3, 2, 1, 2],
	[2, 1, 3, 2],
	[2, 3, 1, 2, 2, 1, 3, 2],
	[2, 1, 2, 3],
	[2, 1, 1, 2],
	[1, 2, 2, 1],
	[2, 3, 2, 1],
	[1, 2, 2, 1, 3, 2, 2, 3],
	[3, 2, 2, 1],
	[1, 2, 3, 2],
	[2, 3, 3, 2],
	[1, 2, 2, 3],
	[],
]

/**
 * Marching squares on the mask's bytes at level 0.5 (a pixel is in when set),
 * segments stitched into closed rings exactly as d3-contour 4 does it (same
 * scan order, same joins, same ring start and direction), but with the points
 * as integers (half pixels) in typed arrays, fragments as linked lists and the
 * open ends in flat index maps: no per-segment arrays, no concatenation.
 * Calls `ring` with the closed ring's points (first repeated last) in half
 * pixels, in the order d3 would emit them.
 */
// the tracer's state: open fragment ends by point key (fragment id, 0 none;
// every fragment closes, so the maps are all zero again after a trace), points
// as a linked list, fragments' first/last key and node
let byStart = new Int32Array(0)
let byEnd = new Int32Array(0)
let mapsClean = false
let keyWidth = 0
let px = new Int32Array(1 << 14)
let py = new Int32Array(1 << 14)
let next = new Int32Array(1 << 14)
let nodes = 0
let fStart = new Int32Array(1 << 12)
let fEnd = new Int32Array(1 << 12)
let fHead = new Int32Array(1 << 12)
let fTail = new Int32Array(1 << 12)
let fragments = 1
let emitted: TracedRing[] = []

/** Lets the tracer's maps and lists go (an idle detection worker): the next trace allocates them again. */
export function releaseTracerMemory(): void {
	byStart = new Int32Array(0)
	byEnd = new Int32Array(0)
	mapsClean = false
	px = new Int32Array(1 << 14)
	py = new Int32Array(1 << 14)
	next = new Int32Array(1 << 14)
	fStart = new Int32Array(1 << 12)
	fEnd = new Int32Array(1 << 12)
	fHead = new Int32Array(1 << 12)
	fTail = new Int32Array(1 << 12)
	emitted = []
}

const grow = (a: Int32Array) => {
	const b = new Int32Array(a.length * 2)
	b.set(a)
	return b
}

function node(X: number, Y: number): number {
	if (nodes === px.length) (px = grow(px)), (py = grow(py)), (next = grow(next))
	px[nodes] = X
	py[nodes] = Y
	next[nodes] = -1
	return nodes++
}

function emit(f: number) {
	let n = 0
	for (let k = fHead[f]!; k >= 0; k = next[k]!) n++
	const xs = new Int32Array(n)
	const ys = new Int32Array(n)
	n = 0
	for (let k = fHead[f]!; k >= 0; k = next[k]!) (xs[n] = px[k]!), (ys[n++] = py[k]!)
	emitted.push(closedRing(xs, ys))
}

/** d3-contour's stitch of one segment (start → end, half pixels) into the open fragments. */
function stitch(sx: number, sy: number, ex: number, ey: number) {
	const startIndex = sx + 1 + (sy + 1) * keyWidth
	const endIndex = ex + 1 + (ey + 1) * keyWidth
	let f = byEnd[startIndex]!
	if (f) {
		const g = byStart[endIndex]!
		if (g) {
			byEnd[fEnd[f]!] = 0
			byStart[fStart[g]!] = 0
			if (f === g) {
				const k = node(ex, ey)
				next[fTail[f]!] = k
				fTail[f] = k
				emit(f)
			} else {
				// f's points then g's, under f's id
				next[fTail[f]!] = fHead[g]!
				fTail[f] = fTail[g]!
				fEnd[f] = fEnd[g]!
				byStart[fStart[f]!] = f
				byEnd[fEnd[f]!] = f
			}
		} else {
			byEnd[fEnd[f]!] = 0
			const k = node(ex, ey)
			next[fTail[f]!] = k
			fTail[f] = k
			fEnd[f] = endIndex
			byEnd[endIndex] = f
		}
	} else if ((f = byStart[endIndex]!)) {
		byStart[fStart[f]!] = 0
		const k = node(sx, sy)
		next[k] = fHead[f]!
		fHead[f] = k
		fStart[f] = startIndex
		byStart[startIndex] = f
	} else {
		const a = node(sx, sy)
		const b = node(ex, ey)
		next[a] = b
		if (fragments === fStart.length) (fStart = grow(fStart)), (fEnd = grow(fEnd)), (fHead = grow(fHead)), (fTail = grow(fTail))
		const id = fragments++
		fStart[id] = startIndex
		fEnd[id] = endIndex
		fHead[id] = a
		fTail[id] = b
		byStart[startIndex] = id
		byEnd[endIndex] = id
	}
}

function stitchCase(c: number, x: number, y: number) {
	const segments = CASES[c]!
	for (let s = 0; s < segments.length; s += 4) stitch(segments[s]! + 2 * x, segments[s + 1]! + 2 * y, segments[s + 2]! + 2 * x, segments[s + 3]! + 2 * y)
}

/**
 * Marching squares on the mask's bytes at level 0.5 (a pixel is in when set),
 * segments stitched into closed rings exactly as d3-contour 4 does it (same
 * scan order, same joins, same ring start and direction), but with the points
 * as integers (half pixels) in typed arrays, fragments as linked lists and the
 * open ends in flat index maps: no per-segment arrays, no concatenation.
 * Returns the closed rings (first point repeated last) in d3's order.
 */
function isorings(mask: Mask): TracedRing[] {
	const dx = mask.width
	const dy = mask.height
	const values = mask.data
	// key of a point (X, Y in half pixels, -1 … 2·size + 1)
	keyWidth = 2 * dx + 3
	const keys = keyWidth * (2 * dy + 3)
	if (byStart.length < keys) (byStart = new Int32Array(keys)), (byEnd = new Int32Array(keys))
	else if (!mapsClean) byStart.fill(0), byEnd.fill(0)
	mapsClean = false
	nodes = 0
	fragments = 1
	emitted = []
	let x = -1
	let y = -1
	let t0: number
	let t1: number
	let t2: number
	let t3: number
	// first row (y = -1, t2 = t3 = 0)
	t1 = values[0]! >= 0.5 ? 1 : 0
	stitchCase(t1 << 1, x, y)
	while (++x < dx - 1) {
		t0 = t1
		t1 = values[x + 1]! >= 0.5 ? 1 : 0
		stitchCase(t0 | (t1 << 1), x, y)
	}
	stitchCase(t1 << 0, x, y)
	// rows in between
	while (++y < dy - 1) {
		x = -1
		const row = y * dx
		t1 = values[row + dx]! >= 0.5 ? 1 : 0
		t2 = values[row]! >= 0.5 ? 1 : 0
		stitchCase((t1 << 1) | (t2 << 2), x, y)
		while (++x < dx - 1) {
			t0 = t1
			t1 = values[row + dx + x + 1]! >= 0.5 ? 1 : 0
			t3 = t2
			t2 = values[row + x + 1]! >= 0.5 ? 1 : 0
			const c = t0 | (t1 << 1) | (t2 << 2) | (t3 << 3)
			if (c !== 0 && c !== 15) stitchCase(c, x, y)
		}
		stitchCase(t1 | (t2 << 3), x, y)
	}
	// last row (y = dy - 1, t0 = t1 = 0)
	x = -1
	t2 = values[y * dx]! >= 0.5 ? 1 : 0
	stitchCase(t2 << 2, x, y)
	while (++x < dx - 1) {
		t3 = t2
		t2 = values[y * dx + x + 1]! >= 0.5 ? 1 : 0
		stitchCase((t2 << 2) | (t3 << 3), x, y)
	}
	stitchCase(t2 << 3, x, y)
	// every ring closed: no open end is left in the maps
	mapsClean = true
	const rings = emitted
	emitted = []
	return rings
}

function closedRing(xs: Int32Array, ys: Int32Array): TracedRing {
	const n = xs.length
	let area = ys[n - 1]! * xs[0]! - xs[n - 1]! * ys[0]!
	let minX = xs[0]!
	let maxX = minX
	let minY = ys[0]!
	let maxY = minY
	for (let i = 1; i < n; i++) {
		area += ys[i - 1]! * xs[i]! - xs[i - 1]! * ys[i]!
		const x = xs[i]!
		const y = ys[i]!
		if (x < minX) minX = x
		else if (x > maxX) maxX = x
		if (y < minY) minY = y
		else if (y > maxY) maxY = y
	}
	return { xs, ys, n, area, minX, maxX, minY, maxY }
}

/** d3-contour's point-in-ring test on closed rings (0 on the boundary, 1 inside, -1 outside), half-pixel integers. */
function ringContains(rx: Int32Array, ry: Int32Array, n: number, x: number, y: number): number {
	let contains = -1
	for (let i = 0, j = n - 1; i < n; j = i++) {
		const xi = rx[i]!
		const yi = ry[i]!
		const xj = rx[j]!
		const yj = ry[j]!
		// segmentContains: collinear, and within along x (or y when the segment's x do not differ)
		if ((xj - xi) * (y - yi) === (x - xi) * (yj - yi)) {
			const [p, q, r] = xi === xj ? [yi, y, yj] : [xi, x, xj]
			if ((p <= q && q <= r) || (r <= q && q <= p)) return 0
		}
		if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) contains = -contains
	}
	return contains
}

/** Plain Douglas–Peucker keeps marching squares' half-pixel corner chamfers up to this tolerance (pixels). */
export const CHAMFER_TOLERANCE_PX = 0.35

type TracedRing = { xs: Int32Array; ys: Int32Array; n: number; area: number; minX: number; maxX: number; minY: number; maxY: number }

/**
 * Douglas–Peucker as simplify-js does it (highest quality, same arithmetic), on an open ring in half pixels; returns pixel points.
 * With `keepArea`, each kept chord is then moved along its normal until it encloses what the points it
 * replaced did (keepingArea), so a coarse tolerance rounds an outline's corners without shrinking it.
 */
function simplifyRing(r: TracedRing, tolerancePx: number, keepArea = false): PixelRing {
	const n = r.n - 1 // open: the repeated first point dropped
	const xs = new Float64Array(n)
	const ys = new Float64Array(n)
	for (let i = 0; i < n; i++) (xs[i] = r.xs[i]! / 2), (ys[i] = r.ys[i]! / 2)
	if (!(tolerancePx > 0) || n <= 2) return Array.from({ length: n }, (_, i) => ({ x: xs[i]!, y: ys[i]! }))
	const sqTolerance = tolerancePx * tolerancePx
	const kept: number[] = [0]
	const step = (first: number, last: number) => {
		let maxSqDist = sqTolerance
		let index = -1
		const x1 = xs[first]!
		const y1 = ys[first]!
		const x2 = xs[last]!
		const y2 = ys[last]!
		for (let i = first + 1; i < last; i++) {
			// getSqSegDist(points[i], points[first], points[last])
			let x = x1
			let y = y1
			let ddx = x2 - x
			let ddy = y2 - y
			if (ddx !== 0 || ddy !== 0) {
				const t = ((xs[i]! - x) * ddx + (ys[i]! - y) * ddy) / (ddx * ddx + ddy * ddy)
				if (t > 1) {
					x = x2
					y = y2
				} else if (t > 0) {
					x += ddx * t
					y += ddy * t
				}
			}
			ddx = xs[i]! - x
			ddy = ys[i]! - y
			const sqDist = ddx * ddx + ddy * ddy
			if (sqDist > maxSqDist) {
				index = i
				maxSqDist = sqDist
			}
		}
		if (maxSqDist > sqTolerance) {
			if (index - first > 1) step(first, index)
			kept.push(index)
			if (last - index > 1) step(index, last)
		}
	}
	step(0, n - 1)
	kept.push(n - 1)
	if (keepArea && kept.length >= 3 && kept.length < n) return keepingArea(xs, ys, kept, tolerancePx)
	return kept.map((i) => ({ x: xs[i]!, y: ys[i]! }))
}

/**
 * The kept points of a simplified ring, moved so that no area is lost or gained along it. Chord s (from
 * kept point a to the next kept point b) is shifted along its normal by t = D / L, where D is the signed
 * area between the points a..b it replaced and the chord (the shoelace of a..b closed by the chord: what
 * the chord cuts off, or adds) and L its length; each kept point becomes the meeting point of its two
 * shifted chords. Where the chords are nearly parallel or meet further than `reach` pixels away (a spike),
 * the point moves by the mean of the two shifts instead (so no point moves further than `reach`). Exact for straight runs; at corners it is off by
 * the small triangle between the shifted chords (second order in t). Holes keep their area the same way.
 */
export function keepingArea(xs: ArrayLike<number>, ys: ArrayLike<number>, kept: readonly number[], reach: number): PixelRing {
	const m = kept.length
	const n = xs.length
	// per chord: unit direction, unit normal (the side that adds to the ring's signed area), shift
	const dx = new Float64Array(m)
	const dy = new Float64Array(m)
	const shift = new Float64Array(m)
	for (let s = 0; s < m; s++) {
		const a = kept[s]!
		const b = kept[(s + 1) % m]!
		const ex = xs[b]! - xs[a]!
		const ey = ys[b]! - ys[a]!
		const length = Math.hypot(ex, ey)
		if (length === 0) continue
		dx[s] = ex / length
		dy[s] = ey / length
		// twice the shoelace of the replaced points a..b (wrapping past the ring's end), closed by b → a
		let twice = 0
		for (let i = a; i !== b; i = (i + 1) % n) {
			const j = (i + 1) % n
			twice += xs[i]! * ys[j]! - xs[j]! * ys[i]!
		}
		twice += xs[b]! * ys[a]! - xs[a]! * ys[b]!
		shift[s] = twice / 2 / length
	}
	// moving chord s by t along (dy, -dx) adds t × L to the shoelace
	const out: PixelRing = []
	for (let k = 0; k < m; k++) {
		const p = kept[k]!
		const before = (k + m - 1) % m
		const x = xs[p]!
		const y = ys[p]!
		// shifted chord `before` ends at p, shifted chord k starts at p: X = p + u1 n1 + α d1 = p + u2 n2 + β d2
		const ox1 = dy[before]! * shift[before]!
		const oy1 = -dx[before]! * shift[before]!
		const ox2 = dy[k]! * shift[k]!
		const oy2 = -dx[k]! * shift[k]!
		const cross = dx[before]! * dy[k]! - dy[before]! * dx[k]!
		let mx = (ox1 + ox2) / 2
		let my = (oy1 + oy2) / 2
		if (Math.abs(cross) > 0.1) {
			const alpha = ((ox2 - ox1) * dy[k]! - (oy2 - oy1) * dx[k]!) / cross
			const ix = ox1 + alpha * dx[before]!
			const iy = oy1 + alpha * dy[before]!
			if (Math.hypot(ix, iy) <= reach) (mx = ix), (my = iy)
		}
		out.push({ x: x + mx, y: y + my })
	}
	// two moved points can all but meet where a short chord sits between long ones: one is enough
	const merged: PixelRing = []
	for (const p of out) if (!merged.length || Math.hypot(p.x - merged.at(-1)!.x, p.y - merged.at(-1)!.y) >= 0.5) merged.push(p)
	while (merged.length > 3 && Math.hypot(merged[0]!.x - merged.at(-1)!.x, merged[0]!.y - merged.at(-1)!.y) < 0.5) merged.pop()
	return merged
}

/**
 * Outlines of the set pixels (pixel edges in image coordinates, y down), simplified to `tolerancePx`.
 * With `coarseTolerancePx`, each outline is simplified to that instead, keeping its area (simplifyRing
 * `keepArea`), or to half of it where that would make a ring cross itself or another of the polygon's
 * rings (a narrow gap or strip), or to `tolerancePx` where both would: a crossing outline cannot be
 * saved (app/lib/shapes.ts) nor measured.
 */
export function traceMask(mask: Mask, tolerancePx: number, coarseTolerancePx?: number): PixelPolygon[] {
	// as d3-contour's contour(mask, 0.5) (its linear smoothing moves no point of a 0/1 mask):
	// rings with positive area are exteriors, the others holes, each hole given to
	// the first exterior (in emission order) that does not report it outside
	const exteriors: { ring: TracedRing; holes: TracedRing[] }[] = []
	const holes: TracedRing[] = []
	for (const ring of isorings(mask)) {
		if (ring.area > 0) exteriors.push({ ring, holes: [] })
		else holes.push(ring)
	}
	for (const hole of holes) {
		for (const polygon of exteriors) {
			const r = polygon.ring
			// contains(ring, hole): the first hole point not on the ring decides
			let c = 0
			for (let i = 0; i < hole.n && c === 0; i++) {
				const x = hole.xs[i]!
				const y = hole.ys[i]!
				// the closed ring's zero-length last edge counts every point level with its start as on it
				if (y === r.ys[0]!) continue
				c = x < r.minX || x > r.maxX || y < r.minY || y > r.maxY ? -1 : ringContains(r.xs, r.ys, r.n, x, y)
			}
			if (c !== -1) {
				polygon.holes.push(hole)
				break
			}
		}
	}
	const out: PixelPolygon[] = []
	for (const polygon of exteriors) {
		let result: PixelPolygon | null = null
		if (coarseTolerancePx !== undefined && coarseTolerancePx > tolerancePx) {
			for (const tolerance of [coarseTolerancePx, coarseTolerancePx / 2]) {
				const candidate = { outer: simplifyRing(polygon.ring, tolerance, true), holes: polygon.holes.map((h) => simplifyRing(h, tolerance, true)) }
				// a ring simplified to under 3 points (a small hole) would be lost, and its area with it
				if ([candidate.outer, ...candidate.holes].every((r) => r.length >= 3) && isSimplePolygon(candidate)) {
					result = candidate
					break
				}
			}
		}
		result ??= { outer: simplifyRing(polygon.ring, tolerancePx), holes: polygon.holes.map((h) => simplifyRing(h, tolerancePx)).filter((h) => h.length >= 3) }
		if (result.outer.length >= 3) out.push(result)
	}
	return out
}

function pointSegmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
	const dx = bx - ax
	const dy = by - ay
	const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)))
	return Math.hypot(px - ax - t * dx, py - ay - t * dy)
}

/** Whether segments ab and cd come within `gap` of each other (crossing, touching, overlapping included). */
function segmentsNear(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number, gap: number): boolean {
	if (Math.max(ax, bx) + gap < Math.min(cx, dx) || Math.max(cx, dx) + gap < Math.min(ax, bx) || Math.max(ay, by) + gap < Math.min(cy, dy) || Math.max(cy, dy) + gap < Math.min(ay, by)) return false
	const o1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
	const o2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
	const o3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
	const o4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
	if (o1 * o2 <= 0 && o3 * o4 <= 0) return true
	return Math.min(pointSegmentDistance(ax, ay, cx, cy, dx, dy), pointSegmentDistance(bx, by, cx, cy, dx, dy), pointSegmentDistance(cx, cy, ax, ay, bx, by), pointSegmentDistance(dx, dy, ax, ay, bx, by)) < gap
}

/**
 * Whether a polygon's rings are simple with room to spare: no edge shorter than `gap` pixels, no
 * ring coming within `gap` of itself but at the shared ends of neighbouring edges, no two rings
 * within `gap`, every hole inside the outer ring. The room keeps it simple once its points are
 * rounded to 1e-7° (about 0.05 px at zoom 20) for saving. O(n²) in the points, which a simplified
 * outline has few of.
 */
export function isSimplePolygon(polygon: PixelPolygon, gap = 0.25): boolean {
	const rings = [polygon.outer, ...polygon.holes]
	for (let r = 0; r < rings.length; r++) {
		const a = rings[r]!
		for (let i = 0; i < a.length; i++) {
			const p = a[i]!
			const q = a[(i + 1) % a.length]!
			if (Math.hypot(q.x - p.x, q.y - p.y) < gap) return false
			for (let s = r; s < rings.length; s++) {
				const b = rings[s]!
				for (let j = s === r ? i + 1 : 0; j < b.length; j++) {
					// neighbouring edges of one ring share a point: skip them (the first and last edges too)
					if (s === r && (j === i + 1 || (i === 0 && j === a.length - 1))) continue
					const u = b[j]!
					const v = b[(j + 1) % b.length]!
					if (segmentsNear(p.x, p.y, q.x, q.y, u.x, u.y, v.x, v.y, gap)) return false
				}
			}
		}
	}
	// with no crossings, one point of a hole tells whether all of it is inside
	return polygon.holes.every((h) => insideRing(polygon.outer, h[0]!.x, h[0]!.y))
}

function insideRing(ring: PixelRing, x: number, y: number): boolean {
	let inside = false
	for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
		const a = ring[i]!
		const b = ring[j]!
		if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside
	}
	return inside
}

export function pixelToLatLng(georef: Georef, x: number, y: number): LatLng {
	return unproject(georef.left + x, georef.top + y, georef.zoom)
}

export function toGeoPolygons(polygons: PixelPolygon[], georef: Georef): GeoPolygon[] {
	const convert = (ring: PixelRing) => ring.map((p) => pixelToLatLng(georef, p.x, p.y))
	return polygons.map((pixels) => {
		const outer = convert(pixels.outer)
		const holes = pixels.holes.map(convert)
		return { outer, holes, areaM2: polygonArea(outer, holes), pixels }
	})
}

/** Shoelace area in pixels² (for tests and the benchmark). */
export function pixelArea(polygon: PixelPolygon): number {
	const ring = (r: PixelRing) => {
		let s = 0
		for (let i = 0; i < r.length; i++) {
			const a = r[i]!
			const b = r[(i + 1) % r.length]!
			s += a.x * b.y - b.x * a.y
		}
		return Math.abs(s) / 2
	}
	return ring(polygon.outer) - polygon.holes.reduce((sum, h) => sum + ring(h), 0)
}

/** Calls `visit` for every pixel whose centre is inside the polygons (even-odd), row by row within their bounds. */
export function forEachInside(polygons: PixelPolygon[], width: number, height: number, visit: (index: number) => void): void {
	const rings = polygons.flatMap((p) => [p.outer, ...p.holes])
	let minY = Infinity
	let maxY = -Infinity
	for (const r of rings) for (const p of r) (minY = Math.min(minY, p.y)), (maxY = Math.max(maxY, p.y))
	const y0 = Math.max(0, Math.floor(minY))
	const y1 = Math.min(height, Math.ceil(maxY))
	if (y1 <= y0) return
	// each edge adds its crossing to the rows whose centre line it spans
	// (min ≤ y + 0.5 < max), so the work follows the outline, not rows × vertices
	const crossings: number[][] = Array.from({ length: y1 - y0 }, () => [])
	for (const r of rings) {
		for (let i = 0; i < r.length; i++) {
			const a = r[i]!
			const b = r[(i + 1) % r.length]!
			if (a.y === b.y) continue
			const lo = Math.max(y0, Math.ceil(Math.min(a.y, b.y) - 0.5))
			const hi = Math.min(y1, Math.ceil(Math.max(a.y, b.y) - 0.5))
			for (let y = lo; y < hi; y++) {
				const cy = y + 0.5
				crossings[y - y0]!.push(a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x))
			}
		}
	}
	for (let y = y0; y < y1; y++) {
		const xs = crossings[y - y0]!
		xs.sort((a, b) => a - b)
		for (let k = 0; k + 1 < xs.length; k += 2) {
			const x0 = Math.max(0, Math.ceil(xs[k]! - 0.5))
			const x1 = Math.min(width - 1, Math.floor(xs[k + 1]! - 0.5))
			for (let x = x0; x <= x1; x++) visit(y * width + x)
		}
	}
}

/** Even-odd scanline fill of polygons back onto a grid (pixel centres). */
export function rasterize(polygons: PixelPolygon[], width: number, height: number): Mask {
	const data = new Uint8Array(width * height)
	forEachInside(polygons, width, height, (i) => (data[i] = 1))
	return { width, height, data }
}
