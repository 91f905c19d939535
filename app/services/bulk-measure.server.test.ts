// Bulk measure through the services and the real pg-boss queue, against real
// PostgreSQL (tests/setup), a local Census geocoder and a local tile server cut
// from a generated yard: import and preview, the monthly limit, a batch measured
// end to end (one measurement per row, the uploader's e-mail), cancel and
// resume, a row resumed after its worker died (never two measurements), and two
// organizations' batches interleaved fairly.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startBulkEnv, until, type BulkModules } from '../../tests/support/bulk-env.ts'

const LAWN = '1200 Test Lawn Way, Denver, CO 80202'
let env: Awaited<ReturnType<typeof startBulkEnv>>
let m: BulkModules
let running: { stop: () => Promise<void> } | undefined

beforeAll(async () => {
	env = await startBulkEnv({ BULK_ORG_IN_FLIGHT: '2', BULK_RETRY_DELAY_SECONDS: '1' })
	m = env.m
}, 120_000)

afterAll(async () => {
	await running?.stop()
	await env?.close()
})

const admin = (tierId?: string) => env.admin(tierId)

const csv = (...lines: string[]) => ({ bytes: new TextEncoder().encode(lines.join('\n') + '\n'), fileName: 'list.csv', type: 'text/csv' })

test('an upload becomes a draft with its problems; the same file again is the same batch; members and formulas are refused', async () => {
	const user = await admin()
	const file = csv('Address,City,State,Zip', '1200 Test Lawn Way,Denver,CO,80202', ',Denver,CO,80202', '1100 Congress Ave,Austin,TX,78701')
	const first = await m.bulk.importBatch(user, file)
	expect(first.created).toBe(true)
	const again = await m.bulk.importBatch(user, file)
	expect(again).toEqual({ id: first.id, created: false })
	const preview = await m.bulk.getPreview(user, first.id)
	expect(preview.status).toBe('draft')
	expect(preview.rows.map((r) => r.address)).toEqual(['1200 Test Lawn Way, Denver, CO 80202', 'Denver, CO 80202', '1100 Congress Ave, Austin, TX 78701'])
	expect(preview.problems).toEqual([expect.objectContaining({ rowNumber: 2, error: 'No address in this row' })])
	expect(preview.counts).toMatchObject({ queued: 2, failed: 1 })

	await expect(m.bulk.importBatch(user, csv('address', '=SUM(A1:A9)'))).rejects.toMatchObject({ status: 400, message: expect.stringContaining('formula') })
	await expect(m.bulk.importBatch(user, csv('name,phone', 'Ann,555'))).rejects.toMatchObject({ status: 400, message: expect.stringContaining('No address column') })

	const memberRow = await m.factories.makeUser({ role: 'member', organizationId: user.organizationId })
	const member = m.users.toClientUser((await m.users.loadUserRow(memberRow.id))!)
	await expect(m.bulk.importBatch(member, csv('address', LAWN))).rejects.toMatchObject({ status: 403 })
	await expect(m.bulk.getBatch(member, first.id)).rejects.toMatchObject({ status: 403 })

	// another organization's batch is not found
	const stranger = await admin()
	await expect(m.bulk.getBatch(stranger, first.id)).rejects.toMatchObject({ status: 404 })
	await expect(m.bulk.startBatch(stranger, first.id)).rejects.toMatchObject({ status: 404 })
})

test('a batch larger than the searches left is refused before it starts, saying how many fit', async () => {
	const user = await admin()
	await m.db.prisma.organization.update({ where: { id: user.organizationId! }, data: { searchesUsedThisMonth: 248 } })
	const { id } = await m.bulk.importBatch(user, csv('address', LAWN, '1 A St, Denver, CO 80202', '2 B St, Denver, CO 80202'))
	await expect(m.bulk.startBatch(user, id)).rejects.toMatchObject({ status: 429, message: expect.stringContaining('only 2 are left this month, so 2 addresses fit') })
	const after = await m.bulk.getBatch(user, id)
	expect(after.status).toBe('draft')
	expect((await m.db.prisma.organization.findUniqueOrThrow({ where: { id: user.organizationId! } })).searchesUsedThisMonth).toBe(248)
})

