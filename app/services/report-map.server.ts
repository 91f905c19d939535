// The map of a PDF report: the view that fits every shape, and the satellite
// imagery behind it, stitched server-side from the satellite provider's tiles with
// the grass pipeline's tile fetch (disk cache, timeouts). The shapes
// themselves are drawn as vectors by the PDF (reports.server.ts), so without
// imagery the same drawing stands alone on a plain background.
import sharp, { type OverlayOptions } from 'sharp'
import { getEnv } from '~/env.server.ts'
import { project } from '~/lib/web-mercator.ts'
import { fetchImageryWindow, ImageryError } from '~/integrations/imagery.server.ts'
import { getImageryInfo, type ImageryInfo } from '~/integrations/imagery-info.server.ts'
import { providerLogo, type ProviderLogo } from '~/integrations/provider-logo.server.ts'
import { getSatelliteImagery } from '~/integrations/satellite.server.ts'
import { circleRing, type LatLng } from '~/lib/geodesy.ts'
import type { Shape } from '~/lib/shapes.ts'

/** Pixels of the map image (2× the 516×300 pt it fills on the page). */
export const MAP_WIDTH_PX = 1032
export const MAP_HEIGHT_PX = 600
const FILL = 0.8
/**
 * A provider's logo on the picture: one logo pixel is one CSS pixel (0.75 pt), and
 * a picture pixel is 0.5 pt on the PDF page, so 1.5 picture pixels a logo pixel;
 * 12 px (6 pt) from the picture's left and bottom edges.
 */
export const LOGO_PX_PER_CSS_PX = 1.5
export const LOGO_MARGIN_PX = 12
/** How long the whole imagery fetch may take before the report goes vector-only. */
const IMAGERY_BUDGET_MS = 10_000

export type MapView = { zoom: number; left: number; top: number; width: number; height: number; center: LatLng }
export type ReportMap = {
	view: MapView
	/** JPEG of the imagery, or null when drawn vector-only */
	jpeg: Buffer | null
	/** why there is no imagery, for the report's caption */
	unavailable: string | null
	attribution: string
	/** the imagery's provider and capture date ("YYYY-MM", null where it gives none), for "Imagery: <source>, <month year>" */
	imageryInfo: ImageryInfo | null
	/** the logo the imagery's provider requires on the picture (Google's), drawn at its bottom left; null for others or when it could not be fetched */
	logo: ProviderLogo | null
}

/** Every point that outlines a shape (a circle's ring, not just its centre). */
export function outlinePoints(shape: Shape): LatLng[] {
	if (shape.type === 'circle') return circleRing(shape.coordinates[0]!, shape.radius_m ?? 0, 64)
	return shape.coordinates
}

/** The sharpest zoom (≤ maxZoom) at which every shape fits 80 % of the map, centred on them. */
export function fitView(shapes: readonly Shape[], maxZoom: number, fallbackCenter?: LatLng | null): MapView {
	const points = shapes.flatMap(outlinePoints)
	if (!points.length) {
		const center = fallbackCenter ?? { lat: 39.8283, lng: -98.5795 }
		return viewAt(center, fallbackCenter ? Math.min(maxZoom, 19) : 4)
	}
	const projected = points.map((p) => project(p, 0))
	const xs = projected.map((p) => p.x)
	const ys = projected.map((p) => p.y)
	const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
	const scale = Math.min((MAP_WIDTH_PX * FILL) / Math.max(x1 - x0, 1e-12), (MAP_HEIGHT_PX * FILL) / Math.max(y1 - y0, 1e-12))
	const zoom = Math.max(1, Math.min(maxZoom, Math.floor(Math.log2(scale))))
	// centre of the bounding box in web-mercator, back to lat/lng
	const cx = (x0 + x1) / 2
	const cy = (y0 + y1) / 2
	const n = Math.PI - (2 * Math.PI * cy) / 256
	const center = { lat: (180 / Math.PI) * Math.atan(Math.sinh(n)), lng: (cx / 256) * 360 - 180 }
	return viewAt(center, zoom)
}

function viewAt(center: LatLng, zoom: number): MapView {
	const c = project(center, zoom)
	return { zoom, center, width: MAP_WIDTH_PX, height: MAP_HEIGHT_PX, left: Math.round(c.x - MAP_WIDTH_PX / 2), top: Math.round(c.y - MAP_HEIGHT_PX / 2) }
}

/** Image pixel of a point in a view. */
export function toPixel(view: MapView, p: LatLng): { x: number; y: number } {
	const g = project(p, view.zoom)
	return { x: g.x - view.left, y: g.y - view.top }
}

/**
 * The map for a report. Imagery comes from the configured provider at the
 * fitted zoom (one or two zooms less where it has none); any failure — no
 * imagery, timeout, bad tiles — gives a vector-only map, never a failed report.
 */
