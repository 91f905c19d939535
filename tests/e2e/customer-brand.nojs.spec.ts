// The customer's pages in the contractor's brand (issue 31 item 3) with
// JavaScript disabled: the server-rendered share page and quote widget have the
// organization's initials and name as their header, no Yardstick navigation,
// and the "Estimate prepared with Yardstick" line; the share page's estimate
// (lines and total) comes before the accept form, which still posts.
import type { Locator, Page } from '@playwright/test'
import { BRAND_ADDRESS, brandedShare, greenAcres } from '../support/customer-brand.ts'
import { db, expect, test, uniqueEmail } from '../support/fixtures.ts'
import { widgetFor } from '../support/quote-widget.ts'

const top = async (locator: Locator) => (await locator.boundingBox())!.y

async function expectNoYardstickChrome(page: Page) {
	await expect(page.getByRole('navigation')).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Yardstick home' })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0)
}

test('without JavaScript: the share page has the contractor’s initials and name, the estimate before the accept form, and accepting works', async ({ page, makeUser, apiAs, env }) => {
	const name = greenAcres()
	const { admin, path } = await brandedShare(makeUser, apiAs, env.grass.center, name)
	await page.goto(path)

	const header = page.getByTestId('organization-header')
	await expect(header.getByText(name, { exact: true })).toBeVisible()
	await expect(header.getByText('GA', { exact: true })).toBeVisible()
	await expectNoYardstickChrome(page)
	await expect(page.getByText('Estimate prepared with Yardstick', { exact: true })).toBeVisible()

	const estimate = page.getByRole('table')
	const total = estimate.getByRole('row', { name: /^Total/ })
	await expect(estimate.getByRole('row', { name: /Spring cleanup/ })).toContainText('$150.00')
	await expect(estimate.getByRole('row', { name: /Tax \(10%\)/ })).toBeVisible()
	await expect(total).toContainText(/\$\d+\.\d\d/)
	expect(await top(page.getByRole('heading', { level: 1, name: BRAND_ADDRESS }))).toBeLessThan(await top(estimate.getByRole('row', { name: /Lawn mowing/ })))
	expect(await top(total)).toBeLessThan(await top(page.getByRole('heading', { name: 'Accept estimate' })))

	// the form below the estimate posts as before; once accepted, the acceptance heads the page
	await page.getByLabel('Your name').fill('Nora NoScript')
	await page.getByLabel('Email').fill(uniqueEmail('brand-nojs'))
	await page.getByLabel('Phone').fill('+1 303 555 0177')
	await page.getByRole('button', { name: 'Accept estimate' }).click()
	const accepted = page.getByRole('status').filter({ hasText: 'Accepted by Nora NoScript on' })
	await expect(accepted).toContainText(`Thank you! ${name} has been told and will be in touch.`)
	await expect(page.getByRole('button', { name: 'Accept estimate' })).toHaveCount(0)
	expect(await top(header)).toBeLessThan(await top(accepted))
	expect(await top(accepted)).toBeLessThan(await top(total))
	await expectNoYardstickChrome(page)
	expect((await db().measurementShare.findFirstOrThrow({ where: { organizationId: admin.organization!.id } })).acceptedName).toBe('Nora NoScript')
})

test('without JavaScript: the quote widget has the contractor’s initials and name as its header and the Yardstick line', async ({ page, makeUser }) => {
	const widget = await widgetFor(makeUser, ['green-lawns.example'])
	const name = greenAcres()
	await db().organization.update({ where: { id: widget.organizationId }, data: { name } })
	await page.goto(`/embed/quote/${widget.publicKey}`)
	const header = page.getByTestId('organization-header')
	await expect(header.getByText(name, { exact: true })).toBeVisible()
	await expect(header.getByText('GA', { exact: true })).toBeVisible()
	await expect(header.getByRole('heading', { level: 1, name: 'Instant lawn quote' })).toBeVisible()
	await expectNoYardstickChrome(page)
	await expect(page.getByText('Estimate prepared with Yardstick', { exact: true })).toBeVisible()
})
