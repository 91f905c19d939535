// /measure on a phone (issue 21): the map first, the tools in a bottom sheet
// with three heights, drawing with one thumb. A Pixel-7-sized touch screen;
// fingers are real touch events (Playwright's touchscreen, or CDP for a hold,
// a drag and a pinch).
import type { Browser, CDPSession, Locator, Page } from '@playwright/test'
import { expect, hydrated, signIn, test, withConsent } from '../support/fixtures.ts'
import { mercator } from '../support/map-view.ts'
import { pendingSqft, shownSqft } from '../support/pending-area.ts'

const ADDRESS = '1100 Congress Ave, Austin, TX 78701'
const PHONE = { viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true }

async function phone(browser: Browser, userId: string, { consent = true } = {}) {
	const context = await browser.newContext(PHONE)
	if (consent) await withConsent(context)
	await signIn(context, userId)
	const page = await context.newPage()
	return { context, page }
}

async function openWithAddress(page: Page) {
	await page.goto('/measure')
	await hydrated(page)
	await page.getByLabel('Property Address').fill(ADDRESS)
	await page.getByRole('button', { name: 'Search', exact: true }).tap()
	await expect(page).toHaveURL(/address=/)
	await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible()
}

const sheet = (page: Page) => page.getByRole('complementary', { name: 'Measurement panel' })
const pending = (page: Page) => page.getByTestId('pending-count')
const area = (page: Page) => page.getByTestId('pending-area')
const box = async (locator: Locator) => (await locator.boundingBox())!

/** The centre of the part of the map the sheet leaves visible. */
async function mapCentre(page: Page) {
	const b = await box(page.getByTestId('measure-map'))
	return { x: b.x + b.width / 2, y: b.y + b.height / 2 }
}

/** The sheet has stopped moving (its height eases between states). */
// the sheet has stopped moving, and the map has drawn a frame at its new size (the map
// re-fits in a ResizeObserver callback; a tap before that lands on the old view)
const settled = async (page: Page) => {
	await expect.poll(() => sheet(page).evaluate((el) => el.getAnimations().length)).toBe(0)
	await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
	a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** One finger or several, through the DevTools protocol (Playwright's touchscreen only taps). */
function fingers(cdp: CDPSession) {
	const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
		cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) })
	return {
		down: (...points: { x: number; y: number }[]) => send('touchStart', points),
		move: (...points: { x: number; y: number }[]) => send('touchMove', points),
		/** lifts every finger */
		up: () => send('touchEnd', []),
		/** lifts one finger (its place in the list it went down with), the others stay down */
		lift: (index: number, at: { x: number; y: number }) => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [{ x: at.x, y: at.y, id: index }] }),
	}
}

