// The site header on the narrowest phones (320 px, the iPhone SE's width, and 375 px):
// nothing in it runs past the screen's edge, signed out (landing and other pages) and signed in,
// and the links a phone drops from the header (New Measurement, About) are really gone.
import type { Browser } from '@playwright/test'
import { expect, signIn, test, withConsent } from '../support/fixtures.ts'

async function phone(browser: Browser, width: number, userId?: string) {
	const context = await browser.newContext({ viewport: { width, height: 640 }, hasTouch: true, isMobile: true })
	await withConsent(context)
	if (userId) await signIn(context, userId)
	return context
}

/** how far the page and the header's right edge reach, in CSS pixels */
const reach = (page: import('@playwright/test').Page) =>
	page.evaluate(() => ({ page: document.documentElement.scrollWidth, header: Math.max(...[...document.querySelectorAll('header *')].map((e) => e.getBoundingClientRect().right)) }))

for (const width of [320, 375]) {
	test(`the header and the page keep to a ${width} px screen, signed out and signed in`, async ({ browser, makeUser }) => {
		const visitor = await phone(browser, width)
		const page = await visitor.newPage()
		for (const path of ['/', '/about', '/auth', '/contact']) {
			await page.goto(path)
			await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible()
			expect((await reach(page)).page, path).toBe(width)
			expect((await reach(page)).header, path).toBeLessThanOrEqual(width)
		}
		await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toBeVisible()
		await expect(page.getByRole('banner').getByRole('link', { name: 'About' })).toBeHidden()
		await visitor.close()

		const user = await makeUser()
		const member = await phone(browser, width, user.id)
		const signedIn = await member.newPage()
		for (const path of ['/', '/dashboard', '/measure', '/settings']) {
			await signedIn.goto(path)
			await expect(signedIn.getByLabel('User menu')).toBeVisible()
			expect((await reach(signedIn)).page, path).toBe(width)
			expect((await reach(signedIn)).header, path).toBeLessThanOrEqual(width)
			// on a phone New Measurement is the dashboard's, not the header's
			await expect(signedIn.getByRole('banner').getByRole('link', { name: 'New Measurement' })).toBeHidden()
		}
		await member.close()
	})
}
