// The satellite provider choice (issue 18 §3) against a local server speaking
// Esri's, Mapbox's and Google's tile protocols: the template each gives the map,
// the attribution it requires, Google's session (and what happens when it
// cannot be had), and the server's own tile fetch (grass detection, the PDF)
// going to the same provider.
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { COLOURS, GOOGLE_SESSION, KEYS, startImageryProviderServer, type ImageryProviderServer } from '../../tests/support/imagery-provider-server.ts'
import { pdfText, reportAround } from '../../tests/support/report-pdf.ts'
import { chooseSatelliteProvider, createSatelliteImagery, SATELLITE_ATTRIBUTION, USGS_SATELLITE_TILE_URL, type SatelliteConfig } from './satellite.server.ts'

let providers: ImageryProviderServer
let cacheDir: string
beforeAll(async () => {
	providers = await startImageryProviderServer()
	cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ys-satellite-'))
	// the server's tile fetch reads these once (getEnv), on first use
	process.env.TILE_CACHE_DIR = cacheDir
	process.env.TILE_FETCH_TIMEOUT_MS = '1500'
})
afterAll(async () => {
	await providers.close()
	await fs.rm(cacheDir, { recursive: true, force: true })
})

const USGS_CREDIT = 'Imagery: U.S. Geological Survey, The National Map'
const config = (over: Partial<SatelliteConfig> = {}): SatelliteConfig => ({
	attribution: USGS_CREDIT,
	usgsMetadataUrl: `${providers.url}/usgs/USGSImageryOnly/MapServer`,
	timeoutMs: 1000,
	...over,
})
const esri = () => ({ url: `${providers.url}/esri/World_Imagery/MapServer`, key: KEYS.esri })
const mapbox = () => ({ url: `${providers.url}/mapbox/v4`, token: KEYS.mapbox })
const GOOGLE_LOGO = 'https://developers.google.com/static/maps/documentation/images/google_on_non_white.png'
const google = () => ({ url: `${providers.url}/google/v1`, key: KEYS.google, logoUrl: GOOGLE_LOGO })

const at = (template: string, z = 17, x = 37487, y = 50146) => template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y))
async function colourOf(template: string) {
	const response = await fetch(at(template))
	expect(response.status).toBe(200)
	const { data } = await sharp(Buffer.from(await response.arrayBuffer())).raw().toBuffer({ resolveWithObject: true })
	return { r: data[0], g: data[1], b: data[2] }
}
const near = (a: { r?: number; g?: number; b?: number }, b: { r: number; g: number; b: number }) =>
	Math.abs(a.r! - b.r) < 8 && Math.abs(a.g! - b.g) < 8 && Math.abs(a.b! - b.b) < 8