export async function renderReportMap(shapes: readonly Shape[], fallbackCenter?: LatLng | null, { imagery = true }: { imagery?: boolean } = {}): Promise<ReportMap> {
	const env = getEnv()
	const maxZoom = Math.min(env.TILE_MAX_ZOOM, 21)
	const fitted = fitView(shapes, maxZoom, fallbackCenter)
	// the satellite provider's required credit (satellite.server.ts), printed under the map
	const satellite = await getSatelliteImagery().resolve()
	const attribution = satellite.attribution
	if (!imagery) return { view: fitted, jpeg: null, unavailable: 'Imagery not requested', attribution, imageryInfo: null, logo: null }
	const signal = AbortSignal.timeout(IMAGERY_BUDGET_MS)
	// the capture date, looked up while the tiles come (its own short timeout; never fails the report)
	const info = getImageryInfo(fitted.center, { signal, satellite }).catch(() => null)
	// Google's logo, fetched (once, then kept) while the tiles come; null → the text credit alone
	const logoOf = (logo: { url: string } | undefined) => (logo ? providerLogo(logo.url, { timeoutMs: env.IMAGERY_METADATA_TIMEOUT_MS }) : Promise.resolve(null))
	const logo = logoOf(satellite.logo)
	let reason = 'Imagery unavailable'
	for (let zoom = fitted.zoom; zoom >= Math.max(1, fitted.zoom - 2); zoom--) {
		const view = zoom === fitted.zoom ? fitted : viewAt(fitted.center, zoom)
		try {
			const window = await fetchImageryWindow(view.center, zoom, MAP_WIDTH_PX, { signal, height: MAP_HEIGHT_PX, missingTiles: 'blank' })
			const jpeg = await sharp(Buffer.from(window.image.data.buffer, window.image.data.byteOffset, window.image.data.length), {
				raw: { width: window.image.width, height: window.image.height, channels: 3 },
			})
				.jpeg({ quality: 82 })
				.toBuffer()
			const used = window.satellite ?? satellite
			return { view: { ...view, left: window.left, top: window.top }, jpeg, unavailable: null, attribution: used.attribution, imageryInfo: await info, logo: await (used.logo?.url === satellite.logo?.url ? logo : logoOf(used.logo)) }
		} catch (error) {
			if (error instanceof ImageryError) {
				reason = error.message
				if (error.kind === 'not_found') continue
			} else if (signal.aborted) {
				reason = 'The imagery provider did not answer in time.'
			} else {
				reason = error instanceof Error ? error.message : String(error)
			}
			break
		}
	}
	return { view: fitted, jpeg: null, unavailable: reason, attribution, imageryInfo: null, logo: null }
}

const svgColors = { area: '#facc15', line: '#ef4444', background: '#e5e7eb' }

/**
 * The report's map as one picture (issue 19, the customer's share page): the
 * same imagery and view, with every shape drawn and numbered on it as the PDF
 * does. A JPEG, MAP_WIDTH_PX × MAP_HEIGHT_PX; a plain background without imagery.
 */
export async function renderMapPicture(shapes: readonly Shape[], fallbackCenter?: LatLng | null): Promise<Buffer> {
	const map = await renderReportMap(shapes, fallbackCenter)
	const path = (points: readonly LatLng[], close: boolean) =>
		points
			.map((p, i) => {
				const { x, y } = toPixel(map.view, p)
				return `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`
			})
			.join(' ') + (close ? ' Z' : '')
	const drawn: string[] = []
	const badges: string[] = []
	shapes.forEach((shape, i) => {
		const outline = outlinePoints(shape)
		if (!outline.length) return
		if (shape.type === 'polyline') {
			drawn.push(`<path d="${path(outline, false)}" fill="none" stroke="${svgColors.line}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>`)
		} else {
			const d = [path(outline, true), ...(shape.holes ?? []).map((h) => path(h, true))].join(' ')
			drawn.push(`<path d="${d}" fill="${svgColors.area}" fill-opacity="0.3" fill-rule="evenodd" stroke="${svgColors.area}" stroke-width="3"/>`)
		}
		const sum = outline.reduce((acc, p) => {
			const px = toPixel(map.view, p)
			return { x: acc.x + px.x / outline.length, y: acc.y + px.y / outline.length }
		}, { x: 0, y: 0 })
		badges.push(
			`<circle cx="${sum.x.toFixed(1)}" cy="${sum.y.toFixed(1)}" r="15" fill="#111827" stroke="#ffffff" stroke-width="2"/>` +
				`<text x="${sum.x.toFixed(1)}" y="${(sum.y + 6).toFixed(1)}" font-family="sans-serif" font-size="17" font-weight="bold" fill="#ffffff" text-anchor="middle">${i + 1}</text>`,
		)
	})
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${MAP_WIDTH_PX}" height="${MAP_HEIGHT_PX}" viewBox="0 0 ${MAP_WIDTH_PX} ${MAP_HEIGHT_PX}">${drawn.join('')}${badges.join('')}</svg>`
	const base = map.jpeg ? sharp(map.jpeg) : sharp({ create: { width: MAP_WIDTH_PX, height: MAP_HEIGHT_PX, channels: 3, background: svgColors.background } })
	const layers: OverlayOptions[] = [{ input: Buffer.from(svg), top: 0, left: 0 }]
	// Google's logo at the bottom left of its imagery, as big as the PDF prints it
	if (map.jpeg && map.logo) {
		const width = Math.round(map.logo.width * LOGO_PX_PER_CSS_PX)
		const height = Math.round(map.logo.height * LOGO_PX_PER_CSS_PX)
		const input = await sharp(map.logo.png).resize(width, height, { fit: 'fill' }).png().toBuffer()
		layers.push({ input, left: LOGO_MARGIN_PX, top: MAP_HEIGHT_PX - LOGO_MARGIN_PX - height })
	}
	return base.composite(layers).jpeg({ quality: 82 }).toBuffer()
}
