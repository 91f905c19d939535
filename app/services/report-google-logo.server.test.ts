// Google's terms ask for its logo on every display of its tiles (issue 18 §3):
// with Google Map Tiles as the satellite provider, the PDF report prints the
// logo at the bottom left of its map picture and the share page's picture
// carries it too; when the logo cannot be fetched (error, not an image, too
// large, no answer) the report is made all the same, with the text credit.
// Google's tiles, session and logo come from a local server speaking its
// protocol (GOOGLE_LOGO_URL points there).
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { GOOGLE_LOGO_PATH, KEYS, LOGO_COLOUR, LOGO_SIZE, startImageryProviderServer, type ImageryProviderServer } from '../../tests/support/imagery-provider-server.ts'
import { reportAround } from '../../tests/support/report-pdf.ts'

const at = { lat: 30.2747, lng: -97.7404 }
const lawn = [
	{ lat: at.lat, lng: at.lng },
	{ lat: at.lat + 0.0001, lng: at.lng },
	{ lat: at.lat + 0.0001, lng: at.lng + 0.0001 },
]
let providers: ImageryProviderServer
let cacheDir: string
let reportMap: typeof import('./report-map.server.ts')

beforeAll(async () => {
	providers = await startImageryProviderServer()
	cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ys-google-logo-'))
	// the environment is read once, on first use: Google Map Tiles by its key alone
	delete process.env.SATELLITE_TILE_URL
	delete process.env.IMAGERY
	delete process.env.ESRI_API_KEY
	delete process.env.MAPBOX_SATELLITE_TOKEN
	process.env.GOOGLE_MAP_TILES_API_KEY = KEYS.google
	process.env.GOOGLE_TILES_URL = `${providers.url}/google/v1`
	process.env.GOOGLE_LOGO_URL = `${providers.url}${GOOGLE_LOGO_PATH}`
	process.env.TILE_CACHE_DIR = cacheDir
	process.env.TILE_FETCH_TIMEOUT_MS = '2000'
	process.env.IMAGERY_METADATA_TIMEOUT_MS = '500'
	reportMap = await import('./report-map.server.ts')
})
afterAll(async () => {
	await providers?.close()
	await fs.rm(cacheDir, { recursive: true, force: true })
})

async function report(map: Awaited<ReturnType<typeof reportMap.renderReportMap>>) {
	const pdf = await reportAround(map)
	const { PDFParse } = await import('pdf-parse')
	const parser = new PDFParse({ data: new Uint8Array(pdf) })
	try {
		const text = (await parser.getText()).text.replace(/\s+/g, ' ')
		const shot = await parser.getScreenshot({ scale: 2, first: 1 })
		return {
			text,
			// image objects in the file (a PNG with transparency adds its mask as one more)
			images: pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0,
			logoPixels: await logoPixels(Buffer.from(shot.pages[0]!.data)),
		}
	} finally {
		await parser.destroy()
	}
}

/** Where the page (or picture) shows the stand-in logo's colour: how many pixels, and their bounding box. */
async function logoPixels(image: Buffer) {
	const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
	let count = 0
	const box = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity, width: info.width, height: info.height }
	for (let y = 0; y < info.height; y++) {
		for (let x = 0; x < info.width; x++) {
			const i = (y * info.width + x) * 3
			if (Math.abs(data[i]! - LOGO_COLOUR.r) < 30 && data[i + 1]! < 50 && Math.abs(data[i + 2]! - LOGO_COLOUR.b) < 30) {
				count++
				box.left = Math.min(box.left, x)
				box.right = Math.max(box.right, x)
				box.top = Math.min(box.top, y)
				box.bottom = Math.max(box.bottom, y)
			}
		}
	}
	return { count, box }
}

test('a logo URL that fails (error, not an image, too large, no answer): the report is made with the text credit, no logo, no hang', async () => {
	for (const bad of ['error', 'garbage', 'huge', 'hang'] as const) {
		providers.misbehave = { 'google-logo': bad }
		const started = Date.now()
		const map = await reportMap.renderReportMap([{ type: 'polygon', coordinates: lawn }] as never)
		expect(Date.now() - started, bad).toBeLessThan(5000)
		expect(map.jpeg, bad).not.toBeNull()
		expect(map.logo, bad).toBeNull()
		expect(map.attribution).toBe('Imagery © Google')
		const pdf = await report(map)
		expect(pdf.text).toContain('Imagery source: Imagery © Google')
		expect(pdf.images).toBe(1)
		expect(pdf.logoPixels.count).toBe(0)
	}
	expect(providers.requests.filter((r) => r.route === 'google-logo').length).toBe(4)
})

test("Google's logo is printed at the bottom left of the report's map, over its imagery, and is on the share picture; fetched once", async () => {
	providers.misbehave = {}
	providers.requests.length = 0
	const map = await reportMap.renderReportMap([{ type: 'polygon', coordinates: lawn }] as never)
	expect(map.logo).toMatchObject(LOGO_SIZE)
	const pdf = await report(map)
	expect(pdf.text).toContain('Imagery source: Imagery © Google')
	// the map's JPEG, the logo and the logo's transparency mask
	expect(pdf.images).toBe(3)
	// at 2× (144 dpi): the logo is 59 × 18 CSS px = 44 × 13.5 pt → about 88 × 27 px, in the map's bottom left
	const { count, box } = pdf.logoPixels
	expect(count).toBeGreaterThan(1500)
	expect(box.right - box.left).toBeGreaterThan(80)
	expect(box.right - box.left).toBeLessThan(96)
	expect(box.bottom - box.top).toBeGreaterThan(22)
	expect(box.bottom - box.top).toBeLessThan(32)
	expect(box.left).toBeLessThan(box.width * 0.2)
	expect(box.top).toBeLessThan(box.height * 0.6)

	// the share page's picture: the same logo, 1.5 picture px a logo px, 12 px from the left and bottom edges
	const picture = await logoPixels(await reportMap.renderMapPicture([{ type: 'polygon', coordinates: lawn }] as never))
	expect(picture.count).toBeGreaterThan(1500)
	expect(picture.box.left).toBeGreaterThanOrEqual(11)
	expect(picture.box.left).toBeLessThanOrEqual(14)
	expect(picture.box.bottom).toBeGreaterThanOrEqual(picture.box.height - 14)
	expect(picture.box.right - picture.box.left).toBeGreaterThan(84)
	// kept in memory: one request for both
	expect(providers.requests.filter((r) => r.route === 'google-logo').length).toBe(1)
})
