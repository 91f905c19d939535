import kinks from '@turf/kinks'
import { polygon as turfPolygon } from '@turf/helpers'
import { contours } from 'd3-contour'
import simplify from 'simplify-js'
import { expect, test } from 'vitest'
import { groundPixelAreaM2, metresPerPixel, project, unproject } from '~/lib/web-mercator.ts'
import { rng } from './raster.ts'
import { pixelArea, rasterize, SQFT_PER_M2, toGeoPolygons, traceMask } from './vectorize.ts'

test('web mercator: round trip and ground resolution', () => {
	const p = { lat: 39.7392, lng: -104.9903 }
	const g = project(p, 20)
	const back = unproject(g.x, g.y, 20)
	expect(back.lat).toBeCloseTo(p.lat, 9)
	expect(back.lng).toBeCloseTo(p.lng, 9)
	expect(metresPerPixel(0, 0)).toBeCloseTo(156_543.03, 1)
	expect(metresPerPixel(60, 20)).toBeCloseTo(156_543.03 / 2 / 2 ** 20, 6)
})

test('a 40×20 block traces to one rectangle; rasterising it gives the block back', () => {
	const width = 60
	const height = 40
	const data = new Uint8Array(width * height)
	for (let y = 10; y < 30; y++) for (let x = 10; x < 50; x++) data[y * width + x] = 1
	const polygons = traceMask({ width, height, data }, 0.35)
	expect(polygons).toHaveLength(1)
	// marching squares cuts each corner by ⅛ pixel²; simplification keeps the rest exact
	expect(pixelArea(polygons[0]!)).toBeCloseTo(800 - 0.5, 6)
	expect(Array.from(rasterize(polygons, width, height).data)).toEqual(Array.from(data))
})

test('holes survive tracing and are subtracted from the geodesic area', () => {
	const width = 64
	const height = 64
	const data = new Uint8Array(width * height)
	for (let y = 4; y < 60; y++) for (let x = 4; x < 60; x++) data[y * width + x] = 1
	for (let y = 20; y < 40; y++) for (let x = 20; x < 40; x++) data[y * width + x] = 0
	const [polygon] = traceMask({ width, height, data }, 0.35)
	expect(polygon!.holes).toHaveLength(1)
	const center = { lat: 35, lng: -97 }
	const c = project(center, 20)
	const [geo] = toGeoPolygons([polygon!], { left: c.x - 32, top: c.y - 32, zoom: 20 })
	const expected = (56 * 56 - 20 * 20) * groundPixelAreaM2(center.lat, 20)
	expect(Math.abs(geo!.areaM2 - expected) / expected).toBeLessThan(0.0002)
	expect(SQFT_PER_M2).toBeCloseTo(10.7639, 4)
})

test('the tracer gives d3-contour + simplify-js rings, point for point', () => {
	// the former tracing (d3-contour's marching squares and stitching, simplify-js at highest quality) as the reference
	const reference = (mask: { width: number; height: number; data: Uint8Array }, tolerance: number) =>
		contours()
			.size([mask.width, mask.height])
			.contour(mask.data as unknown as number[], 0.5)
			.coordinates.map(([outer, ...holes]) => {
				const ring = (coords: number[][]) => {
					const pts = coords.slice(0, -1).map(([x, y]) => ({ x: x!, y: y! }))
					return tolerance > 0 ? simplify(pts, tolerance, true) : pts
				}
				return { outer: ring(outer!), holes: holes.map(ring).filter((h) => h.length >= 3) }
			})
			.filter((p) => p.outer.length >= 3)
	const next = rng(42)
	for (let k = 0; k < 60; k++) {
		const width = 1 + Math.floor(next() * 40)
		const height = 1 + Math.floor(next() * 40)
		const data = new Uint8Array(width * height)
		// blobs, rings within rings, single pixels, diagonal touches, the edge
		const density = next()
		for (let i = 0; i < data.length; i++) data[i] = next() < density ? 1 : 0
		if (k % 3 === 0) {
			const cx = width / 2
			const cy = height / 2
			for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = Math.floor(Math.hypot(x - cx, y - cy) / 3) % 2 === 0 ? 1 : 0
		}
		for (const tolerance of [0, 0.35, 1.5]) expect(traceMask({ width, height, data }, tolerance)).toEqual(reference({ width, height, data }, tolerance))
	}
})