test('the map fills the first screen; the sheet has three heights, by touch and by keyboard; the banner and toasts keep off Save', async ({ browser, makeUser }) => {
	// no consent yet: the cookie banner is up
	const { context, page } = await phone(browser, (await makeUser()).id, { consent: false })
	await openWithAddress(page)
	const banner = page.getByRole('region', { name: 'Cookie consent' })
	await expect(banner).toBeVisible()

	// the page does not scroll: the map is on the first screen, under the header, above the sheet
	await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight)).toBe(true)
	const map = await box(page.getByTestId('measure-map'))
	const header = await box(page.getByRole('banner'))
	expect(map.y).toBeCloseTo(header.y + header.height, 0)
	expect(map.height).toBeGreaterThan(PHONE.viewport.height * 0.45)
	await expect(page.getByTestId('measure-map')).toBeInViewport({ ratio: 1 })

	// collapsed: the address (over the map), the job's area and Save; the tools wait below
	const panel = sheet(page)
	await expect(panel).toHaveAttribute('data-state', 'collapsed')
	const grip = page.getByRole('button', { name: 'Show tools' })
	await expect(grip).toHaveAttribute('aria-expanded', 'false')
	await expect(page.getByLabel('Property Address')).toBeInViewport({ ratio: 1 })
	await expect(area(page)).toBeInViewport()
	const save = page.getByRole('button', { name: 'Save Measurement' })
	await expect(save).toBeInViewport({ ratio: 1 })
	await expect(page.getByRole('button', { name: 'Draw Polygon' })).not.toBeInViewport()
	// the sheet starts where the map ends, and the banner below the sheet, covering neither
	const collapsed = await box(panel)
	expect(collapsed.y).toBeCloseTo(map.y + map.height, 0)
	expect(overlaps(await box(banner), await box(save))).toBe(false)
	expect(overlaps(await box(banner), collapsed)).toBe(false)

	// half: the tools
	await grip.tap()
	await expect(panel).toHaveAttribute('data-state', 'half')
	await expect(page.getByRole('button', { name: 'Draw Polygon' })).toBeInViewport({ ratio: 1 })
	await expect(page.getByRole('button', { name: 'Measure Distance' })).toBeInViewport({ ratio: 1 })
	await settled(page)
	const half = await box(panel)
	expect(half.height).toBeGreaterThan(collapsed.height + 80)

	// full: results, map view, units, export; a strip of map stays above
	await page.getByRole('button', { name: 'Show all' }).tap()
	await expect(panel).toHaveAttribute('data-state', 'full')
	await settled(page)
	expect((await box(panel)).height).toBeGreaterThan(half.height + 80)
	await page.getByRole('group', { name: 'Map View' }).scrollIntoViewIfNeeded()
	await expect(page.getByRole('group', { name: 'Map View' })).toBeInViewport({ ratio: 1 })
	await expect(page.getByRole('heading', { name: 'Measurement Results' })).toBeInViewport()
	expect((await box(panel)).y).toBeGreaterThan(map.y)

	// the keyboard: the grip answers Enter and the arrow keys, and "Hide tools" collapses
	const less = page.getByRole('button', { name: 'Show less' })
	await expect(less).toHaveAttribute('aria-expanded', 'true')
	await less.focus()
	await page.keyboard.press('Enter')
	await expect(panel).toHaveAttribute('data-state', 'half')
	await page.keyboard.press('ArrowUp')
	await expect(panel).toHaveAttribute('data-state', 'full')
	await page.keyboard.press('ArrowDown')
	await expect(panel).toHaveAttribute('data-state', 'half')
	await page.getByRole('button', { name: 'Hide tools' }).focus()
	await page.keyboard.press('Enter')
	await expect(panel).toHaveAttribute('data-state', 'collapsed')
	await expect(page.getByRole('button', { name: 'Show tools' })).toHaveAttribute('aria-expanded', 'false')
	await settled(page)

	// a swipe on the grip: up opens, down closes
	const cdp = await context.newCDPSession(page)
	const finger = fingers(cdp)
	const g = await box(page.getByTestId('sheet-handle'))
	const at = { x: g.x + g.width / 2, y: g.y + g.height / 2 }
	await finger.down(at)
	await finger.move({ x: at.x, y: at.y - 30 })
	await finger.move({ x: at.x, y: at.y - 60 })
	await finger.up()
	await expect(panel).toHaveAttribute('data-state', 'half')
	await settled(page)
	const h = await box(page.getByTestId('sheet-handle'))
	await finger.down({ x: h.x + h.width / 2, y: h.y + h.height / 2 })
	await finger.move({ x: h.x + h.width / 2, y: h.y + h.height / 2 + 60 })
	await finger.up()
	await expect(panel).toHaveAttribute('data-state', 'collapsed')

	// a toast comes from the top: it never lies over Save
	await page.getByRole('button', { name: 'Show tools' }).tap()
	await page.getByRole('button', { name: 'Draw Rectangle' }).tap()
	await settled(page)
	const c = await mapCentre(page)
	await page.touchscreen.tap(c.x - 60, c.y - 60)
	await page.touchscreen.tap(c.x + 60, c.y + 60)
	await expect(pending(page)).toHaveText('1')
	await save.tap()
	const toast = page.getByText('Measurement Saved', { exact: true })
	await expect(toast).toBeVisible()
	expect(overlaps(await box(page.getByRole('status').filter({ has: toast })), await box(page.getByRole('button', { name: 'Update Combined Measurement' })))).toBe(false)
	await context.close()
})

