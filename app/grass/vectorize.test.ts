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
