// The OpenLayers island of /measure (client only, loaded lazily). The map owns
// the local (pending) shapes as features, so OpenLayers and ol-ext interactions
// (Draw, Modify, Snap, DrawHole, UndoRedo) work on them directly; React mirrors
// them through onLocalChange. Saved measurements are redrawn from props.
//
// The pieces live in measure-map/: types (props, the controller, constants),
// styles, drawing (the drawing tools), long-press (deleting a corner on a
// touch screen) and controller (what /measure calls).
import 'ol/ol.css'
import Collection from 'ol/Collection'
import type Feature from 'ol/Feature'
import OlMap from 'ol/Map'
import Overlay from 'ol/Overlay'
import View from 'ol/View'
import { defaults as defaultControls, ScaleLine } from 'ol/control'
import type Geometry from 'ol/geom/Geometry'
import Modify from 'ol/interaction/Modify'
import Snap from 'ol/interaction/Snap'
import TileLayer from 'ol/layer/Tile'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import XYZ from 'ol/source/XYZ'
import UndoRedo from 'ol-ext/interaction/UndoRedo'
import { useEffect, useImperativeHandle, useRef, useState, type CSSProperties } from 'react'
import type { LatLng } from '~/lib/geodesy.ts'
import { watchImagery, type ImageryWatcher } from './imagery-status.ts'
import { createController } from './measure-map/controller.ts'
import { startDrawing } from './measure-map/drawing.ts'
import { attachLongPressDelete } from './measure-map/long-press.ts'
import { coarsePointer, figureCache, label, layerStyles, seedStyle } from './measure-map/styles.ts'
import { DEFAULT_CENTER, ZOOM, type MapApi, type MapType, type MeasureMapProps, type SeedKind, type Seeds } from './measure-map/types.ts'
import { attachCentrePicker, type CentrePicker } from './property-centre.ts'
import { shapeToFeature, toLatLng, toMap, type FeatureMeta } from './shape-features.ts'

export { DEFAULT_CENTER, ZOOM } from './measure-map/types.ts'
export type {
	LayerConfig,
	LocalShape,
	MapController,
	MapType,
	MeasureMapProps,
	SavedShapes,
	SeedKind,
	Seeds,
	Tool,
} from './measure-map/types.ts'

export default function MeasureMap(props: MeasureMapProps) {
	const target = useRef<HTMLDivElement>(null)
	const [logoWidth, setLogoWidth] = useState(0)
	const latest = useRef(props)
	latest.current = props
	const api = useRef<MapApi | null>(null)
	const centrePicker = useRef<CentrePicker | null>(null)
	const imagery = useRef<ImageryWatcher | null>(null)

	// one map for the life of the page; props update its layers and features
	useEffect(() => {
		const { layers } = latest.current
		const figuresOf = figureCache()
		const coarse = coarsePointer()
		const { localStyle, savedStyle } = layerStyles(figuresOf, latest, coarse)

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
		const seedsLayer = new VectorLayer({ source: seeds, style: seedStyle() })

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
		// the settled view on the element (the lat/lng at the middle of the map element, metres per CSS pixel at the
		// equator), for tests that tap a place. The middle of the element, not the view's centre: on a phone the view's
		// centre is that of the part above the sheet, and it moves whenever the sheet's height does, the map not at all
		map.on('moveend', (event) => {
			const c = event.frameState?.viewState.center
			if (c && target.current) target.current.dataset.view = JSON.stringify({ center: toLatLng(c), resolution: map.getView().getResolution() })
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
			const bottom = size[1]! - (latest.current.readBottomInset?.() ?? latest.current.bottomInset ?? 0) - margin
			if (bottom <= margin) return
			const dx = pixel[0]! < margin ? pixel[0]! - margin : pixel[0]! > size[0]! - margin ? pixel[0]! - (size[0]! - margin) : 0
			const dy = pixel[1]! < margin ? pixel[1]! - margin : pixel[1]! > bottom ? pixel[1]! - bottom : 0
			if (!dx && !dy) return
			view.animate({ center: [centre[0]! + dx * resolution, centre[1]! - dy * resolution], duration: 200 })
		}
		api.current = { map, local, localFeatures, saved, savedLayer, localLayer, tiles, undo, draw: null, seeds, keepVisible, sketchEnd: null, modify }

		// long-press a corner of a pending shape to delete it (issue 21 §2); a mouse uses Alt+click
		const stopLongPress = attachLongPressDelete(map, localFeatures, modify, coarse, () => Boolean(api.current?.draw) || Boolean(latest.current.seedMode))
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
			stopLongPress()
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
		return startDrawing(a, tool, latest, () => api.current)
	}, [props.tool])

	useImperativeHandle(props.controllerRef, () => createController(api, imagery))

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
