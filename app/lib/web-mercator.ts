// Web-mercator (EPSG:3857) pixel maths for 256-px XYZ tiles. Pure.
import type { LatLng } from './geodesy.ts'

export const TILE_SIZE = 256
const EARTH_CIRCUMFERENCE = 40_075_016.685578488

/** Ground metres per image pixel at this latitude and zoom. */
export function metresPerPixel(lat: number, zoom: number): number {
	return (EARTH_CIRCUMFERENCE * Math.cos((lat * Math.PI) / 180)) / (TILE_SIZE * 2 ** zoom)
}

/** Global pixel coordinates (0…256·2^z) of a point. */
export function project(p: LatLng, zoom: number): { x: number; y: number } {
	const scale = TILE_SIZE * 2 ** zoom
	const sinLat = Math.sin((p.lat * Math.PI) / 180)
	return {
		x: ((p.lng + 180) / 360) * scale,
		y: (0.5 - Math.log((1 + sinLat) / (1 - sinLat)) / (4 * Math.PI)) * scale,
	}
}

/** The point at global pixel coordinates (inverse of `project`). */
export function unproject(x: number, y: number, zoom: number): LatLng {
	const scale = TILE_SIZE * 2 ** zoom
	const lng = (x / scale) * 360 - 180
	const n = Math.PI - (2 * Math.PI * y) / scale
	const lat = (180 / Math.PI) * Math.atan(Math.sinh(n))
	return { lat, lng }
}

/**
 * A `size`×`height` window (square by default) of imagery centred on `center`: its top-left global
 * pixel and the XYZ tiles that cover it.
 */
export function windowAround(center: LatLng, zoom: number, size: number, height = size) {
	const c = project(center, zoom)
	const left = Math.round(c.x - size / 2)
	const top = Math.round(c.y - height / 2)
	const tx0 = Math.floor(left / TILE_SIZE)
	const ty0 = Math.floor(top / TILE_SIZE)
	const tx1 = Math.floor((left + size - 1) / TILE_SIZE)
	const ty1 = Math.floor((top + height - 1) / TILE_SIZE)
	const tiles: { x: number; y: number; z: number }[] = []
	for (let y = ty0; y <= ty1; y++) for (let x = tx0; x <= tx1; x++) tiles.push({ x, y, z: zoom })
	return { left, top, zoom, size, tiles, tileOrigin: { x: tx0 * TILE_SIZE, y: ty0 * TILE_SIZE }, cols: tx1 - tx0 + 1, rows: ty1 - ty0 + 1 }
}

const E2 = 0.00669437999014 // WGS84 first eccentricity squared

/**
 * Ground area (m²) of one web-mercator pixel on the WGS84 ellipsoid: the
 * spherical mpp² times M·N/a² (meridian and prime-vertical radii), which is
 * 0.2–0.4 % less than mpp² across the US.
 */
export function groundPixelAreaM2(lat: number, zoom: number): number {
	const s = Math.sin((lat * Math.PI) / 180)
	const w = 1 - E2 * s * s
	return metresPerPixel(lat, zoom) ** 2 * ((1 - E2) / (w * w))
}
