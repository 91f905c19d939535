// Leads (issue 19 item 4), the parts without I/O: how a status and a source
// read, and a lead's detected shapes (GeoJSON) as measurement shapes for
// "Open in Measure". Pure.
import type { FeatureCollection, Position } from 'geojson'
import type { LeadSource, LeadStatus } from './quote-widget.ts'
import { MAX_SHAPES_PER_MEASUREMENT, shapeProblems, type ShapeInput } from './shapes.ts'

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', won: 'Won', lost: 'Lost' }
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = { widget: 'Widget', share: 'Share link' }

/** A GeoJSON ring (closed, [lng, lat]) as the measurement's points (open, {lat, lng}). */
function ringPoints(ring: readonly Position[]) {
	const points = ring.map(([lng, lat]) => ({ lat: Number(lat), lng: Number(lng) }))
	const first = points[0]
	const last = points.at(-1)
	if (points.length > 1 && first && last && first.lat === last.lat && first.lng === last.lng) points.pop()
	return points
}

const inRange = (p: { lat: number; lng: number }) => Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180

/**
 * A lead's polygons as the shapes POST /api/measurements takes: one polygon per
 * GeoJSON Polygon (holes kept), marked `ai` with the detector's confidence when
 * they came from grass detection. A polygon the measurement rules would refuse
 * (too few points, crossing itself) is left out rather than refusing the lot;
 * at most the measurement's shape limit.
 */
export function leadShapesToMeasurementShapes(shapes: FeatureCollection | null | undefined, source: 'ai' | 'manual'): ShapeInput[] {
	if (!shapes || shapes.type !== 'FeatureCollection' || !Array.isArray(shapes.features)) return []
	const out: ShapeInput[] = []
	for (const feature of shapes.features) {
		const geometry = feature?.geometry
		if (geometry?.type !== 'Polygon' || !Array.isArray(geometry.coordinates) || !geometry.coordinates.length) continue
		const [outer = [], ...holes] = geometry.coordinates.map(ringPoints)
		if (![outer, ...holes].every((ring) => ring.every(inRange))) continue
		const properties = (feature.properties ?? {}) as { label?: unknown; ai_confidence?: unknown }
		const shape: ShapeInput = {
			id: `lead-${out.length + 1}`,
			type: 'polygon',
			coordinates: outer,
			...(holes.length ? { holes } : {}),
			measurement_type: source,
			...(typeof properties.label === 'string' && properties.label.trim() ? { label: properties.label.trim().slice(0, 200) } : {}),
			...(source === 'ai' && typeof properties.ai_confidence === 'number' && properties.ai_confidence >= 0 && properties.ai_confidence <= 1
				? { ai_confidence: properties.ai_confidence }
				: {}),
		}
		if (Object.keys(shapeProblems(shape)).length) continue
		out.push(shape)
		if (out.length === MAX_SHAPES_PER_MEASUREMENT) break
	}
	return out
}

/** /measure at a lead's address (and point), showing one measurement when there is one. */
export function measureHref(place: { address: string | null; lat: number | null; lng: number | null }, measurementId?: string | null): string {
	const params = new URLSearchParams()
	if (measurementId) params.set('id', measurementId)
	if (place.lat !== null && place.lng !== null) {
		params.set('lat', String(place.lat))
		params.set('lng', String(place.lng))
	}
	if (place.address) params.set('address', place.address)
	const search = params.toString()
	return `/measure${search ? `?${search}` : ''}`
}

export const MAX_SUBJECT_TEXT = 80

/**
 * Free text made safe for an e-mail subject: control and format characters
 * (newlines, tabs, bidi overrides) become spaces, runs of spaces one, and at
 * most `max` characters, cut with "…".
 */
export function subjectText(text: string, max = MAX_SUBJECT_TEXT): string {
	const plain = text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ').replace(/\s+/g, ' ').trim()
	const chars = [...plain]
	return chars.length <= max ? plain : `${chars.slice(0, max - 1).join('').trimEnd()}…`
}
