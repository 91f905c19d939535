// `npm run doctor`: for a deployer, checks what Yardstick talks to — the
// database, SMTP, the geocoder, each configured tile layer and the payment
// processor (Stripe: one read-only call, the key never printed) — with one
// request each, bounded by a timeout, and prints a table. Exit 1 when
// something required fails (a WARN never fails the run).
import nodemailer from 'nodemailer'
import pg from 'pg'

const embeddedDatabase = !process.env.DATABASE_URL
// the environment schema wants a database URL; embedded mode has none until `npm start`
if (embeddedDatabase) process.env.DATABASE_URL = 'postgresql://embedded.invalid/yardstick'
const { getEnv } = await import('../app/env.server.ts')
const { createGeocoder } = await import('../app/integrations/geocoder.server.ts')
const { imageryProviderName } = await import('../app/lib/imagery-providers.ts')
const { getSatelliteImagery } = await import('../app/integrations/satellite.server.ts')
const { arcgisCaptureDate } = await import('../app/integrations/imagery-info.server.ts')
const { providerLogo } = await import('../app/integrations/provider-logo.server.ts')
const { getPaymentGateway } = await import('../app/integrations/payments.server.ts')

type Status = 'ok' | 'WARN' | 'FAIL'
type Row = { check: string; status: Status; detail: string; required: boolean }
const TIMEOUT_MS = 8000
const env = getEnv()
const why = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 160)

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
	const started = performance.now()
	const value = await work()
	return { value, ms: Math.round(performance.now() - started) }
}

async function database(): Promise<Row> {
	const check = 'database'
	if (embeddedDatabase) return { check, status: 'ok', required: true, detail: `embedded PostgreSQL in ${env.DATA_DIR}/postgres (started by npm start; set DATABASE_URL for a server)` }
	const client = new pg.Client({ connectionString: env.DATABASE_URL, connectionTimeoutMillis: TIMEOUT_MS, query_timeout: TIMEOUT_MS })
	try {
		const { value, ms } = await timed(async () => {
			await client.connect()
			return (await client.query<{ version: string }>('SELECT current_setting($1) AS version', ['server_version'])).rows[0]!.version
		})
		return { check, status: 'ok', required: true, detail: `PostgreSQL ${value} answered in ${ms} ms` }
	} catch (error) {
		return { check, status: 'FAIL', required: true, detail: `cannot connect: ${why(error)}` }
	} finally {
		await client.end().catch(() => {})
	}
}

async function smtp(): Promise<Row> {
	const check = 'smtp'
	if (!env.SMTP_URL) return { check, status: 'WARN', required: false, detail: 'no SMTP_URL: e-mails go to the local outbox, nobody receives them' }
	const transport = nodemailer.createTransport(env.SMTP_URL, { connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS })
	try {
		const { ms } = await timed(() => transport.verify())
		return { check, status: 'ok', required: true, detail: `${new URL(env.SMTP_URL).host} accepted the connection in ${ms} ms` }
	} catch (error) {
		return { check, status: 'FAIL', required: true, detail: `${why(error)}` }
	} finally {
		transport.close()
	}
}

