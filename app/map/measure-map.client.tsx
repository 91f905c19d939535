// The OpenLayers island of /measure (client only, loaded lazily). The map owns
// the local (pending) shapes as features, so OpenLayers and ol-ext interactions
// (Draw, Modify, Snap, DrawHole, UndoRedo) work on them directly; React mirrors
// them through onLocalChange. Saved measurements are redrawn from props.
import 'ol/ol.css'
import Collection from 'ol/Collection'
import Feature from 'ol/Feature'
import OlMap from 'ol/Map'
import Overlay from 'ol/Overlay'
import View from 'ol/View'
import { defaults as defaultControls, Attribution, ScaleLine } from 'ol/control'
import { getCenter } from 'ol/extent'
import type Geometry from 'ol/geom/Geometry'
import Point from 'ol/geom/Point'
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
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react'
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
		const localStyle = (feature: unknown) => {
			const f = feature as Feature<Geometry>
			const { shape, problems } = figuresOf(f)
			const meta = f.getProperties() as FeatureMeta
			const palette = Object.keys(problems).length ? COLORS.invalid : meta.measurementType === 'ai' ? COLORS.ai : COLORS.local
			const { areaUnit, lengthUnit } = latest.current
			return styleFor(palette, Object.keys(problems).length ? 'Fix outline' : label(shape, areaUnit, lengthUnit))
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
			controls: defaultControls({ attribution: false }).extend([new Attribution({ collapsible: false }), new ScaleLine({ units: 'us' })]),
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
		const modify = new Modify({ source: local })
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
		api.current = { map, local, localFeatures, saved, savedLayer, localLayer, tiles, undo, draw: null, seeds }
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
			cancelAnimationFrame(frame)
			clearTimeout(infoTimer)
			centrePicker.current?.dispose()
			imagery.current?.dispose()
			centrePicker.current = null
			map.setTarget(undefined)
			api.current = null
		}
	}, [])

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
		let draw: Draw
		if (tool === 'hole') {
			draw = new DrawHole({ layers: [a.localLayer] })
			// cutting a hole in an AI shape is an edit too
			;(draw as unknown as { on(t: string, f: (e: { feature?: Feature<Geometry> }) => void): void }).on('modifyend', (e) => {
				if (e.feature && (e.feature.getProperties() as FeatureMeta).measurementType === 'ai') e.feature.set('userVerified', true)
			})
		}
		else if (tool === 'rectangle') draw = new Draw({ source: a.local, type: 'Circle', geometryFunction: createBox() })
		else if (tool === 'circle') draw = new Draw({ source: a.local, type: 'Circle' })
		else if (tool === 'polyline') draw = new Draw({ source: a.local, type: 'LineString' })
		else draw = new Draw({ source: a.local, type: 'Polygon' })
		draw.on('drawstart', (event) => {
			const sketch = event.feature
			sketch.setProperties({ shapeId: 'sketch', shapeType: tool === 'hole' ? 'polygon' : tool, measurementType: 'manual' })
			sketch.getGeometry()?.on('change', () => {
				try {
					const shape = computeShape(featureToShape(sketch))
					const { areaUnit, lengthUnit } = latest.current
					latest.current.onLiveFigure(tool === 'hole' ? `Excluding ${label(shape, areaUnit, lengthUnit)}` : label(shape, areaUnit, lengthUnit))
				} catch {
					// a sketch with too few points has no figure yet
				}
			})
		})
		draw.on('drawend', (event) => {
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

	return <div ref={target} className="absolute inset-0" data-testid="measure-map" aria-label="Satellite map" role="application" tabIndex={0} />
}
