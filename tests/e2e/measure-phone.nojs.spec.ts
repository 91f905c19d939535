// /measure on a phone without JavaScript (issue 21): the phone layout is CSS, so
// the server render already has it; with no map coming, the sheet is at full
// height and its forms work.
import { expect, signIn, test } from '../support/fixtures.ts'

const ADDRESS = '1100 Congress Ave, Austin, TX 78701'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

test('on a phone without JavaScript the sheet is at full height and the search works', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	await page.goto('/measure')
	const panel = page.getByRole('complementary', { name: 'Measurement panel' })
	await expect(page.getByText('Loading satellite imagery...')).toBeVisible()
	// the page is the screen; the sheet leaves a strip of the (empty) map
	expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight)).toBe(true)
	const sheet = (await panel.boundingBox())!
	const header = (await page.getByRole('banner').boundingBox())!
	expect(sheet.y - (header.y + header.height)).toBeLessThan(60)
	await page.getByLabel('Property Address').fill(ADDRESS)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/address=/)
	await expect(page.getByTestId('usage-count')).toHaveText('1 / 50')
	// everything in the sheet can be scrolled to
	await page.getByRole('group', { name: 'Map View' }).scrollIntoViewIfNeeded()
	await expect(page.getByRole('group', { name: 'Map View' })).toBeInViewport()
})
