// The measure map's types and constants: what /measure passes in (Props) and
// the controller it drives the map through. Type-only for the server (the
// loader names LayerConfig and MapType); the map itself is measure-map.client.tsx.
import type Collection from 'ol/Collection'
import type Feature from 'ol/Feature'
import type OlMap from 'ol/Map'
import type Geometry from 'ol/geom/Geometry'
import type Draw from 'ol/interaction/Draw'
import type Modify from 'ol/interaction/Modify'
import type TileLayer from 'ol/layer/Tile'
import type VectorLayer from 'ol/layer/Vector'
import type VectorSource from 'ol/source/Vector'
import type UndoRedo from 'ol-ext/interaction/UndoRedo'
import type { Ref } from 'react'
import type { LatLng } from '~/lib/geodesy.ts'
import type { Shape, ShapeInput } from '~/lib/shapes.ts'
import type { AreaUnit, LengthUnit } from '~/lib/units.ts'
import type { AreaSurface, LineSurface, Surface } from '~/lib/surfaces.ts'

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
	/** fits the view to a saved measurement; false while its shapes are not on the map yet */
	showMeasurement(id: string, zoomIn?: boolean): boolean
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
	/** a pending shape becomes another surface (issue 32) */
	setLocalSurface(id: string, surface: Surface): void
	/** centres the view on a point ("I'm at the property"), at property zoom unless told */
	centreOn(at: LatLng, zoom?: number): void
}

export const DEFAULT_CENTER: LatLng = { lat: 39.8283, lng: -98.5795 }
export const ZOOM = { address: 20, geolocated: 12, default: 15 } as const

export type MeasureMapProps = {
	layers: LayerConfig
	mapType: MapType
	center: LatLng | null
	saved: readonly SavedShapes[]
	viewingId: string | null
	areaUnit: AreaUnit
	lengthUnit: LengthUnit
	tool: Tool | null
	/** the surfaces the next area and the next line get (issue 32) */
	surface?: { area: AreaSurface; line: LineSurface }
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
	/** the same height measured now: a tap can come before the state above has caught up with layout on a busy phone */
	readBottomInset?: () => number
}

/** the latest props, read by the map's handlers (they are set up once) */
export type LatestProps = { readonly current: MeasureMapProps }

/** the OpenLayers objects of one map, for the effects and the controller */
export type MapApi = {
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
}
