// Changing a saved shape's surface on /measure without JavaScript (issue 32):
// a small form per shape posts to the route's action.
import { expect, signIn, test } from '../support/fixtures.ts'

const ADDRESS = '1100 Congress Ave, Austin, TX 78701'
const square = (lat: number, lng: number, d: number) => [
	{ lat, lng },
	{ lat, lng: lng + d },
	{ lat: lat + d, lng: lng + d },
	{ lat: lat + d, lng },
]

test("a saved shape's surface changes without JavaScript; the totals per surface follow", async ({ page, context, makeUser, apiAs }) => {
	const user = await makeUser()
	await signIn(context, user.id)
	const api = await apiAs(user)
	const made = await api.post('/api/measurements', {
		data: {
			address: ADDRESS,
			label: 'Front yard',
			shapes: [
				{ type: 'polygon', label: 'Front lawn', surface: 'lawn', coordinates: square(30.27, -97.74, 0.0003) },
				{ type: 'polygon', label: 'Flower bed', coordinates: square(30.2701, -97.7399, 0.00005) },
			],
		},
	})
	expect(made.status()).toBe(201)
	const { id } = await made.json()

	await page.goto('/measure')
	await page.getByLabel('Property Address').fill(ADDRESS)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/address=/)
	const item = page.getByRole('list', { name: 'Measurements' }).getByRole('listitem').filter({ hasText: 'Front yard' })
	await expect(item.getByTestId('saved-surfaces').locator('[data-surface=other]')).toContainText('Other')

	await item.getByText('Surfaces', { exact: true }).click()
	await item.getByLabel('Surface of Flower bed', { exact: true }).selectOption('bed')
	await item.getByRole('button', { name: 'Save surface of Flower bed' }).click()
	await expect(page.getByText('Measurement updated successfully.')).toBeVisible()
	await expect(item.getByTestId('saved-surfaces').locator('[data-surface=bed]')).toContainText('Bed')
	await expect(item.getByTestId('saved-surfaces').locator('[data-surface=other]')).toHaveCount(0)

	const m = await (await api.get(`/api/measurements/${id}`)).json()
	expect(m.shapes.map((s: { surface: string }) => s.surface)).toEqual(['lawn', 'bed'])
	expect(m.totals_by_surface.bed.area_sqft).toBeCloseTo(m.shapes[1].area_sqft, 6)
	expect(m.totals_by_surface.lawn.area_sqft).toBeCloseTo(m.shapes[0].area_sqft - m.shapes[1].area_sqft, 1)
	// an area is offered the area surfaces only (a line surface on it would be a 400)
	await item.getByText('Surfaces', { exact: true }).click()
	await expect(item.getByLabel('Surface of Front lawn', { exact: true }).locator('option')).toHaveText(['Lawn', 'Bed', 'Hardscape', 'Building', 'Other'])
})

test('without JavaScript: a service is priced on a surface; a per ft service on lawn is refused, nothing saved', async ({ page, context, makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	await signIn(context, admin.id)
	await page.goto('/settings?tab=organization')
	await page.getByLabel('Service name').fill('Bed edging')
	await page.getByLabel('Unit', { exact: true }).selectOption('ft')
	await page.getByLabel('Priced on', { exact: true }).selectOption('lawn')
	await page.getByLabel('Price ($)').fill('1.25')
	await page.getByRole('button', { name: 'Add Service' }).click()
	await expect(page.locator('#price-surface-error')).toHaveText('A per ft service applies to edging, fence or other lines')
	const list = async () => (await (await (await apiAs(admin)).get(`/api/organizations/${admin.organization!.id}/price-list`)).json()).services
	expect(await list()).toEqual([])

	await page.getByLabel('Service name').fill('Bed edging')
	await page.getByLabel('Unit', { exact: true }).selectOption('ft')
	await page.getByLabel('Priced on', { exact: true }).selectOption('edging')
	await page.getByLabel('Price ($)').fill('1.25')
	await page.getByRole('button', { name: 'Add Service' }).click()
	await expect(page.getByText('Price List Updated', { exact: true })).toBeVisible()
	await expect(page.getByLabel('Priced on (Bed edging)')).toHaveValue('edging')
	expect((await list()).map((s: { name: string; surface: string }) => [s.name, s.surface])).toEqual([['Bed edging', 'edging']])
})
