// The dashboard's Leads list with JavaScript off: the status is saved with its
// button (a form post, a toast after the redirect), the filter and pages are a
// GET form and links, and Open in Measure is a form post that lands on /measure.
import { db, expect, signIn, test } from '../support/fixtures.ts'
import { lawnSquare, widgetLead } from '../support/quote-widget.ts'

test('status change, filter, pages and Open in Measure work without JavaScript', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const organizationId = admin.organization!.id
	const base = Date.now() - 20 * 60_000
	// eleven older leads without a price (a page and a bit), then the newest with its detected lawn
	for (let i = 0; i < 11; i++) {
		await db().lead.create({
			data: { organizationId, source: 'share', status: 'lost', name: `Past ${String(i + 1).padStart(2, '0')}`, email: `past${i}@example.com`, phone: '3035550100', address: `${i + 1} Elm St, Denver, CO 80202`, createdAt: new Date(base + i * 60_000) },
		})
	}
	await widgetLead(organizationId, {
		areaSqft: 9876,
		shapes: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [lawnSquare(-104.9903, 39.7392, 0.0003)] }, properties: { number: 1, ai_confidence: 0.9 } }] },
		priceLowCents: 24_950,
		priceHighCents: 24_950,
	})
	const member = await makeUser({ role: 'member', organizationId })
	await signIn(context, member.id)
	await page.goto('/dashboard')
	const panel = page.getByRole('region', { name: 'Leads' })
	const list = panel.getByRole('list', { name: 'Leads' })
	await expect(panel.getByText('12 of 12', { exact: true })).toBeVisible()
	await expect(list.getByRole('listitem')).toHaveCount(10)
	const hana = list.getByRole('listitem').first()
	await expect(hana).toHaveAccessibleName('Hana Homeowner, 1200 TEST LAWN WAY, DENVER, CO, 80202')
	await expect(hana.getByText('Lawn area: 9,876 sq ft')).toBeVisible()
	await expect(hana.getByText('Price quoted: $249.50')).toBeVisible()

	// pages are links
	await panel.getByRole('link', { name: 'Leads page 2' }).click()
	await expect(page).toHaveURL(/\/dashboard\?leadPage=2$/)
	await expect(list.getByRole('listitem')).toHaveCount(2)
	await expect(list.getByRole('listitem').last()).toHaveAccessibleName(/^Past 01,/)
	await panel.getByRole('link', { name: 'Previous' }).click()

	// the status: choose, then Save status
	await hana.getByLabel('Status of the lead from Hana Homeowner').selectOption('Won')
	await hana.getByRole('button', { name: 'Save status' }).click()
	await expect(page.getByText("Hana Homeowner's lead is now Won.")).toBeVisible()
	await expect(list.getByLabel('Status of the lead from Hana Homeowner')).toHaveValue('won')
	expect((await db().lead.findFirstOrThrow({ where: { organizationId, name: 'Hana Homeowner' } })).status).toBe('won')

	// the filter: a GET form
	await panel.getByLabel('Filter leads by status').selectOption('Won')
	await panel.getByRole('button', { name: 'Filter' }).click()
	await expect(page).toHaveURL(/\/dashboard\?leadStatus=won$/)
	await expect(panel.getByText('1 of 12', { exact: true })).toBeVisible()
	await expect(list.getByRole('listitem')).toHaveCount(1)
	await panel.getByLabel('Filter leads by status').selectOption('New')
	await panel.getByRole('button', { name: 'Filter' }).click()
	await expect(panel.getByText('No new leads')).toBeVisible()
	await panel.getByLabel('Filter leads by status').selectOption('Won')
	await panel.getByRole('button', { name: 'Filter' }).click()

	// Open in Measure: the lead's lawn saved at its address, listed on /measure
	await list.getByRole('button', { name: 'Open in Measure' }).click()
	await expect(page).toHaveURL(/\/measure\?id=[^&]+&lat=39\.7393&lng=-104\.9902&address=1200\+TEST\+LAWN\+WAY%2C\+DENVER%2C\+CO%2C\+80202$/)
	await expect(page.getByText("The lead's lawn is saved as a measurement.")).toBeVisible()
	await expect(page.getByRole('list', { name: 'Measurements' }).getByText('1200 TEST LAWN WAY #1')).toBeVisible()
	expect(await db().measurement.count({ where: { organizationId, measurement_type: 'ai' } })).toBe(1)
})
