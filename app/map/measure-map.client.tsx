// The OpenLayers island of /measure (client only, loaded lazily). The map owns
// the local (pending) shapes as features, so OpenLayers and ol-ext interactions
// (Draw, Modify, Snap, DrawHole, UndoRedo) work on them directly; React mirrors
// them through onLocalChange. Saved measurements are redrawn from props.
import 'ol/ol.css'
import Collection from 'ol/Collection'
import Feature from 'ol/Feature'
import OlMap from 'ol/Map'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import Overlay from 'ol/Overlay'
import View from 'ol/View'
import { defaults as defaultControls, ScaleLine } from 'ol/control'
import { getCenter } from 'ol/extent'
import type Geometry from 'ol/geom/Geometry'
import type LineString from 'ol/geom/LineString'
import MultiPoint from 'ol/geom/MultiPoint'
import Point from 'ol/geom/Point'
import type Polygon from 'ol/geom/Polygon'
import Draw, { createBox } from 'ol/interaction/Draw'
import Modify from 'ol/interaction/Modify'
import Snap from 'ol/interaction/Snap'
import TileLayer from 'ol/layer/Tile'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import XYZ from 'ol/source/XYZ'
import { Fill, Stroke, Style, Text } from 'ol/style'
import CircleStyle from 'ol/style/Circle'
import DrawHole from 'ol-ext/interaction/DrawHole'
import UndoRedo from 'ol-ext/interaction/UndoRedo'
import { useEffect, useImperativeHandle, useRef, useState, type CSSProperties, type Ref } from 'react'
import type { LatLng } from '~/lib/geodesy.ts'
import { computeShape, shapeProblems, type Shape, type ShapeInput } from '~/lib/shapes.ts'
import { formatArea, formatLength, type AreaUnit, type LengthUnit } from '~/lib/units.ts'
import { watchImagery, type ImageryWatcher } from './imagery-status.ts'
import { attachCentrePicker, type CentrePicker } from './property-centre.ts'
import { featureToShape, shapeToFeature, toLatLng, toMap, type FeatureMeta } from './shape-features.ts'

export type MapType = 'satellite' | 'hybrid' | 'terrain' | 'roadmap'
export type Tool = 'polygon' | 'rectangle' | 'circle' | 'polyline' | 'hole'
export type LayerConfig = Record<MapType, string> & {
	attribution: string
	/** a layer's own required credit (a keyed satellite provider's), else `attribution` */
	attributions?: Partial<Record<MapType, string>>
	/** the logo a layer's provider requires at the bottom left of its tiles (Google's, over the satellite layer) */
	logos?: Partial<Record<MapType, { url: string; alt: string }>>
	maxZoom: number
	/** per-tile timeout in the browser: a provider that never answers is a failure, not a blank map */
	timeoutMs?: number
}
export type SavedShapes = { id: string; label: string; shapes: ShapeInput[] }
export type LocalShape = Shape & { id: string; problems: Record<string, string> }
export type SeedKind = 'lawn' | 'other'
export type Seeds = { lawn: LatLng[]; other: LatLng[] }

export type MapController = {
	clearLocal(): void
	removeLocal(id: string): void
	loadLocal(shapes: readonly ShapeInput[]): void
	undo(): void
	redo(): void
	showMeasurement(id: string, zoomIn?: boolean): void
	/** asks a failed imagery layer for its tiles again */
	retryImagery(type: MapType): void
	/** one-tap correction: the AI shapes replaced by `shapes` and the tap's marker added, as one undoable step */
	applyCorrection(shapes: readonly ShapeInput[], seed: { kind: SeedKind; at: LatLng }): void
	/** forget the correction taps (a new AI result starts without them) */
	clearSeeds(): void
	/** the shape being drawn: finish it (Done), drop its last point (Undo), or drop it (Cancel) */
	finishDrawing(): void
	removeLastPoint(): void
	abortDrawing(): void
	/** centres the view on a point ("I'm at the property"), at property zoom unless told */
	centreOn(at: LatLng, zoom?: number): void
}

export const DEFAULT_CENTER: LatLng = { lat: 39.8283, lng: -98.5795 }
export const ZOOM = { address: 20, geolocated: 12, default: 15 } as const

