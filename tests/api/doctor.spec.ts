// `npm run doctor` against local servers speaking each protocol: PostgreSQL
// (the e2e database), SMTP, the Census geocoder and XYZ tile servers. Nothing
// here reaches the internet.
import { spawn } from 'node:child_process'
import { startCensusServer } from '../support/census-server.ts'
import { expect, test } from '../support/fixtures.ts'
import { startMailReceiver } from '../support/mail-receiver.ts'
import { GOOGLE_LOGO_PATH, KEYS, startImageryProviderServer } from '../support/imagery-provider-server.ts'

function doctor(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/doctor.ts'], { env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
		let output = ''
		child.stdout.on('data', (d) => (output += d))
		child.stderr.on('data', (d) => (output += d))
		child.on('exit', (code) => resolve({ code, output }))
	})
}

// each test runs the doctor (a tsx process) more than once: seconds of start-up each on a busy machine
test.slow()

const row = (output: string, check: string) => output.split('\n').find((line) => line.startsWith(`${check} `)) ?? ''

test('everything reachable: a table of ok rows, exit 0; a broken tile layer or SMTP: FAIL rows, exit 1', async ({ env }) => {
	const mail = await startMailReceiver()
	const census = await startCensusServer()
	const layer = (name: string) => `${env.tiles}/${name}/{z}/{x}/{y}.png`
	const working = {
		DATABASE_URL: env.databaseUrl,
		SMTP_URL: mail.url,
		CENSUS_GEOCODER_URL: census.url,
		SATELLITE_TILE_URL: layer('satellite'),
		HYBRID_TILE_URL: layer('hybrid'),
		TERRAIN_TILE_URL: layer('terrain'),
		ROADMAP_TILE_URL: layer('roadmap'),
	}
	try {
		const good = await doctor(working)
		expect(good.code, good.output).toBe(0)
		expect(row(good.output, 'database')).toMatch(/ ok +PostgreSQL \d+/)
		expect(row(good.output, 'smtp')).toMatch(/ ok +127\.0\.0\.1:\d+ accepted the connection/)
		expect(row(good.output, 'geocoder')).toMatch(/ ok +census at 127\.0\.0\.1:\d+ found 1600 PENNSYLVANIA AVE NW, WASHINGTON, DC, 20500/)
		for (const name of ['satellite', 'hybrid', 'terrain', 'roadmap']) expect(row(good.output, `tiles: ${name}`)).toMatch(/ ok +127\.0\.0\.1:\d+: a \d+ kB tile/)
		expect(good.output).toContain('Everything required works.')
		expect(census.requests).toHaveLength(1)

		const bad = await doctor({ ...working, SATELLITE_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.jpg', SMTP_URL: 'smtp://127.0.0.1:9', CENSUS_GEOCODER_URL: 'http://127.0.0.1:9/geocoder' })
		expect(bad.code, bad.output).toBe(1)
		expect(row(bad.output, 'tiles: satellite')).toMatch(/ FAIL +127\.0\.0\.1:9: /)
		expect(row(bad.output, 'tiles: hybrid')).toMatch(/ ok /)
		expect(row(bad.output, 'smtp')).toMatch(/ FAIL /)
		// the default chain falls back to the gazetteer: a warning, not a failure
		expect(row(bad.output, 'geocoder')).toMatch(/ WARN +census at 127\.0\.0\.1:9: .*fall back to ZIP\/city centroids/)
		expect(bad.output).toContain('2 required check(s) failed.')

		// tile layers answering 404, or JSON instead of an image; no SMTP at all is only a warning
		const garbage = await doctor({
			...working,
			TERRAIN_TILE_URL: `${census.url}/{z}/{x}/{y}`,
			ROADMAP_TILE_URL: `${census.url}/locations/onelineaddress?format=json&address={z}-{x}-{y}`,
			SMTP_URL: '',
		})
		expect(garbage.code, garbage.output).toBe(1)
		expect(row(garbage.output, 'tiles: terrain')).toMatch(/ FAIL +127\.0\.0\.1:\d+: HTTP 404/)
		expect(row(garbage.output, 'tiles: roadmap')).toMatch(/ FAIL +127\.0\.0\.1:\d+: the answer is not a JPEG, PNG or WebP tile/)
		expect(row(garbage.output, 'smtp')).toMatch(/ WARN +no SMTP_URL/)
	} finally {
		await mail.close()
		await census.close()
	}
})

test("keyed satellite imagery: the provider a key chooses is checked with its key (never printed); a Google key without a session fails; Google's logo is checked (a warning only)", async ({ env }) => {
	const providers = await startImageryProviderServer()
	const base = {
		DATABASE_URL: env.databaseUrl,
		SMTP_URL: '',
		HYBRID_TILE_URL: `${env.tiles}/hybrid/{z}/{x}/{y}.png`,
		TERRAIN_TILE_URL: `${env.tiles}/terrain/{z}/{x}/{y}.png`,
		ROADMAP_TILE_URL: `${env.tiles}/roadmap/{z}/{x}/{y}.png`,
		ESRI_IMAGERY_URL: `${providers.url}/esri/World_Imagery/MapServer`,
		MAPBOX_TILES_URL: `${providers.url}/mapbox/v4`,
		GOOGLE_TILES_URL: `${providers.url}/google/v1`,
		GOOGLE_LOGO_URL: `${providers.url}${GOOGLE_LOGO_PATH}`,
		// Google's fallback is USGS: its dates from the local server too
		USGS_IMAGERY_METADATA_URL: `${providers.url}/usgs/USGSImageryOnly/MapServer`,
	}
	try {
		providers.dates.esri = { SRC_DATE: 20230415 }
		const esri = await doctor({ ...base, ESRI_API_KEY: KEYS.esri })
		expect(row(esri.output, 'tiles: satellite')).toMatch(/ ok +Esri World Imagery: a \d+ kB tile/)
		expect(row(esri.output, 'imagery dates')).toMatch(/ ok +Esri World Imagery at 127\.0\.0\.1:\d+: captured 2023-04/)
		providers.misbehave = { 'esri-identify': 'garbage' }
		const noDates = await doctor({ ...base, ESRI_API_KEY: KEYS.esri })
		expect(row(noDates.output, 'imagery dates')).toMatch(/ WARN +Esri World Imagery at 127\.0\.0\.1:\d+: no capture date/)
		expect(noDates.code, noDates.output).toBe(0)
		providers.misbehave = {}
		expect(esri.output).not.toContain(KEYS.esri)
		const mapbox = await doctor({ ...base, MAPBOX_SATELLITE_TOKEN: KEYS.mapbox })
		expect(row(mapbox.output, 'tiles: satellite')).toMatch(/ ok +Mapbox Satellite: a \d+ kB tile/)
		expect(row(mapbox.output, 'imagery dates')).toMatch(/ ok +Mapbox Satellite gives no capture dates/)
		const google = await doctor({ ...base, GOOGLE_MAP_TILES_API_KEY: KEYS.google })
		expect(row(google.output, 'tiles: satellite')).toMatch(/ ok +Google Map Tiles: a \d+ kB tile/)
		expect(google.output).not.toContain(KEYS.google)
		expect(row(google.output, 'imagery logo')).toMatch(/ ok +Google logo from 127\.0\.0\.1:\d+: 59 × 18 px/)
		expect(mapbox.output).not.toContain('imagery logo')
		providers.misbehave = { 'google-logo': 'error' }
		const noLogo = await doctor({ ...base, GOOGLE_MAP_TILES_API_KEY: KEYS.google })
		expect(noLogo.code, noLogo.output).toBe(0)
		expect(row(noLogo.output, 'imagery logo')).toMatch(/ WARN +Google logo from 127\.0\.0\.1:\d+ could not be fetched/)
		providers.misbehave = {}
		const refused = await doctor({ ...base, GOOGLE_MAP_TILES_API_KEY: 'not-the-key' })
		expect(refused.code, refused.output).toBe(1)
		expect(row(refused.output, 'tiles: satellite')).toMatch(/ FAIL +Google Map Tiles: no session/)
		expect(providers.requests.some((r) => r.route === 'google-tile')).toBe(true)
	} finally {
		await providers.close()
	}
})

test('PAYMENTS=stripe: one read-only call to Stripe (a local server speaking its API), the key never printed; a wrong key fails; the test gateway is a warning', async ({ env }) => {
	const { startStripeServer, STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET } = await import('../support/stripe-server.ts')
	const stripe = await startStripeServer()
	const layer = (name: string) => `${env.tiles}/${name}/{z}/{x}/{y}.png`
	const base = { DATABASE_URL: env.databaseUrl, SATELLITE_TILE_URL: layer('satellite'), HYBRID_TILE_URL: layer('hybrid'), TERRAIN_TILE_URL: layer('terrain'), ROADMAP_TILE_URL: layer('roadmap') }
	const stripeEnv = { ...base, PAYMENTS: 'stripe', STRIPE_SECRET_KEY: STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url }
	try {
		const good = await doctor(stripeEnv)
		expect(row(good.output, 'payments')).toMatch(/ ok +Stripe at 127\.0\.0\.1:\d+ \(test mode\) answered in \d+ ms/)
		expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/balance'])
		expect(good.output).not.toContain(STRIPE_TEST_KEY)

		const wrongKey = 'sk_test_wrong_key_that_must_not_print'
		const bad = await doctor({ ...stripeEnv, STRIPE_SECRET_KEY: wrongKey })
		expect(bad.code, bad.output).toBe(1)
		expect(row(bad.output, 'payments')).toMatch(/ FAIL +Stripe at 127\.0\.0\.1:\d+: /)
		expect(bad.output).not.toContain(wrongKey)

		const test = await doctor(base)
		expect(row(test.output, 'payments')).toMatch(/ WARN +built-in test gateway: no real money is taken/)

		// the app and the doctor refuse PAYMENTS=stripe without a key, naming it (never a value)
		const missing = await doctor({ ...base, PAYMENTS: 'stripe', STRIPE_WEBHOOK_SECRET })
		expect(missing.code).not.toBe(0)
		expect(missing.output).toContain('PAYMENTS=stripe needs STRIPE_SECRET_KEY')
		expect(missing.output).not.toContain(STRIPE_WEBHOOK_SECRET)
	} finally {
		await stripe.close()
	}
})