async function geocoder(): Promise<Row> {
	const check = 'geocoder'
	const forced = env.GEOCODER
	const provider = forced === 'photon' || forced === 'mapbox' || forced === 'google' || forced === 'gazetteer' ? forced : 'census'
	if (provider === 'gazetteer') return { check, status: 'ok', required: true, detail: 'GEOCODER=gazetteer: offline ZIP/city centroids only (no street addresses)' }
	const mapbox = env.MAPBOX_ACCESS_TOKEN ? { url: env.MAPBOX_SEARCH_URL, token: env.MAPBOX_ACCESS_TOKEN } : undefined
	const google = env.GOOGLE_MAPS_API_KEY ? { url: env.GOOGLE_PLACES_URL, key: env.GOOGLE_MAPS_API_KEY } : undefined
	const geocoder = createGeocoder({ provider, photonUrl: env.PHOTON_URL, censusUrl: env.CENSUS_GEOCODER_URL, mapbox, google, timeoutMs: Math.min(env.GEOCODER_TIMEOUT_MS, TIMEOUT_MS), secret: 'doctor' })
	const base = provider === 'photon' ? env.PHOTON_URL! : provider === 'mapbox' ? env.MAPBOX_SEARCH_URL : provider === 'google' ? env.GOOGLE_PLACES_URL : env.CENSUS_GEOCODER_URL
	try {
		const { value, ms } = await timed(() => geocoder.geocode('1600 Pennsylvania Ave NW, Washington, DC 20500'))
		const found = value ? `found ${value.address}` : 'answered (no match for the test address)'
		return { check, status: 'ok', required: true, detail: `${provider} at ${new URL(base).host} ${found} in ${ms} ms` }
	} catch (error) {
		const detail = `${provider} at ${new URL(base).host}: ${(error as { detail?: string }).detail ?? why(error)}`
		// the default chain falls back to the offline gazetteer: degraded, not down
		return forced ? { check, status: 'FAIL', required: true, detail } : { check, status: 'WARN', required: false, detail: `${detail}; street addresses fall back to ZIP/city centroids` }
	}
}

/** The tile of the White House at zoom 17 (every US imagery provider has it). */
function tileAt(template: string, z = 17, lat = 38.8977, lng = -77.0365) {
	const n = 2 ** z
	const x = Math.floor(((lng + 180) / 360) * n)
	const rad = (lat * Math.PI) / 180
	const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)
	return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y))
}

function isImage(bytes: Uint8Array) {
	const head = Buffer.from(bytes.subarray(0, 12))
	return head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) || head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])) || (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
}

async function tileLayer(name: string, template: string, provider = imageryProviderName(template)): Promise<Row> {
	const check = `tiles: ${name}`
	let url: string
	try {
		url = tileAt(template)
		new URL(url)
	} catch {
		// a keyed provider's template carries its key: not printed
		return { check, status: 'FAIL', required: true, detail: `not a URL template: ${provider === imageryProviderName(template) && !/key=|token=/i.test(template) ? template : provider}` }
	}
	try {
		const { value: bytes, ms } = await timed(async () => {
			const response = await fetch(url, { signal: AbortSignal.timeout(Math.min(env.TILE_FETCH_TIMEOUT_MS, TIMEOUT_MS)), redirect: 'follow' })
			if (!response.ok) throw new Error(`HTTP ${response.status}`)
			return new Uint8Array(await response.arrayBuffer())
		})
		if (!isImage(bytes)) return { check, status: 'FAIL', required: true, detail: `${provider}: the answer is not a JPEG, PNG or WebP tile` }
		return { check, status: 'ok', required: true, detail: `${provider}: a ${Math.round(bytes.length / 1024)} kB tile in ${ms} ms` }
	} catch (error) {
		const reason = error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : why(error)
		return { check, status: 'FAIL', required: true, detail: `${provider}: ${reason}${error instanceof Error && error.cause ? ` (${why(error.cause)})` : ''}` }
	}
}

/** The satellite layer of the provider satellite.server.ts chooses; Google first needs a session (a fallback to USGS is a failure here). */
async function satelliteLayer(): Promise<Row> {
	const imagery = getSatelliteImagery()
	const satellite = await imagery.resolve()
	if (satellite.id !== imagery.chosen && !(imagery.chosen === 'custom' && satellite.id === 'usgs')) {
		return { check: 'tiles: satellite', status: 'FAIL', required: true, detail: `Google Map Tiles: no session (createSession failed; see the warning above); the map falls back to ${satellite.name}` }
	}
	return tileLayer('satellite', satellite.template, satellite.name)
}

