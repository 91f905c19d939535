// /measure without JavaScript: the panel's forms post to the route's action.
import { expect, signIn, test } from '../support/fixtures.ts'

const ADDRESS = '1100 Congress Ave, Austin, TX 78701'
const square = (lat: number, lng: number) => [
	{ lat, lng },
	{ lat, lng: lng + 0.0002 },
	{ lat: lat + 0.0002, lng: lng + 0.0002 },
	{ lat: lat + 0.0002, lng },
]

test('search, rename, combine and delete work without JavaScript', async ({ page, context, makeUser, apiAs }) => {
	const user = await makeUser()
	await signIn(context, user.id)
	const api = await apiAs(user)
	for (const lat of [30.27, 30.2705]) {
		await api.post('/api/measurements', { data: { address: ADDRESS, shapes: [{ type: 'polygon', coordinates: square(lat, -97.74) }] } })
	}

	await page.goto('/measure')
	await expect(page.getByText('Loading satellite imagery...')).toBeVisible()
	await page.getByLabel('Property Address').fill(ADDRESS)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/address=.*&lat=30\.\d+&lng=-97\.\d+/)
	await expect(page.getByTestId('usage-count')).toHaveText('1 / 50')

	const list = page.getByRole('list', { name: 'Measurements' })
	await expect(list.getByRole('listitem')).toHaveCount(2)
	await list.getByRole('listitem').first().getByText('Rename').click()
	await list.getByLabel('Measurement name').first().fill('Back yard')
	await list.getByRole('button', { name: 'Save name' }).first().click()
	await expect(page.getByText('Measurement updated successfully.')).toBeVisible()
	await expect(list.getByText('Back yard')).toBeVisible()

	await page.getByRole('button', { name: 'Combine Measurements' }).click()
	await expect(list.getByText('1100 Congress Ave Combined')).toBeVisible()
	await expect(list.getByRole('listitem')).toHaveCount(1)

	await list.getByRole('button', { name: 'Delete 1100 Congress Ave Combined' }).click()
	await expect(page.getByText('Measurement deleted successfully.')).toBeVisible()
	await expect(page.getByText('No measurements yet')).toBeVisible()
})
