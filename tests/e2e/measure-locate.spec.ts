// "I'm at the property" (issue 21 §3) on a phone-sized touch screen: the
// location button centres the map on the device and offers the nearest
// address (the e2e stack's default chain: the offline gazetteer's ZIP);
// accepting it chooses that address with the property centre where the device
// is. Denied, timed-out or foreign positions leave the screen usable with one
// short message, and nothing asks for the position again by itself.
import type { Browser, BrowserContextOptions, Page } from '@playwright/test'
import { expect, hydrated, signIn, test, withConsent } from '../support/fixtures.ts'

const PHONE = { viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true }
const HERE = { latitude: 30.2746652, longitude: -97.7403505 }

async function phone(browser: Browser, userId: string, options: BrowserContextOptions = {}) {
	const context = await withConsent(await browser.newContext({ ...PHONE, ...options }))
	await signIn(context, userId)
	// counts the page's requests for the position (the browser's API, not ours)
	await context.addInitScript(() => {
		const geolocation = navigator.geolocation
		const original = geolocation.getCurrentPosition.bind(geolocation)
		;(window as unknown as { positionRequests: number }).positionRequests = 0
		geolocation.getCurrentPosition = (ok, fail, opts) => {
			;(window as unknown as { positionRequests: number }).positionRequests += 1
			original(ok, fail, opts)
		}
	})
	const page = await context.newPage()
	return { context, page }
}

const locateButton = (page: Page) => page.getByRole('button', { name: "I'm at the property" })
const positionRequests = (page: Page) => page.evaluate(() => (window as unknown as { positionRequests: number }).positionRequests)
const tilesAt = (page: Page, base: string, zoom: number) =>
	page.evaluate(([b, z]) => performance.getEntriesByType('resource').some((e) => e.name.startsWith(`${b}/hybrid/${z}/`)), [base, zoom] as const)

async function openMeasure(page: Page) {
	await page.goto('/measure')
	await hydrated(page)
	await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible()
}

test('on a phone: the location button centres the map on the device and offers the nearest address; using it chooses that address there', async ({ browser, makeUser, env }) => {
	const { context, page } = await phone(browser, (await makeUser()).id, { geolocation: HERE, permissions: ['geolocation'] })
	await openMeasure(page)

	// on the map, above the sheet, a finger-sized target with a name a screen reader says
	const button = locateButton(page)
	await expect(button).toBeInViewport({ ratio: 1 })
	const b = (await button.boundingBox())!
	expect(b.width).toBeGreaterThanOrEqual(44)
	expect(b.height).toBeGreaterThanOrEqual(44)
	const sheet = (await page.getByRole('complementary', { name: 'Measurement panel' }).boundingBox())!
	expect(b.y + b.height).toBeLessThan(sheet.y)
	expect(await tilesAt(page, env.tiles, 20)).toBe(false)

	await button.tap()
	const panel = page.getByTestId('locate-panel')
	await expect(panel.getByText('Nearest address')).toBeVisible()
	await expect(page.getByTestId('nearest-address')).toHaveText(/^Austin, TX 787\d\d, USA$/)
	const offered = (await page.getByTestId('nearest-address').textContent())!
	// the map went to the device's position, at property zoom
	await expect.poll(() => tilesAt(page, env.tiles, 20)).toBe(true)
	await expect(page.getByTestId('usage-count')).toHaveText('0 / 50')

	await panel.getByRole('button', { name: 'Use this address' }).tap()
	await expect(page).toHaveURL(/address=Austin/)
	const url = new URL(page.url())
	expect(url.searchParams.get('address')).toBe(offered)
	// the property centre is where the device is; the address is only a ZIP, so the page says so
	expect([url.searchParams.get('lat'), url.searchParams.get('lng'), url.searchParams.get('precision')]).toEqual(['30.2746652', '-97.7403505', 'postcode'])
	await expect(page.getByTestId('approximate-location')).toHaveText(`Approximate location: ${offered}. Move the map to the property and tap it to set the property centre.`)
	await expect(page.getByLabel('Property Address')).toHaveValue(offered)
	// it counts as a search, like choosing an address
	await expect(page.getByTestId('usage-count')).toHaveText('1 / 50')
	await expect(page.getByTestId('locate-panel')).toHaveCount(0)
	await context.close()
})

