// Measurement shapes: validation and exact figures (decisions page "Measurements").
// Pure and isomorphic: the panel shows live what the server will store.
import kinks from '@turf/kinks'
import { polygon as turfPolygon } from '@turf/helpers'
import union from '@turf/union'
import type { Feature, MultiPolygon, Polygon } from 'geojson'
import { z } from 'zod'
import { circleArea, circlePerimeter, circleRing, lineLength, polygonPerimeter, ringArea, type LatLng } from './geodesy.ts'
import { DEFAULT_SURFACE, SURFACES, surfaceOf, surfaceProblem, type Surface } from './surfaces.ts'
import { areaFigures, distanceFigures } from './units.ts'

export const SHAPE_TYPES = ['polygon', 'rectangle', 'circle', 'polyline'] as const
export type ShapeType = (typeof SHAPE_TYPES)[number]
export const MAX_VERTICES_PER_SHAPE = 5000
export const MAX_SHAPES_PER_MEASUREMENT = 200
export const MAX_CIRCLE_RADIUS_M = 5000

export const LatLngSchema = z.strictObject({
	lat: z.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
	lng: z.number({ error: 'Longitude must be a number' }).min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180'),
})

const figure = z.number().optional()
const textBool = z.enum(['true', 'false'])

/** A shape as the client sends it; figures it sends are ignored and recomputed. */
export const ShapeInputSchema = z.strictObject({
	id: z.string().max(100).optional(),
	type: z.enum(SHAPE_TYPES, { error: 'Shape type must be polygon, rectangle, circle or polyline' }),
	coordinates: z.array(LatLngSchema).max(MAX_VERTICES_PER_SHAPE, `A shape can have at most ${MAX_VERTICES_PER_SHAPE} points`),
	holes: z.array(z.array(LatLngSchema).max(MAX_VERTICES_PER_SHAPE)).max(100, 'A shape can have at most 100 excluded areas').optional(),
	radius_m: z.number().positive('Radius must be positive').max(MAX_CIRCLE_RADIUS_M, 'Radius is too large').optional(),
	label: z.string().trim().max(200).optional(),
	surface: z.enum(SURFACES, { error: `Surface must be one of ${SURFACES.join(', ')}` }).optional(),
	measurement_type: z.enum(['manual', 'ai']).optional(),
	ai_confidence: z.number().min(0).max(1).optional(),
	user_verified: textBool.optional(),
	area_sqft: figure,
	area_acres: figure,
	area_sqm: figure,
	perimeter_m: figure,
	distance_feet: figure,
	distance_yards: figure,
	distance_meters: figure,
})
export type ShapeInput = z.infer<typeof ShapeInputSchema>

export type Shape = Omit<ShapeInput, 'surface' | 'area_sqft' | 'area_acres' | 'area_sqm' | 'perimeter_m' | 'distance_feet' | 'distance_yards' | 'distance_meters'> & {
	surface: Surface
	area_sqft: number
	area_acres: number
	area_sqm: number
	perimeter_m: number
	distance_feet: number
	distance_yards: number
	distance_meters: number
}

const distinct = (points: readonly LatLng[]) => new Set(points.map((p) => `${p.lat},${p.lng}`)).size

function closed(ring: readonly LatLng[]) {
	const coords = ring.map((p) => [p.lng, p.lat])
	return [...coords, coords[0]!]
}

function ringFeature(ring: readonly LatLng[], holes: readonly (readonly LatLng[])[] = []): Feature<Polygon> {
	return turfPolygon([closed(ring), ...holes.map(closed)])
}

function crosses(ring: readonly LatLng[]): boolean {
	return kinks(ringFeature(ring)).features.length > 0
}

function pointInRing(point: LatLng, ring: readonly LatLng[]): boolean {
	let inside = false
	for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
		const a = ring[i]!
		const b = ring[j]!
		if (a.lat > point.lat !== b.lat > point.lat && point.lng < ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside
	}
	return inside
}

/** Problems with one shape, as `path → message` (empty when it is fine). */
export function shapeProblems(shape: ShapeInput): Record<string, string> {
	const problems: Record<string, string> = {}
	const wrongSurface = surfaceProblem(shape.type, shape.surface)
	if (wrongSurface) problems.surface = wrongSurface
	const n = distinct(shape.coordinates)
	if (shape.type === 'circle') {
		if (shape.coordinates.length !== 1) problems.coordinates = 'A circle has exactly one point, its centre'
		if (shape.radius_m === undefined) problems.radius_m = 'A circle needs a radius'
		return problems
	}
	if (shape.type === 'polyline') {
		if (n < 2) problems.coordinates = 'A line needs at least 2 distinct points'
		return problems
	}
	if (n < 3) {
		problems.coordinates = 'An area needs at least 3 distinct points'
		return problems
	}
	if (shape.coordinates.length + (shape.holes ?? []).reduce((s, h) => s + h.length, 0) > MAX_VERTICES_PER_SHAPE) {
		problems.coordinates = `A shape can have at most ${MAX_VERTICES_PER_SHAPE} points`
		return problems
	}
	// decision: a self-intersecting outline is refused; its "area" would be ambiguous
	if (crosses(shape.coordinates)) problems.coordinates = 'The outline crosses itself. Redraw it without crossing edges.'
	shape.holes?.forEach((hole, i) => {
		if (distinct(hole) < 3) problems[`holes.${i}`] = 'An excluded area needs at least 3 distinct points'
		else if (crosses(hole)) problems[`holes.${i}`] = 'The excluded area crosses itself. Redraw it without crossing edges.'
		else if (!hole.every((p) => pointInRing(p, shape.coordinates))) problems[`holes.${i}`] = 'An excluded area must lie inside its shape'
	})
	return problems
}

