// Which provider serves the satellite layer (issue 18 §3): the map, the PDF
// report and grass detection all use the one chosen here, with the
// attribution that provider requires.
//
// Choice: IMAGERY (usgs|esri|mapbox|google) forces one; else an explicit
// SATELLITE_TILE_URL (any XYZ template, credited with TILE_ATTRIBUTION); else
// the first keyed provider whose key is set — Google Map Tiles
// (GOOGLE_MAP_TILES_API_KEY), Esri World Imagery (ESRI_API_KEY), Mapbox
// Satellite (MAPBOX_SATELLITE_TOKEN); else the keyless USGS National Map.
//
// Keys: the map loads tiles straight from the provider (there is no tile proxy
// in this design), so these three are browser keys, on the tile URLs the page
// receives; restrict them in the provider's console. The server-only keys
// (GOOGLE_MAPS_API_KEY for Places, MAPBOX_ACCESS_TOKEN for Search) are never
// read here.
//
// Google needs a session (POST createSession with the key) before any tile;
// it is created on the server, kept until shortly before it expires, and when
// it cannot be created (slow, refused, malformed, too large) the satellite
// layer falls back to USGS for the while, so the map never goes blank for it.
import { z } from 'zod'
import { getEnv } from '~/env.server.ts'
import { imageryProviderName } from '~/lib/imagery-providers.ts'
import { fetchProviderJson } from './provider-json.server.ts'

export const USGS_SATELLITE_TILE_URL = 'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}'

export type SatelliteProviderId = 'usgs' | 'esri' | 'mapbox' | 'google' | 'custom'

/** The attribution each provider requires, shown on the map and printed on the report. */
export const SATELLITE_ATTRIBUTION = {
	esri: 'Powered by Esri. Imagery: Esri, Maxar, Earthstar Geographics, and the GIS User Community',
	mapbox: '© Mapbox © Maxar',
	google: 'Imagery © Google',
} as const
export const SATELLITE_NAME: Record<SatelliteProviderId, string> = {
	usgs: 'USGS The National Map',
	esri: 'Esri World Imagery',
	mapbox: 'Mapbox Satellite',
	google: 'Google Map Tiles',
	custom: 'the imagery provider',
}

export type SatelliteConfig = {
	imagery?: 'usgs' | 'esri' | 'mapbox' | 'google'
	satelliteTileUrl?: string
	/** TILE_ATTRIBUTION: USGS's credit, or whatever a custom template needs */
	attribution: string
	esri?: { url: string; key: string }
	mapbox?: { url: string; token: string }
	/** logoUrl: the Google logo shown over its tiles (GOOGLE_LOGO_URL) */
	google?: { url: string; key: string; logoUrl?: string }
	/** the USGS imagery's ArcGIS MapServer, for capture dates */
	usgsMetadataUrl: string
	timeoutMs: number
}

/** Where a provider's capture dates (ArcGIS identify) or copyright line (Google's viewport info) come from (imagery-info.server.ts). */
export type ArcgisMetadata = { kind: 'arcgis'; url: string; token?: string }
export type GoogleViewportMetadata = { kind: 'google-viewport'; url: string; session: string; key: string }
export type SatelliteMetadata = ArcgisMetadata | GoogleViewportMetadata | null

export type Satellite = {
	id: SatelliteProviderId
	/** for people: "Satellite imagery could not be loaded from <name>." */
	name: string
	attribution: string
	/** XYZ template ({z}/{x}/{y}) ready to fetch, browser key and session included */
	template: string
	/** names the provider in the tile cache without any key or session */
	cacheKey: string
	metadata: SatelliteMetadata
	/** the logo the provider requires beside its tiles wherever they are shown (Google's), or none */
	logo?: { url: string; alt: string }
}

