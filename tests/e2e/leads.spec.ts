// The dashboard's Leads list (issue 19 item 4) in a browser: a homeowner's
// request through the organization's quote widget (the real geocoder chain and
// grass detection on the local servers) shows up for a member with its figures;
// the member marks it Contacted (kept after a reload), filters the list, and
// opens it in Measure, where the detected lawn is a saved measurement.
import type { APIRequestContext } from '@playwright/test'
import { db, expect, hydrated, signIn, test } from '../support/fixtures.ts'
import { widgetFor, WIDGET_ADDRESS } from '../support/quote-widget.ts'

const form = (fields: Record<string, string>) => ({ data: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, maxRedirects: 0 })

/** A homeowner's quote and request through the public widget page, as the widget's forms post them. */
async function requestThroughWidget(request: APIRequestContext, publicKey: string) {
	const quoted = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: WIDGET_ADDRESS }))
	expect(quoted.status()).toBe(200)
	const token = /name="quote" value="([^"]+)"/.exec(await quoted.text())?.[1]
	expect(token, 'the widget quoted the address').toBeTruthy()
	const requested = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'request', quote: token!, name: 'Hana Homeowner', email: 'hana@example.com', phone: '(303) 555-0142', website: '' }))
	expect(requested.status()).toBe(302)
}

const sqft = (n: number) => `${Math.round(n).toLocaleString('en-US')} sq ft`
const dollars = (cents: number) => `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`

