// Issue 18 §3 and §5 in the browser: a keyed imagery provider chosen by its key
// alone (Esri World Imagery here, Mapbox Satellite for a provider without
// dates), its required attribution on the map, "Imagery: <source>, <month
// year>" where the provider's metadata has a capture date, and only the
// browser key in the page — never the server-only Places or Search keys;
// Google's logo at the bottom left of its layer (and no logo over others). The
// providers are a local server speaking their protocols.
import { startAppProcess, type AppProcess } from '../support/app-process.ts'
import { E2E_SESSION_SECRET, expect, signIn, test } from '../support/fixtures.ts'
import { GOOGLE_COPYRIGHT, GOOGLE_LOGO_PATH, GOOGLE_SESSION, KEYS, LOGO_SIZE, startImageryProviderServer, type ImageryProviderServer } from '../support/imagery-provider-server.ts'

const SERVER_ONLY = { GOOGLE_MAPS_API_KEY: 'places-server-only-key-123', MAPBOX_ACCESS_TOKEN: 'sk.search-server-only-token' }
const at = { lat: 30.2747, lng: -97.7404 }

// each test starts an app server of its own (about a minute on a busy 2-core machine)
test.describe.configure({ timeout: 180_000 })

let providers: ImageryProviderServer
test.beforeAll(async () => {
	providers = await startImageryProviderServer()
})
test.afterAll(async () => {
	await providers?.close()
})

// the logo from another origin than the tiles (same local server, by its other name), so the page's
// Content-Security-Policy must allow it by itself
const googleLogoUrl = () => `${providers.url.replace('127.0.0.1', 'localhost')}${GOOGLE_LOGO_PATH}`

async function appWith(env: Record<string, string>, base: { databaseUrl: string; tiles: string }): Promise<AppProcess> {
	return startAppProcess(
		{
			DATABASE_URL: base.databaseUrl,
			SESSION_SECRET: E2E_SESSION_SECRET,
			HYBRID_TILE_URL: `${base.tiles}/hybrid/{z}/{x}/{y}.png`,
			TERRAIN_TILE_URL: `${base.tiles}/terrain/{z}/{x}/{y}.png`,
			ROADMAP_TILE_URL: `${base.tiles}/roadmap/{z}/{x}/{y}.png`,
			ESRI_IMAGERY_URL: `${providers.url}/esri/World_Imagery/MapServer`,
			MAPBOX_TILES_URL: `${providers.url}/mapbox/v4`,
			GOOGLE_TILES_URL: `${providers.url}/google/v1`,
			GOOGLE_LOGO_URL: googleLogoUrl(),
			// the server-only keys' services are local too (never the internet)
			GOOGLE_PLACES_URL: `${providers.url}/places/v1`,
			MAPBOX_SEARCH_URL: `${providers.url}/mapbox-search/v6`,
			USGS_IMAGERY_METADATA_URL: `${providers.url}/usgs/USGSImageryOnly/MapServer`,
			TRUST_PROXY: 'true',
			JOBS: 'off',
			...SERVER_ONLY,
			...env,
		},
		{ unset: ['SATELLITE_TILE_URL', 'IMAGERY', 'SMTP_URL'] },
	)
}

test('ESRI_API_KEY alone: Esri tiles with its key, its attribution and "Imagery: Esri World Imagery, April 2023" on the map; the server-only keys never reach the page; Google Places suggestions carry "Powered by Google"', async ({ page, context, makeUser, env }) => {
	providers.dates.esri = { NICE_NAME: 'Maxar', SRC_DATE: 20230415 }
	const app = await appWith({ ESRI_API_KEY: KEYS.esri }, env)
	try {
		await signIn(context, (await makeUser()).id)
		const response = await page.goto(`${app.baseURL}/measure?${new URLSearchParams({ address: '1100 Congress Ave, Austin, TX 78701', lat: String(at.lat), lng: String(at.lng) })}`)
		const html = await response!.text()
		for (const secret of Object.values(SERVER_ONLY)) expect(html).not.toContain(secret)
		await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible()
		await page.getByRole('group', { name: 'Map View' }).getByRole('button', { name: 'Satellite' }).click()
		await expect(page.getByTestId('map-credit')).toContainText('Powered by Esri. Imagery: Esri, Maxar, Earthstar Geographics, and the GIS User Community')
		await expect(page.getByTestId('imagery-date')).toHaveText('Imagery: Esri World Imagery, April 2023')
		// Google's logo is Google's only
		await expect(page.getByTestId('provider-logo')).toHaveCount(0)
		expect(response!.headers()['content-security-policy']).not.toContain('localhost')
		await expect.poll(() => providers.requests.filter((r) => r.route === 'esri-tile' && r.url.searchParams.get('token') === KEYS.esri).length).toBeGreaterThan(0)
		// the date is of the satellite imagery: not shown over another provider's layer
		await page.getByRole('group', { name: 'Map View' }).getByRole('button', { name: 'Roadmap' }).click()
		await expect(page.getByTestId('imagery-date')).toHaveCount(0)
		await expect(page.getByTestId('map-credit')).not.toContainText('Esri')
		// GOOGLE_MAPS_API_KEY alone: suggestions from Google Places, with the credit Google requires
		const search = page.getByRole('combobox').first()
		await search.fill('1100 Congress')
		await expect(page.getByRole('option', { name: /1100 Congress Ave/ })).toBeVisible()
		await expect(page.getByTestId('suggestions-attribution')).toHaveText('Powered by Google')
		expect(providers.requests.some((r) => r.route === 'places-autocomplete')).toBe(true)
	} finally {
		await app.stop()
	}
})

