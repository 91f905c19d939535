// Capture dates (issue 18 §5) from an ArcGIS MapServer identify — USGS's and
// Esri World Imagery's metadata protocol — against a local server that speaks
// it and misbehaves on purpose: no date, slow, broken, too large.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { KEYS, startImageryProviderServer, type ImageryProviderServer } from '../../tests/support/imagery-provider-server.ts'
import { arcgisCaptureDate, getImageryInfo } from './imagery-info.server.ts'
import { createSatelliteImagery } from './satellite.server.ts'

let providers: ImageryProviderServer
beforeAll(async () => {
	providers = await startImageryProviderServer()
})
afterAll(async () => {
	await providers.close()
})

const austin = { lat: 30.2747, lng: -97.7404 }
const usgs = () => ({ kind: 'arcgis' as const, url: `${providers.url}/usgs/USGSImageryOnly/MapServer` })
const esri = () => ({ kind: 'arcgis' as const, url: `${providers.url}/esri/World_Imagery/MapServer`, token: KEYS.esri })

test('Esri World Imagery: identify at the point (WGS84, JSON, the key as token) → SRC_DATE as year and month', async () => {
	providers.misbehave = {}
	providers.requests.length = 0
	providers.dates.esri = { NICE_NAME: 'Maxar', SRC_DATE: 20230415, SRC_RES: 0.3, SRC_ACC: 5 }
	expect(await arcgisCaptureDate(esri(), austin, { timeoutMs: 1000 })).toBe('2023-04')
	const asked = providers.requests[0]!.url.searchParams
	expect(asked.get('geometry')).toBe('-97.7404,30.2747')
	expect(asked.get('geometryType')).toBe('esriGeometryPoint')
	expect(asked.get('sr')).toBe('4326')
	expect(asked.get('f')).toBe('json')
	expect(asked.get('returnGeometry')).toBe('false')
	expect(asked.get('token')).toBe(KEYS.esri)
})

test('USGS: an acquisition date field; no token sent', async () => {
	providers.requests.length = 0
	providers.dates.usgs = { Name: 'NAIP', AcquisitionDate: Date.UTC(2022, 5, 21) }
	expect(await arcgisCaptureDate(usgs(), austin, { timeoutMs: 1000 })).toBe('2022-06')
	expect(providers.requests[0]!.url.searchParams.get('token')).toBeNull()
})

test('no date anywhere → null (nothing is shown)', async () => {
	providers.dates.usgs = null
	expect(await arcgisCaptureDate(usgs(), austin, { timeoutMs: 1000 })).toBeNull()
	providers.dates.usgs = { Name: 'NAIP', SRC_DATE: 'Null' }
	expect(await arcgisCaptureDate(usgs(), austin, { timeoutMs: 1000 })).toBeNull()
})

for (const bad of ['error', 'garbage', 'huge', 'wrong-shape', 'hang'] as const) {
	test(`identify that answers ${bad} → null, no hang`, async () => {
		providers.misbehave = { 'usgs-identify': bad }
		providers.dates.usgs = { SRC_DATE: 20200101 }
		const started = Date.now()
		expect(await arcgisCaptureDate(usgs(), austin, { timeoutMs: 300 })).toBeNull()
		expect(Date.now() - started).toBeLessThan(1500)
		providers.misbehave = {}
	})
}

test('a point outside the US is not looked up', async () => {
	providers.requests.length = 0
	expect(await arcgisCaptureDate(usgs(), { lat: 48.8584, lng: 2.2945 }, { timeoutMs: 1000 })).toBeNull()
	expect(providers.requests).toHaveLength(0)
})

test('providers without dates (Google, Mapbox) answer their name and no date, calling nobody', async () => {
	providers.requests.length = 0
	const mapbox = await createSatelliteImagery({ attribution: 'x', usgsMetadataUrl: usgs().url, timeoutMs: 500, mapbox: { url: `${providers.url}/mapbox/v4`, token: KEYS.mapbox } }).resolve()
	expect(await getImageryInfo({ lat: 30.1, lng: -97.1 }, { satellite: mapbox })).toEqual({ source: 'Mapbox Satellite', captured: null })
	expect(providers.requests).toHaveLength(0)
	const esriSatellite = await createSatelliteImagery({ attribution: 'x', usgsMetadataUrl: usgs().url, timeoutMs: 500, esri: { url: esri().url, key: KEYS.esri } }).resolve()
	providers.dates.esri = { SRC_DATE: 20191201 }
	expect(await getImageryInfo({ lat: 30.2, lng: -97.2 }, { satellite: esriSatellite })).toEqual({ source: 'Esri World Imagery', captured: '2019-12' })
})

test("Google Map Tiles: no date, but the viewport info's copyright line for the area (with the session and key); a broken one → none", async () => {
	const { GOOGLE_COPYRIGHT, GOOGLE_SESSION } = await import('../../tests/support/imagery-provider-server.ts')
	providers.misbehave = {}
	providers.requests.length = 0
	const google = await createSatelliteImagery({ attribution: 'x', usgsMetadataUrl: usgs().url, timeoutMs: 500, google: { url: `${providers.url}/google/v1`, key: KEYS.google } }).resolve()
	expect(google.id).toBe('google')
	expect(await getImageryInfo({ lat: 30.3, lng: -97.3 }, { satellite: google })).toEqual({ source: 'Google Map Tiles', captured: null, copyright: GOOGLE_COPYRIGHT })
	const asked = providers.requests.find((r) => r.route === 'google-viewport')!.url.searchParams
	expect(asked.get('session')).toBe(GOOGLE_SESSION)
	expect(asked.get('key')).toBe(KEYS.google)
	expect(Number(asked.get('north'))).toBeGreaterThan(30.3)
	expect(Number(asked.get('south'))).toBeLessThan(30.3)
	for (const bad of ['error', 'garbage', 'huge', 'wrong-shape', 'hang'] as const) {
		providers.misbehave = { 'google-viewport': bad }
		const { googleCopyright } = await import('./imagery-info.server.ts')
		expect(await googleCopyright(google.metadata as never, austin, { timeoutMs: 300 }), bad).toBeNull()
	}
	providers.misbehave = {}
})
