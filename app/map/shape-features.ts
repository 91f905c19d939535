// Conversions between saved/local shapes (lat/lng) and OpenLayers features
// (EPSG:3857). Client-only (imports ol).
import Feature from 'ol/Feature'
import type Geometry from 'ol/geom/Geometry'
import Circle from 'ol/geom/Circle'
import LineString from 'ol/geom/LineString'
import Polygon from 'ol/geom/Polygon'
import { fromLonLat, toLonLat } from 'ol/proj'
import { circleRing, distance, type LatLng } from '~/lib/geodesy.ts'
import type { ShapeInput, ShapeType } from '~/lib/shapes.ts'
import type { Surface } from '~/lib/surfaces.ts'

export const toMap = (p: LatLng) => fromLonLat([p.lng, p.lat])
export const toLatLng = (c: number[]): LatLng => {
	const [lng, lat] = toLonLat(c)
	return { lat: round(lat!), lng: round(lng!) }
}
// 1e-9° ≈ 0.1 mm: plenty, and keeps stored coordinates short
const round = (v: number) => Math.round(v * 1e9) / 1e9

export type FeatureMeta = {
	shapeId: string
	shapeType: ShapeType
	measurementType: 'manual' | 'ai'
	measurementId?: string
	ai_confidence?: number
	label?: string
	/** an AI shape the user has edited: it is now verified (spec 1 §2) */
	userVerified?: boolean
	/** what the shape is (issue 32) */
	surface?: Surface
}

/** The shape a feature stands for (circles keep centre + true radius in metres). */
export function featureToShape(feature: Feature<Geometry>): ShapeInput & { id: string } {
	const meta = feature.getProperties() as FeatureMeta
	const geometry = feature.getGeometry()
	const base = {
		id: meta.shapeId,
		measurement_type: meta.measurementType,
		...(meta.ai_confidence !== undefined ? { ai_confidence: meta.ai_confidence } : {}),
		...(meta.label ? { label: meta.label } : {}),
		...(meta.surface ? { surface: meta.surface } : {}),
		...(meta.measurementType === 'ai' ? { user_verified: meta.userVerified ? ('true' as const) : ('false' as const) } : {}),
	}
	if (geometry instanceof Circle) {
		const center = geometry.getCenter()
		const edge = [center[0]! + geometry.getRadius(), center[1]!]
		const c = toLatLng(center)
		return { ...base, type: 'circle', coordinates: [c], radius_m: distance(c, toLatLng(edge)) }
	}
	if (geometry instanceof LineString) {
		return { ...base, type: 'polyline', coordinates: geometry.getCoordinates().map(toLatLng) }
	}
	const rings = (geometry as Polygon).getCoordinates()
	const open = (ring: number[][]) => ring.slice(0, -1).map(toLatLng)
	const holes = rings.slice(1).map(open)
	return { ...base, type: meta.shapeType === 'rectangle' ? 'rectangle' : 'polygon', coordinates: open(rings[0] ?? []), ...(holes.length ? { holes } : {}) }
}

/** A feature for a shape. `editable` circles stay ol Circles so they can be resized. */
export function shapeToFeature(shape: ShapeInput & { id?: string }, meta: Partial<FeatureMeta> = {}, editable = false): Feature<Geometry> {
	let geometry: Geometry
	if (shape.type === 'circle') {
		const center = shape.coordinates[0]!
		if (editable) {
			// radius in projected metres: true metres scaled like the map is at that latitude
			const east = toMap(circleRing(center, shape.radius_m ?? 0, 4)[1]!)
			const c = toMap(center)
			geometry = new Circle(c, Math.hypot(east[0]! - c[0]!, east[1]! - c[1]!))
		} else {
			geometry = new Polygon([close(circleRing(center, shape.radius_m ?? 0, 128).map(toMap))])
		}
	} else if (shape.type === 'polyline') {
		geometry = new LineString(shape.coordinates.map(toMap))
	} else {
		geometry = new Polygon([close(shape.coordinates.map(toMap)), ...(shape.holes ?? []).map((h) => close(h.map(toMap)))])
	}
	const feature = new Feature(geometry)
	feature.setProperties({
		shapeId: shape.id ?? newShapeId(),
		shapeType: shape.type,
		measurementType: shape.measurement_type ?? 'manual',
		...(shape.ai_confidence !== undefined ? { ai_confidence: shape.ai_confidence } : {}),
		...(shape.label ? { label: shape.label } : {}),
		...(shape.user_verified === 'true' ? { userVerified: true } : {}),
		...(shape.surface ? { surface: shape.surface } : {}),
		...meta,
	} satisfies Partial<FeatureMeta>)
	return feature
}

const close = (ring: number[][]) => (ring.length ? [...ring, ring[0]!] : ring)

/** spec 1 §3: local-timestamp-random */
export const newShapeId = () => `local-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
