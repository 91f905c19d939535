// PDF reports end to end through the services: saved measurements, the price
// list, imagery from a local XYZ tile server cut from a generated yard scene,
// the PDF read back as text and rendered to pixels, and the monthly limit.
// Real PostgreSQL (tests/setup).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { generateScene } from '../../bench/grass/scene.ts'
import { startTileServer, type TileServer } from '../../tests/support/tile-server.ts'

const CENTER = { lat: 39.7392, lng: -104.9903 }
// no tiles here: the provider answers 404
const NOWHERE = { lat: 33.45, lng: -112.07 }
let tiles: TileServer
let cacheDir: string
let m: {
	reports: typeof import('./reports.server.ts')
	measurements: typeof import('./measurements.server.ts')
	prices: typeof import('./price-list.server.ts')
	users: typeof import('./users.server.ts')
	db: typeof import('~/db.server.ts')
	factories: typeof import('../../tests/integration/factories.ts')
}

beforeAll(async () => {
	const scene = await generateScene({ seed: 4242, zoom: 20, center: CENTER })
	tiles = await startTileServer({ scenes: [scene] })
	cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-report-tiles-'))
	// env is read once, on first use: set it before the modules load
	process.env.SATELLITE_TILE_URL = tiles.template
	process.env.TILE_CACHE_DIR = cacheDir
	process.env.TILE_FETCH_TIMEOUT_MS = '2000'
	m = {
		reports: await import('./reports.server.ts'),
		measurements: await import('./measurements.server.ts'),
		prices: await import('./price-list.server.ts'),
		users: await import('./users.server.ts'),
		db: await import('~/db.server.ts'),
		factories: await import('../../tests/integration/factories.ts'),
	}
})

afterAll(async () => {
	await tiles?.close()
	fs.rmSync(cacheDir, { recursive: true, force: true })
})

const square = (c: { lat: number; lng: number }, d: number, dx = 0, dy = 0) => [
	{ lat: c.lat + dy, lng: c.lng + dx },
	{ lat: c.lat + dy, lng: c.lng + dx + d },
	{ lat: c.lat + dy + d, lng: c.lng + dx + d },
	{ lat: c.lat + dy + d, lng: c.lng + dx },
]

async function clientUser(options: Parameters<typeof m.factories.makeUser>[0] = {}) {
	const row = await m.factories.makeUser(options)
	return m.users.toClientUser((await m.users.loadUserRow(row.id))!)
}

async function saveAt(user: Awaited<ReturnType<typeof clientUser>>, center: { lat: number; lng: number }, address: string) {
	return m.measurements.createMeasurement(user, {
		address,
		label: 'Front and back',
		measurement_type: 'manual',
		property_center: center,
		shapes: [
			{ type: 'polygon', coordinates: square(center, 0.00015, -0.0003, -0.00015), label: 'Front lawn' },
			{ type: 'rectangle', coordinates: square(center, 0.0001, 0.0001, 0.00005), label: 'Back lawn', measurement_type: 'ai', user_verified: 'true' },
			{ type: 'circle', coordinates: [{ lat: center.lat - 0.0001, lng: center.lng + 0.0002 }], radius_m: 4 },
			{ type: 'polyline', coordinates: [{ lat: center.lat + 0.00018, lng: center.lng - 0.0003 }, { lat: center.lat + 0.00018, lng: center.lng + 0.0003 }], label: 'Fence line' },
		],
	} as never)
}

async function pdfText(pdf: Buffer) {
	const { PDFParse } = await import('pdf-parse')
	const parser = new PDFParse({ data: new Uint8Array(pdf) })
	try {
		const text = (await parser.getText()).text
		const shot = await parser.getScreenshot({ scale: 1, first: 1 })
		return { text, png: Buffer.from(shot.pages[0]!.data) }
	} finally {
		await parser.destroy()
	}
}

/** The map: the rows of page 1 that are non-white across the content width, and what is in them. */
async function mapPixels(png: Buffer) {
	const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
	const [x0, x1] = [Math.round(info.width * 0.1), Math.round(info.width * 0.9)]
	const colours = new Set<number>()
	let rows = 0
	let yellow = 0
	for (let y = 0; y < info.height; y++) {
		let filled = 0
		for (let x = x0; x < x1; x++) {
			const i = (y * info.width + x) * 3
			if (data[i]! < 245 || data[i + 1]! < 245 || data[i + 2]! < 245) filled++
		}
		if (filled < (x1 - x0) * 0.95) continue
		rows++
		for (let x = x0; x < x1; x++) {
			const i = (y * info.width + x) * 3
			const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!]
			colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3))
			if (r > 200 && g > 160 && b < 110) yellow++
		}
	}
	return { rows, colours: colours.size, yellow }
}

