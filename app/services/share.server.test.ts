// Share links through the service against real PostgreSQL (tests/setup):
// links made at once leave one active, acceptances sent at once leave one
// standing (the others 409), the admins' mail lands in the outbox, and the
// property picture draws the shapes when imagery is unavailable.
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { beforeAll, expect, test } from 'vitest'

let m: {
	share: typeof import('./share.server.ts')
	measurements: typeof import('./measurements.server.ts')
	mapPicture: typeof import('./report-map.server.ts')
	users: typeof import('./users.server.ts')
	db: typeof import('~/db.server.ts')
	factories: typeof import('../../tests/integration/factories.ts')
}

beforeAll(async () => {
	// never the internet: imagery from a closed port (the picture goes vector-only)
	process.env.SATELLITE_TILE_URL = 'http://127.0.0.1:9/{z}/{x}/{y}'
	process.env.TILE_FETCH_TIMEOUT_MS = '300'
	m = {
		share: await import('./share.server.ts'),
		measurements: await import('./measurements.server.ts'),
		mapPicture: await import('./report-map.server.ts'),
		users: await import('./users.server.ts'),
		db: await import('~/db.server.ts'),
		factories: await import('../../tests/integration/factories.ts'),
	}
})

const CENTER = { lat: 33.45, lng: -112.07 }
/** a link quoting nothing, valid until the default 30 days */
const LINK = { services: [], expiresInDays: 30, notes: undefined, contactName: undefined, contactPhone: undefined, contactEmail: undefined }
const triangle = [CENTER, { lat: CENTER.lat, lng: CENTER.lng + 0.0003 }, { lat: CENTER.lat + 0.0003, lng: CENTER.lng }]

async function setUp() {
	const adminRow = await m.factories.makeUser({ role: 'account_admin' })
	const memberRow = await m.factories.makeUser({ role: 'member', organizationId: adminRow.organizationId })
	const member = m.users.toClientUser((await m.users.loadUserRow(memberRow.id))!)
	const measurement = await m.measurements.createMeasurement(member, { label: 'Yard', address: '1 Test St, Phoenix, AZ 85004', measurement_type: 'manual', property_center: CENTER, shapes: [{ type: 'polygon', coordinates: triangle }] } as never)
	return { adminRow, member, measurement }
}

test('five links made at once: five rows, exactly one active, and it is the one whose token works', async () => {
	const { member, measurement } = await setUp()
	const made = await Promise.all(Array.from({ length: 5 }, () => m.share.createShare(member, measurement.id, LINK)))
	const rows = await m.db.prisma.measurementShare.findMany({ where: { measurementId: measurement.id } })
	expect(rows).toHaveLength(5)
	expect(rows.filter((r) => r.revokedAt === null)).toHaveLength(1)
	const working = (await Promise.all(made.map((l) => m.share.viewShare(l.token, { countView: false })))).filter(Boolean)
	expect(working).toHaveLength(1)
})

test('five acceptances at once: one stands (one lead), four are told 409, one e-mail per account admin', async () => {
	const { adminRow, member, measurement } = await setUp()
	const { token } = await m.share.createShare(member, measurement.id, LINK)
	const results = await Promise.allSettled(
		Array.from({ length: 5 }, (_, i) =>
			m.share.acceptShare(token, { name: `Customer ${i}`, email: `c${i}@example.com`, phone: '+1 602 555 0100', message: undefined, captchaToken: undefined, website: undefined }, `10.9.${randomBytes(1)[0]}.${i + 1}`),
		),
	)
	const won = results.filter((r) => r.status === 'fulfilled')
	const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
	expect(won).toHaveLength(1)
	expect(lost.map((r) => [r.reason.status, r.reason.message])).toEqual(Array(4).fill([409, m.share.ALREADY_ACCEPTED]))
	const row = await m.db.prisma.measurementShare.findFirstOrThrow({ where: { measurementId: measurement.id } })
	expect(row.acceptedName).toBe((won[0] as PromiseFulfilledResult<{ name: string }>).value.name)
	// exactly one lead, the winner's, written with the acceptance (issue 19 item 4)
	const leads = await m.db.prisma.lead.findMany({ where: { organizationId: row.organizationId } })
	expect(leads.map((l) => [l.source, l.name, l.measurementShareId])).toEqual([['share', row.acceptedName, row.id]])
	const mail = await m.db.prisma.emailOutbox.findMany({ where: { to: adminRow.email } })
	expect(mail.map((e) => e.subject)).toEqual(['Estimate accepted: 1 Test St, Phoenix, AZ 85004'])
	expect(await m.db.prisma.emailOutbox.count({ where: { to: member.email } })).toBe(0)
})

