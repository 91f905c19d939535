// npm run bench:report — time to build a PDF measurement report with 20
// shapes: fit the map, fetch and stitch the imagery tiles from a local XYZ
// tile server (a generated yard scene), draw the shapes, table, totals and a
// 3-line estimate with pdfkit. "cold" starts each report with an empty tile
// cache (every tile over HTTP), "warm" reuses the disk cache as repeated
// reports of a property do. The database read before it is not included.
// Prints a table, then one JSON line with the figures.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { generateScene } from './grass/scene.ts'
import { startTileServer } from '../tests/support/tile-server.ts'

const CENTER = { lat: 39.7392, lng: -104.9903 }
const RUNS = Number(process.env.RUNS ?? 30)

const scene = await generateScene({ seed: 77, zoom: 20, center: CENTER, size: 1280 })
const tiles = await startTileServer({ scenes: [scene] })
const cacheRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-bench-report-'))
process.env.SATELLITE_TILE_URL = tiles.template
process.env.TILE_CACHE_DIR = path.join(cacheRoot, 'warm')
// the report's build reads no database; the env schema still wants a URL
process.env.DATABASE_URL ??= 'postgresql://bench@127.0.0.1:1/unused'

const { computeShape, computeTotals, computeTotalsBySurface } = await import('../app/lib/shapes.ts')
const { computeEstimate } = await import('../app/lib/estimate.ts')
const { renderReportMap } = await import('../app/services/report-map.server.ts')
const { buildReportPdf } = await import('../app/services/report-pdf.server.ts')
const { getEnv } = await import('../app/env.server.ts')

// 20 shapes over a ~80 m × 45 m yard: 8 polygons, 4 rectangles, 4 circles, 4 lines
const m = 0.00001
const shapes = Array.from({ length: 20 }, (_, i) => {
	const col = i % 5
	const row = Math.floor(i / 5)
	const c = { lat: CENTER.lat - 0.0002 + row * 0.00011, lng: CENTER.lng - 0.00045 + col * 0.0002 }
	if (i % 5 === 4) return computeShape({ type: 'polyline', label: `Edge ${i + 1}`, coordinates: [c, { lat: c.lat + 8 * m, lng: c.lng + 12 * m }, { lat: c.lat + 2 * m, lng: c.lng + 15 * m }] })
	if (i % 5 === 3) return computeShape({ type: 'circle', coordinates: [c], radius_m: 3 + (i % 3) })
	if (i % 5 === 2) return computeShape({ type: 'rectangle', label: `Bed ${i + 1}`, coordinates: [c, { lat: c.lat, lng: c.lng + 10 * m }, { lat: c.lat + 7 * m, lng: c.lng + 10 * m }, { lat: c.lat + 7 * m, lng: c.lng }] })
	const ring = Array.from({ length: 24 }, (_, k) => {
		const a = (2 * Math.PI * k) / 24
		const r = (6 + 2 * Math.sin(3 * a)) * m
		return { lat: c.lat + r * Math.sin(a), lng: c.lng + 1.3 * r * Math.cos(a) }
	})
	return computeShape({ type: 'polygon', label: `Lawn ${i + 1}`, coordinates: ring, measurement_type: i % 2 ? 'ai' : 'manual', user_verified: 'true' })
})
const totals = computeTotals(shapes)
const prices = [
	{ id: 'a', name: 'Lawn mowing', unit: 'sqft', unitPrice: '0.0125', minimumCharge: '45' },
	{ id: 'b', name: 'Edging', unit: 'ft', unitPrice: '0.75', minimumCharge: '0' },
	{ id: 'c', name: 'Yard cleanup', unit: 'flat', unitPrice: '120', minimumCharge: '0' },
]

async function buildOnce(): Promise<{ ms: number; bytes: number; imagery: boolean }> {
	const start = performance.now()
	const map = await renderReportMap(shapes, CENTER)
	const pdf = await buildReportPdf({
		organizationName: 'Demo Landscaping Co',
		address: '1437 Bannock St, Denver, CO 80202',
		date: new Date(),
		measuredBy: ['Dana Demo'],
		preparedBy: 'Dana Demo',
		title: 'Bannock full yard',
		shapes: shapes.map((shape) => ({ shape, measurementLabel: 'Bannock full yard', measurementType: 'manual' })),
		totals,
		totalsBySurface: computeTotalsBySurface(shapes),
		notes: 'Gate code 1234.',
		estimate: computeEstimate(prices, { areaSqft: totals.total_area_sqft, lengthFeet: totals.total_distance_feet }, '8.25'),
		map,
	})
	if (!map.jpeg) console.error('no imagery:', map.unavailable, 'zoom', map.view.zoom)
	return { ms: performance.now() - start, bytes: pdf.length, imagery: map.jpeg !== null }
}

const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

// warm-up: module JIT and pdfkit's font metrics
await buildOnce()

const cold: number[] = []
const warm: number[] = []
let bytes = 0
let tileRequests = 0
for (let i = 0; i < RUNS; i++) {
	// cold: a fresh cache folder (the env is read once, so empty the folder instead)
	fs.rmSync(getEnv().TILE_CACHE_DIR!, { recursive: true, force: true })
	const before = tiles.requests.length
	const c = await buildOnce()
	if (!c.imagery) throw new Error('the report fell back to vector-only: imagery should have come from the local tile server')
	tileRequests = tiles.requests.length - before
	cold.push(c.ms)
	const w = await buildOnce()
	warm.push(w.ms)
	bytes = w.bytes
}
await tiles.close()
fs.rmSync(cacheRoot, { recursive: true, force: true })

const row = (name: string, v: number[]) =>
	`${name.padEnd(28)}${percentile(v, 50).toFixed(0).padStart(8)}${percentile(v, 95).toFixed(0).padStart(8)}${Math.max(...v).toFixed(0).padStart(8)}`
console.log(`PDF report, 20 shapes, 1032×600 px map at zoom ${getEnv().TILE_MAX_ZOOM >= 20 ? 20 : getEnv().TILE_MAX_ZOOM}, ${RUNS} runs each (Node ${process.version})`)
console.log(`${'case'.padEnd(28)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}`)
console.log(row(`cold tile cache (${tileRequests} tiles)`, cold))
console.log(row('warm tile cache', warm))
console.log(`PDF size: ${(bytes / 1024).toFixed(0)} KiB; target p95 < 1000 ms`)
console.log(
	JSON.stringify({
		bench: 'report',
		shapes: 20,
		runs: RUNS,
		node: process.version,
		tilesPerReport: tileRequests,
		pdfBytes: bytes,
		coldMs: { p50: Math.round(percentile(cold, 50)), p95: Math.round(percentile(cold, 95)), max: Math.round(Math.max(...cold)) },
		warmMs: { p50: Math.round(percentile(warm, 50)), p95: Math.round(percentile(warm, 95)), max: Math.round(Math.max(...warm)) },
		targetP95Ms: 1000,
	}),
)