test('a report with imagery: header, map with the shapes on the imagery, table, totals, estimate, notes, disclaimer', async () => {
	const admin = await clientUser({ role: 'account_admin' })
	const orgId = admin.organizationId!
	const saved = await saveAt(admin, CENTER, '1437 Bannock St, Denver, CO 80202')
	const mowing = await m.prices.createPrice(admin, orgId, { name: 'Lawn mowing', unit: 'sqft', unitPrice: '0.0125', minimumCharge: '45' })
	const edging = await m.prices.createPrice(admin, orgId, { name: 'Edging', unit: 'ft', unitPrice: '0.5', minimumCharge: '0' })
	const cleanup = await m.prices.createPrice(admin, orgId, { name: 'Yard cleanup', unit: 'flat', unitPrice: '120', minimumCharge: '0' })

	const response = await m.reports.createReport(admin, { id: saved.id }, { services: [mowing.id, edging.id, cleanup.id], taxRate: '8.25', notes: 'Gate code 1234; dog in back yard.', imagery: 'on' })
	expect(response.headers.get('content-type')).toBe('application/pdf')
	expect(response.headers.get('content-disposition')).toBe('attachment; filename="front-and-back-report.pdf"')
	const pdf = Buffer.from(await response.arrayBuffer())
	expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
	const { text, png } = await pdfText(pdf)
	const flat = text.replace(/\s+/g, ' ')

	const org = await m.db.prisma.organization.findUniqueOrThrow({ where: { id: orgId } })
	expect(flat).toContain(org.name)
	expect(flat).toContain('1437 Bannock St, Denver, CO 80202')
	expect(flat).toContain('Measured by Una Test')
	for (const label of ['Front lawn', 'Back lawn', 'Area 3', 'Fence line']) expect(flat).toContain(label)
	expect(flat).toMatch(/Back lawn Rectangle .* AI Yes/)
	const sqft = Math.round(saved.total_area_sqft).toLocaleString('en-US')
	expect(flat).toContain(`Total area ${sqft} sq ft`)
	expect(flat).toContain(`Total length ${Math.round(saved.total_distance_feet).toLocaleString('en-US')} ft`)
	// estimate: whole sq ft × $0.0125, minimum $45 applies when that is less
	const area = Math.round(saved.total_area_sqft)
	const mowCents = Math.max(Math.round(area * 1.25), 4500)
	const feet = Math.round(saved.total_distance_feet)
	const edgeCents = feet * 50
	const subtotal = mowCents + edgeCents + 12000
	const tax = Math.round((subtotal * 8.25) / 100)
	const money = (c: number) => `$${Math.floor(c / 100).toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`
	expect(flat).toContain(`${area.toLocaleString('en-US')} sq ft $0.0125 per sq ft ${money(mowCents)}`)
	expect(flat).toContain(`Edging ${feet.toLocaleString('en-US')} ft $0.50 per ft ${money(edgeCents)}`)
	expect(flat).toContain(`Yard cleanup 1 job $120.00 flat rate $120.00`)
	expect(flat).toContain(`Subtotal ${money(subtotal)}`)
	expect(flat).toContain(`Tax (8.25%) ${money(tax)}`)
	expect(flat).toContain(`Estimated total ${money(subtotal + tax)}`)
	expect(flat).toContain('Gate code 1234; dog in back yard.')
	expect(flat).toContain('Imagery source: Imagery: U.S. Geological Survey, The National Map.')
	expect(flat).toContain('Measurements are estimates')

	// the map is imagery: a tall band of many colours, with the yellow outlines on it
	const map = await mapPixels(png)
	expect(map.rows).toBeGreaterThan(250)
	expect(map.colours).toBeGreaterThan(400)
	expect(map.yellow).toBeGreaterThan(100)

	// counted once, for the organization and the user
	const after = await m.users.loadUserRow(admin.id)
	expect(after!.reportsUsedThisMonth).toBe(1)
	expect(after!.organization!.reportsUsedThisMonth).toBe(1)
})

test('without imagery the map is a vector drawing of the shapes, and the report says so', async () => {
	const user = await clientUser()
	const saved = await saveAt(user, NOWHERE, '200 W Washington St, Phoenix, AZ 85003')
	const response = await m.reports.createReport(user, { address: '200 W Washington St, Phoenix, AZ 85003' }, { services: [], imagery: 'on' })
	const { text, png } = await pdfText(Buffer.from(await response.arrayBuffer()))
	const flat = text.replace(/\s+/g, ' ')
	expect(flat).toContain('Imagery unavailable')
	expect(flat).toContain(`Total area ${Math.round(saved.total_area_sqft).toLocaleString('en-US')} sq ft`)
	expect(flat).not.toContain('Estimate')
	const map = await mapPixels(png)
	expect(map.rows).toBeGreaterThan(250)
	expect(map.colours).toBeLessThan(300)
	expect(map.yellow).toBeGreaterThan(100)
})

test('reports stop at the tier limit with a 429, and other organizations answer 404', async () => {
	const free = await clientUser({ organizationId: (await m.db.prisma.organization.create({ data: { name: 'Free Co', accountNumber: `F-${Date.now()}`, subscriptionTierId: 'free' } })).id })
	const saved = await saveAt(free, NOWHERE, '1 Free St, Phoenix, AZ')
	const options = { services: [], imagery: 'off' as const }
	await m.reports.createReport(free, { id: saved.id }, options)
	await expect(m.reports.createReport(free, { id: saved.id }, options)).rejects.toMatchObject({ status: 429, message: expect.stringContaining('report limit') })
	const org = await m.db.prisma.organization.findUniqueOrThrow({ where: { id: free.organizationId! } })
	expect(org.reportsUsedThisMonth).toBe(1)

	const stranger = await clientUser()
	await expect(m.reports.createReport(stranger, { id: saved.id }, options)).rejects.toMatchObject({ status: 404 })
	// another organization's service can't be put on a report
	const other = await m.prices.createPrice(await clientUser({ role: 'account_admin', organizationId: stranger.organizationId }), stranger.organizationId!, { name: 'X', unit: 'flat', unitPrice: '1', minimumCharge: '0' })
	const mine = await saveAt(stranger, NOWHERE, '2 Free St')
	await expect(m.reports.createReport(free, { id: mine.id }, options)).rejects.toMatchObject({ status: 404 })
	await expect(m.reports.prepareReport(free, { id: saved.id }, { services: [other.id], imagery: 'off' })).rejects.toMatchObject({ status: 400 })
})
