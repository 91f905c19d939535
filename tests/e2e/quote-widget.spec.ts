// The instant-quote widget embedded in a contractor's website served from
// another local origin (issue 19 item 5): on an allowed domain it shows, sizes
// itself to its content, quotes the grass scene's address with the real
// detection and turns the request into a lead; on a domain not listed the
// browser refuses to frame it (Content-Security-Policy frame-ancestors).
import { db, expect, mailsTo, test } from '../support/fixtures.ts'
import { snippetPage, startWebsite, widgetFor, WIDGET_ADDRESS } from '../support/quote-widget.ts'

test('an allowed website shows the widget; a homeowner gets the quote and requests it: a lead', async ({ page, makeUser, baseURL, env }) => {
	test.setTimeout(90_000)
	let publicKey = ''
	const site = await startWebsite(() => snippetPage(baseURL!, publicKey))
	try {
		const widget = await widgetFor(makeUser, [`127.0.0.1:${site.port}`])
		publicKey = widget.publicKey
		await page.goto(`${site.origin}/`)
		await expect(page.getByRole('heading', { name: 'Green Lawns Co' })).toBeVisible()
		const iframe = page.locator('iframe[title="Instant lawn quote"]')
		const frame = page.frameLocator('iframe[title="Instant lawn quote"]')
		await expect(frame.getByRole('heading', { name: 'Instant lawn quote' })).toBeVisible()
		// the contractor's initials and name head the widget (issue 31)
		await expect(frame.getByTestId('organization-header')).toContainText(widget.admin.organization!.name)
		await expect(frame.getByText('Estimate prepared with Yardstick', { exact: true })).toBeVisible()

		// an address outside the US first: a clear error; the next look-up solves a fresh bot check
		await frame.getByLabel('Your street address').fill('10 Downing Street, London SW1A 2AA, United Kingdom')
		await frame.getByRole('button', { name: 'Get my quote' }).click()
		await expect(frame.getByRole('alert')).toHaveText(/We could not find that (address in the United States|exact street address)/)
		await frame.getByLabel('Your street address').fill(WIDGET_ADDRESS)
		await frame.getByRole('button', { name: 'Get my quote' }).click()
		await expect(frame.getByTestId('quote-area')).toBeVisible({ timeout: 45_000 })
		const area = Number((await frame.getByTestId('quote-area').textContent())!.replace(/[^0-9]/g, ''))
		expect(Math.abs(area - env.grass.truthSqft) / env.grass.truthSqft).toBeLessThan(0.05)
		await expect(frame.getByTestId('quote-price')).toHaveText(/^\$[\d,]+\.\d\d$/)
		const price = await frame.getByTestId('quote-price').textContent()

		// the page's iframe follows the widget's height (embed/quote.js and the widget's postMessage)
		await expect
			.poll(async () => {
				const outer = (await iframe.boundingBox())?.height ?? 0
				const inner = (await frame.getByTestId('quote-widget').boundingBox())?.height ?? -100
				return Math.abs(outer - inner)
			})
			.toBeLessThanOrEqual(2)

		await frame.getByLabel('Your name').fill('Hana Homeowner')
		await frame.getByLabel('Email').fill('hana@example.com')
		await frame.getByLabel('Phone').fill('(303) 555-0142')
		await frame.getByRole('button', { name: 'Request this quote' }).click()
		await expect(frame.getByText('Request sent')).toBeVisible()
		await expect(frame.getByText(`Thank you! ${widget.admin.organization!.name} has your request and will contact you soon.`)).toBeVisible()

		const leads = await db().lead.findMany({ where: { organizationId: widget.organizationId } })
		expect(leads).toHaveLength(1)
		expect(leads[0]).toMatchObject({ source: 'widget', status: 'new', name: 'Hana Homeowner', email: 'hana@example.com', areaSqft: area })
		expect(`$${(leads[0]!.priceLowCents! / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`).toBe(price)
		await expect.poll(async () => (await mailsTo(widget.admin.email)).map((m) => m.subject)).toEqual(['New lead: 1200 TEST LAWN WAY, DENVER, CO, 80202'])
	} finally {
		await site.close()
	}
})

test('a website that is not listed cannot frame the widget: the frame says so, and the browser refuses the widget itself', async ({ page, makeUser, baseURL }) => {
	let publicKey = ''
	let referrerPolicy = 'strict-origin-when-cross-origin'
	const site = await startWebsite(() => snippetPage(baseURL!, publicKey).replace('<head>', `<head><meta name="referrer" content="${referrerPolicy}">`))
	try {
		const widget = await widgetFor(makeUser, ['green-lawns.example', 'https://www.green-lawns.example'])
		publicKey = widget.publicKey
		// the browser names the framing site (the default referrer policy): the widget answers 403 with a message any page may show
		let answered = page.waitForResponse((r) => r.url() === `${baseURL}/embed/quote/${publicKey}`)
		await page.goto(`${site.origin}/`)
		let response = await answered
		expect(response.status()).toBe(403)
		expect(response.headers()['content-security-policy']).toMatch(/frame-ancestors \*/)
		const frame = page.frameLocator('iframe[title="Instant lawn quote"]')
		await expect(frame.getByRole('alert')).toContainText('This quote widget is not set up for this website.')
		await expect(frame.getByRole('heading', { name: 'Instant lawn quote' })).toHaveCount(0)
		await expect(frame.getByText('Green Lawns Co')).toHaveCount(0)
		await expect(page.getByRole('heading', { name: 'Green Lawns Co' })).toBeVisible()

		// a site that sends no Referer: the widget's own policy keeps it out (Chromium's error page in the frame)
		referrerPolicy = 'no-referrer'
		answered = page.waitForResponse((r) => r.url() === `${baseURL}/embed/quote/${publicKey}`)
		await page.goto(`${site.origin}/`)
		response = await answered
		expect(response.status()).toBe(200)
		expect(response.headers()['content-security-policy']).toMatch(/frame-ancestors green-lawns\.example https:\/\/www\.green-lawns\.example(;|$)/)
		await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/')
		await expect(frame.getByRole('heading', { name: 'Instant lawn quote' })).toHaveCount(0)
	} finally {
		await site.close()
	}
})