/** The satellite provider's capture-date service (USGS, Esri): optional, the map and report simply show no date without it. */
async function imageryDates(): Promise<Row> {
	const check = 'imagery dates'
	const satellite = await getSatelliteImagery().resolve()
	const metadata = satellite.metadata
	if (metadata?.kind !== 'arcgis') return { check, status: 'ok', required: false, detail: `${satellite.name} gives no capture dates; none are shown` }
	const host = new URL(metadata.url).host
	const { value, ms } = await timed(() => arcgisCaptureDate(metadata, { lat: 38.8977, lng: -77.0365 }, { timeoutMs: Math.min(env.IMAGERY_METADATA_TIMEOUT_MS * 2, TIMEOUT_MS) }))
	return value
		? { check, status: 'ok', required: false, detail: `${satellite.name} at ${host}: captured ${value} (the White House) in ${ms} ms` }
		: { check, status: 'WARN', required: false, detail: `${satellite.name} at ${host}: no capture date (see the warning above, if any); the map and report show none` }
}

/** The logo the satellite provider requires on its imagery (Google's): the PDF report fetches it; a warning only (the report keeps the text credit). */
async function imageryLogo(): Promise<Row | null> {
	const check = 'imagery logo'
	const satellite = await getSatelliteImagery().resolve()
	if (!satellite.logo) return null
	const host = new URL(satellite.logo.url).host
	const { value, ms } = await timed(() => providerLogo(satellite.logo!.url, { timeoutMs: Math.min(env.IMAGERY_METADATA_TIMEOUT_MS * 2, TIMEOUT_MS) }))
	return value
		? { check, status: 'ok', required: false, detail: `${satellite.logo.alt} logo from ${host}: ${value.width} × ${value.height} px in ${ms} ms` }
		: { check, status: 'WARN', required: false, detail: `${satellite.logo.alt} logo from ${host} could not be fetched (see the warning above): reports print the text credit only; check GOOGLE_LOGO_URL` }
}

/** The payment processor: Stripe's balance (read-only) with the secret key; the test gateway takes no real money. */
async function payments(): Promise<Row> {
	const check = 'payments'
	const hosted = getPaymentGateway().hosted
	if (!hosted) return { check, status: 'WARN', required: false, detail: 'built-in test gateway: no real money is taken (set PAYMENTS=stripe and the Stripe keys)' }
	const host = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL).host : 'api.stripe.com'
	try {
		const { value, ms } = await timed(() => hosted.ping())
		return { check, status: 'ok', required: true, detail: `Stripe at ${host} (${value.livemode ? 'live' : 'test'} mode) answered in ${ms} ms` }
	} catch (error) {
		// Stripe masks keys in its messages; anything key-shaped is masked here too
		return { check, status: 'FAIL', required: true, detail: `Stripe at ${host}: ${why(error).replace(/\b(sk|rk|pk|whsec)_[A-Za-z0-9_]+/g, '$1_****')}` }
	}
}

const rows = await Promise.all([
	database(),
	smtp(),
	geocoder(),
	satelliteLayer(),
	imageryDates(),
	imageryLogo(),
	tileLayer('hybrid', env.HYBRID_TILE_URL),
	tileLayer('terrain', env.TERRAIN_TILE_URL),
	tileLayer('roadmap', env.ROADMAP_TILE_URL),
	payments(),
])
const shown = rows.filter((r): r is Row => r !== null)
const width = Math.max(...shown.map((r) => r.check.length))
console.log(`${'check'.padEnd(width)}  status  detail`)
console.log(`${'-'.repeat(width)}  ------  ${'-'.repeat(40)}`)
for (const row of shown) console.log(`${row.check.padEnd(width)}  ${row.status.padEnd(6)}  ${row.detail}`)
const failed = shown.filter((r) => r.required && r.status === 'FAIL')
console.log(failed.length ? `\n${failed.length} required check(s) failed.` : '\nEverything required works.')
process.exit(failed.length ? 1 : 0)