export interface SatelliteImagery {
	/** the provider chosen by the configuration (Google may still fall back to USGS per request) */
	readonly chosen: SatelliteProviderId
	/** templates whose origins the page may load tiles from (Content-Security-Policy) */
	readonly origins: string[]
	/** images the page may load besides tiles (the provider's logo): Content-Security-Policy img-src only */
	readonly imageOrigins: string[]
	resolve(options?: { signal?: AbortSignal }): Promise<Satellite>
}

const trim = (url: string) => url.replace(/\/+$/, '')

export function chooseSatelliteProvider(config: SatelliteConfig): SatelliteProviderId {
	if (config.imagery) return config.imagery
	if (config.satelliteTileUrl) return 'custom'
	if (config.google) return 'google'
	if (config.esri) return 'esri'
	if (config.mapbox) return 'mapbox'
	return 'usgs'
}

export function createSatelliteImagery(config: SatelliteConfig): SatelliteImagery {
	const chosen = chooseSatelliteProvider(config)
	const usgs: Satellite = {
		id: 'usgs',
		name: SATELLITE_NAME.usgs,
		attribution: config.attribution,
		template: USGS_SATELLITE_TILE_URL,
		cacheKey: USGS_SATELLITE_TILE_URL,
		metadata: { kind: 'arcgis', url: config.usgsMetadataUrl },
	}
	if (chosen === 'usgs') return fixed(chosen, usgs)
	if (chosen === 'custom') {
		const template = config.satelliteTileUrl!
		// the USGS template itself (as the tests and many deployments set it) keeps USGS's dates
		const isUsgs = template === USGS_SATELLITE_TILE_URL
		return fixed(chosen, { ...usgs, id: isUsgs ? 'usgs' : 'custom', name: isUsgs ? usgs.name : imageryProviderName(template), template, cacheKey: template, metadata: isUsgs ? usgs.metadata : null })
	}
	if (chosen === 'esri') {
		const { url, key } = config.esri ?? missing('IMAGERY=esri needs ESRI_API_KEY')
		const base = trim(url)
		return fixed(chosen, {
			id: 'esri',
			name: SATELLITE_NAME.esri,
			attribution: SATELLITE_ATTRIBUTION.esri,
			template: `${base}/tile/{z}/{y}/{x}?token=${encodeURIComponent(key)}`,
			cacheKey: `esri ${base}`,
			metadata: { kind: 'arcgis', url: base, token: key },
		})
	}
	if (chosen === 'mapbox') {
		const { url, token } = config.mapbox ?? missing('IMAGERY=mapbox needs MAPBOX_SATELLITE_TOKEN')
		const base = trim(url)
		// 256-px tiles (no @2x): what grass detection and the report stitch
		return fixed(chosen, {
			id: 'mapbox',
			name: SATELLITE_NAME.mapbox,
			attribution: SATELLITE_ATTRIBUTION.mapbox,
			template: `${base}/mapbox.satellite/{z}/{x}/{y}.jpg90?access_token=${encodeURIComponent(token)}`,
			cacheKey: `mapbox ${base}`,
			metadata: null,
		})
	}
	const google = config.google ?? missing('IMAGERY=google needs GOOGLE_MAP_TILES_API_KEY')
	return googleImagery(google, config.timeoutMs, usgs)
}

function fixed(chosen: SatelliteProviderId, satellite: Satellite): SatelliteImagery {
	return { chosen, origins: [satellite.template], imageOrigins: [], resolve: async () => satellite }
}

function missing(message: string): never {
	throw new Error(message)
}

// -- Google Map Tiles: POST {base}/createSession?key=…, then {base}/2dtiles/{z}/{x}/{y}?session=…&key=… --

const GoogleSession = z.object({
	session: z.string().regex(/^[A-Za-z0-9_-]{8,2000}$/),
	// seconds since the epoch, as a string
	expiry: z.union([z.string().regex(/^\d{9,12}$/), z.number().int()]).transform(Number),
	tileWidth: z.number().int().optional(),
	tileHeight: z.number().int().optional(),
})
/** a session is used until an hour before it expires */
const SESSION_MARGIN_MS = 60 * 60 * 1000
/** after a failed createSession, USGS for this long before trying again */
const RETRY_AFTER_MS = 60 * 1000

