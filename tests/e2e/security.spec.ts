// The Content-Security-Policy in a real browser: the app's pages work under it
// (hydration, the map's tiles, the sign-up bot check) and nothing is blocked.
import type { Page } from '@playwright/test'
import { expect, signIn, test } from '../support/fixtures.ts'

async function watchViolations(page: Page) {
	const violations: string[] = []
	page.on('console', (message) => {
		if (/Content Security Policy|Refused to|^VIOLATION/i.test(message.text())) violations.push(message.text())
	})
	// what Chromium reports even when the page catches the error (e.g. a library probing for eval)
	await page.addInitScript(() =>
		document.addEventListener('securitypolicyviolation', (e) => console.log(`VIOLATION ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`)),
	)
	return violations
}

test('public pages run under the CSP without a single violation', async ({ page }) => {
	const violations = await watchViolations(page)
	for (const path of ['/', '/news-updates', '/about', '/contact', '/checkout/pro']) {
		await page.goto(path)
		await page.waitForLoadState('networkidle')
	}
	expect(violations).toEqual([])
})

test('signed-in pages and the map run under the CSP without a single violation', async ({ page, context, makeUser }) => {
	const violations = await watchViolations(page)
	await signIn(context, (await makeUser()).id)
	await page.goto('/measure')
	await page.getByLabel('Property Address').fill('1100 Congress Ave, Austin, TX 78701')
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/address=/)
	await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible()
	// tiles from the imagery host (another origin) were loaded
	await expect
		.poll(() => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/\d+\/\d+\/\d+/.test(e.name)).length))
		.toBeGreaterThan(0)
	await page.goto('/dashboard')
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	expect(violations).toEqual([])
})

test('the sign-up bot check solves under the CSP, and an injected inline script does not run', async ({ page }) => {
	const violations = await watchViolations(page)
	await page.goto('/auth?mode=register')
	// the proof-of-work runs in a worker and completes: scripts hydrated and workers allowed
	await expect(page.getByText('Security check complete')).toBeVisible({ timeout: 15_000 })
	expect(violations).toEqual([])
	// a script without the nonce (what an injection would add) is refused
	const ran = await page.evaluate(async () => {
		const s = document.createElement('script')
		s.textContent = 'window.__injected = true'
		document.body.append(s)
		await new Promise((r) => setTimeout(r, 50))
		return (window as unknown as { __injected?: boolean }).__injected === true
	})
	expect(ran).toBe(false)
	await expect.poll(() => violations.length).toBeGreaterThan(0)
})
