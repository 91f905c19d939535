// Exact figures on the WGS84 ellipsoid (geographiclib), shared by the browser
// (live figures while drawing) and the server (the source of truth). Pure.
// a UMD bundle: Node's ESM loader sees only its default export
import geographiclib from 'geographiclib-geodesic'

export type LatLng = { lat: number; lng: number }

const WGS84 = geographiclib.Geodesic.WGS84

/** Geodesic area (m², always positive) of a closed ring; the ring need not repeat its first point. */
export function ringArea(ring: readonly LatLng[]): number {
	if (ring.length < 3) return 0
	const polygon = WGS84.Polygon(false)
	for (const p of ring) polygon.AddPoint(p.lat, p.lng)
	// sign=true gives ± the enclosed area whichever way the ring runs (sign=false
	// would answer "the rest of the Earth" for a clockwise ring)
	return Math.abs(polygon.Compute(false, true).area ?? 0)
}

/** Length (m) of a closed ring's boundary. */
export function ringPerimeter(ring: readonly LatLng[]): number {
	if (ring.length < 2) return 0
	const polygon = WGS84.Polygon(false)
	for (const p of ring) polygon.AddPoint(p.lat, p.lng)
	return polygon.Compute(false, false).perimeter
}

/** Length (m) of an open polyline along geodesics. */
export function lineLength(points: readonly LatLng[]): number {
	if (points.length < 2) return 0
	const line = WGS84.Polygon(true)
	for (const p of points) line.AddPoint(p.lat, p.lng)
	return line.Compute(false, false).perimeter
}

/** Geodesic distance (m) between two points. */
export function distance(a: LatLng, b: LatLng): number {
	return WGS84.Inverse(a.lat, a.lng, b.lat, b.lng).s12 ?? 0
}

/** The point `meters` from `from` along `bearingDeg` (clockwise from north). */
export function destination(from: LatLng, bearingDeg: number, meters: number): LatLng {
	const r = WGS84.Direct(from.lat, from.lng, bearingDeg, meters)
	return { lat: r.lat2!, lng: r.lon2! }
}

/** Area (m²) of a polygon with holes: the outer ring less what the holes cut out. */
export function polygonArea(outer: readonly LatLng[], holes: readonly (readonly LatLng[])[] = []): number {
	const cut = holes.reduce((sum, hole) => sum + ringArea(hole), 0)
	return Math.max(0, ringArea(outer) - cut)
}

/** Boundary length (m) of a polygon with holes: outer edge plus every hole's edge. */
export function polygonPerimeter(outer: readonly LatLng[], holes: readonly (readonly LatLng[])[] = []): number {
	return holes.reduce((sum, hole) => sum + ringPerimeter(hole), ringPerimeter(outer))
}

export const CIRCLE_SEGMENTS = 256

/** A geodesic circle as a ring of `segments` points (for drawing and holes). */
export function circleRing(center: LatLng, radiusM: number, segments = CIRCLE_SEGMENTS): LatLng[] {
	return Array.from({ length: segments }, (_, i) => destination(center, (360 * i) / segments, radiusM))
}

/**
 * Circles up to this radius use the closed form of a geodesic disc (below);
 * larger ones the inscribed polygon. Both are within 1e-9 relative here.
 */
export const CIRCLE_CLOSED_FORM_MAX_M = 10_000

/** Gaussian curvature 1/(M·N) of the ellipsoid at a latitude. */
function gaussianCurvature(latDeg: number): number {
	const e2 = WGS84.f * (2 - WGS84.f)
	const w = 1 - e2 * Math.sin((latDeg * Math.PI) / 180) ** 2
	return (w * w) / (WGS84.a * WGS84.a * (1 - e2))
}

/**
 * Area (m²) of the geodesic circle of `radiusM` around `center`.
 * Up to 10 km: the geodesic disc's expansion in the Gaussian curvature K at
 * the centre, πr²(1 − K r²/12); the next term is O((r/R)⁴) < 1e-11 relative.
 * (The inscribed 256-gon's geodesic area carries ~1e-4 m² of rounding noise
 * from geographiclib's edge sums — 2e-6 relative on a 5 m circle — so small
 * circles are not computed that way.)
 * Beyond: the inscribed polygon's exact area, corrected by the ratio of a
 * circle to its inscribed regular polygon, 2π/n ÷ sin(2π/n).
 */
export function circleArea(center: LatLng, radiusM: number): number {
	if (!(radiusM > 0)) return 0
	if (radiusM <= CIRCLE_CLOSED_FORM_MAX_M) {
		return Math.PI * radiusM * radiusM * (1 - (gaussianCurvature(center.lat) * radiusM * radiusM) / 12)
	}
	const n = CIRCLE_SEGMENTS
	const step = (2 * Math.PI) / n
	return ringArea(circleRing(center, radiusM, n)) * (step / Math.sin(step))
}

/** Circumference (m) of a geodesic circle: 2πr(1 − K r²/6) up to 10 km, else the polygon corrected by 2π/n ÷ 2 sin(π/n). */
export function circlePerimeter(center: LatLng, radiusM: number): number {
	if (!(radiusM > 0)) return 0
	if (radiusM <= CIRCLE_CLOSED_FORM_MAX_M) {
		return 2 * Math.PI * radiusM * (1 - (gaussianCurvature(center.lat) * radiusM * radiusM) / 6)
	}
	const n = CIRCLE_SEGMENTS
	return ringPerimeter(circleRing(center, radiusM, n)) * (Math.PI / n / Math.sin(Math.PI / n))
}

/** The radius (m) of a circle with this area (spec 1 §5: minimum 5 m). */
export function radiusFromArea(areaSqm: number, minimum = 5): number {
	return Math.max(minimum, Math.sqrt(Math.max(0, areaSqm) / Math.PI))
}

/** Spherical-excess area (m², sphere of radius 6,371 km) — the bias we avoid; for benchmarks and tests only. */
export function sphericalRingArea(ring: readonly LatLng[], radius = 6_371_000): number {
	if (ring.length < 3) return 0
	const rad = Math.PI / 180
	let sum = 0
	for (let i = 0; i < ring.length; i++) {
		const a = ring[i]!
		const b = ring[(i + 1) % ring.length]!
		sum += (b.lng - a.lng) * rad * (2 + Math.sin(a.lat * rad) + Math.sin(b.lat * rad))
	}
	return Math.abs((sum * radius * radius) / 2)
}

/** A square of `areaSqm` centred `offsetM` east of `center` (the AI fallback sample). */
export function squareAround(center: LatLng, areaSqm: number, offsetM = 0): LatLng[] {
	const mid = offsetM ? destination(center, 90, offsetM) : center
	const half = Math.sqrt(areaSqm) / 2
	const north = destination(mid, 0, half)
	const south = destination(mid, 180, half)
	return [destination(south, 270, half), destination(south, 90, half), destination(north, 90, half), destination(north, 270, half)]
}
