// geodesy.ts against references that do not come from geographiclib: the
// closed-form area of a graticule cell on the ellipsoid, the meridian arc
// series, the length of a parallel, and the geodesic circle's expansion in the
// Gaussian curvature; plus Karney's published test values. Tolerance 1e-9
// relative unless a comment says why not.
import turfArea from '@turf/area'
import { polygon as turfPolygon } from '@turf/helpers'
import { describe, expect, test } from 'vitest'
import {
	CIRCLE_CLOSED_FORM_MAX_M,
	CIRCLE_SEGMENTS,
	circleArea,
	circlePerimeter,
	circleRing,
	destination,
	distance,
	lineLength,
	polygonArea,
	polygonPerimeter,
	radiusFromArea,
	ringArea,
	ringPerimeter,
	sphericalRingArea,
	type LatLng,
} from './geodesy.ts'

// ---- the WGS84 ellipsoid, from its two defining constants ----
const a = 6_378_137
const f = 1 / 298.257223563
const e2 = f * (2 - f)
const e = Math.sqrt(e2)
const b = a * (1 - f)
const n3 = f / (2 - f) // third flattening
const RAD = Math.PI / 180

/** Radii of curvature: meridian M and prime vertical N; Gaussian curvature is 1/(M·N). */
function radii(latDeg: number) {
	const w = 1 - e2 * Math.sin(latDeg * RAD) ** 2
	return { M: (a * (1 - e2)) / w ** 1.5, N: a / Math.sqrt(w) }
}

/**
 * Area of the graticule cell [φ1, φ2] × Δλ on the ellipsoid of revolution.
 * dA = M·N·cosφ dφ dλ = a²(1−e²) cosφ / (1−e² sin²φ)² dφ dλ; with s = sinφ,
 * ∫ ds / (1−e²s²)² = s / (2(1−e²s²)) + atanh(e·s) / (2e), so
 * A = (b² Δλ / 2) · [q(φ2) − q(φ1)],  q(φ) = s/(1−e²s²) + (1/(2e))·ln((1+es)/(1−es)).
 * Checked below: Δλ = 2π over −90°…90° gives GeographicLib's published
 * ellipsoid area 510,065,621,724,088.5 m².
 */
function cellArea(lat1: number, lat2: number, dLngDeg: number) {
	const q = (latDeg: number) => {
		const s = Math.sin(latDeg * RAD)
		return s / (1 - e2 * s * s) + Math.atanh(e * s) / e
	}
	return ((b * b * dLngDeg * RAD) / 2) * (q(lat2) - q(lat1))
}

/**
 * Meridian arc from the equator to φ (Helmert's series in the third
 * flattening n; the first term left out is O(n⁵) ≈ 1e-14 relative).
 */
function meridianArc(latDeg: number) {
	const p = latDeg * RAD
	const n = n3
	return (
		(a / (1 + n)) *
		((1 + n ** 2 / 4 + n ** 4 / 64) * p -
			1.5 * (n - n ** 3 / 8) * Math.sin(2 * p) +
			(15 / 16) * (n ** 2 - n ** 4 / 4) * Math.sin(4 * p) -
			(35 / 48) * n ** 3 * Math.sin(6 * p) +
			(315 / 512) * n ** 4 * Math.sin(8 * p))
	)
}

/** Length of the parallel at φ over Δλ: N·cosφ·Δλ. */
const parallelLength = (latDeg: number, dLngDeg: number) => radii(latDeg).N * Math.cos(latDeg * RAD) * dLngDeg * RAD

/**
 * A graticule cell as a ring, its two parallels densified into `n` geodesic
 * segments each (meridians are geodesics already). A geodesic chord of length
 * ℓ cuts off κ·ℓ³/12 of area from a parallel whose geodesic curvature is
 * κ = tanφ / N, so each parallel edge of length L is off by at most
 * κ·L³ / (12·n²) — `densificationBound` — which the tests keep below 1e-10 of
 * the cell (ten times under the tolerance). The length is off by κ²·L³/(24·n²).
 */
