// A point well inside a lat/lng polygon (outside its holes): the grid point
// farthest from every edge, for tests that tap a detected area.
type LatLng = { lat: number; lng: number }

function inRing(p: LatLng, ring: LatLng[]): boolean {
	let inside = false
	for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
		const a = ring[i]!
		const b = ring[j]!
		if (a.lat > p.lat !== b.lat > p.lat && p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside
	}
	return inside
}

export function insidePolygon(p: LatLng, outer: LatLng[], holes: LatLng[][] = []): boolean {
	return inRing(p, outer) && !holes.some((h) => inRing(p, h))
}

/** Distance in degrees-ish units (lng scaled by cos lat) from p to segment ab. */
function segmentDistance(p: LatLng, a: LatLng, b: LatLng, k: number): number {
	const ax = a.lng * k
	const bx = b.lng * k
	const px = p.lng * k
	const dx = bx - ax
	const dy = b.lat - a.lat
	const t = Math.max(0, Math.min(1, ((px - ax) * dx + (p.lat - a.lat) * dy) / (dx * dx + dy * dy || 1)))
	return Math.hypot(px - (ax + t * dx), p.lat - (a.lat + t * dy))
}

export function interiorPoint(outer: LatLng[], holes: LatLng[][] = []): LatLng {
	const k = Math.cos((outer[0]!.lat * Math.PI) / 180)
	const lats = outer.map((p) => p.lat)
	const lngs = outer.map((p) => p.lng)
	const [s, n, w, e] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)]
	let best: LatLng | null = null
	let bestDistance = -1
	for (let i = 1; i < 40; i++) {
		for (let j = 1; j < 40; j++) {
			const p = { lat: s + ((n - s) * i) / 40, lng: w + ((e - w) * j) / 40 }
			if (!insidePolygon(p, outer, holes)) continue
			let d = Infinity
			for (const ring of [outer, ...holes]) for (let q = 0; q < ring.length; q++) d = Math.min(d, segmentDistance(p, ring[q]!, ring[(q + 1) % ring.length]!, k))
			if (d > bestDistance) (bestDistance = d), (best = p)
		}
	}
	if (!best) throw new Error('no interior point found')
	return best
}