test('a map you can see: the collapsed sheet is one row, the address floats over the map, the cookie banner is one line clear of Save', async ({ browser, makeUser }) => {
	// a first visit: no consent yet, so the banner takes its strip at the bottom too
	const { context, page } = await phone(browser, (await makeUser()).id, { consent: false })
	await openWithAddress(page)
	const banner = page.getByRole('region', { name: 'Cookie consent' })
	await expect(banner).toBeVisible()
	const panel = sheet(page)
	await expect(panel).toHaveAttribute('data-state', 'collapsed')
	await settled(page)

	// the collapsed sheet: at most a quarter of the screen, one row with the job's area and Save
	const screen = PHONE.viewport
	const collapsed = await box(panel)
	expect(collapsed.height).toBeLessThanOrEqual(screen.height * 0.25)
	const save = page.getByRole('button', { name: 'Save Measurement' })
	await expect(save).toBeInViewport({ ratio: 1 })
	await expect(area(page)).toBeInViewport({ ratio: 1 })
	const s = await box(save)
	const a = await box(area(page))
	expect(Math.abs(a.y + a.height / 2 - (s.y + s.height / 2))).toBeLessThan(s.height / 2)
	expect(s.y).toBeGreaterThanOrEqual(collapsed.y)
	expect(s.y + s.height).toBeLessThanOrEqual(collapsed.y + collapsed.height)
	// the rest of the job card and the tools wait for the taller heights
	await expect(page.getByText('Pending shapes', { exact: true })).toBeHidden()
	await expect(page.getByRole('button', { name: 'Draw Polygon' })).not.toBeInViewport()

	// the address is a search bar over the top of the map; the map's visible part, from under it down to the
	// sheet, is at least 70 % of the screen below the header
	const header = await box(page.getByRole('banner'))
	const belowHeader = screen.height - (header.y + header.height)
	const map = await box(page.getByTestId('measure-map'))
	const address = page.getByLabel('Property Address')
	await expect(address).toBeInViewport({ ratio: 1 })
	const bar = await box(page.locator('form').filter({ has: address }))
	expect(bar.y).toBeGreaterThanOrEqual(map.y)
	expect(bar.y + bar.height).toBeLessThan(map.y + 80)
	const visible = Math.min(map.y + map.height, collapsed.y) - Math.max(map.y, bar.y + bar.height)
	expect(visible).toBeGreaterThanOrEqual(belowHeader * 0.7)
	// the location button and the zoom buttons are not under the bar
	for (const control of [page.getByRole('button', { name: "I'm at the property" }), page.locator('.ol-zoom-in')]) {
		await expect(control).toBeInViewport({ ratio: 1 })
		expect(overlaps(await box(control), bar)).toBe(false)
	}

	// the cookie banner: one line of text beside its buttons, not cut off, below the sheet and clear of Save
	await expect(banner).toBeInViewport({ ratio: 1 })
	const text = banner.getByRole('paragraph')
	const line = await text.evaluate((el) => ({ height: el.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(el).lineHeight), cut: el.scrollWidth > el.clientWidth }))
	expect(line.height).toBeLessThan(line.lineHeight * 1.5)
	expect(line.cut).toBe(false)
	const t = await box(text)
	for (const name of ['Accept All', 'Essential Only', 'Cookie settings', 'Close']) {
		const b = await box(banner.getByRole(name === 'Cookie settings' ? 'link' : 'button', { name }))
		expect(Math.abs(b.y + b.height / 2 - (t.y + t.height / 2))).toBeLessThan(b.height / 2)
	}
	const strip = await box(banner)
	expect(strip.height).toBeLessThanOrEqual(60)
	expect(overlaps(strip, s)).toBe(false)
	expect(overlaps(strip, collapsed)).toBe(false)

	// half and full keep their content: the tools, then the whole job card, results, map view and units
	await page.getByRole('button', { name: 'Show tools' }).tap()
	await expect(panel).toHaveAttribute('data-state', 'half')
	for (const name of ['AI Auto-Measure Grass', 'Draw Polygon', 'Measure Distance', 'Exclude Area']) await expect(page.getByRole('button', { name })).toBeInViewport({ ratio: 1 })
	await page.getByRole('button', { name: 'Show all' }).tap()
	await expect(panel).toHaveAttribute('data-state', 'full')
	await settled(page)
	for (const item of [page.getByRole('heading', { name: 'Current Measurement Job' }), page.getByText('Pending shapes', { exact: true }), page.getByText('Perimeter (approx.)', { exact: true })]) {
		await item.scrollIntoViewIfNeeded()
		await expect(item).toBeInViewport()
	}
	for (const name of ['Map View', 'Unit of Measure']) {
		const group = page.getByRole('group', { name })
		await group.scrollIntoViewIfNeeded()
		await expect(group).toBeInViewport()
	}
	await context.close()
})

