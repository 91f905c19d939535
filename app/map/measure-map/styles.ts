// How the measure map draws its features: saved measurements (green, the one
// being viewed blue), pending shapes (orange, AI ones blue, invalid red, with
// their corners on touch screens), correction markers and the shape being
// drawn with its live figure. Client-only (imports ol).
import type Feature from 'ol/Feature'
import type { FeatureLike } from 'ol/Feature'
import type Geometry from 'ol/geom/Geometry'
import type LineString from 'ol/geom/LineString'
import MultiPoint from 'ol/geom/MultiPoint'
import type Polygon from 'ol/geom/Polygon'
import { Fill, Stroke, Style, Text } from 'ol/style'
import CircleStyle from 'ol/style/Circle'
import { computeShape, shapeProblems, type Shape } from '~/lib/shapes.ts'
import { formatArea, formatLength, type AreaUnit, type LengthUnit } from '~/lib/units.ts'
import { SURFACE_COLORS, SURFACE_LABELS, surfaceOf } from '~/lib/surfaces.ts'
import { featureToShape, type FeatureMeta } from '../shape-features.ts'
import type { LatestProps, SeedKind } from './types.ts'

/** a finger, not a mouse: bigger vertices and grab distances (touch targets of about 44 px) */
export const coarsePointer = () => typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches

export const COLORS = {
	saved: { stroke: '#16a34a', fill: 'rgba(22,163,74,0.18)', width: 2 },
	viewed: { stroke: '#2563eb', fill: 'rgba(37,99,235,0.25)', width: 4 },
	local: { stroke: '#f97316', fill: 'rgba(249,115,22,0.22)', width: 2.5 },
	ai: { stroke: '#3b82f6', fill: 'rgba(59,130,246,0.22)', width: 2.5 },
	invalid: { stroke: '#dc2626', fill: 'rgba(220,38,38,0.2)', width: 2.5 },
}

/** the figure, after the surface when it is one (issue 32): "Lawn · 2,400 sq ft" */
export function label(shape: Shape, areaUnit: AreaUnit, lengthUnit: LengthUnit) {
	const figure = shape.type === 'polyline' ? formatLength(shape.distance_feet, lengthUnit) : formatArea(shape.area_sqft, areaUnit)
	const surface = surfaceOf(shape)
	return surface === 'other' ? figure : `${SURFACE_LABELS[surface]} · ${figure}`
}

/** issue 32: a shape's fill is its surface's colour; the outline keeps what it is (saved, viewed, pending, AI) */
function bySurface(palette: (typeof COLORS)[keyof typeof COLORS], shape: Shape) {
	const surface = surfaceOf(shape)
	if (surface === 'other' || palette === COLORS.invalid) return palette
	// a line has no fill: its stroke says the surface
	if (shape.type === 'polyline') return { ...palette, stroke: SURFACE_COLORS[surface] }
	return { ...palette, fill: `${SURFACE_COLORS[surface]}59` }
}

export type Figures = { revision: number; shape: Shape; problems: Record<string, string> }

/** a feature's figures and problems, computed again only when it or its geometry changed */
export function figureCache() {
	const figures = new WeakMap<Feature<Geometry>, Figures>()
	return (feature: Feature<Geometry>): Figures => {
		const revision = feature.getRevision() + (feature.getGeometry()?.getRevision() ?? 0) * 1e6
		const cached = figures.get(feature)
		if (cached && cached.revision === revision) return cached
		const input = featureToShape(feature)
		const problems = shapeProblems(input)
		const entry = { revision, shape: computeShape(input), problems }
		figures.set(feature, entry)
		return entry
	}
}

const styleFor = (palette: (typeof COLORS)[keyof typeof COLORS], text: string) => [
	new Style({
		stroke: new Stroke({ color: palette.stroke, width: palette.width }),
		fill: new Fill({ color: palette.fill }),
		image: new CircleStyle({ radius: 4, fill: new Fill({ color: palette.stroke }) }),
		text: new Text({
			text,
			font: '600 13px system-ui, sans-serif',
			fill: new Fill({ color: '#fff' }),
			stroke: new Stroke({ color: 'rgba(0,0,0,0.75)', width: 3 }),
			overflow: true,
			placement: 'point',
		}),
	}),
]

