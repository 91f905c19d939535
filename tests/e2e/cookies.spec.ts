// Cookie consent: the banner after 1 s when no choice is stored; choices persist.
import { expect, test } from '../support/fixtures.ts'

test.use({ consented: false })

test('the banner appears after a second; Accept All hides it for good', async ({ page, context }) => {
	await page.goto('/about')
	const banner = page.getByRole('region', { name: 'Cookie consent' })
	// the delay is a CSS animation, which a fake clock does not drive: hold it at a time, whatever the machine's speed
	const at = (ms: number) =>
		page.getByRole('region', { name: 'Cookie consent', includeHidden: true }).evaluate((el, t) => {
			for (const animation of el.getAnimations()) {
				animation.pause()
				animation.currentTime = t
			}
		}, ms)
	await at(900)
	await expect(banner).toBeHidden()
	await at(1_300)
	await expect(banner).toBeVisible()
	await banner.getByRole('button', { name: 'Accept All' }).click()
	await expect(page.getByText('All Cookies Accepted')).toBeVisible()
	await expect(banner).toHaveCount(0)
	await page.reload()
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	await expect(banner).toHaveCount(0) // the server no longer renders it
	const consent = (await context.cookies()).find((c) => c.name === 'ys_consent')
	expect(consent?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600)
	await page.goto('/cookies')
	await expect(page.getByLabel('Allow analytics cookies')).toBeChecked()
})

test('Essential Only and the close icon store essential-only; the settings icon opens /cookies', async ({ page, browser }) => {
	await page.goto('/about')
	const banner = page.getByRole('region', { name: 'Cookie consent' })
	await banner.getByRole('link', { name: 'Cookie settings' }).click()
	await expect(page).toHaveURL(/\/cookies$/)
	await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Close' }).click()
	await expect(page.getByText('Optional Cookies Rejected')).toBeVisible()
	await expect(page.getByLabel('Allow analytics cookies')).not.toBeChecked()
	await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0)

	const other = await browser.newPage()
	await other.goto('/about')
	await other.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Essential Only' }).click()
	await expect(other.getByText('Optional Cookies Rejected')).toBeVisible()
	await other.close()
})

test('/cookies: Essential is locked; Save My Preferences keeps the chosen categories', async ({ page }) => {
	await page.goto('/cookies')
	await expect(page.getByRole('heading', { name: 'Cookie Settings' })).toBeVisible()
	const essential = page.getByRole('checkbox').first()
	await expect(essential).toBeChecked()
	await expect(essential).toBeDisabled()
	await page.getByLabel('Allow preferences cookies').check()
	await page.getByRole('button', { name: 'Save My Preferences' }).click()
	await expect(page.getByText('Preferences Saved', { exact: true })).toBeVisible()
	await expect(page.getByLabel('Allow preferences cookies')).toBeChecked()
	await expect(page.getByLabel('Allow analytics cookies')).not.toBeChecked()
	await page.getByRole('button', { name: 'Reject Optional Cookies' }).click()
	await expect(page.getByText('Optional Cookies Rejected')).toBeVisible()
	await expect(page.getByLabel('Allow preferences cookies')).not.toBeChecked()
	await expect(page.getByText('Firefox: Settings → Privacy & Security → Cookies and Site Data.')).toBeVisible()
})
