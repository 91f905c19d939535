// Price list and Export Results with JavaScript disabled.
import { expect, signIn, test } from '../support/fixtures.ts'

test('without JavaScript: add a service, then download the PDF report from Export Results', async ({ page, context, makeUser, apiAs, env }) => {
	const admin = await makeUser({ role: 'account_admin' })
	await signIn(context, admin.id)
	await page.goto('/settings?tab=organization')
	await page.getByLabel('Service name').fill('Yard cleanup')
	await page.getByLabel('Unit', { exact: true }).selectOption('flat')
	await page.getByLabel('Price ($)').fill('120')
	await page.getByRole('button', { name: 'Add Service' }).click()
	await expect(page.getByText('Price List Updated', { exact: true })).toBeVisible()
	await expect(page.getByLabel('Service name (Yard cleanup)')).toHaveValue('Yard cleanup')

	const c = env.grass.center
	const address = '1437 Bannock St, Denver, CO 80202'
	const res = await (await apiAs(admin)).post('/api/measurements', {
		data: { address, measurement_type: 'manual', shapes: [{ type: 'polygon', coordinates: [c, { lat: c.lat, lng: c.lng + 0.0002 }, { lat: c.lat + 0.0002, lng: c.lng }] }] },
	})
	expect(res.status()).toBe(201)
	await page.goto(`/measure?address=${encodeURIComponent(address)}`)
	await page.getByText('Export Results').click()
	await page.getByLabel(/Yard cleanup/).check()
	const downloading = page.waitForEvent('download')
	await page.getByRole('button', { name: 'Download PDF Report' }).click()
	const pdf = await downloading
	expect(pdf.suggestedFilename()).toBe('1437-bannock-st-denver-co-80202-report.pdf')
	const { PDFParse } = await import('pdf-parse')
	const fs = await import('node:fs')
	const parser = new PDFParse({ data: new Uint8Array(fs.readFileSync(await pdf.path())) })
	const text = (await parser.getText()).text.replace(/\s+/g, ' ')
	await parser.destroy()
	expect(text).toContain('Yard cleanup 1 job $120.00 flat rate $120.00')
})