function cellRing(lat1: number, lat2: number, lng1: number, lng2: number, n: number): LatLng[] {
	const ring: LatLng[] = []
	for (let i = 0; i <= n; i++) ring.push({ lat: lat1, lng: lng1 + ((lng2 - lng1) * i) / n })
	for (let i = 0; i <= n; i++) ring.push({ lat: lat2, lng: lng2 - ((lng2 - lng1) * i) / n })
	return ring
}
function densificationBound(lat1: number, lat2: number, dLngDeg: number, n: number) {
	const edge = (lat: number) => {
		const kappa = Math.abs(Math.tan(lat * RAD)) / radii(lat).N
		return (kappa * parallelLength(lat, dLngDeg) ** 3) / (12 * n * n)
	}
	return edge(lat1) + edge(lat2)
}

/** The cell spanning `sizeM` × `sizeM` metres with its south-west corner at (lat, lng). */
function squareCell(lat: number, lng: number, sizeM: number) {
	const { M, N } = radii(lat)
	const dLat = sizeM / M / RAD
	const dLng = sizeM / (N * Math.cos(lat * RAD)) / RAD
	return { lat1: lat, lat2: lat + dLat, lng1: lng, lng2: lng + dLng, dLng }
}

const relative = (actual: number, expected: number) => Math.abs(actual - expected) / Math.abs(expected)
const expectClose = (actual: number, expected: number, tolerance = 1e-9) => {
	expect(Number.isFinite(actual)).toBe(true)
	expect(relative(actual, expected), `${actual} vs ${expected}`).toBeLessThan(tolerance)
}

describe('the references themselves', () => {
	test('the graticule-cell formula gives the whole ellipsoid its published area', () => {
		// GeographicLib: Geodesic.WGS84 ellipsoid area 510065621724088.5093 m²
		expectClose(cellArea(-90, 90, 360), 510_065_621_724_088.5093, 1e-12)
	})

	test('the meridian series gives the published quarter meridian', () => {
		// WGS84 quarter meridian 10,001,965.7293 m (GeographicLib, Karney 2013)
		expectClose(meridianArc(90), 10_001_965.7293, 1e-11)
	})
})

describe('ringArea against the closed-form graticule cell', () => {
	test.each([
		[0, 1],
		[25, 26],
		[40, 41],
		[49, 50],
		[-35, -34],
		[70, 71],
	])('1° × 1° cell from %d° to %d°', (lat1, lat2) => {
		const n = 5000
		const reference = cellArea(lat1, lat2, 1)
		expect(densificationBound(lat1, lat2, 1, n)).toBeLessThan(1e-10 * reference)
		expectClose(ringArea(cellRing(lat1, lat2, -100, -99, n)), reference)
	})

	test.each([0, 25, 40, 49, 60, -33])('100 m × 100 m cell at %d°', (lat) => {
		const cell = squareCell(lat, -97.5, 100)
		const n = 500
		const reference = cellArea(cell.lat1, cell.lat2, cell.dLng)
		expect(reference).toBeGreaterThan(9_999)
		expect(reference).toBeLessThan(10_001)
		expect(densificationBound(cell.lat1, cell.lat2, cell.dLng, n)).toBeLessThan(1e-10 * reference)
		expectClose(ringArea(cellRing(cell.lat1, cell.lat2, cell.lng1, cell.lng2, n)), reference)
	})

	test('a one-acre cell (63.6149 m square) in Texas', () => {
		const side = Math.sqrt(4046.8564224) // 1 acre = 4046.8564224 m² exactly
		const cell = squareCell(30.27, -97.74, side)
		const reference = cellArea(cell.lat1, cell.lat2, cell.dLng)
		expectClose(ringArea(cellRing(cell.lat1, cell.lat2, cell.lng1, cell.lng2, 200)), reference)
		expect(reference).toBeCloseTo(4046.86, 1)
	})

	test('the published GeographicLib Planimeter cases (area and perimeter)', () => {
		// geographiclib-geodesic test/geodesictest.js, "Planimeter0" and "Planimeter5"
		const diamond = [
			{ lat: 0, lng: -1 },
			{ lat: -1, lng: 0 },
			{ lat: 0, lng: 1 },
			{ lat: 1, lng: 0 },
		]
		expectClose(ringArea(diamond), 24_619_419_146)
		expectClose(ringPerimeter(diamond), 627_598.2731)
		const arctic = [
			{ lat: 89, lng: 0.1 },
			{ lat: 89, lng: 90.1 },
			{ lat: 89, lng: -179.9 },
		]
		expectClose(ringArea(arctic), 12_476_152_838.5)
		expect(ringPerimeter(arctic)).toBeCloseTo(539_297, -1)
	})
})

