// The drawing tools of the measure map (spec 1 §4, issue 21 §2): one Draw (or
// ol-ext DrawHole) interaction for the active tool, its sketch's live figure,
// the count of placed points, and keeping the last point clear of the phone's
// bottom sheet. Client-only (imports ol).
import type Feature from 'ol/Feature'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import type Geometry from 'ol/geom/Geometry'
import type LineString from 'ol/geom/LineString'
import type Polygon from 'ol/geom/Polygon'
import Draw, { createBox } from 'ol/interaction/Draw'
import Snap from 'ol/interaction/Snap'
import DrawHole from 'ol-ext/interaction/DrawHole'
import { computeShape } from '~/lib/shapes.ts'
import { featureToShape, type FeatureMeta } from '../shape-features.ts'
import { coarsePointer, label, sketchStyle } from './styles.ts'
import type { LatestProps, MapApi, Tool } from './types.ts'

/** vertices placed in a Draw sketch (the sketch also holds the point that follows the pointer) */
export function placedPoints(geometry: Geometry | undefined) {
	if (!geometry) return 0
	const type = geometry.getType()
	// a new sketch's ring is [first, pointer]; once changed it is closed: [first, …, pointer, first]
	if (type === 'Polygon') {
		const ring = (geometry as Polygon).getCoordinates()[0] ?? []
		return Math.max(0, ring.length - (ring.length >= 3 ? 2 : 1))
	}
	if (type === 'LineString') return Math.max(0, (geometry as LineString).getCoordinates().length - 1)
	return 1
}

/**
 * Starts drawing with `tool` on the map of `a` (a.draw is set); returns the
 * cleanup for when the tool changes. `current` is the map's API while the map
 * lives (null once it is gone).
 */
export function startDrawing(a: MapApi, tool: Tool, latest: LatestProps, current: () => MapApi | null): () => void {
	const coarse = coarsePointer()
	let sketch: Feature<Geometry> | null = null
	// the drawn shape is the sketch feature itself: its listener ends with the drawing, or later edits
	// of the finished shape would move the map (keepVisible) and bring the live label back
	let unlisten: (() => void) | null = null
	let liveText = ''
	const style = sketchStyle(coarse, () => ({ sketch, text: liveText }))
	const options = { style, snapTolerance: coarse ? 22 : 12 }
	let draw: Draw
	if (tool === 'hole') {
		draw = new DrawHole({ layers: [a.localLayer], ...options })
		// cutting a hole in an AI shape is an edit too
		;(draw as unknown as { on(t: string, f: (e: { feature?: Feature<Geometry> }) => void): void }).on('modifyend', (e) => {
			if (e.feature && (e.feature.getProperties() as FeatureMeta).measurementType === 'ai') e.feature.set('userVerified', true)
		})
	}
	else if (tool === 'rectangle') draw = new Draw({ source: a.local, type: 'Circle', geometryFunction: createBox(), ...options })
	else if (tool === 'circle') draw = new Draw({ source: a.local, type: 'Circle', ...options })
	else if (tool === 'polyline') draw = new Draw({ source: a.local, type: 'LineString', ...options })
	else draw = new Draw({ source: a.local, type: 'Polygon', ...options })
	guardMultiTouch(draw)
	latest.current.onSketch?.(0)
	draw.on('drawstart', (event) => {
		const feature = event.feature
		sketch = feature
		liveText = ''
		// the live label says what is being drawn (issue 32): "Lawn · 1,200 sq ft"
		const chosen = tool === 'hole' ? undefined : tool === 'polyline' ? latest.current.surface?.line : latest.current.surface?.area
		feature.setProperties({ shapeId: 'sketch', shapeType: tool === 'hole' ? 'polygon' : tool, measurementType: 'manual', ...(chosen ? { surface: chosen } : {}) })
		let points = 0
		const onChange = () => {
			const geometry = feature.getGeometry()
			const placed = placedPoints(geometry)
			if (placed !== points) {
				points = placed
				latest.current.onSketch?.(placed)
				// the point that follows the finger is the last one placed: keep it out from under the sheet
				const type = geometry?.getType()
				const ring = type === 'Polygon' ? ((geometry as Polygon).getCoordinates()[0] ?? []) : []
				const end = type === 'Polygon' ? ring.at(ring.length >= 3 ? -2 : -1) : type === 'LineString' ? (geometry as LineString).getCoordinates().at(-1) : null
				const api = current()
				if (api) api.sketchEnd = end ?? null
				if (end) current()?.keepVisible(end)
			}
			try {
				const shape = computeShape(featureToShape(feature))
				const { areaUnit, lengthUnit } = latest.current
				liveText = tool === 'hole' ? `Excluding ${label(shape, areaUnit, lengthUnit)}` : label(shape, areaUnit, lengthUnit)
				latest.current.onLiveFigure(liveText)
			} catch {
				// a sketch with too few points has no figure yet
			}
		}
		const geometry = feature.getGeometry()
		geometry?.on('change', onChange)
		unlisten = () => geometry?.un('change', onChange)
		onChange()
	})
	const sketchDone = () => {
		unlisten?.()
		unlisten = null
		sketch = null
		const api = current()
		if (api) api.sketchEnd = null
		latest.current.onSketch?.(0)
	}
	draw.on('drawabort', () => {
		sketchDone()
		latest.current.onLiveFigure(null)
	})
	draw.on('drawend', (event) => {
		sketchDone()
		if (tool !== 'hole') {
			const chosen = latest.current.surface
			const surface = tool === 'polyline' ? chosen?.line : chosen?.area
			const meta: FeatureMeta = { shapeId: `local-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, shapeType: tool, measurementType: 'manual', ...(surface ? { surface } : {}) }
			event.feature.setProperties(meta)
		}
		latest.current.onLiveFigure(null)
		// completing a shape ends drawing mode (spec 1 §4)
		setTimeout(() => latest.current.onToolDone(), 0)
	})
	a.map.addInteraction(draw)
	// snapping must come after the interactions it serves
	for (const i of a.map.getInteractions().getArray().filter((x) => x instanceof Snap)) {
		a.map.removeInteraction(i)
		a.map.addInteraction(i)
	}
	a.draw = draw
	return () => {
		unlisten?.()
		unlisten = null
		latest.current.onLiveFigure(null)
		latest.current.onSketch?.(null)
		const api = current()
		if (api) api.sketchEnd = null
	}
}

/**
 * Pinch and two-finger pan never add a vertex (issue 21 §2): once a second
 * finger has touched during a gesture, the gesture's last finger up is not a tap.
 * (Draw only compares where the first finger went down with where the last one
 * came up, so a pinch could end close enough to count as a tap.)
 */
function guardMultiTouch(draw: Draw) {
	const d = draw as unknown as {
		handleEvent(e: MapBrowserEvent): boolean
		handleUpEvent(e: MapBrowserEvent): boolean
		getPointerCount(): number
		shouldHandle_: boolean
	}
	let multi = false
	const handleEvent = d.handleEvent.bind(d)
	const handleUpEvent = d.handleUpEvent.bind(d)
	d.handleEvent = (e) => {
		if (e.type === 'pointerdown') multi = d.getPointerCount() > 0
		return handleEvent(e)
	}
	d.handleUpEvent = (e) => {
		if (multi && d.getPointerCount() === 0) {
			d.shouldHandle_ = false
			multi = false
		}
		return handleUpEvent(e)
	}
}
