// Bulk measure in a real browser (issue 34): an account admin uploads a
// 25-row CSV from the dashboard, sees the preview with the bad row, starts it,
// watches the progress update live, reads the results and downloads them as
// CSV and Excel; the uploader is mailed when the batch finishes. The rows are
// geocoded by the local Census server and measured on the local tile server's
// yard (tests/support/e2e-server.ts).
import fs from 'node:fs'
import { expect, hydrated, mailsTo, signIn, test } from '../support/fixtures.ts'

const LAWN = '"1200 Test Lawn Way, Denver, CO 80202"'

/** 25 rows: 12 on the generated yard, one without an address, 12 the geocoder finds only by ZIP. */
function bulkCsv(): string {
	const rows = ['Address,Notes']
	for (let i = 0; i < 12; i++) rows.push(`${LAWN},yard ${i + 1}`)
	rows.push(',no address here')
	for (let i = 0; i < 12; i++) rows.push(`"${700 + i} Elm St, Denver, CO 80202",zip only`)
	return rows.join('\n') + '\n'
}

test('a 25-row CSV: preview with the bad row, start, live progress, results, CSV and Excel', async ({ page, context, makeUser }) => {
	test.setTimeout(150_000)
	const admin = await makeUser({ role: 'account_admin' })
	await signIn(context, admin.id)
	await page.goto('/dashboard')
	await hydrated(page)
	await page.getByRole('link', { name: 'Bulk Measure' }).click()
	await expect(page).toHaveURL(/\/dashboard\/bulk$/)
	await page.getByLabel('Address list (CSV or JSON)').setInputFiles({ name: 'spring-route.csv', mimeType: 'text/csv', buffer: Buffer.from(bulkCsv()) })
	await page.getByRole('button', { name: 'Upload and preview' }).click()

	await expect(page.getByRole('heading', { name: 'spring-route.csv' })).toBeVisible()
	await expect(page.getByText('24 addresses ready to measure, 1 with problems (they will be skipped). Starting uses 24 of your monthly searches.')).toBeVisible()
	await expect(page.getByRole('table', { name: 'Preview' }).getByRole('row')).toHaveCount(11)
	await expect(page.getByText('Row 13: No address in this row')).toBeVisible()
	await page.getByRole('button', { name: 'Start measuring' }).click()

	// live: the counts move without a reload, to the end
	const bar = page.getByRole('progressbar', { name: 'Batch progress' })
	await expect(bar).toBeVisible()
	await expect(page.getByTestId('bulk-status')).toHaveText('Finished', { timeout: 120_000 })
	await expect(bar).toHaveAttribute('aria-valuenow', '100')
	await expect(page.getByTestId('count-measured')).toHaveText('12')
	await expect(page.getByTestId('count-failed')).toHaveText('13')
	await expect(page.getByTestId('count-queued')).toHaveText('0')

	const results = page.getByRole('table', { name: 'Results' })
	await expect(results.getByRole('row')).toHaveCount(26)
	const first = results.getByRole('row').nth(1)
	await expect(first).toContainText('1200 Test Lawn Way, Denver, CO 80202')
	await expect(first).toContainText('address')
	await expect(first).toContainText('Measured')
	await expect(results.getByRole('row').nth(14)).toContainText('Only the ZIP code or city of this address was found')
	await expect(results.getByRole('link', { name: 'Open in Measure' })).toHaveCount(12)

	const csvDownload = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download CSV' }).click()
	const csv = fs.readFileSync(await (await csvDownload).path(), 'utf8').trim().split('\r\n')
	expect(csv).toHaveLength(26)
	expect(csv[0]).toBe('Row,Address,Precision,Lawn sq ft,Confidence,Rough outline,Status,Reason,Latitude,Longitude,Measure link')
	expect(csv[1]).toMatch(/^1,"1200 Test Lawn Way, Denver, CO 80202",address,\d+,/)
	const xlsx = await page.request.get((await page.getByRole('link', { name: 'Download Excel' }).getAttribute('href'))!)
	expect(xlsx.status()).toBe(200)
	expect(xlsx.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
	expect((await xlsx.body()).subarray(0, 2).toString()).toBe('PK')

	// the measurement opens in /measure
	await results.getByRole('link', { name: 'Open in Measure' }).first().click()
	await expect(page).toHaveURL(/\/measure\?id=/)

	await expect.poll(async () => (await mailsTo(admin.email)).filter((m) => m.subject === 'Your bulk measurement is ready').length, { timeout: 15_000 }).toBe(1)
	const [mail] = (await mailsTo(admin.email)).filter((m) => m.subject === 'Your bulk measurement is ready')
	expect(mail!.text).toContain('12 measured, 13 failed')
})
