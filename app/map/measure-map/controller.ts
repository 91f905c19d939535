// The MapController /measure drives the map through (clear, load, undo/redo,
// corrections, drawing buttons, centring, showing a saved measurement).
// Client-only (imports ol).
import Feature from 'ol/Feature'
import { getCenter } from 'ol/extent'
import Point from 'ol/geom/Point'
import type { ShapeInput } from '~/lib/shapes.ts'
import type { ImageryWatcher } from '../imagery-status.ts'
import { shapeToFeature, toMap, type FeatureMeta } from '../shape-features.ts'
import { ZOOM, type MapApi, type MapController, type MapType } from './types.ts'

export function createController(api: { readonly current: MapApi | null }, imagery: { readonly current: ImageryWatcher | null }): MapController {
	return {
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
		setLocalSurface(id, surface) {
			const feature = api.current?.localFeatures.getArray().find((f) => (f.getProperties() as FeatureMeta).shapeId === id)
			if (!feature) return
			feature.set('surface', surface)
			// the figures cache and the list follow the feature's revision
			feature.changed()
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
			if (!a) return false
			const features = a.saved.getFeatures().filter((f) => (f.getProperties() as FeatureMeta).measurementId === id)
			if (!features.length) return false
			const extent = features.reduce((e, f) => {
				const g = f.getGeometry()!.getExtent()
				return [Math.min(e[0]!, g[0]!), Math.min(e[1]!, g[1]!), Math.max(e[2]!, g[2]!), Math.max(e[3]!, g[3]!)]
			}, [Infinity, Infinity, -Infinity, -Infinity])
			const view = a.map.getView()
			view.fit(extent, { padding: [60, 60, 60, 60], maxZoom: 21 })
			// spec 1 §9: after navigating to a saved measurement, the bounds fit plus 3, at most 21
			if (zoomIn) view.setZoom(Math.min(21, (view.getZoom() ?? ZOOM.address) + 3))
			view.setCenter(getCenter(extent))
			return true
		},
	}
}