test('a started batch is measured by the queue: one AI measurement per row, failures with their reason, the uploader mailed', async () => {
	running = await m.worker.startBulkWorker({ concurrency: 2 })
	const user = await admin()
	const { id } = await m.bulk.importBatch(user, csv('address', LAWN, '5004 Rue de Rivoli', '99 Nowhere Rd, Nowhere, ZZ', `"${LAWN}"`))
	const started = await m.bulk.startBatch(user, id)
	expect(started.status).toBe('running')
	const org = await m.db.prisma.organization.findUniqueOrThrow({ where: { id: user.organizationId! } })
	expect(org.searchesUsedThisMonth).toBe(4)

	const done = await until(() => m.bulk.getBatch(user, id), (b) => b.status === 'completed')
	expect(done.status).toBe('completed')
	expect(done.counts).toMatchObject({ measured: 2, failed: 2, queued: 0, geocoded: 0 })
	const [a, paris, nowhere, b] = done.rows
	expect(a).toMatchObject({ status: 'measured', precision: 'address', roughOutline: expect.any(Boolean) })
	expect(a!.areaSqft).toBeGreaterThan(500)
	expect(paris).toMatchObject({ status: 'failed', error: 'We could not find this address in the United States.' })
	expect(nowhere!.status).toBe('failed')
	expect(nowhere!.error).toBeTruthy()
	const measurements = await m.db.prisma.measurement.findMany({ where: { organizationId: user.organizationId! } })
	expect(measurements).toHaveLength(2)
	expect(measurements.map((x) => x.id).sort()).toEqual([a!.measurementId, b!.measurementId].sort())
	expect(measurements[0]).toMatchObject({ measurement_type: 'ai', label: '1200 Test Lawn Way', address: LAWN })
	// AI shapes are lawn (issue 32): every shape, and the totals per surface are all lawn
	for (const x of measurements) {
		expect((x.shapes as { surface?: string }[]).every((shape) => shape.surface === 'lawn')).toBe(true)
		expect(Object.keys(x.totals_by_surface as object)).toEqual(['lawn'])
	}

	const mail = await until(
		() => m.db.prisma.emailOutbox.findMany({ where: { to: user.email, subject: m.worker.BULK_DONE_SUBJECT } }),
		(rows) => rows.length > 0,
	)
	expect(mail).toHaveLength(1)
	expect(mail[0]!.text).toContain('2 measured, 2 failed')
	expect(mail[0]!.text).toContain(`/dashboard/bulk/${id}`)

	const exported = await m.bulk.exportBatch(user, id, 'csv', 'http://yardstick.test')
	const lines = String(exported.body).trim().split('\r\n')
	expect(lines).toHaveLength(5)
	expect(lines[0]).toBe('Row,Address,Precision,Lawn sq ft,Confidence,Rough outline,Status,Reason,Latitude,Longitude,Measure link')
	expect(lines[1]).toContain(`http://yardstick.test/measure?id=${a!.measurementId}`)
	const xlsx = await m.bulk.exportBatch(user, id, 'xlsx', 'http://yardstick.test')
	expect(Buffer.from(xlsx.body as Uint8Array).subarray(0, 2).toString()).toBe('PK')
}, 120_000)

test('a row whose worker died after geocoding is resumed once and never measured twice', async () => {
	const user = await admin()
	const { id } = await m.bulk.importBatch(user, csv('address', LAWN, 'x 1'))
	// as a crashed worker leaves it: running batch, row geocoded, job lost
	await m.db.prisma.bulkBatch.update({ where: { id }, data: { status: 'running', startedAt: new Date() } })
	const row = await m.db.prisma.bulkRow.findFirstOrThrow({ where: { batchId: id, rowNumber: 1 } })
	await m.db.prisma.bulkRow.update({ where: { id: row.id }, data: { status: 'geocoded', lat: 39.7392, lng: -104.9903, precision: 'address', dispatchedAt: new Date() } })
	const outcomes = await Promise.all([m.worker.processRow(row.id, { finalTry: false }), m.worker.processRow(row.id, { finalTry: false })])
	expect(outcomes.sort()).toEqual(['measured', 'skipped'])
	expect(await m.worker.processRow(row.id, { finalTry: false })).toBe('skipped')
	expect(await m.db.prisma.measurement.count({ where: { organizationId: user.organizationId! } })).toBe(1)
	await m.db.prisma.bulkBatch.delete({ where: { id } })
}, 120_000)

