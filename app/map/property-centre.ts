// Setting the property centre on the map (issue 18 §2): while the address is
// only approximate, a tap (a single click that hits no saved shape, with no
// drawing tool active) or Enter while the map has the keyboard focus (at the
// map's centre; the arrow keys pan) picks the point. A pin marks the centre.
import Feature from 'ol/Feature'
import type OlMap from 'ol/Map'
import Point from 'ol/geom/Point'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { Fill, Stroke, Style } from 'ol/style'
import CircleStyle from 'ol/style/Circle'
import type { LatLng } from '~/lib/geodesy.ts'
import { toLatLng, toMap } from './shape-features.ts'

export type CentrePicker = { show(centre: LatLng | null): void; dispose(): void }

/** `pick()` answers the callback while picking is on (null: off); `busy()` is true while a tool owns the clicks. */
export function attachCentrePicker(map: OlMap, pick: () => ((p: LatLng) => void) | null, busy: () => boolean): CentrePicker {
	const pin = new Feature<Point>()
	const layer = new VectorLayer({
		source: new VectorSource({ features: [pin] }),
		style: new Style({ image: new CircleStyle({ radius: 7, fill: new Fill({ color: '#dc2626' }), stroke: new Stroke({ color: '#fff', width: 2.5 }) }) }),
		zIndex: 10,
	})
	map.addLayer(layer)

	const onClick = (event: { pixel: number[]; coordinate: number[] }) => {
		const callback = pick()
		if (!callback || busy()) return
		// a tap on a saved shape selects it (spec 1 §9), it does not move the centre
		const onShape = map.forEachFeatureAtPixel(event.pixel, () => true, { layerFilter: (l) => l !== layer })
		if (!onShape) callback(toLatLng(event.coordinate))
	}
	const onKey = (event: KeyboardEvent) => {
		if (event.key !== 'Enter') return
		const callback = pick()
		const centre = map.getView().getCenter()
		if (!callback || busy() || !centre) return
		event.preventDefault()
		callback(toLatLng(centre))
	}
	map.on('singleclick', onClick)
	const target = map.getTargetElement()
	target?.addEventListener('keydown', onKey)
	return {
		show(centre) {
			pin.setGeometry(centre ? new Point(toMap(centre)) : undefined)
		},
		dispose() {
			map.un('singleclick', onClick)
			target?.removeEventListener('keydown', onKey)
			map.removeLayer(layer)
		},
	}
}