describe('rings: orientation, closure, degenerate input', () => {
	const cell = squareCell(40, -75, 100)
	const ring = cellRing(cell.lat1, cell.lat2, cell.lng1, cell.lng2, 4)

	test('a clockwise ring has the same area and perimeter as the counter-clockwise one', () => {
		const reversed = [...ring].reverse()
		expect(ringArea(reversed)).toBeCloseTo(ringArea(ring), 9)
		expect(ringPerimeter(reversed)).toBeCloseTo(ringPerimeter(ring), 9)
		expect(ringArea(ring)).toBeGreaterThan(9_999)
	})

	test('repeating the first point at the end changes nothing', () => {
		const closed = [...ring, ring[0]!]
		expect(ringArea(closed)).toBeCloseTo(ringArea(ring), 9)
		expect(ringPerimeter(closed)).toBeCloseTo(ringPerimeter(ring), 9)
	})

	test('starting the ring elsewhere changes nothing', () => {
		const rotated = [...ring.slice(3), ...ring.slice(0, 3)]
		expect(ringArea(rotated)).toBeCloseTo(ringArea(ring), 9)
	})

	test('fewer than 3 points enclose nothing; fewer than 2 have no length', () => {
		const p = { lat: 40, lng: -75 }
		const q = { lat: 40.001, lng: -75 }
		expect(ringArea([])).toBe(0)
		expect(ringArea([p])).toBe(0)
		expect(ringArea([p, q])).toBe(0)
		expect(polygonArea([p, q])).toBe(0)
		expect(lineLength([])).toBe(0)
		expect(lineLength([p])).toBe(0)
		expect(ringPerimeter([p])).toBe(0)
		expect(lineLength([p, q])).toBeGreaterThan(110)
	})

	test('three collinear points (along a meridian) enclose no area', () => {
		expect(ringArea([{ lat: 40, lng: -75 }, { lat: 40.001, lng: -75 }, { lat: 40.002, lng: -75 }])).toBeLessThan(1e-6)
	})
})

describe('polygons with holes', () => {
	const outer = squareCell(35, -80, 200)
	const inner = squareCell(35 + 0.0002, -80 + 0.0002, 50)
	const outerRing = cellRing(outer.lat1, outer.lat2, outer.lng1, outer.lng2, 200)
	const hole = cellRing(inner.lat1, inner.lat2, inner.lng1, inner.lng2, 200)
	const outerReference = cellArea(outer.lat1, outer.lat2, outer.dLng)
	const holeReference = cellArea(inner.lat1, inner.lat2, inner.dLng)

	test('a hole subtracts its area, whichever way it runs', () => {
		expectClose(polygonArea(outerRing, [hole]), outerReference - holeReference)
		expectClose(polygonArea(outerRing, [[...hole].reverse()]), outerReference - holeReference)
		expectClose(polygonArea(outerRing), outerReference)
	})

	test('two holes subtract both; holes larger than the outline leave 0, never a negative area', () => {
		const second = squareCell(35 + 0.001, -80 + 0.001, 40)
		const secondRing = cellRing(second.lat1, second.lat2, second.lng1, second.lng2, 200)
		const secondReference = cellArea(second.lat1, second.lat2, second.dLng)
		expectClose(polygonArea(outerRing, [hole, secondRing]), outerReference - holeReference - secondReference)
		expect(polygonArea(hole, [outerRing])).toBe(0)
	})

	test('the perimeter counts the outline and every hole edge', () => {
		// parallels and meridians: lengths known in closed form (chord error κ²L³/24n² < 1e-12 m here)
		const cellPerimeter = (c: ReturnType<typeof squareCell>) =>
			parallelLength(c.lat1, c.dLng) + parallelLength(c.lat2, c.dLng) + 2 * (meridianArc(c.lat2) - meridianArc(c.lat1))
		expectClose(polygonPerimeter(outerRing), cellPerimeter(outer))
		expectClose(polygonPerimeter(outerRing, [hole]), cellPerimeter(outer) + cellPerimeter(inner))
		expect(cellPerimeter(outer)).toBeCloseTo(800, 2)
	})
})

