// Long-press a corner of a pending shape to delete it (issue 21 §2); a mouse
// uses Alt+click (Modify's own). Client-only (imports ol).
import type Collection from 'ol/Collection'
import type Feature from 'ol/Feature'
import type OlMap from 'ol/Map'
import type Geometry from 'ol/geom/Geometry'
import type LineString from 'ol/geom/LineString'
import type Polygon from 'ol/geom/Polygon'
import type Modify from 'ol/interaction/Modify'

const LONG_PRESS_MS = 600

/** Listens on the map's viewport; `blocked`: while drawing or correcting, a press deletes nothing. Returns the cleanup. */
export function attachLongPressDelete(
	map: OlMap,
	localFeatures: Collection<Feature<Geometry>>,
	modify: Modify,
	coarse: boolean,
	blocked: () => boolean,
): () => void {
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
		if (event.pointerType === 'mouse' || !event.isPrimary || blocked()) return
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
	return () => {
		viewport.removeEventListener('pointerdown', onPressStart)
		viewport.removeEventListener('pointermove', onPressMove)
		viewport.removeEventListener('pointerup', cancelPress)
		viewport.removeEventListener('pointercancel', cancelPress)
		viewport.removeEventListener('contextmenu', noMenu)
		cancelPress()
	}
}