test('simplified to a coarse tolerance, outlines keep their area: plain Douglas–Peucker cuts into a round lawn, keepingArea does not', () => {
	// a disc of radius 30 px with a 10 px round hole (a tree bed), and a blob drawn at a fifth of the
	// resolution and enlarged 5× (what 0.6 m imagery becomes as 0.12 m tiles)
	const width = 160
	const height = 80
	const data = new Uint8Array(width * height)
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < 80; x++) {
			const r = Math.hypot(x + 0.5 - 40, y + 0.5 - 40)
			data[y * width + x] = r < 30 && r >= 10 ? 1 : 0
		}
		for (let x = 80; x < width; x++) {
			const cx = Math.floor((x - 80) / 5)
			const cy = Math.floor(y / 5)
			data[y * width + x] = Math.hypot(cx + 0.5 - 8, cy + 0.5 - 8) + 0.8 * Math.sin(cx * 1.3 + cy) < 6.5 ? 1 : 0
		}
	}
	const mask = { width, height, data }
	const traced = traceMask(mask, 0.35)
	expect(traced).toHaveLength(2)
	const byLeft = (ps: ReturnType<typeof traceMask>) => [...ps].sort((a, b) => a.outer[0]!.x - b.outer[0]!.x)
	const [disc, blob] = byLeft(traced)
	expect(disc!.holes).toHaveLength(1)
	const ringArea = (r: { x: number; y: number }[]) => pixelArea({ outer: r, holes: [] })
	const vertices = (p: { outer: unknown[]; holes: unknown[][] }) => p.outer.length + p.holes.reduce((n, h) => n + h.length, 0)
	// half of what 5× enlarged imagery resolves
	const [discDp, blobDp] = byLeft(traceMask(mask, 2.5))
	const [discKept, blobKept] = byLeft(traceMask(mask, 0.35, 2.5))
	// Douglas–Peucker's chords run inside a convex edge: the disc loses over 2 %, the hole shrinks
	expect(ringArea(discDp!.outer) / ringArea(disc!.outer)).toBeLessThan(0.98)
	expect(ringArea(discDp!.holes[0]!) / ringArea(disc!.holes[0]!)).toBeLessThan(0.97)
	// moved to keep the area, each ring keeps it within 0.5 %, with a third of the points or fewer
	expect(Math.abs(ringArea(discKept!.outer) / ringArea(disc!.outer) - 1)).toBeLessThan(0.005)
	expect(Math.abs(ringArea(discKept!.holes[0]!) / ringArea(disc!.holes[0]!) - 1)).toBeLessThan(0.005)
	expect(Math.abs(pixelArea(blobKept!) / pixelArea(blob!) - 1)).toBeLessThan(0.005)
	expect(vertices(discKept!)).toBeLessThan(vertices(disc!) / 3)
	expect(vertices(blobKept!)).toBeLessThan(vertices(blob!) / 2)
	expect(vertices(blobKept!)).toBeLessThanOrEqual(vertices(blobDp!))
	// and the kept outline stays on the lawn's edge: every point within the tolerance of the traced one
	const distanceToRing = (p: { x: number; y: number }, ring: { x: number; y: number }[]) =>
		Math.min(...ring.map((a, i) => {
			const b = ring[(i + 1) % ring.length]!
			const dx = b.x - a.x
			const dy = b.y - a.y
			const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)))
			return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy)
		}))
	for (const p of [...discKept!.outer, ...blobKept!.outer]) expect(distanceToRing(p, p.x < 80 ? disc!.outer : blob!.outer)).toBeLessThan(2.5)
})

test('a coarse tolerance never makes an outline cross itself or its holes: where it would, the outline is simplified less', () => {
	// noisy masks: narrow gaps, strips and pinches everywhere, at 5× the pixels as enlarged imagery has them
	const next = rng(7)
	let polygons = 0
	let fewer = 0
	for (let k = 0; k < 40; k++) {
		const cells = 6 + Math.floor(next() * 10)
		const width = cells * 5
		const coarse = new Uint8Array(cells * cells).map(() => (next() < 0.55 ? 1 : 0))
		const data = new Uint8Array(width * width)
		// each cell's edge nudged by up to 2 px, so the walls wiggle below the resolution
		for (let y = 0; y < width; y++) {
			for (let x = 0; x < width; x++) {
				const cx = Math.min(cells - 1, Math.max(0, Math.floor((x + Math.round(2 * Math.sin(y * 1.7 + k))) / 5)))
				data[y * width + x] = coarse[Math.floor(y / 5) * cells + cx]!
			}
		}
		const fine = traceMask({ width, height: width, data }, 0.35)
		const traced = traceMask({ width, height: width, data }, 0.35, 2.5)
		expect(traced).toHaveLength(fine.length)
		for (const [i, polygon] of traced.entries()) {
			polygons++
			const ring = (r: { x: number; y: number }[]) => [...r.map((p) => [p.x, p.y]), [r[0]!.x, r[0]!.y]]
			// turf's own check, as app/lib/shapes.ts runs it before saving
			expect(kinks(turfPolygon([ring(polygon.outer), ...polygon.holes.map(ring)])).features).toEqual([])
			expect(polygon.holes).toHaveLength(fine[i]!.holes.length)
			if (polygon.outer.length < fine[i]!.outer.length) fewer++
		}
	}
	// and most outlines are still simplified
	expect(polygons).toBeGreaterThan(100)
	expect(fewer / polygons).toBeGreaterThan(0.8)
})
