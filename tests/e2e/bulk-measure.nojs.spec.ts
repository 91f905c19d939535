// Bulk measure without JavaScript (issue 34): upload, preview, start, and the
// batch page correct on every reload until the results are in; a member is refused.
import { expect, signIn, test } from '../support/fixtures.ts'

test('without JavaScript: upload, preview, start, reload to the results', async ({ page, context, makeUser }) => {
	test.setTimeout(90_000)
	const admin = await makeUser({ role: 'account_admin' })
	await signIn(context, admin.id)
	await page.goto('/dashboard/bulk')
	const csv = 'address\n"1200 Test Lawn Way, Denver, CO 80202"\n"=1+1"\n'
	await page.getByLabel('Address list (CSV or JSON)').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
	await page.getByRole('button', { name: 'Upload and preview' }).click()
	await expect(page.getByRole('alert')).toHaveText('Row 2 has a cell starting with =, +, - or @ (a spreadsheet formula). Remove formulas and upload the values only.')

	const good = 'address\n"1200 Test Lawn Way, Denver, CO 80202"\n"9 Birch St, Denver, CO 80202"\n'
	await page.getByLabel('Address list (CSV or JSON)').setInputFiles({ name: 'two.csv', mimeType: 'text/csv', buffer: Buffer.from(good) })
	await page.getByRole('button', { name: 'Upload and preview' }).click()
	await expect(page.getByText('2 addresses ready to measure. Starting uses 2 of your monthly searches.')).toBeVisible()
	await page.getByRole('button', { name: 'Start measuring' }).click()
	await expect(page.getByRole('progressbar', { name: 'Batch progress' })).toBeVisible()

	await expect(async () => {
		await page.reload()
		await expect(page.getByTestId('bulk-status')).toHaveText('Finished', { timeout: 1_000 })
	}).toPass({ timeout: 60_000 })
	await expect(page.getByTestId('count-measured')).toHaveText('1')
	await expect(page.getByTestId('count-failed')).toHaveText('1')
	const results = page.getByRole('table', { name: 'Results' })
	await expect(results.getByRole('row').nth(1)).toContainText('Measured')
	await expect(results.getByRole('row').nth(2)).toContainText('Failed')
	await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /\/api\/bulk-measurements\/.+\/export\.csv$/)

	// the same file again opens the same batch: nothing measured twice
	const url = page.url()
	await page.goto('/dashboard/bulk')
	await page.getByLabel('Address list (CSV or JSON)').setInputFiles({ name: 'two.csv', mimeType: 'text/csv', buffer: Buffer.from(good) })
	await page.getByRole('button', { name: 'Upload and preview' }).click()
	await expect(page).toHaveURL(url)
	await expect(page.getByTestId('count-measured')).toHaveText('1')
})

test('without JavaScript: a member is refused bulk measure', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const member = await makeUser({ role: 'member', organizationId: admin.organization!.id })
	await signIn(context, member.id)
	await page.goto('/dashboard/bulk')
	await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
	await expect(page.getByText('Only account admins can run bulk measurements.')).toBeVisible()
})
