// Reports and exports in Chromium: Export Results on /measure (PDF with an
// estimate, files), the dashboard's per-measurement PDF, the Price List in
// Settings → Organization, and the monthly report limit's toast.
import fs from 'node:fs'
import type { APIRequestContext } from '@playwright/test'
import { db, expect, expectToast, signIn, test } from '../support/fixtures.ts'

const ADDRESS = '1437 Bannock St, Denver, CO 80202'

async function saveMeasurement(api: APIRequestContext, center: { lat: number; lng: number }, label = 'Bannock front') {
	const d = 0.0002
	const res = await api.post('/api/measurements', {
		data: {
			address: ADDRESS,
			label,
			measurement_type: 'manual',
			property_center: center,
			shapes: [{ type: 'polygon', coordinates: [center, { lat: center.lat, lng: center.lng + d }, { lat: center.lat + d, lng: center.lng + d }, { lat: center.lat + d, lng: center.lng }] }],
		},
	})
	expect(res.status()).toBe(201)
	return res.json()
}

async function pdfText(path: string) {
	const { PDFParse } = await import('pdf-parse')
	const parser = new PDFParse({ data: new Uint8Array(fs.readFileSync(path)) })
	try {
		return (await parser.getText()).text.replace(/\s+/g, ' ')
	} finally {
		await parser.destroy()
	}
}

test('Settings → Organization: admins add, edit and delete services on the price list', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	await signIn(context, admin.id)
	await page.goto('/settings?tab=organization')
	await expect(page.getByRole('heading', { name: 'Price List' })).toBeVisible()
	await expect(page.getByText('No services yet.')).toBeVisible()

	await page.getByLabel('Service name').fill('Lawn mowing')
	await page.getByLabel('Price ($)').fill('0.0125')
	await page.getByLabel('Minimum charge ($)').fill('45')
	await page.getByRole('button', { name: 'Add Service' }).click()
	await expect(page.getByText('Price List Updated', { exact: true })).toBeVisible()
	await expect(page.getByLabel('Service name (Lawn mowing)')).toHaveValue('Lawn mowing')
	await expect(page.getByLabel('Price (Lawn mowing)')).toHaveValue('0.0125')
	await expect(page.getByLabel('Minimum charge (Lawn mowing)')).toHaveValue('45.00')

	await page.getByLabel('Price (Lawn mowing)').fill('0.015')
	await page.getByRole('button', { name: 'Save', exact: true }).click()
	await expect(page.getByText('Lawn mowing was saved.')).toBeVisible()
	await expect(page.getByLabel('Price (Lawn mowing)')).toHaveValue('0.015')
	expect((await db().servicePrice.findFirstOrThrow({ where: { organizationId: admin.organization!.id } })).unitPrice.toFixed(4)).toBe('0.0150')

	await page.getByLabel('Service name', { exact: true }).fill('Edging')
	await page.getByLabel('Price ($)').fill('abc')
	await page.getByRole('button', { name: 'Add Service' }).click()
	await expect(page.getByText('Price must be a non-negative amount with at most 4 decimals')).toBeVisible()

	await page.getByRole('button', { name: 'Delete Lawn mowing' }).click()
	await expect(page.getByText('No services yet.')).toBeVisible()
})

test('Export Results on /measure: the PDF with an estimate downloads and the spec toast shows; files download too', async ({ page, context, makeUser, apiAs, env }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const api = await apiAs(admin)
	await saveMeasurement(api, env.grass.center)
	await api.post(`/api/organizations/${admin.organization!.id}/price-list`, { data: { name: 'Lawn mowing', unit: 'sqft', unitPrice: '0.02', minimumCharge: '0' } })
	await signIn(context, admin.id)
	await page.goto(`/measure?address=${encodeURIComponent(ADDRESS)}`)

	await page.getByText('Export Results').click()
	await page.getByLabel(/Lawn mowing/).check()
	await page.getByLabel('Tax rate (%)').fill('6')
	await page.getByLabel('Notes for the report').fill('Back gate code 4321')
	const downloading = page.waitForEvent('download')
	await page.getByRole('button', { name: 'Download PDF Report' }).click()
	const pdf = await downloading
	expect(pdf.suggestedFilename()).toBe('1437-bannock-st-denver-co-80202-report.pdf')
	await expectToast(page, 'Export Complete', 'Measurement results have been exported to PDF.')
	const text = await pdfText(await pdf.path())
	expect(text).toContain(ADDRESS)
	expect(text).toContain('Lawn mowing')
	expect(text).toContain('Tax (6%)')
	expect(text).toContain('Back gate code 4321')

	const kml = page.waitForEvent('download')
	await page.getByRole('link', { name: 'KML' }).click()
	expect((await kml).suggestedFilename()).toBe('1437-bannock-st-denver-co-80202.kml')
})

test('dashboard: a PDF report per measurement, and the limit toast when the month is used up', async ({ page, context, makeUser, apiAs, env }) => {
	const user = await makeUser({ tierId: 'free' })
	await saveMeasurement(await apiAs(user), env.grass.center, 'Bannock back')
	await signIn(context, user.id)
	await page.goto('/dashboard')
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download PDF report for Bannock back' }).click()
	expect((await downloading).suggestedFilename()).toBe('bannock-back-report.pdf')
	await expect(page.getByText('Export Complete', { exact: true })).toBeVisible()

	// the free tier has one report a month
	await page.getByRole('link', { name: 'Download PDF report for Bannock back' }).click()
	await expect(page.getByText('Report Limit Reached', { exact: true })).toBeVisible()
	await expect(page.getByText(/You have reached your report limit for this month/)).toBeVisible()
})
