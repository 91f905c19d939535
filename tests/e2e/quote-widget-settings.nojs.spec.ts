// Settings → Organization → Quote Widget without JavaScript (issue 19): an
// account admin turns it on and gets the snippet; errors come back on the
// form; a plan without AI grass detection is told why it is unavailable.
import { db, expect, signIn, test } from '../support/fixtures.ts'

test('an account admin turns the quote widget on and gets the snippet, without JavaScript', async ({ page, context, makeUser, baseURL }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'pro' })
	const organizationId = admin.organization!.id
	await db().servicePrice.create({ data: { organizationId, name: 'Lawn mowing', unit: 'sqft', unitPrice: '0.02', minimumCharge: '50' } })
	await db().servicePrice.create({ data: { organizationId, name: 'Edging', unit: 'ft', unitPrice: '1' } })
	await signIn(context, admin.id)
	await page.goto('/settings?tab=organization')
	const section = page.getByRole('region', { name: 'Quote Widget' })
	await expect(section).toBeVisible()
	// per-ft services cannot be priced from a lawn area
	await expect(section.getByRole('checkbox', { name: /Lawn mowing/ })).toBeVisible()
	await expect(section.getByRole('checkbox', { name: /Edging/ })).toHaveCount(0)

	// on without a website: refused on the form
	await section.getByLabel('Turn on the quote widget').check()
	await section.getByRole('checkbox', { name: /Lawn mowing/ }).check()
	await section.getByRole('button', { name: 'Save Quote Widget' }).click()
	await expect(page.getByText('List at least one website domain to turn the widget on')).toBeVisible()
	expect(await db().quoteWidget.count({ where: { organizationId } })).toBe(0)

	await section.getByLabel('Turn on the quote widget').check()
	await section.getByRole('checkbox', { name: /Lawn mowing/ }).check()
	await section.getByLabel('Price range').check()
	await section.getByLabel('Range (percent either side)').fill('15')
	await section.getByLabel('Websites allowed to show the widget').fill('https://www.green-lawns.example/contact\ngreen-lawns.example')
	await section.getByRole('button', { name: 'Save Quote Widget' }).click()
	await expect(page.getByText('Quote Widget Saved')).toBeVisible()
	const widget = await db().quoteWidget.findUniqueOrThrow({ where: { organizationId } })
	expect(widget).toMatchObject({ enabled: true, priceDisplay: 'range', rangePercent: 15, allowedDomains: ['https://www.green-lawns.example', 'green-lawns.example'] })
	await expect(section.getByLabel('Embed snippet')).toHaveValue(`<script src="${baseURL}/embed/quote.js" data-org="${widget.publicKey}"></script>`)
	await expect(section.getByLabel('Websites allowed to show the widget')).toHaveValue('https://www.green-lawns.example\ngreen-lawns.example')
	await expect(section.getByLabel('Turn on the quote widget')).toBeChecked()
	await expect(section.getByRole('checkbox', { name: /Lawn mowing/ })).toBeChecked()
	await expect(section.getByRole('link', { name: 'Preview the widget' })).toHaveAttribute('href', `/embed/quote/${widget.publicKey}`)
})

test('a plan without AI grass detection sees why the quote widget is unavailable', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'starter' })
	await signIn(context, admin.id)
	await page.goto('/settings?tab=organization')
	const section = page.getByRole('region', { name: 'Quote Widget' })
	await expect(section.getByText('Quote widget unavailable on your plan')).toBeVisible()
	await expect(section.getByText(/Upgrade to Pro or higher to use it\./)).toBeVisible()
	await expect(section.getByRole('button', { name: 'Save Quote Widget' })).toHaveCount(0)
})