test('Mapbox Satellite (a public token): its attribution, and no date line (Mapbox gives none)', async ({ page, context, makeUser, env }) => {
	const app = await appWith({ MAPBOX_SATELLITE_TOKEN: KEYS.mapbox }, env)
	try {
		await signIn(context, (await makeUser()).id)
		const response = await page.goto(`${app.baseURL}/measure?${new URLSearchParams({ address: '1100 Congress Ave, Austin, TX 78701', lat: String(at.lat), lng: String(at.lng) })}`)
		expect(await response!.text()).not.toContain(SERVER_ONLY.MAPBOX_ACCESS_TOKEN)
		await page.getByRole('group', { name: 'Map View' }).getByRole('button', { name: 'Satellite' }).click()
		await expect(page.getByTestId('map-credit')).toContainText('© Mapbox © Maxar')
		await expect.poll(() => providers.requests.filter((r) => r.route === 'mapbox-tile').length).toBeGreaterThan(0)
		await expect(page.getByTestId('imagery-date')).toHaveCount(0)
	} finally {
		await app.stop()
	}
})

test("Google Map Tiles: the server's session on the tile URLs, Google's credit, its logo at the bottom left and the area's copyright line on the map, no date line", async ({ page, context, makeUser, env }) => {
	const app = await appWith({ GOOGLE_MAP_TILES_API_KEY: KEYS.google }, env)
	try {
		await signIn(context, (await makeUser()).id)
		const response = await page.goto(`${app.baseURL}/measure?${new URLSearchParams({ address: '1100 Congress Ave, Austin, TX 78701', lat: String(at.lat), lng: String(at.lng) })}`)
		expect(await response!.text()).not.toContain(SERVER_ONLY.GOOGLE_MAPS_API_KEY)
		await page.getByRole('group', { name: 'Map View' }).getByRole('button', { name: 'Satellite' }).click()
		await expect(page.getByTestId('map-credit')).toContainText('Imagery © Google')
		await expect(page.getByTestId('imagery-copyright')).toHaveText(GOOGLE_COPYRIGHT)
		await expect.poll(() => providers.requests.filter((r) => r.route === 'google-tile' && r.url.searchParams.get('session') === GOOGLE_SESSION).length).toBeGreaterThan(0)
		await expect(page.getByRole('alert').filter({ hasText: 'Satellite imagery could not be loaded' })).toHaveCount(0)
		await expect(page.getByTestId('imagery-date')).toHaveCount(0)

		// Google's logo (its terms): bottom left over its layer, from the configured URL, loaded (the CSP allows its origin as an image only)
		const csp = response!.headers()['content-security-policy']!
		const logoOrigin = new URL(googleLogoUrl()).origin
		expect(csp).toMatch(new RegExp(`img-src [^;]*${logoOrigin.replace(/[.:/]/g, '\\$&')}`))
		expect(csp).not.toMatch(new RegExp(`connect-src [^;]*${logoOrigin.replace(/[.:/]/g, '\\$&')}`))
		const logo = page.getByRole('img', { name: 'Google', exact: true })
		await expect(logo).toBeVisible()
		await expect(logo).toHaveAttribute('src', googleLogoUrl())
		await expect(logo).toHaveCSS('pointer-events', 'none')
		await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(LOGO_SIZE.width)
		const map = (await page.getByTestId('measure-map').boundingBox())!
		const box = (await logo.boundingBox())!
		expect(box.x - map.x).toBeLessThan(16)
		expect(map.y + map.height - (box.y + box.height)).toBeLessThan(16)
		// the scale line moves to its right, the copyright line stays above it
		await expect.poll(async () => (await page.locator('.ol-scale-line').boundingBox())!.x).toBeGreaterThanOrEqual(box.x + box.width)
		const copyright = (await page.getByTestId('imagery-copyright').boundingBox())!
		expect(copyright.y + copyright.height).toBeLessThanOrEqual(box.y + 1)
		// on a phone: above the bottom sheet, which never covers it
		const desktop = page.viewportSize()!
		await page.setViewportSize({ width: 390, height: 844 })
		await expect(logo).toBeVisible()
		const sheetTop = async () => (await page.locator('.measure-sheet').boundingBox())!.y
		const bottomOf = async (what: ReturnType<typeof page.getByTestId>) => ((b) => b.y + b.height)((await what.boundingBox())!)
		await expect.poll(async () => (await logo.boundingBox())!.y + (await logo.boundingBox())!.height).toBeLessThanOrEqual(await sheetTop())
		// the provider's credit and the area's copyright line too, the copyright still above the logo
		await expect.poll(async () => (await bottomOf(page.getByTestId('map-credit'))) <= (await sheetTop())).toBe(true)
		await expect.poll(async () => (await bottomOf(page.getByTestId('imagery-copyright'))) <= (await logo.boundingBox())!.y + 1).toBe(true)
		await page.setViewportSize(desktop)
		// another layer, another provider: no Google logo
		await page.getByRole('group', { name: 'Map View' }).getByRole('button', { name: 'Roadmap' }).click()
		await expect(page.getByTestId('provider-logo')).toHaveCount(0)
		await page.getByRole('group', { name: 'Map View' }).getByRole('button', { name: 'Satellite' }).click()
		await expect(logo).toBeVisible()
	} finally {
		await app.stop()
	}
})