/** Every shape checked (problems keyed `shapes.<i>.<field>`), then measured; the pure core of the service's prepareShapes. */
export function validateShapes(inputs: readonly ShapeInput[]): { shapes: Shape[] } | { fields: Record<string, string> } {
	const fields: Record<string, string> = {}
	inputs.forEach((input, i) => {
		for (const [path, message] of Object.entries(shapeProblems(input))) fields[`shapes.${i}.${path}`] = message
	})
	return Object.keys(fields).length ? { fields } : { shapes: inputs.map(computeShape) }
}

/** Area (m²) of the union of polygons (with holes), edges straight in lng/lat for the topology. */
function unionArea(polygons: readonly Feature<Polygon>[]): number {
	const merged = polygons.length === 1 ? polygons[0]! : union({ type: 'FeatureCollection', features: [...polygons] })
	if (!merged) return 0
	const parts = merged.geometry.type === 'Polygon' ? [merged.geometry.coordinates] : (merged.geometry as MultiPolygon).coordinates
	let area = 0
	for (const part of parts) {
		part.forEach((ring, i) => {
			const points = ring.slice(0, -1).map(([lng, lat]) => ({ lat: lat!, lng: lng! }))
			area += (i === 0 ? 1 : -1) * ringArea(points)
		})
	}
	return area
}

/** Whether the bounding boxes of any two polygons meet (touching counts). */
function boxesMeet(polygons: readonly Feature<Polygon>[]): boolean {
	const boxes = polygons.map(box)
	return boxes.some((a, i) => boxes.some((b, j) => j > i && meet(a, b)))
}

/** Area (m²) of a polygon feature's own rings: outer less holes. */
function featureArea(feature: Feature<Polygon>): number {
	return feature.geometry.coordinates.reduce((sum, ring, i) => {
		const points = ring.slice(0, -1).map(([lng, lat]) => ({ lat: lat!, lng: lng! }))
		return sum + (i === 0 ? 1 : -1) * ringArea(points)
	}, 0)
}

/** Area (m²) the excluded areas cut out: their union, so overlaps count once. */
function excludedArea(holes: readonly (readonly LatLng[])[]): number {
	if (holes.length <= 1) return holes.reduce((s, h) => s + ringArea(h), 0)
	return unionArea(holes.map((h) => ringFeature(h)))
}

/** The shape with its exact figures. Call shapeProblems first. */
export function computeShape(input: ShapeInput): Shape {
	const { area_sqft: _a, area_acres: _b, area_sqm: _c, perimeter_m: _d, distance_feet: _e, distance_yards: _f, distance_meters: _g, ...shape } = input
	let sqm = 0
	let perimeter = 0
	let meters = 0
	if (shape.type === 'polyline') {
		meters = lineLength(shape.coordinates)
	} else if (shape.type === 'circle') {
		const center = shape.coordinates[0]!
		sqm = circleArea(center, shape.radius_m ?? 0)
		perimeter = circlePerimeter(center, shape.radius_m ?? 0)
	} else {
		const holes = shape.holes ?? []
		sqm = Math.max(0, ringArea(shape.coordinates) - excludedArea(holes))
		perimeter = polygonPerimeter(shape.coordinates, holes)
	}
	return { ...shape, surface: shape.surface ?? DEFAULT_SURFACE, ...areaFigures(sqm), perimeter_m: perimeter, ...distanceFigures(meters) }
}

/** The ring that represents an area shape (circles as 256-gons), for unions and drawing. */
export function shapeRing(shape: Pick<ShapeInput, 'type' | 'coordinates' | 'radius_m'>): LatLng[] {
	if (shape.type === 'circle') return circleRing(shape.coordinates[0]!, shape.radius_m ?? 0)
	return shape.coordinates
}

export type Totals = {
	total_area_sqft: number
	total_area_acres: number
	total_area_sqm: number
	total_distance_feet: number
	total_distance_yards: number
	total_distance_meters: number
	shape_count: number
	is_linear_measurement: boolean
}

/**
 * `disjoint`: the caller knows no two area shapes overlap — one detection's areas, regions of one
 * mask — so their union is their sum and the polygon clipping (150–600 ms for a detection's
 * outlines, on the thread that calls it) is skipped.
 */
export type TotalsOptions = { disjoint?: boolean }

/**
 * Totals of a measurement. Areas add up, except where shapes overlap: then the
 * overlap counts once (the union), so a lawn drawn in two overlapping parts is
 * not paid twice. Lines add up.
 */