test('location denied: one short message, the screen stays usable, nothing asks again by itself', async ({ browser, makeUser }) => {
	// every permission but the position's
	const { context, page } = await phone(browser, (await makeUser()).id, { geolocation: HERE, permissions: ['notifications'] })
	await openMeasure(page)
	const before = await positionRequests(page)

	await locateButton(page).tap()
	const panel = page.getByTestId('locate-panel')
	await expect(panel).toHaveText(/Location is turned off for this site\. Search for the address instead\./)
	await expect(page.getByText('Nearest address')).toHaveCount(0)
	expect(await positionRequests(page)).toBe(before + 1)

	// the message goes when dismissed; the search still works; no second request was made meanwhile
	await panel.getByRole('button', { name: 'Dismiss' }).tap()
	await expect(panel).toHaveCount(0)
	await page.getByLabel('Property Address').fill('1100 Congress Ave, Austin, TX 78701')
	await page.getByRole('button', { name: 'Search', exact: true }).tap()
	await expect(page).toHaveURL(/address=/)
	await hydrated(page)
	// still the one request the tap made (plus the map's start): no retry behind the user's back
	expect(await positionRequests(page)).toBe(before + 1)
	await context.close()
})

test('a position that takes too long, and one outside the United States: a short message each, no offer', async ({ browser, makeUser }) => {
	const user = await makeUser()
	// the browser gives up on the position (its timeout)
	const slow = await phone(browser, user.id)
	await slow.context.addInitScript(() => {
		navigator.geolocation.getCurrentPosition = (_ok, fail) => {
			setTimeout(() => fail?.({ code: 3, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'Timeout expired' } as GeolocationPositionError), 0)
		}
	})
	await openMeasure(slow.page)
	await locateButton(slow.page).tap()
	await expect(slow.page.getByTestId('locate-panel')).toHaveText(/Finding your location took too long\. Search for the address instead\./)
	await slow.context.close()

	// Paris: the map goes there, but no US address is offered
	const abroad = await phone(browser, user.id, { geolocation: { latitude: 48.8584, longitude: 2.2945 }, permissions: ['geolocation'] })
	await openMeasure(abroad.page)
	await locateButton(abroad.page).tap()
	await expect(abroad.page.getByTestId('locate-panel')).toHaveText(/This point is outside the United States\./)
	await expect(abroad.page.getByText('Nearest address')).toHaveCount(0)
	await abroad.context.close()
})

test('the locate post checks what it is given: a position outside the US or no address is a 400, and no search is counted', async ({ browser, makeUser, env }) => {
	const { context, page } = await phone(browser, (await makeUser()).id)
	const post = (form: Record<string, string>) => page.request.post('/measure', { form: { intent: 'locate', ...form }, headers: { origin: env.baseURL }, maxRedirects: 0 })
	expect((await post({ address: '5 Avenue Anatole France, Paris', lat: '48.8584', lng: '2.2945', precision: 'address' })).status()).toBe(400)
	expect((await post({ address: '', lat: '30.2746652', lng: '-97.7403505', precision: 'postcode' })).status()).toBe(400)
	expect((await post({ address: 'Austin, TX 78701, USA', lat: 'north', lng: '-97.74', precision: 'postcode' })).status()).toBe(400)
	const ok = await post({ address: 'Austin, TX 78701, USA', lat: '30.2746652', lng: '-97.7403505', precision: 'postcode' })
	expect(ok.status()).toBe(302)
	expect(ok.headers().location).toBe('/measure?address=Austin%2C+TX+78701%2C+USA&lat=30.2746652&lng=-97.7403505&precision=postcode&near=Austin%2C+TX+78701%2C+USA')
	await page.goto('/measure')
	await expect(page.getByTestId('usage-count')).toHaveText('1 / 50')
	await context.close()
})
