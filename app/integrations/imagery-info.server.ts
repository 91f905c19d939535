// The satellite imagery under a point (issue 18 §5): who it is from and, where
// the provider says, when it was captured. USGS and Esri World Imagery answer
// capture dates from their ArcGIS MapServer `identify` (one GET with the point;
// Esri's key as `token`); Google and Mapbox give none. Anything wrong — slow
// (IMAGERY_METADATA_TIMEOUT_MS), an error status, not JSON, over 1 MB, no
// results, no plausible date, a point outside the US — means no date, never
// a failed page or report. Answers are kept in memory for a day per point.
import { z } from 'zod'
import { getEnv } from '~/env.server.ts'
import type { LatLng } from '~/lib/geodesy.ts'
import { captureDateFromAttributes } from '~/lib/imagery-date.ts'
import { isInUnitedStates } from '~/lib/us-bounds.ts'
import { fetchProviderJson } from './provider-json.server.ts'
import { getSatelliteImagery, type ArcgisMetadata, type GoogleViewportMetadata, type Satellite } from './satellite.server.ts'

export type ImageryInfo = {
	/** the provider's name for people ("Esri World Imagery") */
	source: string
	/** "YYYY-MM", or null where the provider gives no date */
	captured: string | null
	/** Google's copyright line for the area ("Imagery ©2025 Maxar, …"), shown beside its credit; null for others */
	copyright?: string | null
}

const IdentifyReply = z.object({ results: z.array(z.object({ attributes: z.record(z.string(), z.unknown()) }).passthrough()) })

/** The capture date at a point from an ArcGIS MapServer's identify; null when there is none or anything goes wrong. */
export async function arcgisCaptureDate(metadata: ArcgisMetadata, at: LatLng, { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal }): Promise<string | null> {
	if (!isInUnitedStates(at.lat, at.lng)) return null
	const url = new URL(`${metadata.url.replace(/\/+$/, '')}/identify`)
	const d = 0.001
	url.searchParams.set('f', 'json')
	url.searchParams.set('geometry', `${at.lng},${at.lat}`)
	url.searchParams.set('geometryType', 'esriGeometryPoint')
	url.searchParams.set('sr', '4326')
	url.searchParams.set('layers', 'all')
	url.searchParams.set('tolerance', '0')
	url.searchParams.set('mapExtent', [at.lng - d, at.lat - d, at.lng + d, at.lat + d].join(','))
	url.searchParams.set('imageDisplay', '256,256,96')
	url.searchParams.set('returnGeometry', 'false')
	if (metadata.token) url.searchParams.set('token', metadata.token)
	const reply = await fetchProviderJson(url, { timeoutMs, signal })
	if (!reply.ok) {
		console.warn(`[imagery] capture date: ${reply.detail}`)
		return null
	}
	const parsed = IdentifyReply.safeParse(reply.value)
	if (!parsed.success) {
		console.warn(`[imagery] capture date: unexpected identify reply from ${url.origin}`)
		return null
	}
	// results come most detailed layer first: the first with a date is the imagery shown up close
	for (const result of parsed.data.results) {
		const date = captureDateFromAttributes(result.attributes)
		if (date) return date
	}
	return null
}

const GoogleViewport = z.object({ copyright: z.string().trim().max(500) })

/** Google Map Tiles' viewport info for a small area around the point: its copyright line, or null. */
export async function googleCopyright(metadata: GoogleViewportMetadata, at: LatLng, { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal }): Promise<string | null> {
	if (!isInUnitedStates(at.lat, at.lng)) return null
	const url = new URL(metadata.url)
	const d = 0.002
	url.searchParams.set('session', metadata.session)
	url.searchParams.set('key', metadata.key)
	url.searchParams.set('zoom', '19')
	url.searchParams.set('north', String(at.lat + d))
	url.searchParams.set('south', String(at.lat - d))
	url.searchParams.set('east', String(at.lng + d))
	url.searchParams.set('west', String(at.lng - d))
	const reply = await fetchProviderJson(url, { timeoutMs, signal })
	const parsed = reply.ok ? GoogleViewport.safeParse(reply.value) : null
	if (!reply.ok || !parsed?.success) {
		console.warn(`[imagery] Google viewport info: ${reply.ok ? `unexpected reply from ${url.origin}` : reply.detail}`)
		return null
	}
	return parsed.data.copyright || null
}

const DAY_MS = 24 * 60 * 60 * 1000
const MAX_CACHED = 2000
const cache = new Map<string, { info: ImageryInfo; until: number }>()

/** Who the satellite imagery at `at` is from and when it was captured (for the map and the report). */
export async function getImageryInfo(at: LatLng, { signal, satellite }: { signal?: AbortSignal; satellite?: Satellite } = {}): Promise<ImageryInfo> {
	satellite ??= await getSatelliteImagery().resolve({ signal })
	if (!satellite.metadata) return { source: satellite.name, captured: null }
	const key = `${satellite.cacheKey}|${at.lat.toFixed(4)},${at.lng.toFixed(4)}`
	const hit = cache.get(key)
	if (hit && hit.until > Date.now()) return hit.info
	const timeoutMs = getEnv().IMAGERY_METADATA_TIMEOUT_MS
	const info: ImageryInfo =
		satellite.metadata.kind === 'arcgis'
			? { source: satellite.name, captured: await arcgisCaptureDate(satellite.metadata, at, { timeoutMs, signal }) }
			: { source: satellite.name, captured: null, copyright: await googleCopyright(satellite.metadata, at, { timeoutMs, signal }) }
	const captured = info.captured ?? info.copyright
	if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!)
	// a failed look-up is retried sooner than a found date
	cache.set(key, { info, until: Date.now() + (captured ? DAY_MS : 5 * 60 * 1000) })
	return info
}

/** The same, never rejecting (the caller leaving included): for a page streamed before it is known. */
export function imageryInfoOrNull(at: LatLng | null, options: { signal?: AbortSignal } = {}): Promise<ImageryInfo | null> {
	if (!at) return Promise.resolve(null)
	return getImageryInfo(at, options).catch(() => null)
}
