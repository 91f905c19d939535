// Issue 18 §2: an address found only as a ZIP or city centroid says so on
// /measure, and a tap (or Enter with the map focused) sets the property centre
// that the saved measurement then keeps. On a phone-sized touch screen.
import { expect, signIn, test, withConsent } from '../support/fixtures.ts'

// the local Census server (tests/support/census-server.ts) does not know this street: the ZIP centroid
const TYPED = '42 Unknown St, Austin, TX 78701'
const ZIP_CENTROID = { lat: 30.2713, lng: -97.7426 }
const NOTICE = 'Approximate location: Austin, TX 78701, USA. Move the map to the property and tap it to set the property centre.'

const centreIn = (url: string) => {
	const params = new URL(url).searchParams
	return { lat: Number(params.get('lat')), lng: Number(params.get('lng')) }
}

test('approximate location: the notice, a tap sets the property centre, the saved measurement keeps it (phone, touch)', async ({ browser, makeUser }) => {
	const context = await withConsent(await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true }))
	await signIn(context, (await makeUser()).id)
	const page = await context.newPage()
	await page.goto('/measure')
	await page.getByLabel('Property Address').fill(TYPED)
	await page.getByRole('button', { name: 'Search', exact: true }).tap()
	await expect(page).toHaveURL(/precision=postcode/)
	expect(centreIn(page.url())).toEqual(ZIP_CENTROID)
	const notice = page.getByTestId('approximate-location')
	await expect(notice).toHaveText(NOTICE)

	const map = page.getByTestId('measure-map')
	await expect(map.locator('canvas').first()).toBeVisible()
	await map.scrollIntoViewIfNeeded()
	const box = (await map.boundingBox())!
	// tap 60 px right of and above the map's centre: east and north of the centroid
	await page.touchscreen.tap(box.x + box.width / 2 + 60, box.y + box.height / 2 - 60)
	await expect(page).toHaveURL(/centre=set/)
	const picked = centreIn(page.url())
	expect(picked.lat).toBeGreaterThan(ZIP_CENTROID.lat)
	expect(picked.lng).toBeGreaterThan(ZIP_CENTROID.lng)
	// about 8 m at zoom 20: the property, not the next town
	expect(picked.lat - ZIP_CENTROID.lat).toBeLessThan(0.0005)
	await expect(notice).toHaveText('Property centre set. Tap the map again to move it.')

	// the saved measurement keeps the tapped centre
	await page.getByRole('button', { name: 'Draw Rectangle' }).tap()
	await map.scrollIntoViewIfNeeded()
	const drawBox = (await map.boundingBox())!
	await page.touchscreen.tap(drawBox.x + drawBox.width / 2 - 50, drawBox.y + drawBox.height / 2 - 50)
	await page.touchscreen.tap(drawBox.x + drawBox.width / 2 + 50, drawBox.y + drawBox.height / 2 + 50)
	await expect(page.getByTestId('pending-count')).toHaveText('1')
	// drawing taps do not move the centre
	expect(centreIn(page.url())).toEqual(picked)
	await page.getByRole('button', { name: 'Save Measurement' }).tap()
	await expect(page.getByText('Measurement Saved', { exact: true })).toBeVisible()
	const res = await page.request.get(`/api/measurements?address=${encodeURIComponent(TYPED)}`)
	const { measurements } = await res.json()
	expect(measurements).toHaveLength(1)
	expect(measurements[0].property_center).toEqual(picked)
	await context.close()
})

test('approximate location: Enter with the map focused sets the centre at the map centre (keyboard)', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	await page.goto('/measure')
	await page.getByLabel('Property Address').fill('Austin, TX')
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/precision=city/)
	await expect(page.getByTestId('approximate-location')).toHaveText(
		'Approximate location: Austin, TX, USA. Move the map to the property and tap it to set the property centre.',
	)
	const start = centreIn(page.url())
	const map = page.getByTestId('measure-map')
	await expect(map.locator('canvas').first()).toBeVisible()
	await map.focus()
	// the arrow keys pan the map (west), Enter takes its centre
	await page.keyboard.press('ArrowLeft')
	await page.keyboard.press('ArrowLeft')
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/centre=set/)
	const picked = centreIn(page.url())
	expect(picked.lng).toBeLessThan(start.lng)
	expect(picked.lat).toBeCloseTo(start.lat, 5)
})

test('an exact street address shows no notice and a tap does not move the centre', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	await page.goto('/measure')
	await page.getByLabel('Property Address').fill('1600 Pennsylvania Ave NW, Washington, DC 20500')
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/lat=38\.898754&lng=-77\.036547$/)
	const map = page.getByTestId('measure-map')
	await expect(map.locator('canvas').first()).toBeVisible()
	await expect(page.getByTestId('approximate-location')).toHaveCount(0)
	const box = (await map.boundingBox())!
	await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2 + 40)
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/lat=38\.898754&lng=-77\.036547$/)
})