test('one thumb: tap corners, Undo a point, Done; cut a hole; save, reopen and edit it', async ({ browser, makeUser }) => {
	const { context, page } = await phone(browser, (await makeUser()).id)
	await openWithAddress(page)
	const panel = sheet(page)
	const points = page.getByTestId('draw-points')

	await page.getByRole('button', { name: 'Show tools' }).tap()
	await page.getByRole('button', { name: 'Draw Polygon' }).tap()
	await settled(page)
	// drawing collapses the sheet; the bar floats above it, its buttons thumb-sized
	await expect(panel).toHaveAttribute('data-state', 'collapsed')
	const bar = page.getByTestId('draw-bar')
	await expect(bar).toBeInViewport({ ratio: 1 })
	await expect(bar.getByText('Drawing Mode Active')).toBeVisible()
	for (const name of ['Undo last point', 'Cancel drawing', 'Done']) {
		const b = await box(bar.getByRole('button', { name }))
		expect(b.height).toBeGreaterThanOrEqual(44)
		expect(b.width).toBeGreaterThanOrEqual(44)
	}
	await expect(bar.getByRole('button', { name: 'Done' })).toBeDisabled()
	// the surface picker is one row of chips, each a tap away (issue 32): wrapped, it would double the bar
	const chips = bar.getByRole('group', { name: 'Area surface' }).getByRole('button')
	await expect(chips).toHaveCount(5)
	const rows = new Set<number>()
	for (const chip of await chips.all()) {
		await expect(chip).toBeInViewport({ ratio: 1 })
		rows.add(Math.round((await box(chip)).y))
	}
	expect(rows.size).toBe(1)

	const c = await mapCentre(page)
	await page.touchscreen.tap(c.x - 120, c.y - 100)
	await expect(points).toHaveText(/^1 point/)
	await page.touchscreen.tap(c.x + 120, c.y - 100)
	await expect(points).toHaveText(/^2 points/)
	// a wrong third corner: Undo takes it back
	await page.touchscreen.tap(c.x + 40, c.y - 20)
	await expect(points).toHaveText(/^3 points/)
	await bar.getByRole('button', { name: 'Undo last point' }).tap()
	await expect(points).toHaveText(/^2 points/)
	await page.touchscreen.tap(c.x + 120, c.y + 100)
	await page.touchscreen.tap(c.x - 120, c.y + 100)
	// the live figure while drawing, after the surface being drawn (issue 32: areas start as lawn)
	await expect(points).toHaveText(/^4 points · Lawn · [\d,]+ sq ft$/)
	await bar.getByRole('button', { name: 'Done' }).tap()
	await expect(bar).toHaveCount(0)
	await expect(pending(page)).toHaveText('1')
	const whole = await shownSqft(page)

	// Exclude Area: a hole inside it
	await page.getByRole('button', { name: 'Show tools' }).tap()
	await page.getByRole('button', { name: 'Exclude Area' }).tap()
	await settled(page)
	await expect(bar.getByText('Click on the map to create your excluded area measurement area')).toBeVisible()
	await page.touchscreen.tap(c.x - 40, c.y - 40)
	await page.touchscreen.tap(c.x + 40, c.y - 40)
	await page.touchscreen.tap(c.x + 40, c.y + 40)
	await page.touchscreen.tap(c.x - 40, c.y + 40)
	await expect(points).toHaveText(/^4 points · Excluding/)
	await bar.getByRole('button', { name: 'Done' }).tap()
	await expect(bar).toHaveCount(0)
	await expect.poll(() => pendingSqft(page)).toBeLessThan(whole)
	const net = await pendingSqft(page)
	// an 80 px square out of a 240 × 200 px one
	expect(net / whole).toBeGreaterThan(0.84)
	expect(net / whole).toBeLessThan(0.9)

	await page.getByRole('button', { name: 'Save Measurement' }).tap()
	await expect(page.getByText('Measurement Saved', { exact: true })).toBeVisible()
	await expect(pending(page)).toHaveText('0')
	const saved = (await (await page.request.get('/api/measurements')).json()).measurements[0]
	expect(saved.shapes[0].holes).toHaveLength(1)
	expect(Math.round(saved.total_area_sqft)).toBe(net)

	// reopen: a fresh page, the saved measurement in the full sheet, Edit brings its shape back with the hole
	await page.goto(`/measure?address=${encodeURIComponent(ADDRESS)}`)
	await hydrated(page)
	await page.getByRole('button', { name: 'Show tools' }).tap()
	await page.getByRole('button', { name: 'Show all' }).tap()
	const list = page.getByRole('list', { name: 'Measurements' })
	await list.scrollIntoViewIfNeeded()
	await expect(list.getByText('1100 Congress Ave #1')).toBeInViewport()
	// the item's actions are finger-sized too
	for (const name of ['Edit', 'Delete 1100 Congress Ave #1']) expect((await box(list.getByRole('button', { name }))).height).toBeGreaterThanOrEqual(44)
	await list.getByRole('button', { name: 'Edit' }).tap()
	await expect(pending(page)).toHaveText('1')
	await expect.poll(() => pendingSqft(page)).toBe(net)
	await page.getByRole('button', { name: 'Hide tools' }).tap()
	await settled(page)
	await expect(page.getByRole('heading', { name: 'Editing Existing Measurement' })).toBeInViewport()
	await expect(page.getByRole('button', { name: 'Update Combined Measurement' })).toBeInViewport({ ratio: 1 })
	await context.close()
})