test('the address service down: the row is retried, then fails saying so, never taken for an address found only at its ZIP', async () => {
	const DOWN = '5000 Error St, Denver, CO 80202' // the local Census answers HTTP 500 for house number 5000
	const { getGeocoder } = await import('../integrations/geocoder.server.ts')
	// at /measure the same failure answers the ZIP's centroid, which the person can correct on the map
	expect(await getGeocoder().geocode(DOWN)).toMatchObject({ precision: 'postcode' })
	const user = await admin()
	const { id } = await m.bulk.importBatch(user, csv('address', DOWN))
	await m.db.prisma.bulkBatch.update({ where: { id }, data: { status: 'running', startedAt: new Date() } })
	const row = await m.db.prisma.bulkRow.findFirstOrThrow({ where: { batchId: id, rowNumber: 1 } })
	// a try before the last: thrown, so the queue retries it with backoff; the row still waits
	await expect(m.worker.processRow(row.id, { finalTry: false })).rejects.toMatchObject({ name: 'GeocoderError', status: 502 })
	expect(await m.db.prisma.bulkRow.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: 'queued', precision: null, error: null })
	// the last try: the row fails with the reason
	expect(await m.worker.processRow(row.id, { finalTry: true })).toBe('failed')
	expect(await m.db.prisma.bulkRow.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: 'failed', error: 'The address service is unavailable. Please try again.' })
	expect(await m.db.prisma.measurement.count({ where: { organizationId: user.organizationId! } })).toBe(0)
	await m.db.prisma.bulkBatch.delete({ where: { id } })
}, 60_000)

test('cancel drops the waiting rows and gives their searches back; resume measures them', async () => {
	const user = await admin()
	const lines = ['address', ...Array.from({ length: 8 }, (_, i) => `${100 + i} Elm St, Denver, CO 80202`)]
	const { id } = await m.bulk.importBatch(user, csv(...lines))
	await m.bulk.startBatch(user, id)
	const cancelled = await m.bulk.cancelBatch(user, id)
	expect(cancelled.status).toBe('cancelled')
	// at most BULK_ORG_IN_FLIGHT rows had reached the queue; the rest were dropped at once
	expect(cancelled.counts.cancelled).toBeGreaterThanOrEqual(6)
	const settled = await until(() => m.bulk.getBatch(user, id), (b) => b.counts.queued + b.counts.geocoded === 0)
	const org = await m.db.prisma.organization.findUniqueOrThrow({ where: { id: user.organizationId! } })
	expect(org.searchesUsedThisMonth).toBe(8 - settled.counts.cancelled)
	await expect(m.bulk.cancelBatch(user, id)).rejects.toMatchObject({ status: 409 })

	await m.bulk.resumeBatch(user, id)
	const done = await until(() => m.bulk.getBatch(user, id), (b) => b.status === 'completed')
	expect(done.counts).toMatchObject({ cancelled: 0, queued: 0, failed: 8 })
	expect((await m.db.prisma.organization.findUniqueOrThrow({ where: { id: user.organizationId! } })).searchesUsedThisMonth).toBe(8)
}, 120_000)

test('a small batch is not starved by a large one started first', async () => {
	const big = await admin('growth')
	const small = await admin()
	// street addresses the local Census does not know: each row is a quick geocode and a failure
	const bigBatch = await m.bulk.importBatch(big, csv('address', ...Array.from({ length: 40 }, (_, i) => `${300 + i} Oak St, Denver, CO 80202`)))
	const smallBatch = await m.bulk.importBatch(small, csv('address', '1 Pine St, Austin, TX 78701', '2 Pine St, Austin, TX 78701'))
	await m.bulk.startBatch(big, bigBatch.id)
	await m.bulk.startBatch(small, smallBatch.id)
	const smallDone = await until(() => m.bulk.getBatch(small, smallBatch.id), (b) => b.status === 'completed')
	expect(smallDone.status).toBe('completed')
	const bigNow = await m.bulk.getBatch(big, bigBatch.id)
	// the small organization's rows went between the large one's, not after them
	expect(bigNow.counts.queued + bigNow.counts.geocoded).toBeGreaterThan(20)
	await until(() => m.bulk.getBatch(big, bigBatch.id), (b) => b.status === 'completed')
}, 120_000)
