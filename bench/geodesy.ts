// npm run bench:geodesy — area throughput of geodesy.ts (exact WGS84 via
// geographiclib) next to @turf/area (spherical) on a 1,000-vertex polygon, and
// the spherical formula's error against the ellipsoid at US latitudes.
// Bounded: about 2 s per timed loop, under 10 s in all. Last line: one JSON object.
import turfArea from '@turf/area'
import { polygon as turfPolygon } from '@turf/helpers'
import { circleRing, destination, ringArea, type LatLng } from '../app/lib/geodesy.ts'

const VERTICES = 1000
const BUDGET_MS = 2000

/** An irregular 1,000-vertex lawn outline (~1 acre) around a point. */
function outline(center: LatLng, meanRadiusM: number): LatLng[] {
	return Array.from({ length: VERTICES }, (_, i) => {
		const bearing = (360 * i) / VERTICES
		const wobble = 1 + 0.15 * Math.sin((i * 2 * Math.PI * 7) / VERTICES) + 0.05 * Math.cos((i * 2 * Math.PI * 23) / VERTICES)
		return destination(center, bearing, meanRadiusM * wobble)
	})
}

const toGeoJson = (ring: LatLng[]) => turfPolygon([[...ring, ring[0]!].map((p) => [p.lng, p.lat])])

function time(run: () => number) {
	for (let i = 0; i < 50; i++) run() // warm-up
	let iterations = 0
	let sink = 0
	const start = performance.now()
	let elapsed = 0
	while (elapsed < BUDGET_MS) {
		for (let i = 0; i < 20; i++) sink += run()
		iterations += 20
		elapsed = performance.now() - start
	}
	if (!Number.isFinite(sink)) throw new Error('non-finite area')
	return { perSecond: (iterations * 1000) / elapsed, microsPerPolygon: (elapsed * 1000) / iterations }
}

const ring = outline({ lat: 40, lng: -89.6 }, 36)
const feature = toGeoJson(ring)
const geodesy = time(() => ringArea(ring))
const turf = time(() => turfArea(feature))

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
console.log(`Area of a ${fmt(VERTICES)}-vertex polygon (${fmt(ringArea(ring), 0)} m²), ${BUDGET_MS / 1000} s per method, Node ${process.version}`)
console.log('')
console.log('method                          polygons/s    µs/polygon')
console.log(`geodesy.ts (WGS84, geodesic)  ${fmt(geodesy.perSecond).padStart(12)}  ${fmt(geodesy.microsPerPolygon, 1).padStart(12)}`)
console.log(`@turf/area (sphere)           ${fmt(turf.perSecond).padStart(12)}  ${fmt(turf.microsPerPolygon, 1).padStart(12)}`)
const ratio = geodesy.microsPerPolygon / turf.microsPerPolygon
console.log(`geodesy.ts takes ${fmt(ratio, 1)}× as long as @turf/area`)

// the spherical error: turf's area against the ellipsoidal one
const shapes = [
	{ label: '~1 acre', radiusM: Math.sqrt(4046.8564224 / Math.PI) },
	{ label: '~1 km²', radiusM: Math.sqrt(1e6 / Math.PI) },
]
const latitudes = [25, 40, 49]
const sphericalError: Record<string, Record<string, number>> = {}
console.log('')
console.log('@turf/area − ellipsoidal area, relative (circles of 256 vertices)')
console.log(`latitude  ${shapes.map((s) => s.label.padStart(10)).join('  ')}`)
for (const lat of latitudes) {
	const row: Record<string, number> = {}
	for (const shape of shapes) {
		const r = circleRing({ lat, lng: -98 }, shape.radiusM)
		const ellipsoidal = ringArea(r)
		row[shape.label] = turfArea(toGeoJson(r)) / ellipsoidal - 1
	}
	sphericalError[`${lat}N`] = row
	console.log(`${`${lat}°N`.padEnd(8)}  ${shapes.map((s) => `${(row[s.label]! * 100).toFixed(3)} %`.padStart(10)).join('  ')}`)
}

console.log(
	JSON.stringify({
		bench: 'geodesy',
		vertices: VERTICES,
		node: process.version,
		geodesy: { polygonsPerSecond: Math.round(geodesy.perSecond), microsPerPolygon: Number(geodesy.microsPerPolygon.toFixed(2)) },
		turf: { polygonsPerSecond: Math.round(turf.perSecond), microsPerPolygon: Number(turf.microsPerPolygon.toFixed(2)) },
		slowdownVsTurf: Number(ratio.toFixed(2)),
		turfRelativeError: Object.fromEntries(
			Object.entries(sphericalError).map(([lat, row]) => [lat, Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v.toExponential(3))]))]),
		),
	}),
)
