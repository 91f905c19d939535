// The imagery a detection looks at: a WINDOW_PX square around the centre at
// the sharpest zoom the provider offers.
import { getEnv } from '~/env.server.ts'
import { fetchImageryWindow, ImageryError, type ImageryWindow } from '~/integrations/imagery.server.ts'
import type { LatLng } from '~/lib/geodesy.ts'

/** Pixels of imagery analysed around the centre (3×3 tiles' worth). */
export const WINDOW_PX = 768
/** Zooms tried in order: the sharpest the provider offers (≤ 20), then one less. */
export function detectionZooms(): number[] {
	const top = Math.min(20, getEnv().TILE_MAX_ZOOM)
	return [top, top - 1].filter((z) => z >= 17)
}

/** The imagery window for a centre, falling back one zoom where the provider has none. */
export async function loadImagery(center: LatLng, signal?: AbortSignal): Promise<ImageryWindow> {
	const zooms = detectionZooms()
	for (const [i, zoom] of zooms.entries()) {
		try {
			return await fetchImageryWindow(center, zoom, WINDOW_PX, { signal })
		} catch (error) {
			if (error instanceof ImageryError && error.kind === 'not_found' && i < zooms.length - 1) continue
			throw error
		}
	}
	throw new ImageryError('not_found', 'The imagery provider has no imagery for this location.')
}

