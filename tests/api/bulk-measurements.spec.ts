// POST /api/bulk-measurements and the batch paths over HTTP (issue 34): bad
// input is a 400 naming the problem with nothing kept, the monthly limit is
// checked before anything starts (saying how many fit), a retried upload is
// the same batch, members get 403 and another organization's batch is 404.
import { db, expect, test } from '../support/fixtures.ts'

const csv = (text: string) => ({ headers: { 'content-type': 'text/csv' }, data: text })
const file = (name: string, mimeType: string, buffer: Buffer) => ({ multipart: { file: { name, mimeType, buffer } } })

test('bad files are refused with the reason, nothing kept', async ({ apiAs, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const api = await apiAs(admin)
	const cases: [string, Parameters<typeof api.post>[1], number, RegExp][] = [
		['no address column', csv('name,phone\nAnn,555\n'), 400, /No address column found/],
		['a formula', csv('address\n1 Main St\n+SUM(A1)\n'), 400, /Row 2 has a cell starting with =, \+, - or @/],
		['a formula after @', file('a.csv', 'text/csv', Buffer.from('address\n@cmd\n')), 400, /formula/],
		['more than 2,000 rows', csv('address\n' + '1 Main St, Denver, CO\n'.repeat(2001)), 400, /more than 2,000 addresses/],
		['over 2 MB', file('big.csv', 'text/csv', Buffer.from('address\n' + `"${'1 Main St '.repeat(19)}"\n`.repeat(11_000))), 400, /larger than 2 MB/],
		['a spreadsheet, not CSV', file('list.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', Buffer.from('PK\u0003\u0004\u0000\u0000')), 400, /not a CSV or JSON/],
		['not a list at all', { headers: { 'content-type': 'application/json' }, data: '{"hello":1}' }, 400, /not a CSV or JSON/],
		['another body type', { headers: { 'content-type': 'image/png' }, data: Buffer.from([0x89, 0x50]) }, 415, /CSV or JSON/],
		['no file chosen', { multipart: { note: 'x' } }, 400, /Choose a CSV or JSON file/],
	]
	for (const [what, body, status, message] of cases) {
		const res = await api.post('/api/bulk-measurements', body)
		expect(res.status(), what).toBe(status)
		expect((await res.json()).error, what).toMatch(message)
	}
	expect(await db().bulkBatch.count({ where: { organizationId: admin.organization!.id } })).toBe(0)
})

test('a preview, then start; the same upload again is the same batch; the limit says how many fit', async ({ apiAs, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const api = await apiAs(admin)
	const list = JSON.stringify({ addresses: ['1 Ash St, Denver, CO 80202', { address: '2 Ash St', city: 'Denver', state: 'CO', zip: '80202' }, ''] })
	const preview = await api.post('/api/bulk-measurements?preview=true', { headers: { 'content-type': 'application/json' }, data: list })
	expect(preview.status()).toBe(201)
	const { batch } = await preview.json()
	expect(batch).toMatchObject({ status: 'draft', rowCount: 3, counts: { queued: 2, failed: 1 } })
	expect(batch.problems).toEqual([expect.objectContaining({ rowNumber: 3, error: 'No address in this row' })])

	// the organization has 1 search left: 2 rows do not fit, nothing starts or counts
	await db().organization.update({ where: { id: admin.organization!.id }, data: { searchesUsedThisMonth: 249 } })
	const refused = await api.post(`/api/bulk-measurements/${batch.id}/start`)
	expect(refused.status()).toBe(429)
	expect((await refused.json()).error).toBe('This batch needs 2 searches but only 1 are left this month, so 1 addresses fit. Remove rows or upgrade your plan.')
	expect((await db().organization.findUniqueOrThrow({ where: { id: admin.organization!.id } })).searchesUsedThisMonth).toBe(249)

	await db().organization.update({ where: { id: admin.organization!.id }, data: { searchesUsedThisMonth: 0 } })
	// the same list again (a retried request) starts the batch made from it, no second one
	const again = await api.post('/api/bulk-measurements', { headers: { 'content-type': 'application/json' }, data: list })
	expect(again.status()).toBe(200)
	expect((await again.json()).batch).toMatchObject({ id: batch.id, status: 'running' })
	expect(await db().bulkBatch.count({ where: { organizationId: admin.organization!.id } })).toBe(1)
	expect((await db().organization.findUniqueOrThrow({ where: { id: admin.organization!.id } })).searchesUsedThisMonth).toBe(2)
	expect((await api.post(`/api/bulk-measurements/${batch.id}/start`)).status()).toBe(409)

	const listed = await (await api.get('/api/bulk-measurements')).json()
	expect(listed.batches.map((b: { id: string }) => b.id)).toEqual([batch.id])
	await expect.poll(async () => (await (await api.get(`/api/bulk-measurements/${batch.id}`)).json()).batch.status, { timeout: 30_000 }).toBe('completed')
})

test('members are refused; another organization sees 404', async ({ apiAs, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const member = await makeUser({ role: 'member', organizationId: admin.organization!.id })
	const stranger = await makeUser({ role: 'account_admin' })
	const res = await (await apiAs(admin)).post('/api/bulk-measurements?preview=true', csv('address\n"1 Oak St, Denver, CO 80202"\n'))
	const { batch } = await res.json()
	const asMember = await apiAs(member)
	const refused = await asMember.post('/api/bulk-measurements', csv('address\n"1 Oak St, Denver, CO 80202"\n'))
	expect(refused.status()).toBe(403)
	expect((await refused.json()).error).toBe('Only account admins can run bulk measurements.')
	expect((await asMember.get(`/api/bulk-measurements/${batch.id}`)).status()).toBe(403)
	const asStranger = await apiAs(stranger)
	for (const path of [`/api/bulk-measurements/${batch.id}`, `/api/bulk-measurements/${batch.id}/export.csv`, `/api/bulk-measurements/${batch.id}/export.xlsx`]) {
		const r = await asStranger.get(path)
		expect(r.status(), path).toBe(404)
		expect((await r.json()).error).toBe('Batch not found')
	}
	expect((await asStranger.post(`/api/bulk-measurements/${batch.id}/start`)).status()).toBe(404)
	expect((await asStranger.post(`/api/bulk-measurements/${batch.id}/explode`)).status()).toBe(404)
	expect((await db().bulkBatch.findUniqueOrThrow({ where: { id: batch.id } })).status).toBe('draft')
})