test('the property picture without imagery: a 1032×600 JPEG with the area drawn on a plain background', async () => {
	const jpeg = await m.mapPicture.renderMapPicture([{ id: 's1', type: 'polygon', coordinates: triangle } as never], CENTER)
	const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })
	expect([info.width, info.height]).toEqual([1032, 600])
	const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3))
	// a corner is the plain grey (#e5e7eb); the triangle, shows as its yellow tint (blue well below the grey's)
	const corner = at(2, 2)
	expect(Math.abs(corner[0]! - 0xe5)).toBeLessThan(8)
	let yellow = 0
	for (let y = 0; y < info.height; y += 4) for (let x = 0; x < info.width; x += 4) {
		const [r, g, b] = at(x, y)
		if (r! > 200 && g! > 180 && b! < 200) yellow++
	}
	// the 30 m triangle at the sharpest zoom (20) covers about 5 % of the picture: ~1,900 of the 38,700 samples
	expect(yellow).toBeGreaterThan(1_000)
	expect(yellow).toBeLessThan(38_700 / 4)
})

test('the accept limit counts attempts on a found link, per address and link: unknown links spend nothing, a neighbour keeps its own budget', async () => {
	const { member, measurement } = await setUp()
	const { token } = await m.share.createShare(member, measurement.id, LINK)
	const other = await setUp()
	const { token: otherToken } = await m.share.createShare(other.member, other.measurement.id, LINK)
	const ip = `10.10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`
	const attempt = (t: string) =>
		m.share.acceptShare(t, { name: 'Bot', email: 'bot@example.com', phone: '+1 602 555 0100', message: undefined, captchaToken: 'forged', website: undefined }, ip).then(
			() => 200,
			(e: { status: number }) => e.status,
		)
	// twenty guesses at links that do not exist: 404 each, none counted
	for (let i = 0; i < 20; i++) expect(await attempt(randomBytes(24).toString('base64url'))).toBe(404)
	// the real link's budget is whole: ten refused bot checks, then 429
	for (let i = 0; i < m.share.ACCEPT_LIMIT.max; i++) expect(await attempt(token)).toBe(400)
	expect(await attempt(token)).toBe(429)
	// the same address on another link still reaches the bot check
	expect(await attempt(otherToken)).toBe(400)
})

test('a flood of forged acceptances from 13 addresses does not lock the real customer out (issue 33 §2): no organization-wide budget to spend, nothing written, nothing mailed', async () => {
	const { adminRow, member, measurement } = await setUp()
	const { token } = await m.share.createShare(member, measurement.id, LINK)
	const contact = { name: 'Bot', email: 'bot@example.com', phone: '+1 602 555 0100', message: undefined, website: undefined }
	const net = randomBytes(1)[0]
	for (let a = 0; a < 13; a++) {
		const ip = `10.11.${net}.${a + 1}`
		for (let i = 0; i < m.share.ACCEPT_LIMIT.max; i++) await expect(m.share.acceptShare(token, { ...contact, captchaToken: 'forged' }, ip)).rejects.toMatchObject({ status: 400 })
		await expect(m.share.acceptShare(token, { ...contact, captchaToken: 'forged' }, ip)).rejects.toMatchObject({ status: 429 })
	}
	const row = await m.db.prisma.measurementShare.findFirstOrThrow({ where: { measurementId: measurement.id } })
	expect(row.acceptedAt).toBeNull()
	expect(await m.db.prisma.lead.count({ where: { organizationId: row.organizationId } })).toBe(0)
	expect(await m.db.prisma.emailOutbox.count({ where: { to: adminRow.email } })).toBe(0)
	// the customer, from an address of their own, accepts
	const accepted = await m.share.acceptShare(token, { ...contact, name: 'Carla Customer', captchaToken: undefined }, `10.12.${net}.1`)
	expect(accepted.name).toBe('Carla Customer')
	expect(await m.db.prisma.lead.count({ where: { organizationId: row.organizationId } })).toBe(1)
	expect((await m.db.prisma.emailOutbox.findMany({ where: { to: adminRow.email } })).map((e) => e.subject)).toEqual(['Estimate accepted: 1 Test St, Phoenix, AZ 85004'])
})
