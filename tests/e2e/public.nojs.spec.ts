import { expect, test } from '../support/fixtures.ts'

test('the savings calculator works without JavaScript', async ({ page }) => {
	await page.goto('/')
	await page.getByLabel('Estimates per month').fill('10')
	await page.getByLabel('Your time per hour ($)').fill('60')
	await page.getByRole('button', { name: 'Calculate' }).click()
	await expect(page).toHaveURL(/estimates=10/)
	await expect(page.getByTestId('savings-time')).toHaveText('$300')
	await expect(page.getByTestId('savings-total')).toHaveText('$450')
})

test('terms, privacy and about state what the spec asks', async ({ page }) => {
	await page.goto('/terms')
	for (const text of ['month-to-month', 'not refunded', 'permanently deleted 30 days later', 'estimates only', 'Last updated: August 25, 2025']) {
		await expect(page.getByText(text, { exact: false }).first()).toBeVisible()
	}
	await page.goto('/privacy')
	await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(11)
	await expect(page.getByText('The minimum age to use the service is 13.')).toBeVisible()
	await expect(page.getByText('permanently deleted after 30 days')).toBeVisible()
	await page.goto('/about')
	await expect(page.getByRole('heading', { name: 'About Yardstick' })).toBeVisible()
})
