import { fromLonLat } from 'ol/proj.js'

/** Web-mercator metres (EPSG:3857, the map view's projection) of a lat/lng, by OpenLayers' own projection. */
export function mercator(p: { lat: number; lng: number }): { x: number; y: number } {
	const [x, y] = fromLonLat([p.lng, p.lat])
	return { x: x!, y: y! }
}
