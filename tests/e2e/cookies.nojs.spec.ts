import { expect, test } from '../support/fixtures.ts'

test.use({ consented: false })

test('the banner works without JavaScript (it appears by CSS after a second)', async ({ page }) => {
	await page.goto('/about')
	const banner = page.getByRole('region', { name: 'Cookie consent' })
	await expect(banner).toBeVisible()
	await banner.getByRole('button', { name: 'Accept All' }).click()
	await expect(page).toHaveURL(/\/about$/)
	await expect(page.getByText('All Cookies Accepted')).toBeVisible()
	await expect(banner).toHaveCount(0)
})