type Props = {
	layers: LayerConfig
	mapType: MapType
	center: LatLng | null
	saved: readonly SavedShapes[]
	viewingId: string | null
	areaUnit: AreaUnit
	lengthUnit: LengthUnit
	tool: Tool | null
	onToolDone: () => void
	onLocalChange: (shapes: LocalShape[]) => void
	onLiveFigure: (text: string | null) => void
	onHistory: (state: { canUndo: boolean; canRedo: boolean }) => void
	onSelectSaved: (id: string) => void
	/** while set, a tap on the map is a correction of this kind */
	seedMode?: SeedKind | null
	onSeedTap?: (kind: SeedKind, at: LatLng) => void
	onSeedsChange?: (seeds: Seeds) => void
	controllerRef: Ref<MapController>
	/** while set, a tap (or Enter with the map focused) picks the property centre (issue 18 §2) */
	onPickCentre?: ((centre: LatLng) => void) | null
	/** the property centre's pin */
	pin?: LatLng | null
	/** a tile layer failed (no tile loaded, some failed) or recovered (issue 18 §4) */
	onImageryFailure?: (type: MapType, failed: boolean) => void
	/** points placed in the shape being drawn, null when none is being drawn */
	onSketch?: (points: number | null) => void
	/** pixels at the bottom of the map covered by the phone's bottom sheet: the view keeps to the part above (issue 21) */
	bottomInset?: number
}

/** a finger, not a mouse: bigger vertices and grab distances (touch targets of about 44 px) */
const coarsePointer = () => typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches
const LONG_PRESS_MS = 600

