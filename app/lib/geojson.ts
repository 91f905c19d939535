// Saved measurements as RFC 7946 GeoJSON: [longitude, latitude] positions,
// closed rings, outer rings counter-clockwise and holes clockwise. Pure.
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson'
import { circleRing, type LatLng } from './geodesy.ts'
import type { Shape } from './shapes.ts'
import { surfaceOf } from './surfaces.ts'

export type ExportMeasurement = { id: string; label: string | null; address: string | null; measurement_type: string; created_at: string; shapes: Shape[] }

const position = (p: LatLng): Position => [p.lng, p.lat]

function signedArea(ring: Position[]) {
	let sum = 0
	for (let i = 0; i < ring.length - 1; i++) sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!
	return sum / 2
}

function ring(points: readonly LatLng[], counterClockwise: boolean): Position[] {
	const closed = [...points.map(position), position(points[0]!)]
	return signedArea(closed) > 0 === counterClockwise ? closed : closed.reverse()
}

export function geometry(shape: Shape): Geometry {
	if (shape.type === 'polyline') return { type: 'LineString', coordinates: shape.coordinates.map(position) }
	if (shape.type === 'circle') return { type: 'Polygon', coordinates: [ring(circleRing(shape.coordinates[0]!, shape.radius_m ?? 0, 128), true)] }
	return { type: 'Polygon', coordinates: [ring(shape.coordinates, true), ...(shape.holes ?? []).map((h) => ring(h, false))] }
}

export function measurementsToGeoJson(measurements: readonly ExportMeasurement[]): FeatureCollection {
	const features: Feature[] = measurements.flatMap((m) =>
		m.shapes.map((shape, i) => ({
			type: 'Feature' as const,
			id: `${m.id}-${i + 1}`,
			geometry: geometry(shape),
			properties: {
				measurement_id: m.id,
				measurement_label: m.label,
				address: m.address,
				shape_number: i + 1,
				shape_label: shape.label ?? null,
				shape_type: shape.type,
				surface: surfaceOf(shape),
				measurement_type: shape.measurement_type ?? m.measurement_type,
				user_verified: shape.user_verified ?? null,
				...(shape.type === 'circle' ? { center_lat: shape.coordinates[0]!.lat, center_lng: shape.coordinates[0]!.lng, radius_m: shape.radius_m } : {}),
				area_sqft: shape.area_sqft,
				area_acres: shape.area_acres,
				area_sqm: shape.area_sqm,
				perimeter_m: shape.perimeter_m,
				distance_feet: shape.distance_feet,
				distance_yards: shape.distance_yards,
				distance_meters: shape.distance_meters,
				created_at: m.created_at,
			},
		})),
	)
	return { type: 'FeatureCollection', features }
}