describe('perimeters and polylines against meridian arcs and parallels', () => {
	test.each([0, 25, 40, 49])('1° × 1° cell at %d°: two meridian arcs plus two parallels', (lat) => {
		// n = 1000: the chord shortens each parallel by κ²L³/(24n²) < 1e-6 m, 3e-12 relative
		const ring = cellRing(lat, lat + 1, -100, -99, 1000)
		const reference = parallelLength(lat, 1) + parallelLength(lat + 1, 1) + 2 * (meridianArc(lat + 1) - meridianArc(lat))
		expectClose(ringPerimeter(ring), reference)
	})

	test('a polyline along a meridian is the meridian arc: equator to pole, and 25°N to 49°N', () => {
		expectClose(lineLength([{ lat: 0, lng: -90 }, { lat: 90, lng: -90 }]), meridianArc(90))
		expectClose(lineLength([{ lat: 25, lng: -100 }, { lat: 49, lng: -100 }]), meridianArc(49) - meridianArc(25))
		// with intermediate vertices the length is the same
		const steps = Array.from({ length: 25 }, (_, i) => ({ lat: 25 + i, lng: -100 }))
		expectClose(lineLength(steps), meridianArc(49) - meridianArc(25))
	})

	test('a polyline is open: it does not come back to its start, a ring does', () => {
		const points = [
			{ lat: 40, lng: -100 },
			{ lat: 41, lng: -100 },
			{ lat: 41, lng: -99 },
		]
		const open = lineLength(points)
		expectClose(open, distance(points[0]!, points[1]!) + distance(points[1]!, points[2]!), 1e-12)
		expectClose(ringPerimeter(points), open + distance(points[2]!, points[0]!), 1e-12)
	})

	test("Karney's published geodesic test cases: distance and destination", () => {
		// from GeodTest (geographiclib-geodesic test/geodesictest.js):
		// lat1, lon1, azi1, lat2, lon2, s12
		const cases = [
			[35.60777, -139.44815, 111.098748429560326, -11.17491, -69.95921, 8935244.5604818305],
			[55.52454, 106.05087, 22.020059880982801, 77.03196, 197.18234, 4105086.1713924406],
			[-21.97856, 142.59065, -32.44456876433189, 41.84138, 98.56635, 8394328.894657671],
			[-66.99028, 112.2363, 173.73491240878403, -12.70631, 285.90344, 11150344.2312080241],
			[-17.42761, 173.34268, -159.033557661192928, -15.84784, 5.93557, 16076603.1631180673],
		] as const
		for (const [lat1, lon1, azi1, lat2, lon2, s12] of cases) {
			expectClose(distance({ lat: lat1, lng: lon1 }, { lat: lat2, lng: lon2 }), s12, 1e-12)
			const to = destination({ lat: lat1, lng: lon1 }, azi1, s12)
			expect(to.lat).toBeCloseTo(lat2, 9)
			expect(((to.lng - lon2 + 540) % 360) - 180).toBeCloseTo(0, 9)
		}
	})
})

