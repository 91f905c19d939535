// The customer's pages in the contractor's brand (issue 31 item 3): the share
// page /p/{token} and the quote widget have the organization's initials (no
// logo uploaded) and name as their header, no Yardstick navigation, sign-in or
// sign-up, and one small "Estimate prepared with Yardstick" line at the bottom.
// On the share page the estimate (lines and total) comes before the accept form,
// and on a 412 × 915 phone the total is on the first screen with the picture;
// a very long organization name wraps on a 320 px phone.
import type { Browser, Locator, Page } from '@playwright/test'
import { BRAND_ADDRESS, brandedShare, greenAcres, LONG_ORGANIZATION_NAME } from '../support/customer-brand.ts'
import { db, expect, hydrated, test, withConsent } from '../support/fixtures.ts'
import { widgetFor } from '../support/quote-widget.ts'

const top = async (locator: Locator) => (await locator.boundingBox())!.y

async function phone(browser: Browser, width: number, height: number) {
	const ip = `10.98.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`
	return withConsent(await browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true, extraHTTPHeaders: { 'X-Forwarded-For': ip } }))
}

/** Nothing of Yardstick's own chrome: no navigation, no sign-in or sign-up, no site footer. */
async function expectNoYardstickChrome(page: Page) {
	await expect(page.getByRole('navigation')).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Yardstick home' })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0)
	await expect(page.getByText('© 2025 Yardstick. All rights reserved.')).toHaveCount(0)
}

test('the share page is the contractor’s: their initials and name on top, no Yardstick navigation, the estimate before the accept form', async ({ page, makeUser, apiAs, env }) => {
	const name = greenAcres()
	const { path } = await brandedShare(makeUser, apiAs, env.grass.center, name)
	await page.goto(path)
	await hydrated(page)

	const header = page.getByTestId('organization-header')
	await expect(header.getByText(name, { exact: true })).toBeVisible()
	await expect(header.getByText('GA', { exact: true })).toBeVisible() // no logo uploaded: the initials
	await expect(header.getByRole('img')).toHaveCount(0)
	await expect(header.getByText(/^Estimate · valid until /)).toBeVisible()
	await expectNoYardstickChrome(page)
	await expect(page).toHaveTitle(`Estimate from ${name} | Yardstick`)

	// one small line of Yardstick, at the bottom, under the contractor's contact
	const prepared = page.getByText('Estimate prepared with Yardstick', { exact: true })
	await expect(prepared).toBeVisible()
	expect(await top(prepared)).toBeGreaterThan(await top(page.getByRole('heading', { name: 'Your contractor' })))

	// the header first, then the property, the estimate's lines and total, and only then the form
	const estimate = page.getByRole('table')
	const mowing = estimate.getByRole('row', { name: /Lawn mowing/ })
	const cleanup = estimate.getByRole('row', { name: /Spring cleanup/ })
	const total = estimate.getByRole('row', { name: /^Total/ })
	await expect(cleanup).toContainText('$150.00')
	await expect(total).toContainText(/\$\d+\.\d\d/)
	const form = page.getByRole('heading', { name: 'Accept estimate' })
	await expect(form).toBeVisible()
	expect(await top(header)).toBeLessThan(await top(page.getByRole('heading', { level: 1, name: BRAND_ADDRESS })))
	expect(await top(page.getByRole('heading', { level: 1, name: BRAND_ADDRESS }))).toBeLessThan(await top(mowing))
	expect(await top(mowing)).toBeLessThan(await top(total))
	expect(await top(cleanup)).toBeLessThan(await top(total))
	expect(await top(total)).toBeLessThan(await top(form))
	expect(await top(total)).toBeLessThan(await top(page.getByLabel('Your name')))
})

test('on a 412 × 915 phone the total is on the first screen, with the picture', async ({ browser, makeUser, apiAs, env }) => {
	const { path } = await brandedShare(makeUser, apiAs, env.grass.center, greenAcres())
	const context = await phone(browser, 412, 915)
	try {
		const customer = await context.newPage()
		await customer.goto(path)
		const picture = customer.getByRole('img', { name: /Aerial picture of the property/ })
		await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1032)
		await expect(customer.getByTestId('organization-header')).toBeInViewport({ ratio: 1 })
		await expect(picture).toBeInViewport({ ratio: 1 })
		await expect(customer.getByRole('table').getByRole('row', { name: /^Total/ })).toBeInViewport({ ratio: 1 })
		// the form is further down: the customer reads the price first
		await expect(customer.getByRole('button', { name: 'Accept estimate' })).not.toBeInViewport()
		expect(await customer.evaluate(() => window.scrollY)).toBe(0)
	} finally {
		await context.close()
	}
})

test('a very long organization name wraps on a 320 px phone: the header holds, nothing scrolls sideways', async ({ browser, makeUser, apiAs, env }) => {
	const { path } = await brandedShare(makeUser, apiAs, env.grass.center, LONG_ORGANIZATION_NAME)
	const context = await phone(browser, 320, 640)
	try {
		const customer = await context.newPage()
		await customer.goto(path)
		await hydrated(customer)
		const header = customer.getByTestId('organization-header')
		const name = header.getByText(LONG_ORGANIZATION_NAME, { exact: true })
		await expect(name).toBeVisible()
		// all of it shows, over several lines, beside the initials at their full size
		const lines = await name.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight))
		expect(lines).toBeGreaterThanOrEqual(3)
		expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
		const initials = header.getByText('GO', { exact: true })
		expect(await initials.boundingBox()).toMatchObject({ width: 48, height: 48 })
		const box = (await header.boundingBox())!
		expect(box.x).toBeGreaterThanOrEqual(0)
		expect(box.x + box.width).toBeLessThanOrEqual(320)
		expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
		// the form's sentence with the name wraps too
		await expect(customer.getByText(`Leave your details and ${LONG_ORGANIZATION_NAME} will contact you to schedule the work.`)).toBeVisible()
		expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
	} finally {
		await context.close()
	}
})

test('the quote widget has the contractor’s initials and name as its header and the Yardstick line at the bottom, also on a 320 px phone', async ({ browser, makeUser }) => {
	const widget = await widgetFor(makeUser, ['green-lawns.example'])
	await db().organization.update({ where: { id: widget.organizationId }, data: { name: LONG_ORGANIZATION_NAME } })
	const context = await phone(browser, 320, 640)
	try {
		const visitor = await context.newPage()
		await visitor.goto(`/embed/quote/${widget.publicKey}`)
		const header = visitor.getByTestId('organization-header')
		await expect(header.getByText(LONG_ORGANIZATION_NAME, { exact: true })).toBeVisible()
		await expect(header.getByText('GO', { exact: true })).toBeVisible()
		await expect(header.getByRole('heading', { level: 1, name: 'Instant lawn quote' })).toBeVisible()
		await expectNoYardstickChrome(visitor)
		const prepared = visitor.getByText('Estimate prepared with Yardstick', { exact: true })
		await expect(prepared).toBeVisible()
		expect(await top(prepared)).toBeGreaterThan(await top(visitor.getByRole('button', { name: 'Get my quote' })))
		expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
	} finally {
		await context.close()
	}
})
