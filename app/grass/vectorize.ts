// Mask → polygons: marching squares (d3-contour) on the pixel grid, ring
// simplification (simplify-js, tolerance in metres), pixel → lat/lng through
// web mercator, exact WGS84 areas (app/lib/geodesy). Pure.
import { contours } from 'd3-contour'
import simplify from 'simplify-js'
import { polygonArea, type LatLng } from '~/lib/geodesy.ts'
import { unproject } from './mercator.ts'
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

/** Outlines of the set pixels (pixel edges in image coordinates, y down). */
export function traceMask(mask: Mask, tolerancePx: number): PixelPolygon[] {
	// the one level straight off the bytes (no float copy, no extent scan)
	const multi = contours()
		.size([mask.width, mask.height])
		.contour(mask.data as unknown as number[], 0.5)
	const ring = (coords: number[][]): PixelRing => {
		const pts = coords.map(([x, y]) => ({ x: x!, y: y! }))
		const open = pts.length > 1 && pts[0]!.x === pts[pts.length - 1]!.x && pts[0]!.y === pts[pts.length - 1]!.y ? pts.slice(0, -1) : pts
		return tolerancePx > 0 ? simplify(open, tolerancePx, true) : open
	}
	return multi.coordinates
		.map(([outer, ...holes]) => ({ outer: ring(outer!), holes: holes.map(ring).filter((h) => h.length >= 3) }))
		.filter((p) => p.outer.length >= 3)
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