test('fingers: Cancel drops the shape, pinch and pan add no corner, a long press deletes a corner, a drag moves one', async ({ browser, makeUser }) => {
	const { context, page } = await phone(browser, (await makeUser()).id)
	await openWithAddress(page)
	// a touch screen: finger-sized corners and grab distances apply
	expect(await page.evaluate(() => window.matchMedia('(pointer: coarse)').matches)).toBe(true)
	const cdp = await context.newCDPSession(page)
	const finger = fingers(cdp)
	const bar = page.getByTestId('draw-bar')
	const points = page.getByTestId('draw-points')

	await page.getByRole('button', { name: 'Show tools' }).tap()
	await page.getByRole('button', { name: 'Draw Polygon' }).tap()
	await settled(page)
	let c = await mapCentre(page)
	await page.touchscreen.tap(c.x - 80, c.y - 80)
	await expect(points).toHaveText(/^1 point/)
	await bar.getByRole('button', { name: 'Cancel drawing' }).tap()
	await expect(bar).toHaveCount(0)
	await expect(pending(page)).toHaveText('0')

	await page.getByRole('button', { name: 'Show tools' }).tap()
	await page.getByRole('button', { name: 'Draw Polygon' }).tap()
	await settled(page)
	await expect(points).toHaveText(/^0 points/)
	// a pinch: one finger still, the other moving and lifted first, so the last finger up is where the first came down
	await finger.down({ x: c.x, y: c.y })
	await finger.down({ x: c.x, y: c.y }, { x: c.x + 40, y: c.y + 40 })
	for (const d of [50, 60, 70, 80]) await finger.move({ x: c.x, y: c.y }, { x: c.x + d, y: c.y + d })
	await finger.lift(1, { x: c.x + 80, y: c.y + 80 })
	await finger.up()
	// and a one-finger pan
	await finger.down({ x: c.x - 50, y: c.y })
	for (const d of [10, 25, 40, 60]) await finger.move({ x: c.x - 50 + d, y: c.y })
	await finger.up()
	// the next tap is the first corner: neither gesture added one
	c = await mapCentre(page)
	await page.touchscreen.tap(c.x - 80, c.y - 80)
	await expect(points).toHaveText(/^1 point/)
	await page.touchscreen.tap(c.x + 80, c.y - 80)
	await page.touchscreen.tap(c.x + 80, c.y + 80)
	await page.touchscreen.tap(c.x - 80, c.y + 80)
	await expect(points).toHaveText(/^4 points/)
	await bar.getByRole('button', { name: 'Done' }).tap()
	await expect(pending(page)).toHaveText('1')
	const square = await shownSqft(page)

	// hold a finger on a corner: it goes (a square becomes a triangle, half the area); lift once it has
	await finger.down({ x: c.x + 80, y: c.y + 80 })
	await expect.poll(() => pendingSqft(page)).toBeLessThan(square * 0.6)
	await finger.up()
	const triangle = await pendingSqft(page)
	expect(triangle / square).toBeCloseTo(0.5, 1)
	// an edit of the finished shape is not drawing: no live figure comes back (nor does the map move when the sheet does)
	await expect(page.getByTestId('live-figure')).toHaveCount(0)
	// Undo brings the corner back
	await page.getByRole('button', { name: 'Show tools' }).tap()
	await page.getByRole('button', { name: 'Undo', exact: true }).tap()
	await expect.poll(() => pendingSqft(page)).toBe(square)
	await page.getByRole('button', { name: 'Hide tools' }).tap()
	await settled(page)

	// drag a corner outwards: the shape grows
	await finger.down({ x: c.x + 80, y: c.y - 80 })
	for (const d of [10, 30, 50, 70]) await finger.move({ x: c.x + 80 + d, y: c.y - 80 - d })
	await finger.up()
	await expect.poll(() => pendingSqft(page)).toBeGreaterThan(square * 1.2)
	await context.close()
})