/** the styles of the pending shapes' layer and the saved measurements' layer */
export function layerStyles(figuresOf: (feature: Feature<Geometry>) => Figures, latest: LatestProps, coarse: boolean) {
	// on a touch screen the corners of pending shapes show, so a finger knows where to drag or long-press
	const vertexStyle = new Style({
		image: new CircleStyle({ radius: 7, fill: new Fill({ color: '#fff' }), stroke: new Stroke({ color: COLORS.local.stroke, width: 3 }) }),
		geometry: (feature) => {
			const g = feature.getGeometry() as Geometry | undefined
			const type = g?.getType()
			if (type === 'Polygon') return new MultiPoint((g as Polygon).getCoordinates().flatMap((ring) => ring.slice(0, -1)))
			if (type === 'LineString') return new MultiPoint((g as LineString).getCoordinates())
			return undefined
		},
	})
	const localStyle = (feature: unknown) => {
		const f = feature as Feature<Geometry>
		const { shape, problems } = figuresOf(f)
		const meta = f.getProperties() as FeatureMeta
		const palette = Object.keys(problems).length ? COLORS.invalid : meta.measurementType === 'ai' ? COLORS.ai : COLORS.local
		const { areaUnit, lengthUnit } = latest.current
		const styles = styleFor(bySurface(palette, shape), Object.keys(problems).length ? 'Fix outline' : label(shape, areaUnit, lengthUnit))
		return coarse ? [...styles, vertexStyle] : styles
	}
	const savedStyle = (feature: unknown) => {
		const f = feature as Feature<Geometry>
		const { shape } = figuresOf(f)
		const meta = f.getProperties() as FeatureMeta
		const { areaUnit, lengthUnit, viewingId } = latest.current
		return styleFor(bySurface(meta.measurementId === viewingId ? COLORS.viewed : COLORS.saved, shape), label(shape, areaUnit, lengthUnit))
	}
	return { localStyle, savedStyle }
}

/** correction taps: small markers, green "Lawn here", red "Not lawn" */
export function seedStyle() {
	const seedStyles = {
		lawn: new Style({ image: new CircleStyle({ radius: 7, fill: new Fill({ color: '#16a34a' }), stroke: new Stroke({ color: '#fff', width: 2 }) }) }),
		other: new Style({ image: new CircleStyle({ radius: 7, fill: new Fill({ color: '#dc2626' }), stroke: new Stroke({ color: '#fff', width: 2 }) }) }),
	}
	return (f: FeatureLike) => seedStyles[(f.get('seedKind') as SeedKind) ?? 'other']
}

/** the shape being drawn, which carries its live figure (issue 21 §2); corners are finger-sized on touch screens */
export function sketchStyle(coarse: boolean, live: () => { sketch: Feature<Geometry> | null; text: string }) {
	const sketchFill = new Fill({ color: COLORS.local.fill })
	const sketchStroke = new Stroke({ color: COLORS.local.stroke, width: 2.5, lineDash: [6, 4] })
	const sketchPoint = new Style({ image: new CircleStyle({ radius: coarse ? 9 : 5, fill: new Fill({ color: COLORS.local.stroke }), stroke: new Stroke({ color: '#fff', width: 2 }) }) })
	return (feature: unknown) => {
		const f = feature as Feature<Geometry>
		if (f.getGeometry()?.getType() === 'Point') return sketchPoint
		const { sketch, text: liveText } = live()
		const text =
			f === sketch && liveText
				? new Text({ text: liveText, font: '600 14px system-ui, sans-serif', fill: new Fill({ color: '#fff' }), stroke: new Stroke({ color: 'rgba(0,0,0,0.8)', width: 4 }), overflow: true, placement: 'point' })
				: undefined
		return new Style({ fill: sketchFill, stroke: sketchStroke, text })
	}
}
