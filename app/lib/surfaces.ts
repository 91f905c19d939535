// Surfaces (issue 32): what each shape is, so every service is priced on its
// own surface. Pure and isomorphic. docs/decisions.md "Surfaces per shape".
import type { TotalsBySurface } from './shapes.ts'
import { formatArea, formatLength, type AreaUnit, type LengthUnit } from './units.ts'

export const AREA_SURFACES = ['lawn', 'bed', 'hardscape', 'building', 'other'] as const
export const LINE_SURFACES = ['edging', 'fence', 'other'] as const
export type AreaSurface = (typeof AREA_SURFACES)[number]
export type LineSurface = (typeof LINE_SURFACES)[number]
/** every surface, areas first; "other" is both an area and a line surface */
export const SURFACES = ['lawn', 'bed', 'hardscape', 'building', 'edging', 'fence', 'other'] as const
export type Surface = (typeof SURFACES)[number]
/** what a shape without one (every shape saved before surfaces) reads as: no guess */
export const DEFAULT_SURFACE: Surface = 'other'
/** what the AI's grass areas are */
export const AI_SURFACE: Surface = 'lawn'
/** a price-list item that is not bound to one surface (every item made before surfaces) */
export const ALL_SURFACES = 'all'
export const PRICE_SURFACES = [ALL_SURFACES, ...SURFACES] as const
export type PriceSurface = (typeof PRICE_SURFACES)[number]

export const SURFACE_LABELS: Record<Surface, string> = {
	lawn: 'Lawn',
	bed: 'Bed',
	hardscape: 'Hardscape',
	building: 'Building',
	edging: 'Edging',
	fence: 'Fence',
	other: 'Other',
}
/** map colours: stroke, fill is the same with alpha */
export const SURFACE_COLORS: Record<Surface, string> = {
	lawn: '#16a34a',
	bed: '#a16207',
	hardscape: '#64748b',
	building: '#7c3aed',
	edging: '#db2777',
	fence: '#0891b2',
	other: '#f59e0b',
}

export const isSurface = (value: unknown): value is Surface => typeof value === 'string' && (SURFACES as readonly string[]).includes(value)

/** The surfaces a shape of this type may have: areas or lines. */
export function surfacesFor(type: string): readonly Surface[] {
	return type === 'polyline' ? LINE_SURFACES : AREA_SURFACES
}

/** The shape's surface, "other" when it has none (or one that is not known). */
export function surfaceOf(shape: { surface?: unknown }): Surface {
	return isSurface(shape.surface) ? shape.surface : DEFAULT_SURFACE
}

/** Null when the surface fits the shape type, else the message (path `surface`). */
export function surfaceProblem(type: string, surface: Surface | undefined): string | null {
	if (surface === undefined || surfacesFor(type).includes(surface)) return null
	return type === 'polyline' ? 'A line is edging, fence or other' : 'An area is lawn, bed, hardscape, building or other'
}

/** Null when a price unit may be bound to the surface ("per ft" on lines, "per sq ft" on areas), else the message. */
export function priceSurfaceProblem(unit: string, surface: PriceSurface): string | null {
	if (surface === ALL_SURFACES || unit === 'flat') return null
	if (unit === 'ft' && !(LINE_SURFACES as readonly string[]).includes(surface)) return 'A per ft service applies to edging, fence or other lines'
	if (unit === 'sqft' && !(AREA_SURFACES as readonly string[]).includes(surface)) return 'A per sq ft service applies to lawn, bed, hardscape, building or other areas'
	return null
}

/** " · lawn" after a price bound to a surface, nothing for "all areas" (issue 32) */
export function surfaceNote(surface: string | null | undefined): string {
	return isSurface(surface) ? ` · ${SURFACE_LABELS[surface].toLowerCase()}` : ''
}

/** "Lawn 2,400 sq ft", "Edging 120 ft": each surface present, in SURFACES order (nothing counted twice). */
export function surfaceFigures(totals: TotalsBySurface | null | undefined, units: { area: AreaUnit; length: LengthUnit }) {
	return SURFACES.filter((surface) => totals?.[surface]).map((surface) => {
		const t = totals![surface]!
		const parts = [t.area_sqft > 0 || t.distance_feet === 0 ? formatArea(t.area_sqft, units.area) : null, t.distance_feet > 0 ? formatLength(t.distance_feet, units.length) : null]
		return { surface, label: SURFACE_LABELS[surface], figure: parts.filter(Boolean).join(' · ') }
	})
}
