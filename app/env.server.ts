// The one place that reads process.env (STYLE.md). Validated once at start.
import { z } from 'zod'

const schema = z.object({
	NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
	DATABASE_URL: z.string().min(1),
	SESSION_SECRET: z.string().min(16).default('yardstick-development-secret-change-me'),
	APP_URL: z.string().url().optional(),
	PORT: z.coerce.number().int().default(3000),
	SMTP_URL: z.string().optional(),
	MAIL_FROM: z.string().default('Yardstick <no-reply@yardstick.local>'),
	SALES_INBOX: z.string().email().default('sales@yardstick.local'),
	BILLING_INBOX: z.string().email().default('billing@yardstick.local'),
	SECURE_COOKIES: z.enum(['true', 'false']).optional(),
	// tests raise these so one machine can sign in many times
	RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
	// Cloudflare Turnstile replaces the self-hosted proof-of-work bot check when both keys are set
	TURNSTILE_SITE_KEY: z.string().min(1).optional(),
	TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
	TURNSTILE_VERIFY_URL: z.string().url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),

	// Imagery: XYZ URL templates ({z}/{x}/{y}); public-domain USGS National Map by default.
	// The satellite layer: IMAGERY forces a provider; else SATELLITE_TILE_URL when set;
	// else the first keyed provider whose key is set (Google, Esri, Mapbox); else USGS
	// (app/integrations/satellite.server.ts).
	SATELLITE_TILE_URL: z.string().optional().transform((v) => v || undefined),
	IMAGERY: z.enum(['usgs', 'esri', 'mapbox', 'google']).optional(),
	// Esri World Imagery (ArcGIS location platform API key, basemaps only): a browser key, on every tile URL
	ESRI_API_KEY: z.string().min(1).optional(),
	ESRI_IMAGERY_URL: z.string().url().default('https://ibasemaps-api.arcgis.com/arcgis/rest/services/World_Imagery/MapServer'),
	// Mapbox Satellite: a public (pk.) token, a browser key on every tile URL; MAPBOX_ACCESS_TOKEN (search) stays on the server
	MAPBOX_SATELLITE_TOKEN: z.string().startsWith('pk.', 'MAPBOX_SATELLITE_TOKEN must be a public (pk.) token: it reaches the browser').optional(),
	MAPBOX_TILES_URL: z.string().url().default('https://api.mapbox.com/v4'),
	// Google Map Tiles (2D satellite, session token): a browser key on every tile URL, never the Places key
	GOOGLE_MAP_TILES_API_KEY: z.string().min(1).optional(),
	GOOGLE_TILES_URL: z.string().url().default('https://tile.googleapis.com/v1'),
	// the Google logo Google's terms require on every display of its tiles (the map, the PDF report, the share picture);
	// the variant for non-white backgrounds, as satellite imagery is (docs/decisions.md)
	GOOGLE_LOGO_URL: z.string().url().default('https://developers.google.com/static/maps/documentation/images/google_on_non_white.png'),
	// USGS capture dates: an ArcGIS MapServer whose identify answers the imagery's date for a point
	// how long a capture-date look-up may take before the map and report go without one
	IMAGERY_METADATA_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
	USGS_IMAGERY_METADATA_URL: z.string().url().default('https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer'),
	HYBRID_TILE_URL: z.string().default('https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryTopo/MapServer/tile/{z}/{y}/{x}'),
	TERRAIN_TILE_URL: z.string().default('https://basemap.nationalmap.gov/arcgis/rest/services/USGSShadedReliefOnly/MapServer/tile/{z}/{y}/{x}'),
	ROADMAP_TILE_URL: z.string().default('https://basemap.nationalmap.gov/arcgis/rest/services/USGSTopo/MapServer/tile/{z}/{y}/{x}'),
	TILE_ATTRIBUTION: z.string().default('Imagery: U.S. Geological Survey, The National Map'),
	TILE_MAX_ZOOM: z.coerce.number().int().min(1).max(23).default(20),
	// the satellite provider's true ground resolution (metres per pixel) where its
	// top zoom is upsampled (e.g. 1 m NAIP served at zoom 20): AI results on imagery
	// coarser than 0.6 m say their outline is rough. Unset: the tiles' pixel size.
	SATELLITE_GROUND_MPP: z.coerce.number().positive().optional(),
	// grass detection fetches satellite tiles server-side and caches them here
	// (default: DATA_DIR/tiles)
	DATA_DIR: z.string().default('data'),
	TILE_CACHE_DIR: z.string().optional(),
	TILE_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),

	// Geocoding: unset = the default chain (US Census one-line geocoder for street
	// addresses, the offline US ZIP/city gazetteer for the rest and as fallback);
	// a value forces one provider.
	GEOCODER: z.enum(['gazetteer', 'photon', 'census', 'mapbox', 'google']).optional(),
	// Mapbox Search (Geocoding v6), server side only: with no GEOCODER, the token alone switches suggestions to it
	MAPBOX_ACCESS_TOKEN: z.string().min(1).optional(),
	MAPBOX_SEARCH_URL: z.string().url().default('https://api.mapbox.com/search/geocode/v6'),
	// Google Places API (New), server side only: with no GEOCODER, the key alone switches suggestions to it (before Mapbox)
	GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
	GOOGLE_PLACES_URL: z.string().url().default('https://places.googleapis.com/v1'),
	// Google Geocoding API, for reverse lookups ("I'm at the property") with GOOGLE_MAPS_API_KEY
	GOOGLE_GEOCODING_URL: z.string().url().default('https://maps.googleapis.com/maps/api/geocode'),
	PHOTON_URL: z.string().url().optional(),
	CENSUS_GEOCODER_URL: z.string().url().default('https://geocoding.geo.census.gov/geocoder'),
	GEOCODER_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),

	// Payments (issue 30): the built-in test gateway by default; PAYMENTS=stripe charges
	// through Stripe (keys server side only, never printed). STRIPE_API_URL points the
	// official client elsewhere (tests: a local server speaking Stripe's API).
	PAYMENTS: z.enum(['test', 'stripe']).default('test'),
	STRIPE_SECRET_KEY: z.string().min(1).optional(),
	STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
	STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
	STRIPE_API_URL: z.string().url().optional(),

	// Bulk measure (issue 34): the pg-boss queue in this database. `npm start` runs one
	// worker in-process unless BULK_WORKER=off (then `npm run worker` processes do the work).
	BULK_WORKER: z.enum(['on', 'off']).default('on'),
	// rows a worker measures at once (each detection runs in the worker-thread pool); unset: 2 in a
	// `npm run worker` process, 1 in the web process's own worker, which keeps its requests' p99
	// within 2x idle (bench:bulk; IN_PROCESS_CONCURRENCY in app/services/bulk-worker.server.ts)
	BULK_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
	// queue jobs one organization may have at a time: the fairness between organizations
	BULK_ORG_IN_FLIGHT: z.coerce.number().int().min(1).max(256).default(4),
	// a row whose worker died is retried after this long
	BULK_ROW_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(300),
	BULK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
	BULK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(5),
	// how often pg-boss looks for expired jobs (a dead worker's rows)
	BULK_QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(60),
})
	.refine((env) => env.GEOCODER !== 'photon' || env.PHOTON_URL, { message: 'GEOCODER=photon needs PHOTON_URL', path: ['PHOTON_URL'] })
	.refine((env) => env.GEOCODER !== 'mapbox' || env.MAPBOX_ACCESS_TOKEN, { message: 'GEOCODER=mapbox needs MAPBOX_ACCESS_TOKEN', path: ['MAPBOX_ACCESS_TOKEN'] })
	.refine((env) => env.IMAGERY !== 'esri' || env.ESRI_API_KEY, { message: 'IMAGERY=esri needs ESRI_API_KEY', path: ['ESRI_API_KEY'] })
	.refine((env) => env.IMAGERY !== 'mapbox' || env.MAPBOX_SATELLITE_TOKEN, { message: 'IMAGERY=mapbox needs MAPBOX_SATELLITE_TOKEN', path: ['MAPBOX_SATELLITE_TOKEN'] })
	.refine((env) => env.IMAGERY !== 'google' || env.GOOGLE_MAP_TILES_API_KEY, { message: 'IMAGERY=google needs GOOGLE_MAP_TILES_API_KEY', path: ['GOOGLE_MAP_TILES_API_KEY'] })
	.refine((env) => !env.GOOGLE_MAP_TILES_API_KEY || env.GOOGLE_MAP_TILES_API_KEY !== env.GOOGLE_MAPS_API_KEY, {
		message: 'GOOGLE_MAP_TILES_API_KEY reaches the browser: use a separate key from GOOGLE_MAPS_API_KEY (Places, server only)',
		path: ['GOOGLE_MAP_TILES_API_KEY'],
	})
	.refine((env) => env.PAYMENTS !== 'stripe' || env.STRIPE_SECRET_KEY, { message: 'PAYMENTS=stripe needs STRIPE_SECRET_KEY', path: ['STRIPE_SECRET_KEY'] })
	.refine((env) => env.PAYMENTS !== 'stripe' || env.STRIPE_WEBHOOK_SECRET, { message: 'PAYMENTS=stripe needs STRIPE_WEBHOOK_SECRET', path: ['STRIPE_WEBHOOK_SECRET'] })
	.refine((env) => env.GEOCODER !== 'google' || env.GOOGLE_MAPS_API_KEY, { message: 'GEOCODER=google needs GOOGLE_MAPS_API_KEY', path: ['GOOGLE_MAPS_API_KEY'] })

export type Env = z.infer<typeof schema>

let cached: Env | undefined
export function getEnv(): Env {
	if (!cached) {
		const parsed = schema.safeParse(process.env)
		if (!parsed.success) {
			throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`)
		}
		cached = parsed.data
	}
	return cached
}

export function appUrl(): string {
	const env = getEnv()
	return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
}

export function secureCookies(): boolean {
	const env = getEnv()
	if (env.SECURE_COOKIES) return env.SECURE_COOKIES === 'true'
	return env.NODE_ENV === 'production' && appUrl().startsWith('https://')
}