export function computeTotals(shapes: readonly Shape[], { disjoint = false }: TotalsOptions = {}): Totals {
	const areas = shapes.filter((s) => s.type !== 'polyline')
	const sum = areas.reduce((s, shape) => s + shape.area_sqm, 0)
	let sqm = sum
	if (areas.length > 1 && !disjoint) {
		const polygons = areas.map((shape) => ringFeature(shapeRing(shape), shape.type === 'circle' ? [] : (shape.holes ?? [])))
		// shapes whose boxes don't meet can't overlap: their union is their sum (most
		// measurements: a front and a back lawn), so the costly union is skipped
		if (boxesMeet(polygons)) {
			// what overlapping shapes counted twice, measured on the same rings
			const overlap = polygons.reduce((s, p) => s + featureArea(p), 0) - unionArea(polygons)
			if (overlap > sum * 1e-9) sqm = Math.max(0, sum - overlap)
		}
	}
	const meters = shapes.filter((s) => s.type === 'polyline').reduce((s, shape) => s + shape.distance_meters, 0)
	const area = areaFigures(sqm)
	const distance = distanceFigures(meters)
	return {
		total_area_sqft: area.area_sqft,
		total_area_acres: area.area_acres,
		total_area_sqm: area.area_sqm,
		total_distance_feet: distance.distance_feet,
		total_distance_yards: distance.distance_yards,
		total_distance_meters: distance.distance_meters,
		shape_count: shapes.length,
		is_linear_measurement: shapes.length > 0 && areas.length === 0,
	}
}

export type SurfaceTotals = {
	area_sqft: number
	area_acres: number
	area_sqm: number
	distance_feet: number
	distance_yards: number
	distance_meters: number
	shape_count: number
}
/** per surface present on the measurement (stored as JSON: read it in SURFACES order, not key order) */
export type TotalsBySurface = Partial<Record<Surface, SurfaceTotals>>

/**
 * Totals per surface (issue 32). No area counts twice: where area shapes
 * overlap, the overlap belongs to the smaller shape (a bed or a patio drawn
 * inside a lawn is bed or patio, not also lawn; two lawns overlapping count
 * once), so the areas of all surfaces add up to the measurement's total.
 * Equal sizes: the later drawn wins. Holes stay holes. Lines add up per surface.
 * Shapes saved without a surface count as "other".
 */
export function computeTotalsBySurface(shapes: readonly Shape[], { disjoint = false }: TotalsOptions = {}): TotalsBySurface {
	const sqm = new Map<Surface, number>()
	const meters = new Map<Surface, number>()
	const counts = new Map<Surface, number>()
	const add = (map: Map<Surface, number>, surface: Surface, value: number) => map.set(surface, (map.get(surface) ?? 0) + value)
	for (const shape of shapes) {
		const surface = surfaceOf(shape)
		add(counts, surface, 1)
		if (shape.type === 'polyline') add(meters, surface, shape.distance_meters)
	}
	const areas = shapes.filter((s) => s.type !== 'polyline')
	if (disjoint) {
		for (const shape of areas) add(sqm, surfaceOf(shape), shape.area_sqm)
		return surfaceTotals(counts, sqm, meters)
	}
	const polygons = areas.map((shape) => ringFeature(shapeRing(shape), shape.type === 'circle' ? [] : (shape.holes ?? [])))
	const boxes = polygons.map(box)
	// smallest first; equal sizes: the later drawn first
	const order = areas.map((_, i) => i).sort((a, b) => areas[a]!.area_sqm - areas[b]!.area_sqm || b - a)
	order.forEach((i, rank) => {
		const shape = areas[i]!
		// the smaller shapes this one may overlap: they keep what they cover
		const near = order.slice(0, rank).filter((j) => meet(boxes[i]!, boxes[j]!)).map((j) => polygons[j]!)
		let own = shape.area_sqm
		if (near.length) {
			const claimed = unionArea(near)
			const overlap = featureArea(polygons[i]!) + claimed - unionArea([polygons[i]!, ...near])
			if (overlap > shape.area_sqm * 1e-9) own = Math.max(0, shape.area_sqm - overlap)
		}
		add(sqm, surfaceOf(shape), own)
	})
	return surfaceTotals(counts, sqm, meters)
}

function surfaceTotals(counts: Map<Surface, number>, sqm: Map<Surface, number>, meters: Map<Surface, number>): TotalsBySurface {
	const totals: TotalsBySurface = {}
	for (const surface of SURFACES) {
		if (!counts.has(surface)) continue
		totals[surface] = { ...areaFigures(sqm.get(surface) ?? 0), ...distanceFigures(meters.get(surface) ?? 0), shape_count: counts.get(surface)! }
	}
	return totals
}

type Box = { west: number; east: number; south: number; north: number }
function box(p: Feature<Polygon>): Box {
	const outer = p.geometry.coordinates[0]!
	const lngs = outer.map((c) => c[0]!)
	const lats = outer.map((c) => c[1]!)
	return { west: Math.min(...lngs), east: Math.max(...lngs), south: Math.min(...lats), north: Math.max(...lats) }
}
const meet = (a: Box, b: Box) => a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north