function googleImagery({ url, key, logoUrl }: { url: string; key: string; logoUrl?: string }, timeoutMs: number, fallback: Satellite): SatelliteImagery {
	const base = trim(url)
	let current: { satellite: Satellite; until: number } | null = null
	let pending: Promise<Satellite> | null = null
	const create = async (): Promise<Satellite> => {
		const endpoint = new URL(`${base}/createSession`)
		endpoint.searchParams.set('key', key)
		const reply = await fetchProviderJson(endpoint, {
			timeoutMs,
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ mapType: 'satellite', language: 'en-US', region: 'US' }),
		})
		const parsed = reply.ok ? GoogleSession.safeParse(reply.value) : null
		if (!reply.ok || !parsed?.success || (parsed.data.tileWidth ?? 256) !== 256) {
			const why = !reply.ok ? reply.detail : 'unexpected createSession reply'
			console.warn(`[imagery] Google Map Tiles: ${why}; the satellite layer uses USGS for now`)
			current = { satellite: fallback, until: Date.now() + RETRY_AFTER_MS }
			return fallback
		}
		const session = parsed.data.session
		const satellite: Satellite = {
			id: 'google',
			name: SATELLITE_NAME.google,
			attribution: SATELLITE_ATTRIBUTION.google,
			template: `${base}/2dtiles/{z}/{x}/{y}?session=${encodeURIComponent(session)}&key=${encodeURIComponent(key)}`,
			cacheKey: `google ${base}`,
			// Google's terms: the copyright of the area shown, from its viewport info
			metadata: { kind: 'google-viewport', url: new URL('../tile/v1/viewport', `${base}/`).href, session, key },
			// Google's terms: its logo at the bottom left of every display of its tiles
			logo: logoUrl ? { url: logoUrl, alt: 'Google' } : undefined,
		}
		current = { satellite, until: Math.max(Date.now() + RETRY_AFTER_MS, parsed.data.expiry * 1000 - SESSION_MARGIN_MS) }
		return satellite
	}
	return {
		chosen: 'google',
		origins: [`${base}/2dtiles/{z}/{x}/{y}`, fallback.template],
		imageOrigins: logoUrl ? [logoUrl] : [],
		async resolve({ signal } = {}) {
			if (current && Date.now() < current.until) return current.satellite
			// one createSession at a time, whoever asks
			// not tied to one caller's signal: the timeout bounds it, and others may be waiting
			signal?.throwIfAborted()
			pending ??= create().finally(() => {
				pending = null
			})
			return pending
		},
	}
}

let cached: SatelliteImagery | undefined
/** The satellite provider the environment configures. */
export function getSatelliteImagery(): SatelliteImagery {
	if (!cached) {
		const env = getEnv()
		cached = createSatelliteImagery({
			imagery: env.IMAGERY,
			satelliteTileUrl: env.SATELLITE_TILE_URL,
			attribution: env.TILE_ATTRIBUTION,
			esri: env.ESRI_API_KEY ? { url: env.ESRI_IMAGERY_URL, key: env.ESRI_API_KEY } : undefined,
			mapbox: env.MAPBOX_SATELLITE_TOKEN ? { url: env.MAPBOX_TILES_URL, token: env.MAPBOX_SATELLITE_TOKEN } : undefined,
			google: env.GOOGLE_MAP_TILES_API_KEY ? { url: env.GOOGLE_TILES_URL, key: env.GOOGLE_MAP_TILES_API_KEY, logoUrl: env.GOOGLE_LOGO_URL } : undefined,
			usgsMetadataUrl: env.USGS_IMAGERY_METADATA_URL,
			timeoutMs: env.TILE_FETCH_TIMEOUT_MS,
		})
	}
	return cached
}
