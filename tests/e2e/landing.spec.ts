import { expect, signIn, test } from '../support/fixtures.ts'

test('landing: every section in order, founding-member offer, FAQ, and a working calculator', async ({ page }) => {
	await page.goto('/')
	const headings = await page.getByRole('main').getByRole('heading').allTextContents()
	const order = ['Accurate Measurements. Bigger Profits.', 'Skip the Drive', 'Ditch the Wheel', 'Built for outdoor service pros', 'Everything you need to quote with confidence', 'Interactive Maps', 'Manual & AI Tools', 'Instant Calculations', 'Team Collaboration', 'Professional Reports', 'Usage Analytics', 'Founding Member Beta — Free', 'Savings calculator', 'Frequently asked questions', 'Measure your next property in 30 seconds']
	expect(headings).toEqual(order)
	for (const claim of ['$600+', '5x', '30 sec', '250 measurements per month', '250 saves and reports', 'AI grass detection', 'PDF reports', 'Single user', 'Landscapers', 'Driveway pavers']) {
		await expect(page.getByText(claim, { exact: false }).first()).toBeVisible()
	}
	await expect(page.getByTestId('savings-total')).toHaveText('$600')
	await expect(page.getByTestId('savings-travel')).toHaveText('$240')
	await expect(page.getByTestId('savings-time')).toHaveText('$300')
	await expect(page.getByTestId('savings-labour')).toHaveText('$60')
	await page.getByLabel('Estimates per month').fill('40')
	await expect(page.getByTestId('savings-total')).toHaveText('$1,200')

	await page.getByText('Does it work on my phone?').click()
	await expect(page.getByText('There is no native app yet.')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Become a Founding Member' }).first()).toHaveAttribute('href', '/checkout/BETA')
})

test('signed in, the hero offers Go to Dashboard and Start Measuring', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	await page.goto('/')
	await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard')
	await expect(page.getByRole('link', { name: 'Start Measuring' }).first()).toHaveAttribute('href', '/measure')
})