test('a corner placed just above the drawing bar pulls the map up, so the shape being drawn stays in sight', async ({ browser, makeUser }) => {
	const { context, page } = await phone(browser, (await makeUser()).id)
	await openWithAddress(page)
	await page.getByRole('button', { name: 'Show tools' }).tap()
	await page.getByRole('button', { name: 'Draw Polygon' }).tap()
	await settled(page)
	const map = page.getByTestId('measure-map')
	const view = async () => JSON.parse((await map.getAttribute('data-view')) ?? '{}') as { center: { lat: number; lng: number }; resolution: number }
	await expect(map).toHaveAttribute('data-view', /resolution/)
	const before = await view()
	const bar = await box(page.getByTestId('draw-bar'))
	const c = await mapCentre(page)
	// the first corner in the map's middle, the second just above the bar (under the 48 px margin)
	await page.touchscreen.tap(c.x, c.y)
	await page.touchscreen.tap(c.x + 60, bar.y - 16)
	await expect(page.getByTestId('draw-points')).toHaveText(/^2 points/)
	// web-mercator metres north, in screen pixels: the view moved south (the map up) by the corner's overshoot
	const mercatorY = (lat: number) => mercator({ lat, lng: 0 }).y
	await expect.poll(async () => (mercatorY(before.center.lat) - mercatorY((await view()).center.lat)) / before.resolution).toBeGreaterThan(30)
	const moved = (mercatorY(before.center.lat) - mercatorY((await view()).center.lat)) / before.resolution
	expect(moved).toBeLessThan(90)
	await context.close()
})

test('the AI result and its "Not lawn" / "Lawn here" taps are in the sheet; picking one makes way for the tap on the map', async ({ browser, makeUser, env }) => {
	test.setTimeout(60_000)
	const { context, page } = await phone(browser, (await makeUser({ tierId: 'pro' })).id)
	await page.goto(`/measure?address=${encodeURIComponent('1200 Test Lawn Way, Denver, CO 80202')}&lat=${env.grass.center.lat}&lng=${env.grass.center.lng}`)
	await hydrated(page)
	await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible()
	await page.getByRole('button', { name: 'Show tools' }).tap()
	await page.getByRole('button', { name: 'AI Auto-Measure Grass' }).tap()
	await expect(page.getByText('AI Analysis Complete')).toBeVisible({ timeout: 30_000 })
	// the half sheet now opens on the AI result
	const result = page.getByRole('region', { name: 'AI Result' })
	await expect(result.getByRole('heading', { name: 'AI Result' })).toBeInViewport()
	const notLawn = result.getByRole('button', { name: 'Not lawn' })
	await expect(notLawn).toBeInViewport({ ratio: 1 })
	expect((await box(notLawn)).height).toBeGreaterThanOrEqual(44)
	await notLawn.tap()
	await expect(notLawn).toHaveAttribute('aria-pressed', 'true')
	await expect(sheet(page)).toHaveAttribute('data-state', 'collapsed')
	await expect(page.getByText('Tap the map where the AI got it wrong')).toBeInViewport()
	// a tap on the map is a correction: it goes to the server and the result is updated
	await settled(page)
	const c = await mapCentre(page)
	await page.touchscreen.tap(c.x, c.y - 60)
	await expect(result.getByTestId('ai-correction-status')).toHaveText(/^Updated: /, { timeout: 20_000 })
	await page.getByRole('button', { name: 'Show tools' }).tap()
	await expect(result.getByTestId('ai-taps')).toBeInViewport()
	await expect(result.getByTestId('ai-taps')).toHaveText(/Taps: 0 Lawn here · 1 Not lawn/)
	await context.close()
})
