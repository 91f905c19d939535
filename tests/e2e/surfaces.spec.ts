// Surfaces on /measure (issue 32) in Chromium: a lawn, a bed drawn inside it and
// a driveway, each chosen with one tap before drawing; the job card's figures
// per surface (the bed not counted as lawn too), and the shared estimate
// pricing each service on its own surface.
import type { Page } from '@playwright/test'
import { expect, signIn, test } from '../support/fixtures.ts'

const ADDRESS = '1100 Congress Ave, Austin, TX 78701'

async function openWithAddress(page: Page) {
	await page.goto('/measure')
	await page.getByLabel('Property Address').fill(ADDRESS)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/address=/)
	await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible()
}

async function rectangle(page: Page, from: [number, number], to: [number, number]) {
	const box = (await page.getByTestId('measure-map').boundingBox())!
	const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
	await page.getByRole('button', { name: 'Draw Rectangle' }).click()
	await expect(page.getByText('Drawing Mode Active')).toBeVisible()
	await page.mouse.click(c.x + from[0], c.y + from[1])
	await page.mouse.click(c.x + to[0], c.y + to[1])
	await expect(page.getByText('Drawing Mode Active')).toHaveCount(0)
}

const sqft = (n: number) => `${Math.round(n).toLocaleString('en-US')} sq ft`

test('a lawn, a bed inside it and a driveway: the job card totals each surface once; the shared estimate prices each service on its surface', async ({ page, context, makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	await signIn(context, admin.id)
	await openWithAddress(page)

	// areas start as lawn; one tap picks another surface for the next one
	const picker = page.getByRole('group', { name: 'Area surface' })
	await expect(picker.getByRole('button', { name: 'Lawn' })).toHaveAttribute('aria-pressed', 'true')
	await rectangle(page, [-160, -110], [40, 110])
	await picker.getByRole('button', { name: 'Bed' }).click()
	await expect(picker.getByRole('button', { name: 'Bed' })).toHaveAttribute('aria-pressed', 'true')
	await rectangle(page, [-110, -50], [-30, 40])
	await picker.getByRole('button', { name: 'Hardscape' }).click()
	await rectangle(page, [110, -60], [190, 60])
	await expect(page.getByTestId('pending-count')).toHaveText('3')
	await expect(page.getByLabel('Surface of Shape #2')).toHaveValue('bed')

	const card = page.getByTestId('pending-surfaces')
	await expect(card.locator('[data-surface=lawn]')).toContainText('Lawn')
	await expect(card.locator('[data-surface=bed]')).toContainText('Bed')
	await expect(card.locator('[data-surface=hardscape]')).toContainText('Hardscape')
	const shown = async (surface: string) => (await card.locator(`[data-surface=${surface}] dd`).textContent()) ?? ''
	const before = { lawn: await shown('lawn'), bed: await shown('bed'), hardscape: await shown('hardscape') }

	await page.getByRole('button', { name: 'Save Measurement' }).click()
	await expect(page.getByText('Measurement Saved', { exact: true })).toBeVisible()
	const [m] = (await (await page.request.get('/api/measurements')).json()).measurements
	expect(m.shapes.map((s: { surface: string }) => s.surface)).toEqual(['lawn', 'bed', 'hardscape'])
	const t = m.totals_by_surface
	// the card showed the server's figures: the lawn without the bed
	expect(before).toEqual({ lawn: sqft(t.lawn.area_sqft), bed: sqft(t.bed.area_sqft), hardscape: sqft(t.hardscape.area_sqft) })
	expect(t.lawn.area_sqft).toBeCloseTo(m.shapes[0].area_sqft - m.shapes[1].area_sqft, 0)
	// and the saved measurement in the list says the same
	const saved = page.getByRole('list', { name: 'Measurements' }).getByTestId('saved-surfaces')
	await expect(saved.locator('[data-surface=lawn] dd')).toHaveText(sqft(t.lawn.area_sqft))

	// the dashboard row's area tooltip: the same figures per surface
	await page.goto('/dashboard')
	await expect(page.getByTestId('area-by-surface').first()).toHaveAttribute('title', `Lawn ${sqft(t.lawn.area_sqft)} · Bed ${sqft(t.bed.area_sqft)} · Hardscape ${sqft(t.hardscape.area_sqft)}`)

	// the exports: a surface on each GeoJSON feature and CSV row
	const geojson = await (await page.request.get(`/api/measurements/${m.id}/export.geojson`)).json()
	expect(geojson.features.map((f: { properties: { surface: string } }) => f.properties.surface)).toEqual(['lawn', 'bed', 'hardscape'])
	const csv = await (await page.request.get(`/api/measurements/${m.id}/export.csv`)).text()
	expect(csv.split('\r\n')[0]).toContain(',shape_type,surface,')

	// the shared estimate: mowing on the lawn, mulch on the bed, sealing on the driveway, no fence
	const api = await apiAs(admin)
	const base = `/api/organizations/${admin.organization!.id}/price-list`
	const service = async (data: Record<string, string>) => (await (await api.post(base, { data: { minimumCharge: '0', ...data } })).json()).id as string
	const ids = [
		await service({ name: 'Mowing', unit: 'sqft', unitPrice: '0.02', surface: 'lawn' }),
		await service({ name: 'Mulch', unit: 'sqft', unitPrice: '0.5', surface: 'bed' }),
		await service({ name: 'Sealing', unit: 'sqft', unitPrice: '0.25', surface: 'hardscape' }),
		await service({ name: 'Fence paint', unit: 'ft', unitPrice: '2', minimumCharge: '75', surface: 'fence' }),
	]
	const { url } = await (await api.post(`/api/measurements/${m.id}/share`, { data: { services: ids } })).json()
	await page.goto(url)
	const estimate = page.getByRole('region', { name: 'Estimate' })
	const row = (name: string) => estimate.getByRole('row').filter({ hasText: name })
	const lawn = Math.round(t.lawn.area_sqft)
	const bed = Math.round(t.bed.area_sqft)
	const drive = Math.round(t.hardscape.area_sqft)
	await expect(row('Mowing')).toContainText(`${lawn.toLocaleString('en-US')} sq ft of lawn × $0.02 per sq ft`)
	await expect(row('Mulch')).toContainText(`${bed.toLocaleString('en-US')} sq ft of bed × $0.50 per sq ft`)
	await expect(row('Sealing')).toContainText(`${drive.toLocaleString('en-US')} sq ft of hardscape × $0.25 per sq ft`)
	await expect(row('Fence paint')).toContainText('Not included: no fence measured on this job')
	const cents = lawn * 2 + bed * 50 + drive * 25
	await expect(estimate.getByRole('row').filter({ hasText: 'Total' })).toContainText(`$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`)
})