test('a widget lead on the dashboard: its figures, status Contacted kept after a reload, the filter, Open in Measure', async ({ page, context, request, makeUser }) => {
	test.setTimeout(120_000)
	const widget = await widgetFor(makeUser, ['example.com'])
	await requestThroughWidget(request, widget.publicKey)
	const lead = await db().lead.findFirstOrThrow({ where: { organizationId: widget.organizationId } })
	expect(lead.priceLowCents).toBeGreaterThan(0)
	// an older lead from an accepted estimate, without a price
	await db().lead.create({
		data: { organizationId: widget.organizationId, source: 'share', name: 'Sam Sharer', email: 'sam@example.com', phone: '303-555-0199', address: '5 Oak St, Denver, CO 80202', createdAt: new Date(Date.now() - 3_600_000) },
	})

	// leads are the organization's: a member sees them
	const member = await makeUser({ role: 'member', organizationId: widget.organizationId })
	await signIn(context, member.id)
	await page.goto('/dashboard')
	await hydrated(page)
	const panel = page.getByRole('region', { name: 'Leads' })
	await expect(panel.getByText('2 of 2', { exact: true })).toBeVisible()
	const list = panel.getByRole('list', { name: 'Leads' })
	await expect(list.getByRole('listitem')).toHaveCount(2)
	const hana = list.getByRole('listitem').first()
	await expect(hana).toHaveAccessibleName('Hana Homeowner, 1200 TEST LAWN WAY, DENVER, CO, 80202')
	await expect(hana.getByText(`Lawn area: ${sqft(lead.areaSqft!)}`)).toBeVisible()
	await expect(hana.getByText(`Price quoted: ${dollars(lead.priceLowCents!)}`)).toBeVisible()
	await expect(hana.getByText('Widget', { exact: true })).toBeVisible()
	await expect(hana.getByRole('link', { name: 'hana@example.com' })).toHaveAttribute('href', 'mailto:hana@example.com')
	await expect(hana.getByRole('link', { name: '(303) 555-0142' })).toHaveAttribute('href', 'tel:3035550142')
	const sam = list.getByRole('listitem').nth(1)
	await expect(sam).toHaveAccessibleName('Sam Sharer, 5 Oak St, Denver, CO 80202')
	await expect(sam.getByText('Price quoted: No price')).toBeVisible()
	await expect(sam.getByText('Share link', { exact: true })).toBeVisible()

	// the status saves on change
	const status = hana.getByLabel('Status of the lead from Hana Homeowner')
	await expect(status).toHaveValue('new')
	await status.selectOption('Contacted')
	await expect(page.getByText("Hana Homeowner's lead is now Contacted.")).toBeVisible()
	await page.reload()
	await expect(list.getByLabel('Status of the lead from Hana Homeowner')).toHaveValue('contacted')
	await expect.poll(async () => (await db().lead.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe('contacted')

	// the filter
	await hydrated(page)
	await panel.getByLabel('Filter leads by status').selectOption('New')
	await expect(page).toHaveURL(/\/dashboard\?leadStatus=new$/)
	await expect(panel.getByText('1 of 2', { exact: true })).toBeVisible()
	await expect(list.getByRole('listitem')).toHaveCount(1)
	await expect(list.getByRole('listitem')).toHaveAccessibleName(/^Sam Sharer/)
	await panel.getByLabel('Filter leads by status').selectOption('Won')
	await expect(panel.getByText('No won leads')).toBeVisible()
	await panel.getByLabel('Filter leads by status').selectOption('Contacted')
	await expect(page).toHaveURL(/\/dashboard\?leadStatus=contacted$/)
	await expect(list.getByRole('listitem')).toHaveCount(1)

	// Open in Measure: the detected lawn, saved at the address
	await list.getByRole('listitem', { name: /^Hana Homeowner/ }).getByRole('button', { name: 'Open in Measure' }).click()
	await expect(page).toHaveURL(/\/measure\?id=[^&]+&lat=[-\d.]+&lng=[-\d.]+&address=1200\+TEST\+LAWN\+WAY/)
	await expect(page.getByText("The lead's lawn is saved as a measurement.")).toBeVisible()
	const saved = await db().measurement.findFirstOrThrow({ where: { organizationId: widget.organizationId } })
	expect(saved).toMatchObject({ address: '1200 TEST LAWN WAY, DENVER, CO, 80202', measurement_type: 'ai', label: '1200 TEST LAWN WAY #1' })
	// the same lawn the homeowner was quoted for (the saved total is the union of the detected shapes)
	expect(Math.abs(saved.total_area_sqft - lead.areaSqft!) / lead.areaSqft!).toBeLessThan(0.02)
	await expect(page.getByRole('list', { name: 'Measurements' }).getByText('1200 TEST LAWN WAY #1')).toBeVisible()

	// back on the dashboard, a second click opens the same one
	await page.goto('/dashboard?leadStatus=contacted')
	await page.getByRole('list', { name: 'Leads' }).getByRole('button', { name: 'Open in Measure' }).click()
	await expect(page).toHaveURL(new RegExp(`/measure\\?id=${saved.id}&`))
	expect(await db().measurement.count({ where: { organizationId: widget.organizationId } })).toBe(1)
})

test('the Leads list fits a phone', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	await db().lead.create({
		data: {
			organizationId: admin.organization!.id,
			source: 'widget',
			name: 'Bartholomew Longname-Homeowner',
			email: 'bartholomew.longname-homeowner@example-lawn-owners.com',
			phone: '(303) 555-0142',
			address: '12345 North Very Long Boulevard Name, Apartment 100, Colorado Springs, CO 80903',
			areaSqft: 12_345,
			priceLowCents: 110_000,
			priceHighCents: 130_000,
			message: 'Please call after 5 pm. The back gate is on the left side of the house.',
		},
	})
	await page.setViewportSize({ width: 390, height: 844 })
	await signIn(context, admin.id)
	await page.goto('/dashboard')
	const item = page.getByRole('list', { name: 'Leads' }).getByRole('listitem')
	await expect(item.getByText('Price quoted: $1,100 – $1,300')).toBeVisible()
	await expect(item.getByRole('button', { name: 'Open in Measure' })).toBeVisible()
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
	const box = (await item.getByRole('button', { name: 'Open in Measure' }).boundingBox())!
	expect(box.x + box.width).toBeLessThanOrEqual(390)
	expect(box.height).toBeGreaterThanOrEqual(44)
})
