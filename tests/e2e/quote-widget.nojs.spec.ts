// The instant-quote widget page without JavaScript (issue 19): both steps are
// form posts, so an address gets its quote and the request becomes a lead.
import { db, expect, test } from '../support/fixtures.ts'
import { widgetFor, WIDGET_ADDRESS } from '../support/quote-widget.ts'

test('without JavaScript: address → lawn area and price → request → lead', async ({ page, makeUser }) => {
	test.setTimeout(60_000)
	const widget = await widgetFor(makeUser, ['green-lawns.example'])
	await page.goto(`/embed/quote/${widget.publicKey}`)
	await expect(page.getByRole('heading', { name: 'Instant lawn quote' })).toBeVisible()

	// outside the US: a clear error, nothing stored
	await page.getByLabel('Your street address').fill('10 Downing Street, London SW1A 2AA, United Kingdom')
	await page.getByRole('button', { name: 'Get my quote' }).click()
	await expect(page.getByRole('alert')).toHaveText(/We could not find that (address in the United States|exact street address)/)

	await page.getByLabel('Your street address').fill(WIDGET_ADDRESS)
	await page.getByRole('button', { name: 'Get my quote' }).click()
	await expect(page.getByTestId('quote-area')).toHaveText(/^[\d,]+ sq ft$/, { timeout: 45_000 })
	await expect(page.getByTestId('quote-price')).toHaveText(/^\$[\d,]+\.\d\d$/)

	// a bad e-mail comes back with the quote still there
	await page.getByLabel('Your name').fill('Nora No-Script')
	await page.getByLabel('Email').fill('not-an-email')
	await page.getByLabel('Phone').fill('3035550142')
	await page.getByRole('button', { name: 'Request this quote' }).click()
	await expect(page.getByText('Please enter a valid email address')).toBeVisible()
	await expect(page.getByTestId('quote-price')).toBeVisible()
	expect(await db().lead.count({ where: { organizationId: widget.organizationId } })).toBe(0)

	await page.getByLabel('Email').fill('nora@example.com')
	await page.getByRole('button', { name: 'Request this quote' }).click()
	await expect(page.getByText('Request sent')).toBeVisible()
	await expect(page).toHaveURL(new RegExp(`/embed/quote/${widget.publicKey}\\?requested=1$`))
	const [lead] = await db().lead.findMany({ where: { organizationId: widget.organizationId } })
	expect(lead).toMatchObject({ source: 'widget', name: 'Nora No-Script', email: 'nora@example.com', phone: '3035550142' })
	expect(lead!.priceLowCents).toBeGreaterThan(0)
})