describe('which provider serves the satellite layer', () => {
	test('keyless by default (USGS); a key alone switches (Google, then Esri, then Mapbox); SATELLITE_TILE_URL beats keys; IMAGERY beats everything', () => {
		expect(chooseSatelliteProvider(config())).toBe('usgs')
		expect(chooseSatelliteProvider(config({ mapbox: mapbox() }))).toBe('mapbox')
		expect(chooseSatelliteProvider(config({ mapbox: mapbox(), esri: esri() }))).toBe('esri')
		expect(chooseSatelliteProvider(config({ mapbox: mapbox(), esri: esri(), google: google() }))).toBe('google')
		expect(chooseSatelliteProvider(config({ esri: esri(), satelliteTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}' }))).toBe('custom')
		expect(chooseSatelliteProvider(config({ esri: esri(), google: google(), satelliteTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}', imagery: 'esri' }))).toBe('esri')
		expect(chooseSatelliteProvider(config({ esri: esri(), imagery: 'usgs' }))).toBe('usgs')
		expect(() => createSatelliteImagery(config({ imagery: 'google' }))).toThrow('IMAGERY=google needs GOOGLE_MAP_TILES_API_KEY')
	})

	test('USGS: its public template and credit, and its metadata service for dates', async () => {
		const satellite = await createSatelliteImagery(config()).resolve()
		expect(satellite).toMatchObject({ id: 'usgs', name: 'USGS The National Map', attribution: USGS_CREDIT, template: USGS_SATELLITE_TILE_URL })
		expect(satellite.metadata).toEqual({ kind: 'arcgis', url: `${providers.url}/usgs/USGSImageryOnly/MapServer` })
	})

	test('Esri World Imagery: its tiles with the key as token, Esri\'s required credit, identify for dates', async () => {
		const imagery = createSatelliteImagery(config({ esri: esri() }))
		const satellite = await imagery.resolve()
		expect(satellite).toMatchObject({ id: 'esri', name: 'Esri World Imagery', attribution: SATELLITE_ATTRIBUTION.esri })
		expect(satellite.attribution).toBe('Powered by Esri. Imagery: Esri, Maxar, Earthstar Geographics, and the GIS User Community')
		expect(satellite.template).toBe(`${providers.url}/esri/World_Imagery/MapServer/tile/{z}/{y}/{x}?token=${KEYS.esri}`)
		expect(satellite.cacheKey).not.toContain(KEYS.esri)
		expect(near(await colourOf(satellite.template), COLOURS.esri)).toBe(true)
		expect(imagery.origins.map((o) => new URL(o.replace(/\{\w\}/g, '0')).origin)).toEqual([providers.url])
		// no logo required: nothing more for the page to load
		expect(satellite.logo).toBeUndefined()
		expect(imagery.imageOrigins).toEqual([])
	})

	test('Mapbox Satellite: 256-px tiles with the public token, Mapbox\'s credit', async () => {
		const satellite = await createSatelliteImagery(config({ mapbox: mapbox() })).resolve()
		expect(satellite).toMatchObject({ id: 'mapbox', name: 'Mapbox Satellite', attribution: '© Mapbox © Maxar', metadata: null })
		expect(satellite.template).toBe(`${providers.url}/mapbox/v4/mapbox.satellite/{z}/{x}/{y}.jpg90?access_token=${KEYS.mapbox}`)
		expect(near(await colourOf(satellite.template), COLOURS.mapbox)).toBe(true)
	})
})

describe('Google Map Tiles: a session first', () => {
	test('createSession once (satellite, en-US, US), then tiles with session and key; the session is reused', async () => {
		providers.misbehave = {}
		providers.requests.length = 0
		const imagery = createSatelliteImagery(config({ google: google() }))
		const [a, b] = await Promise.all([imagery.resolve(), imagery.resolve()])
		expect(a).toEqual(b)
		expect(a).toMatchObject({ id: 'google', name: 'Google Map Tiles', attribution: 'Imagery © Google' })
		// no capture dates; its viewport info gives the copyright line its terms ask for
		expect(a.metadata).toEqual({ kind: 'google-viewport', url: `${providers.url}/google/tile/v1/viewport`, session: GOOGLE_SESSION, key: KEYS.google })
		expect(a.template).toBe(`${providers.url}/google/v1/2dtiles/{z}/{x}/{y}?session=${GOOGLE_SESSION}&key=${KEYS.google}`)
		expect(a.cacheKey).not.toContain(GOOGLE_SESSION)
		expect(await imagery.resolve()).toEqual(a)
		const sessions = providers.requests.filter((r) => r.route === 'google-session')
		expect(sessions).toHaveLength(1)
		expect(near(await colourOf(a.template), COLOURS.google)).toBe(true)
		// the fallback's origin is allowed too, for the page's Content-Security-Policy
		expect(imagery.origins).toHaveLength(2)
		// Google's terms: its logo over its tiles, an image the page may load (img-src only)
		expect(a.logo).toEqual({ url: GOOGLE_LOGO, alt: 'Google' })
		expect(imagery.imageOrigins).toEqual([GOOGLE_LOGO])
	})

	for (const bad of ['error', 'garbage', 'huge', 'wrong-shape', 'hang'] as const) {
		test(`createSession that answers ${bad} → the satellite layer falls back to USGS, no hang`, async () => {
			providers.misbehave = { 'google-session': bad }
			const imagery = createSatelliteImagery(config({ google: google(), timeoutMs: 300 }))
			const started = Date.now()
			const satellite = await imagery.resolve()
			expect(Date.now() - started).toBeLessThan(2000)
			expect(satellite).toMatchObject({ id: 'usgs', template: USGS_SATELLITE_TILE_URL, attribution: USGS_CREDIT })
			// USGS's imagery meanwhile: no Google logo over it
			expect(satellite.logo).toBeUndefined()
			expect(imagery.chosen).toBe('google')
		})
	}

	test('a refused key → USGS', async () => {
		providers.misbehave = {}
		const satellite = await createSatelliteImagery(config({ google: { ...google(), key: 'wrong' } })).resolve()
		expect(satellite.id).toBe('usgs')
	})
})

describe('the server fetches the same provider the map shows', () => {
	test('with ESRI_API_KEY alone, grass detection and the report stitch Esri tiles (the key on every request) and credit Esri', async () => {
		process.env.ESRI_API_KEY = KEYS.esri
		process.env.ESRI_IMAGERY_URL = `${providers.url}/esri/World_Imagery/MapServer`
		delete process.env.SATELLITE_TILE_URL
		delete process.env.IMAGERY
		providers.misbehave = {}
		providers.requests.length = 0
		const { fetchImageryWindow } = await import('./imagery.server.ts')
		const { renderReportMap } = await import('~/services/report-map.server.ts')
		const window = await fetchImageryWindow({ lat: 30.2747, lng: -97.7404 }, 18, 512)
		expect(window.satellite?.id).toBe('esri')
		const tiles = providers.requests.filter((r) => r.route === 'esri-tile')
		expect(tiles.length).toBeGreaterThan(0)
		expect(tiles.every((r) => r.url.searchParams.get('token') === KEYS.esri)).toBe(true)
		expect(near({ r: window.image.data[0], g: window.image.data[1], b: window.image.data[2] }, COLOURS.esri)).toBe(true)
		const square = [
			{ lat: 30.2747, lng: -97.7404 },
			{ lat: 30.2748, lng: -97.7404 },
			{ lat: 30.2748, lng: -97.7403 },
		]
		providers.dates.esri = { NICE_NAME: 'Maxar', SRC_DATE: 20230415, SRC_RES: 0.3 }
		const map = await renderReportMap([{ type: 'polygon', coordinates: square }] as never)
		expect(map.jpeg).not.toBeNull()
		expect(map.attribution).toBe(SATELLITE_ATTRIBUTION.esri)
		expect(map.imageryInfo).toEqual({ source: 'Esri World Imagery', captured: '2023-04' })
		// no logo to print: Esri's credit is text
		expect(map.logo).toBeNull()
		const identify = providers.requests.find((r) => r.route === 'esri-identify')!
		expect(identify.url.searchParams.get('token')).toBe(KEYS.esri)
		// the PDF prints the credit and "Imagery: <source>, <month year>"
		const text = await pdfText(await reportAround(map))
		expect(text).toContain('Powered by Esri. Imagery: Esri, Maxar, Earthstar Geographics, and the GIS User Community')
		expect(text).toContain('Imagery: Esri World Imagery, April 2023')
		// the tile cache is named without the key
		const names = await fs.readdir(cacheDir, { recursive: true })
		expect(names.join('\n')).not.toContain(KEYS.esri)
	})
})

test("the PDF prints Google's credit with its copyright line for the area, and no date line", async () => {
	const jpeg = await sharp({ create: { width: 1032, height: 600, channels: 3, background: COLOURS.google } }).jpeg().toBuffer()
	const center = { lat: 30.2747, lng: -97.7404 }
	const text = await pdfText(
		await reportAround({
			view: { zoom: 19, center, width: 1032, height: 600, left: 0, top: 0 },
			jpeg,
			unavailable: null,
			attribution: SATELLITE_ATTRIBUTION.google,
			imageryInfo: { source: 'Google Map Tiles', captured: null, copyright: 'Map data ©2026 Google, Imagery ©2026 Maxar Technologies' },
			logo: null,
		}),
	)
	expect(text).toContain('Imagery source: Imagery © Google; Map data ©2026 Google, Imagery ©2026 Maxar Technologies.')
	expect(text).not.toContain('Imagery: Google Map Tiles,')
})