/** vertices placed in a Draw sketch (the sketch also holds the point that follows the pointer) */
function placedPoints(geometry: Geometry | undefined) {
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

const COLORS = {
	saved: { stroke: '#16a34a', fill: 'rgba(22,163,74,0.18)', width: 2 },
	viewed: { stroke: '#2563eb', fill: 'rgba(37,99,235,0.25)', width: 4 },
	local: { stroke: '#f97316', fill: 'rgba(249,115,22,0.22)', width: 2.5 },
	ai: { stroke: '#3b82f6', fill: 'rgba(59,130,246,0.22)', width: 2.5 },
	invalid: { stroke: '#dc2626', fill: 'rgba(220,38,38,0.2)', width: 2.5 },
}

function label(shape: Shape, areaUnit: AreaUnit, lengthUnit: LengthUnit) {
	return shape.type === 'polyline' ? formatLength(shape.distance_feet, lengthUnit) : formatArea(shape.area_sqft, areaUnit)
}

export default function MeasureMap(props: Props) {
	const target = useRef<HTMLDivElement>(null)
	const [logoWidth, setLogoWidth] = useState(0)
	const latest = useRef(props)
	latest.current = props
	const api = useRef<{
		map: OlMap
		local: VectorSource
		localFeatures: Collection<Feature<Geometry>>
		saved: VectorSource
		savedLayer: VectorLayer
		localLayer: VectorLayer
		tiles: Record<MapType, TileLayer>
		undo: UndoRedo
		draw: Draw | null
		seeds: VectorSource
		/** pans so a coordinate stays in the part of the map the sheet does not cover */
		keepVisible: (coordinate: number[]) => void
		/** the last point placed in the shape being drawn */
		sketchEnd: number[] | null
		modify: Modify
	} | null>(null)
	const centrePicker = useRef<CentrePicker | null>(null)
	const imagery = useRef<ImageryWatcher | null>(null)

	// one map for the life of the page; props update its layers and features
	useEffect(() => {
		const { layers } = latest.current
		const figures = new WeakMap<Feature<Geometry>, { revision: number; shape: Shape; problems: Record<string, string> }>()
		const figuresOf = (feature: Feature<Geometry>) => {
			const revision = feature.getRevision() + (feature.getGeometry()?.getRevision() ?? 0) * 1e6
			const cached = figures.get(feature)
			if (cached && cached.revision === revision) return cached
			const input = featureToShape(feature)
			const problems = shapeProblems(input)
			const entry = { revision, shape: computeShape(input), problems }
			figures.set(feature, entry)
			return entry
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
		const coarse = coarsePointer()
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
			const styles = styleFor(palette, Object.keys(problems).length ? 'Fix outline' : label(shape, areaUnit, lengthUnit))
			return coarse ? [...styles, vertexStyle] : styles
		}
		const savedStyle = (feature: unknown) => {
			const f = feature as Feature<Geometry>
			const { shape } = figuresOf(f)
			const meta = f.getProperties() as FeatureMeta
			const { areaUnit, lengthUnit, viewingId } = latest.current
			return styleFor(meta.measurementId === viewingId ? COLORS.viewed : COLORS.saved, label(shape, areaUnit, lengthUnit))
		}

		const tiles = Object.fromEntries(
			(['satellite', 'hybrid', 'terrain', 'roadmap'] as const).map((type) => [
				type,
				new TileLayer({
					visible: type === latest.current.mapType,
					source: new XYZ({ url: layers[type], maxZoom: layers.maxZoom, attributions: layers.attributions?.[type] ?? layers.attribution, crossOrigin: 'anonymous' }),
					properties: { mapType: type },
				}),
			]),
		) as unknown as Record<MapType, TileLayer>
		const saved = new VectorSource()
		const savedLayer = new VectorLayer({ source: saved, style: savedStyle })
		const localFeatures = new Collection<Feature<Geometry>>()
		const local = new VectorSource({ features: localFeatures })
		const localLayer = new VectorLayer({ source: local, style: localStyle })

		// correction taps: small markers, green "Lawn here", red "Not lawn"
		const seeds = new VectorSource()
		const seedStyles = {
			lawn: new Style({ image: new CircleStyle({ radius: 7, fill: new Fill({ color: '#16a34a' }), stroke: new Stroke({ color: '#fff', width: 2 }) }) }),
			other: new Style({ image: new CircleStyle({ radius: 7, fill: new Fill({ color: '#dc2626' }), stroke: new Stroke({ color: '#fff', width: 2 }) }) }),
		}
		const seedsLayer = new VectorLayer({ source: seeds, style: (f) => seedStyles[(f.get('seedKind') as SeedKind) ?? 'other'] })

		const start = latest.current.center
		const map = new OlMap({
			target: target.current!,
			layers: [...Object.values(tiles), savedLayer, localLayer, seedsLayer],
			// the imagery credit is the page's own (MapCredit: server-rendered, on screen before the map loads)
			controls: defaultControls({ attribution: false }).extend([new ScaleLine({ units: 'us' })]),
			view: new View({
				center: toMap(start ?? DEFAULT_CENTER),
				zoom: start ? ZOOM.address : ZOOM.default,
				maxZoom: 22,
			}),
		})
		// the settled view on the element (centre lat/lng, metres per CSS pixel at the equator), for tests that tap a place
		map.on('moveend', () => {
			const view = map.getView()
			const c = view.getCenter()
			if (c && target.current) target.current.dataset.view = JSON.stringify({ center: toLatLng(c), resolution: view.getResolution() })
		})
		const modify = new Modify({ source: local, pixelTolerance: coarse ? 22 : 10 })
		// editing an AI shape makes it user-verified (spec 1 §2)
		modify.on('modifyend', (event) => {
			event.features.forEach((f) => {
				if ((f.getProperties() as FeatureMeta).measurementType === 'ai') f.set('userVerified', true)
			})
		})
		const undo = new UndoRedo({ layers: [localLayer] })
		map.addInteraction(modify)
		map.addInteraction(undo)
		map.addInteraction(new Snap({ source: local }))
		map.addInteraction(new Snap({ source: saved }))
		const keepVisible = (coordinate: number[]) => {
			const view = map.getView()
			// a pan still under way: stop it where it is and draw that state, so the pixel below
			// is where the corner is now (the last drawn frame lags behind an animation, and on a
			// busy phone a second pan from it would add the first one's distance again)
			if (view.getAnimating()) {
				view.cancelAnimations()
				map.renderSync()
			}
			const size = map.getSize()
			const pixel = map.getPixelFromCoordinate(coordinate)
			const centre = view.getCenter()
			const resolution = view.getResolution()
			if (!size || !pixel || !centre || !resolution) return
			const margin = 48
			const bottom = size[1]! - (latest.current.bottomInset ?? 0) - margin
			if (bottom <= margin) return
			const dx = pixel[0]! < margin ? pixel[0]! - margin : pixel[0]! > size[0]! - margin ? pixel[0]! - (size[0]! - margin) : 0
			const dy = pixel[1]! < margin ? pixel[1]! - margin : pixel[1]! > bottom ? pixel[1]! - bottom : 0
			if (!dx && !dy) return
			view.animate({ center: [centre[0]! + dx * resolution, centre[1]! - dy * resolution], duration: 200 })
		}
		api.current = { map, local, localFeatures, saved, savedLayer, localLayer, tiles, undo, draw: null, seeds, keepVisible, sketchEnd: null, modify }

		// long-press a corner of a pending shape to delete it (issue 21 §2); a mouse uses Alt+click
		let press: { timer: ReturnType<typeof setTimeout>; x: number; y: number } | null = null
		const cancelPress = () => {
			if (press) clearTimeout(press.timer)
			press = null
		}
		const vertexNear = (pixel: number[]) => {
			let best: { coordinate: number[]; distance: number } | null = null
			for (const f of localFeatures.getArray()) {
				const g = f.getGeometry()
				const points = g?.getType() === 'Polygon' ? (g as Polygon).getCoordinates().flat() : g?.getType() === 'LineString' ? (g as LineString).getCoordinates() : []
				for (const coordinate of points) {
					const p = map.getPixelFromCoordinate(coordinate)
					if (!p) continue
					const distance = Math.hypot(p[0]! - pixel[0]!, p[1]! - pixel[1]!)
					if (distance <= (coarse ? 22 : 10) && (!best || distance < best.distance)) best = { coordinate, distance }
				}
			}
			return best?.coordinate ?? null
		}
		const viewport = map.getViewport() as HTMLElement
		const onPressStart = (event: PointerEvent) => {
			cancelPress()
			if (event.pointerType === 'mouse' || !event.isPrimary || api.current?.draw || latest.current.seedMode) return
			const vertex = vertexNear(map.getEventPixel(event))
			if (!vertex) return
			press = {
				x: event.clientX,
				y: event.clientY,
				timer: setTimeout(() => {
					press = null
					if (modify.removePoint(vertex)) navigator.vibrate?.(20)
				}, LONG_PRESS_MS),
			}
		}
		const onPressMove = (event: PointerEvent) => {
			if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 10) cancelPress()
		}
		const noMenu = (event: Event) => event.preventDefault()
		viewport.addEventListener('pointerdown', onPressStart)
		viewport.addEventListener('pointermove', onPressMove)
		viewport.addEventListener('pointerup', cancelPress)
		viewport.addEventListener('pointercancel', cancelPress)
		// a long press on a phone would otherwise open the browser's menu
		viewport.addEventListener('contextmenu', noMenu)
		centrePicker.current = attachCentrePicker(map, () => latest.current.onPickCentre ?? null, () => Boolean(api.current?.draw) || Boolean(latest.current.seedMode))
		centrePicker.current.show(latest.current.pin ?? null)
		imagery.current = watchImagery(tiles, {
			timeoutMs: layers.timeoutMs ?? 8000,
			onChange: (type, failed) => latest.current.onImageryFailure?.(type as MapType, failed),
		})
		// a correction's marker comes and goes with its step of the undo history
		undo.define(
			'seed',
			(prop: { feature: Feature<Geometry> }) => seeds.hasFeature(prop.feature) && seeds.removeFeature(prop.feature),
			(prop: { feature: Feature<Geometry> }) => !seeds.hasFeature(prop.feature) && seeds.addFeature(prop.feature),
		)
		const emitSeeds = () => {
			const list: Seeds = { lawn: [], other: [] }
			for (const f of seeds.getFeatures().sort((a, b) => (a.get('seedOrder') as number) - (b.get('seedOrder') as number))) {
				list[f.get('seedKind') as SeedKind].push(f.get('seedAt') as LatLng)
			}
			latest.current.onSeedsChange?.(list)
		}
		seeds.on(['addfeature', 'removefeature', 'clear'], emitSeeds)

		// a click on a saved shape selects it and opens an info window that closes after 4 s (spec 1 §9)
		const info = document.createElement('div')
		info.className = 'rounded-md bg-white px-3 py-2 text-sm text-gray-900 shadow-lg'
		info.setAttribute('role', 'status')
		info.dataset.testid = 'map-info'
		const overlay = new Overlay({ element: info, positioning: 'bottom-center', offset: [0, -8] })
		map.addOverlay(overlay)
		let infoTimer: ReturnType<typeof setTimeout> | undefined
		map.on('singleclick', (event) => {
			if (api.current?.draw) return
			const seedMode = latest.current.seedMode
			if (seedMode) {
				latest.current.onSeedTap?.(seedMode, toLatLng(event.coordinate))
				return
			}
			const hit = map.forEachFeatureAtPixel(event.pixel, (f) => f as Feature<Geometry>, { layerFilter: (l) => l === savedLayer })
			const id = hit ? (hit.getProperties() as FeatureMeta).measurementId : undefined
			if (!hit || !id) return
			const m = latest.current.saved.find((x) => x.id === id)
			const { shape } = figuresOf(hit)
			info.textContent = `${m?.label ?? 'Measurement'} · ${label(shape, latest.current.areaUnit, latest.current.lengthUnit)}`
			overlay.setPosition(event.coordinate)
			clearTimeout(infoTimer)
			infoTimer = setTimeout(() => overlay.setPosition(undefined), 4000)
			latest.current.onSelectSaved(id)
		})

		let frame = 0
		const emit = () => {
			cancelAnimationFrame(frame)
			frame = requestAnimationFrame(() => {
				latest.current.onLocalChange(
					localFeatures.getArray().map((f) => {
						const { shape, problems } = figuresOf(f)
						return { ...shape, id: (f.getProperties() as FeatureMeta).shapeId, problems }
					}),
				)
				latest.current.onHistory({ canUndo: Boolean(undo.hasUndo()), canRedo: Boolean(undo.hasRedo()) })
			})
		}
		local.on(['addfeature', 'removefeature', 'changefeature', 'clear'], emit)
		for (const type of ['stack:add', 'stack:remove', 'stack:clear', 'undo', 'redo']) (undo as unknown as { on(t: string, f: () => void): void }).on(type, emit)

		const onKey = (event: KeyboardEvent) => {
			const target = event.target as HTMLElement | null
			if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return
			if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
				event.preventDefault()
				if (event.shiftKey) undo.redo()
				else undo.undo()
			} else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'y') {
				event.preventDefault()
				undo.redo()
			} else if (event.key === 'Escape' && api.current?.draw) {
				api.current.draw.abortDrawing()
			}
		}
		window.addEventListener('keydown', onKey)

		if (!start && 'geolocation' in navigator) {
			navigator.geolocation.getCurrentPosition(
				(position) => {
					if (latest.current.center) return
					map.getView().setCenter(toMap({ lat: position.coords.latitude, lng: position.coords.longitude }))
					map.getView().setZoom(ZOOM.geolocated)
				},
				() => {},
				{ timeout: 10_000, maximumAge: 5 * 60 * 1000 },
			)
		}
		return () => {
			window.removeEventListener('keydown', onKey)
			viewport.removeEventListener('pointerdown', onPressStart)
			viewport.removeEventListener('pointermove', onPressMove)
			viewport.removeEventListener('pointerup', cancelPress)
			viewport.removeEventListener('pointercancel', cancelPress)
			viewport.removeEventListener('contextmenu', noMenu)
			cancelPress()
			cancelAnimationFrame(frame)
			clearTimeout(infoTimer)
			centrePicker.current?.dispose()
			imagery.current?.dispose()
			centrePicker.current = null
			map.setTarget(undefined)
			api.current = null
		}
	}, [])

	// the phone's sheet covers the bottom of the map: the view's centre and fits keep to the part above it
	useEffect(() => {
		const a = api.current
		if (!a) return
		a.map.getView().padding = [0, 0, props.bottomInset ?? 0, 0]
		if (a.sketchEnd) {
			// the padding moved the view: draw it before measuring where the corner is
			a.map.renderSync()
			a.keepVisible(a.sketchEnd)
		}
	}, [props.bottomInset])

	// while a tap is an AI correction, it must not grab a corner or an edge of an AI shape instead
	useEffect(() => {
		api.current?.modify.setActive(!props.seedMode)
	}, [props.seedMode])

	// map type
	useEffect(() => {
		const a = api.current
		if (!a) return
		for (const [type, layer] of Object.entries(a.tiles)) layer.setVisible(type === props.mapType)
	}, [props.mapType])

	// a newly chosen address recentres the map
	useEffect(() => {
		const a = api.current
		if (!a || !props.center) return
		a.map.getView().setCenter(toMap(props.center))
		a.map.getView().setZoom(ZOOM.address)
	}, [props.center?.lat, props.center?.lng])

	useEffect(() => {
		centrePicker.current?.show(props.pin ?? null)
	}, [props.pin?.lat, props.pin?.lng])

	// saved measurements of the address
	useEffect(() => {
		const a = api.current
		if (!a) return
		a.saved.clear()
		a.saved.addFeatures(props.saved.flatMap((m) => m.shapes.map((s) => shapeToFeature(s, { measurementId: m.id }))))
	}, [props.saved])

	// restyle on unit or highlight changes
	useEffect(() => {
		api.current?.savedLayer.changed()
		api.current?.localLayer.changed()
	}, [props.areaUnit, props.lengthUnit, props.viewingId])

	// the active drawing tool
	useEffect(() => {
		const a = api.current
		if (!a) return
		if (a.draw) {
			a.map.removeInteraction(a.draw)
			a.draw = null
		}
		const tool = props.tool
		if (!tool) return
		const coarse = coarsePointer()
		// the shape being drawn carries its live figure (issue 21 §2); corners are finger-sized on touch screens
		let sketch: Feature<Geometry> | null = null
		let liveText = ''
		const sketchFill = new Fill({ color: COLORS.local.fill })
		const sketchStroke = new Stroke({ color: COLORS.local.stroke, width: 2.5, lineDash: [6, 4] })
		const sketchPoint = new Style({ image: new CircleStyle({ radius: coarse ? 9 : 5, fill: new Fill({ color: COLORS.local.stroke }), stroke: new Stroke({ color: '#fff', width: 2 }) }) })
		const style = (feature: unknown) => {
			const f = feature as Feature<Geometry>
			if (f.getGeometry()?.getType() === 'Point') return sketchPoint
			const text =
				f === sketch && liveText
					? new Text({ text: liveText, font: '600 14px system-ui, sans-serif', fill: new Fill({ color: '#fff' }), stroke: new Stroke({ color: 'rgba(0,0,0,0.8)', width: 4 }), overflow: true, placement: 'point' })
					: undefined
			return new Style({ fill: sketchFill, stroke: sketchStroke, text })
		}
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
			feature.setProperties({ shapeId: 'sketch', shapeType: tool === 'hole' ? 'polygon' : tool, measurementType: 'manual' })
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
					if (api.current) api.current.sketchEnd = end ?? null
					if (end) api.current?.keepVisible(end)
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
			feature.getGeometry()?.on('change', onChange)
			onChange()
		})
		const sketchDone = () => {
			sketch = null
			if (api.current) api.current.sketchEnd = null
			latest.current.onSketch?.(0)
		}
		draw.on('drawabort', () => {
			sketchDone()
			latest.current.onLiveFigure(null)
		})
		draw.on('drawend', (event) => {
			sketchDone()
			if (tool !== 'hole') {
				const meta: FeatureMeta = { shapeId: `local-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, shapeType: tool, measurementType: 'manual' }
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
			latest.current.onLiveFigure(null)
			latest.current.onSketch?.(null)
			if (api.current) api.current.sketchEnd = null
		}
	}, [props.tool])

	useImperativeHandle(props.controllerRef, () => ({
		clearLocal() {
			api.current?.local.clear()
			api.current?.seeds.clear()
			api.current?.undo.clear()
		},
		applyCorrection(shapes, seed) {
			const a = api.current
			if (!a) return
			a.undo.blockStart('correction')
			for (const f of a.localFeatures.getArray().filter((f) => (f.getProperties() as FeatureMeta).measurementType === 'ai')) a.local.removeFeature(f)
			a.local.addFeatures(shapes.map((s) => shapeToFeature({ ...s, id: undefined }, {}, true)))
			const marker = new Feature(new Point(toMap(seed.at)))
			marker.setProperties({ seedKind: seed.kind, seedAt: seed.at, seedOrder: Date.now() + Math.random() })
			a.seeds.addFeature(marker)
			a.undo.push('seed', { feature: marker }, 'correction tap')
			a.undo.blockEnd()
		},
		clearSeeds() {
			api.current?.seeds.clear()
		},
		finishDrawing() {
			api.current?.draw?.finishDrawing()
		},
		removeLastPoint() {
			api.current?.draw?.removeLastPoint()
		},
		abortDrawing() {
			api.current?.draw?.abortDrawing()
		},
		centreOn(at, zoom = ZOOM.address) {
			const view = api.current?.map.getView()
			if (!view) return
			view.setCenter(toMap(at))
			view.setZoom(zoom)
		},
		removeLocal(id: string) {
			const a = api.current
			const feature = a?.localFeatures.getArray().find((f) => (f.getProperties() as FeatureMeta).shapeId === id)
			if (a && feature) a.local.removeFeature(feature)
		},
		loadLocal(shapes: readonly ShapeInput[]) {
			const a = api.current
			if (!a) return
			a.local.addFeatures(shapes.map((s) => shapeToFeature({ ...s, id: undefined }, {}, true)))
			const extent = a.local.getExtent()
			if (shapes.length && extent && Number.isFinite(extent[0])) a.map.getView().fit(extent, { padding: [60, 60, 60, 60], maxZoom: 21, duration: 250 })
		},
		undo() {
			api.current?.undo.undo()
		},
		retryImagery(type: MapType) {
			imagery.current?.retry(type)
		},
		redo() {
			api.current?.undo.redo()
		},
		showMeasurement(id: string, zoomIn = false) {
			const a = api.current
			if (!a) return
			const features = a.saved.getFeatures().filter((f) => (f.getProperties() as FeatureMeta).measurementId === id)
			if (!features.length) return
			const extent = features.reduce((e, f) => {
				const g = f.getGeometry()!.getExtent()
				return [Math.min(e[0]!, g[0]!), Math.min(e[1]!, g[1]!), Math.max(e[2]!, g[2]!), Math.max(e[3]!, g[3]!)]
			}, [Infinity, Infinity, -Infinity, -Infinity])
			const view = a.map.getView()
			view.fit(extent, { padding: [60, 60, 60, 60], maxZoom: 21 })
			// spec 1 §9: after navigating to a saved measurement, the bounds fit plus 3, at most 21
			if (zoomIn) view.setZoom(Math.min(21, (view.getZoom() ?? ZOOM.address) + 3))
			view.setCenter(getCenter(extent))
		},
	}))

	// the provider's logo (Google's terms: bottom left of its tiles), above whatever the phone's sheet covers;
	// the scale line moves to its right (!important: ol.css is outside the cascade layers, so it beats any utility)
	const logo = props.layers.logos?.[props.mapType]
	return (
		<>
			<div
				ref={target}
				className={logo ? 'absolute inset-0 [&_.ol-scale-line]:left-[calc(var(--provider-logo-width,64px)+16px)]!' : 'absolute inset-0'}
				style={logoWidth ? ({ '--provider-logo-width': `${logoWidth}px` } as CSSProperties) : undefined}
				data-testid="measure-map"
				aria-label="Satellite map"
				role="application"
				tabIndex={0}
			/>
			{logo ? (
				<img
					key={logo.url}
					src={logo.url}
					alt={logo.alt}
					data-testid="provider-logo"
					draggable={false}
					onLoad={(event) => setLogoWidth(event.currentTarget.offsetWidth)}
					className="pointer-events-none absolute left-2 z-10 max-h-7 w-auto select-none"
					style={{ bottom: (props.bottomInset ?? 0) + 8 }}
				/>
			) : null}
		</>
	)
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