describe('circles against the geodesic-disc expansion', () => {
	// A geodesic disc of radius r around a point of Gaussian curvature K = 1/(M·N):
	// area πr²(1 − K r²/12 + O(r⁴)), circumference 2πr(1 − K r²/6 + O(r⁴))
	// (on a sphere: 2πR²(1 − cos r/R) and 2πR sin r/R). The O(r⁴) terms are
	// below 1e-15 relative for r ≤ 1 km.
	const disc = (lat: number, r: number) => {
		const { M, N } = radii(lat)
		const K = 1 / (M * N)
		return { area: Math.PI * r * r * (1 - (K * r * r) / 12), perimeter: 2 * Math.PI * r * (1 - (K * r * r) / 6) }
	}

	test.each([
		[25.76, -80.19, 5],
		[30.27, -97.74, 25],
		[40.0, -105.27, 100],
		[49.0, -122.75, 1000],
		[-33.87, 151.21, 60],
		[45.0, -93.0, 10_000],
		[45.0, -93.0, 10_001], // past CIRCLE_CLOSED_FORM_MAX_M: the inscribed-polygon route
		[25.0, -81.0, 20_000],
	])('circle at %d°, %d° with r = %d m', (lat, lng, r) => {
		expectClose(circleArea({ lat, lng }, r), disc(lat, r).area)
		expectClose(circlePerimeter({ lat, lng }, r), disc(lat, r).perimeter)
	})

	test('the geodesic polygon inscribed in a circle agrees with circleArea (an independent path)', () => {
		// 4,096 geodesic edges: the circle-to-polygon ratio 2π/n ÷ sin(2π/n) is
		// planar; curvature changes it by under 1e-12 at these radii
		for (const [lat, r] of [
			[25, 500],
			[40, 2000],
			[49, 5000],
		] as const) {
			const n = 4096
			const step = (2 * Math.PI) / n
			const polygon = ringArea(circleRing({ lat, lng: -100 }, r, n)) * (step / Math.sin(step))
			expectClose(polygon, circleArea({ lat, lng: -100 }, r))
			const rim = ringPerimeter(circleRing({ lat, lng: -100 }, r, n)) * (Math.PI / n / Math.sin(Math.PI / n))
			expectClose(rim, circlePerimeter({ lat, lng: -100 }, r))
		}
	})

	test('on the spec minimum radius (5 m) the area is πr² to 1e-12: the curvature term is 5e-14', () => {
		expectClose(circleArea({ lat: 40, lng: -75 }, 5), Math.PI * 25, 1e-12)
		expect(CIRCLE_CLOSED_FORM_MAX_M).toBe(10_000)
	})

	test('the ring has CIRCLE_SEGMENTS points, each r from the centre', () => {
		const center = { lat: 40, lng: -75 }
		const ring = circleRing(center, 30)
		expect(ring).toHaveLength(CIRCLE_SEGMENTS)
		for (const p of ring) expect(distance(center, p)).toBeCloseTo(30, 8)
		// first point due north
		expect(ring[0]!.lng).toBeCloseTo(-75, 12)
		expect(ring[0]!.lat).toBeGreaterThan(40)
	})

	test('a zero or negative radius has no area; radiusFromArea keeps the 5 m minimum (spec 1 §5)', () => {
		expect(circleArea({ lat: 40, lng: -75 }, 0)).toBe(0)
		expect(circleArea({ lat: 40, lng: -75 }, -3)).toBe(0)
		expect(circlePerimeter({ lat: 40, lng: -75 }, 0)).toBe(0)
		expect(radiusFromArea(0)).toBe(5)
		expect(radiusFromArea(10)).toBe(5)
		expect(radiusFromArea(Math.PI * 400)).toBeCloseTo(20, 12)
		expect(radiusFromArea(-1)).toBe(5)
	})
})

describe('the spherical formula is biased; the ellipsoidal one is not', () => {
	// On a sphere of radius R a small shape's area scales by R²/(M·N) against
	// the ellipsoid: ≈ +0.2 % at 25°N, −0.1 % at 40°N, −0.3 % at 49°N.
	test.each([
		[25, 100, 0.0018, 0.0024],
		[25, 1000, 0.0018, 0.0024],
		[40, 100, -0.0013, -0.0008],
		[40, 1000, -0.0013, -0.0008],
		[49, 100, -0.0035, -0.0029],
		[49, 1000, -0.0035, -0.0029],
	])('at %d°N, a %d m square', (lat, size, low, high) => {
		const cell = squareCell(lat, -98, size)
		const ring = cellRing(cell.lat1, cell.lat2, cell.lng1, cell.lng2, 50)
		const reference = cellArea(cell.lat1, cell.lat2, cell.dLng)
		const { M, N } = radii(lat + (cell.lat2 - cell.lat1) / 2)

		expectClose(ringArea(ring), reference)

		const spherical = sphericalRingArea(ring) / reference - 1
		expect(spherical).toBeGreaterThan(low)
		expect(spherical).toBeLessThan(high)
		// and it is exactly the curvature mismatch, not noise
		expect(spherical).toBeCloseTo(6_371_000 ** 2 / (M * N) - 1, 5)

		// @turf/area: the same formula on a sphere of 6,371,008.8 m
		const coordinates = [...ring, ring[0]!].map((p) => [p.lng, p.lat])
		const turf = turfArea(turfPolygon([coordinates])) / reference - 1
		expect(turf).toBeCloseTo(6_371_008.8 ** 2 / (M * N) - 1, 5)
		expect(Math.abs(turf)).toBeGreaterThan(5e-4)
	})
})
