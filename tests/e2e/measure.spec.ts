// The measurement workspace in Chromium: real mouse drawing on the OpenLayers canvas.
import type { Page } from '@playwright/test'
import { db, expect, expectToast, hydrated, signIn, test, withConsent } from '../support/fixtures.ts'
import { pendingSqft, shownSqft } from '../support/pending-area.ts'

const ADDRESS = '1100 Congress Ave, Austin, TX 78701'

async function openWithAddress(page: Page, address = ADDRESS) {
	await page.goto('/measure')
	await page.getByLabel('Property Address').fill(address)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/address=/)
	await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible()
}

async function mapCenter(page: Page) {
	const box = (await page.getByTestId('measure-map').boundingBox())!
	return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** Clicks the points (offsets from the map centre, px) and double-clicks the last one. */
async function draw(page: Page, points: [number, number][]) {
	const c = await mapCenter(page)
	for (const [dx, dy] of points.slice(0, -1)) {
		await page.mouse.click(c.x + dx, c.y + dy)
		await page.waitForTimeout(120)
	}
	const [lx, ly] = points.at(-1)!
	await page.mouse.move(c.x + lx, c.y + ly)
	await page.waitForTimeout(120)
	await page.mouse.dblclick(c.x + lx, c.y + ly)
}

const pending = (page: Page) => page.getByTestId('pending-count')
const area = (page: Page) => page.getByTestId('pending-area')

test('tools need an address first', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	await page.goto('/measure')
	await expect(page.getByText('No measurements yet')).toBeVisible()
	await expect(page.getByText('Use the tools above to measure grass areas')).toBeVisible()
	// the greyed-out (aria-disabled) button still answers a click with the spec's toast (once the page has hydrated)
	await hydrated(page)
	await expect(page.getByRole('button', { name: 'Draw Polygon' })).toHaveAttribute('aria-disabled', 'true')
	await page.getByRole('button', { name: 'Draw Polygon' }).click({ force: true })
	await expectToast(page, 'Address Required', 'Please enter a property address first.')
	await expect(page.getByText('Drawing Mode Active')).toHaveCount(0)
})

test('draw a polygon, see it live, save it, rename it, edit it, delete it', async ({ page, context, makeUser }) => {
	const user = await makeUser()
	await signIn(context, user.id)
	await openWithAddress(page)
	await expect(page.getByTestId('usage-count')).toHaveText('1 / 50')

	await page.getByRole('button', { name: 'Draw Polygon' }).click()
	await expect(page.getByText('Drawing Mode Active')).toBeVisible()
	await expect(page.getByText('Click on the map to create your polygon measurement area')).toBeVisible()
	const c = await mapCenter(page)
	await page.mouse.click(c.x - 100, c.y - 80)
	await page.mouse.click(c.x + 100, c.y - 80)
	await page.mouse.move(c.x + 100, c.y + 80)
	await expect(page.getByTestId('live-figure')).toHaveText(/sq ft/)
	await page.mouse.click(c.x + 100, c.y + 80)
	await page.mouse.dblclick(c.x - 100, c.y + 80)
	await expect(page.getByText('Drawing Mode Active')).toHaveCount(0)
	await expect(pending(page)).toHaveText('1')
	await expect(page.getByText('Shape #1 (drawing)')).toBeVisible()
	await expect(page.getByText('Pending', { exact: true })).toBeVisible()
	const drawn = await shownSqft(page)

	await page.getByRole('button', { name: 'Save Measurement' }).click()
	await expect(page.getByText('Measurement Saved', { exact: true })).toBeVisible()
	await expect(pending(page)).toHaveText('0')
	await expect(page.getByRole('heading', { name: 'Editing Existing Measurement' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Update Combined Measurement' })).toBeDisabled()
	const list = page.getByRole('list', { name: 'Measurements' })
	await expect(list.getByText('1100 Congress Ave #1')).toBeVisible()

	// the server's exact figure is what the panel showed
	const saved = (await (await page.request.get('/api/measurements')).json()).measurements[0]
	expect(Math.round(saved.total_area_sqft)).toBe(drawn)

	await list.getByText('Rename').click()
	await page.getByLabel('Measurement name').fill('Front lawn')
	await page.getByRole('button', { name: 'Save name' }).click()
	await expect(page.getByText('Measurement Updated', { exact: true })).toBeVisible()
	await expect(list.getByText('Front lawn')).toBeVisible()

	await list.getByRole('button', { name: 'Edit' }).click()
	await expect(pending(page)).toHaveText('1')
	await expect(page.getByRole('heading', { name: 'Editing Existing Measurement' })).toBeVisible()
	await page.getByRole('button', { name: 'Update Combined Measurement' }).click()
	await expect(pending(page)).toHaveText('0')
	await expect(page.getByText('Measurement updated successfully.')).toBeVisible()
	await expect(list.getByText('Front lawn')).toBeVisible()
	expect((await (await page.request.get('/api/measurements')).json()).total).toBe(1)

	page.once('dialog', (dialog) => {
		expect(dialog.message()).toBe('This measurement will be permanently deleted. This action cannot be undone.')
		void dialog.accept()
	})
	await list.getByRole('button', { name: 'Delete Front lawn' }).click()
	await expect(page.getByText('Measurement Deleted', { exact: true })).toBeVisible()
	await expect(page.getByText('No measurements yet')).toBeVisible()
})

test('rectangle, circle and distance; a line switches the unit to feet', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	await openWithAddress(page)
	const c = await mapCenter(page)

	await page.getByRole('button', { name: 'Draw Rectangle' }).click()
	await page.mouse.click(c.x - 60, c.y - 60)
	await page.mouse.click(c.x + 60, c.y + 60)
	await expect(pending(page)).toHaveText('1')

	await page.getByLabel('Acres').check()
	await page.getByRole('button', { name: 'Draw Circle' }).click()
	await page.mouse.click(c.x + 150, c.y)
	await page.mouse.click(c.x + 190, c.y)
	await expect(pending(page)).toHaveText('2')
	await expect(area(page)).toHaveText(/acres$/)

	await page.getByRole('button', { name: 'Measure Distance' }).click()
	await expect(page.getByLabel('Feet', { exact: true })).toBeChecked()
	await expect(page.getByText('Click on the map to create your distance measurement area')).toBeVisible()
	await draw(page, [
		[-200, 100],
		[0, 150],
		[200, 100],
	])
	await expect(pending(page)).toHaveText('3')
	await expect(page.getByTestId('pending-distance')).toHaveText(/ ft$/)
	await page.getByLabel('Meters', { exact: true }).check()
	await expect(page.getByTestId('pending-distance')).toHaveText(/ m$/)
	await expect(area(page)).toHaveText(/ m²$/)
})

test('the first shape never reads 0 sq ft while its figures load: "…", then the area', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	await openWithAddress(page)
	await hydrated(page)
	// every state the job card shows, recorded as the DOM changes (a flash lasts one render)
	await page.evaluate(() => {
		const seen: string[] = []
		;(window as unknown as { seen: string[] }).seen = seen
		const read = () => `${document.querySelector('[data-testid=pending-count]')?.textContent}|${document.querySelector('[data-testid=pending-area]')?.textContent}`
		new MutationObserver(() => seen.push(read())).observe(document.body, { subtree: true, childList: true, characterData: true })
	})
	const c = await mapCenter(page)
	await page.getByRole('button', { name: 'Draw Rectangle' }).click()
	await page.mouse.click(c.x - 60, c.y - 60)
	await page.mouse.click(c.x + 60, c.y + 60)
	await expect(pending(page)).toHaveText('1')
	expect(await shownSqft(page)).toBeGreaterThan(0)
	const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen)
	const withShape = [...new Set(seen.filter((s) => s.startsWith('1|')))]
	expect(withShape.length).toBeGreaterThan(0)
	expect(withShape.filter((s) => !/^1\|(…|[\d,.]+ sq ft)$/.test(s) || s === '1|0 sq ft')).toEqual([])
})

test('undo and redo by keyboard and buttons; Clear All empties the job', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	await openWithAddress(page)
	await page.getByRole('button', { name: 'Draw Rectangle' }).click()
	const c = await mapCenter(page)
	await page.mouse.click(c.x - 50, c.y - 50)
	await page.mouse.click(c.x + 50, c.y + 50)
	await expect(pending(page)).toHaveText('1')
	await page.keyboard.press('Control+z')
	await expect(pending(page)).toHaveText('0')
	await page.keyboard.press('Control+Shift+z')
	await expect(pending(page)).toHaveText('1')
	await page.getByRole('button', { name: 'Undo' }).click()
	await expect(pending(page)).toHaveText('0')
	await page.getByRole('button', { name: 'Redo' }).click()
	await expect(pending(page)).toHaveText('1')
	await page.getByRole('button', { name: 'Clear All Measurements' }).click()
	await expect(pending(page)).toHaveText('0')
	await expect(page.getByText('No measurements yet')).toBeVisible()
})

test('Exclude Area cuts a hole out of a shape', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	await openWithAddress(page)
	await page.getByRole('button', { name: 'Draw Rectangle' }).click()
	const c = await mapCenter(page)
	await page.mouse.click(c.x - 150, c.y - 150)
	await page.mouse.click(c.x + 150, c.y + 150)
	await expect(pending(page)).toHaveText('1')
	const before = await shownSqft(page)
	await page.getByRole('button', { name: 'Exclude Area' }).click()
	await draw(page, [
		[-50, -50],
		[50, -50],
		[50, 50],
		[-50, 50],
	])
	await expect.poll(() => pendingSqft(page)).toBeLessThan(before)
	const after = await pendingSqft(page)
	// a 100 px square out of a 300 px square: 8/9 of the area is left
	expect(after / before).toBeGreaterThan(0.86)
	expect(after / before).toBeLessThan(0.91)
	await page.getByRole('button', { name: 'Save Measurement' }).click()
	await expect(page.getByText('Measurement Saved', { exact: true })).toBeVisible()
	const saved = (await (await page.request.get('/api/measurements')).json()).measurements[0]
	expect(saved.shapes[0].holes).toHaveLength(1)
	expect(Math.round(saved.total_area_sqft)).toBe(after)
})

test('Map View buttons switch the imagery layer (tiles from the local tile server)', async ({ page, context, makeUser, env }) => {
	await signIn(context, (await makeUser()).id)
	// the tiles the browser loaded from the local tile server, by path ("/hybrid/20/…")
	const loaded = async () =>
		(await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name)))
			.filter((n) => n.startsWith(env.tiles) || n.startsWith(env.satelliteTiles))
			// the satellite server serves /{z}/{x}/{y}: name it like the others
			.map((n) => (n.startsWith(env.satelliteTiles) ? `/satellite${new URL(n).pathname}` : new URL(n).pathname))
	await openWithAddress(page)
	const view = page.getByRole('group', { name: 'Map View' })
	// hybrid by default (no user or organization preference), at zoom 20 for a chosen address
	await expect(view.getByRole('button', { name: 'Hybrid' })).toHaveAttribute('aria-pressed', 'true')
	await expect.poll(async () => (await loaded()).some((t) => t.startsWith('/hybrid/20/'))).toBe(true)
	for (const [name, layer] of [['Satellite', 'satellite'], ['Terrain', 'terrain'], ['Roadmap', 'roadmap']] as const) {
		await view.getByRole('button', { name }).click()
		await expect(view.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true')
		await expect.poll(async () => (await loaded()).some((t) => t.startsWith(`/${layer}/20/`))).toBe(true)
	}
	await expect(view.getByRole('button', { name: 'Hybrid' })).toHaveAttribute('aria-pressed', 'false')
	// the imagery is decoded and drawn: the map's canvases show the roadmap tile colour
	const pixel = () =>
		page.getByTestId('measure-map').evaluate((map) => {
			for (const canvas of Array.from(map.querySelectorAll('canvas'))) {
				const data = canvas.getContext('2d')?.getImageData(Math.floor(canvas.width / 3), Math.floor(canvas.height / 3), 1, 1).data
				if (data && data[3]! > 0) return Array.from(data.slice(0, 3))
			}
			return null
		})
	await expect.poll(pixel).toEqual([235, 235, 230])
})

test('the organization default map type and unit are the starting point', async ({ page, context, makeUser }) => {
	const user = await makeUser()
	await db().organization.update({ where: { id: user.organizationId! }, data: { defaultMapType: 'satellite', defaultUnit: 'acres' } })
	await signIn(context, user.id)
	await openWithAddress(page)
	await expect(page.getByRole('group', { name: 'Map View' }).getByRole('button', { name: 'Satellite' })).toHaveAttribute('aria-pressed', 'true')
	await expect(page.getByLabel('Acres')).toBeChecked()
	// a personal preference wins over the organization's
	await db().user.update({ where: { id: user.id }, data: { preferredMapType: 'terrain' } })
	await page.reload()
	await expect(page.getByRole('group', { name: 'Map View' }).getByRole('button', { name: 'Terrain' })).toHaveAttribute('aria-pressed', 'true')
})

test('the search limit stops the search with the spec toast', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser({ maxSearchesPerMonth: 0 })).id)
	await page.goto('/measure')
	await page.getByLabel('Property Address').fill(ADDRESS)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page.getByText('Usage Limit Reached', { exact: true })).toBeVisible()
	await expect(page.getByText('You have reached your search limit for this month.')).toBeVisible()
	await expect(page).not.toHaveURL(/address=/)
})

test('a deep link highlights the saved measurement; Combine merges an address', async ({ page, context, makeUser, apiAs }) => {
	const user = await makeUser()
	await signIn(context, user.id)
	const api = await apiAs(user)
	const square = (lat: number, lng: number) => [
		{ lat, lng },
		{ lat, lng: lng + 0.0002 },
		{ lat: lat + 0.0002, lng: lng + 0.0002 },
		{ lat: lat + 0.0002, lng },
	]
	const a = await (await api.post('/api/measurements', { data: { address: ADDRESS, shapes: [{ type: 'polygon', coordinates: square(30.27, -97.74) }] } })).json()
	await api.post('/api/measurements', { data: { address: ADDRESS, shapes: [{ type: 'polygon', coordinates: square(30.2705, -97.74) }] } })
	await page.goto(`/measure?id=${a.id}&lat=30.27&lng=-97.74&address=${encodeURIComponent(ADDRESS)}`)
	const list = page.getByRole('list', { name: 'Measurements' })
	await expect(list.getByRole('listitem').filter({ hasText: '1100 Congress Ave #1' })).toHaveClass(/border-blue-500/)
	await expect(page.getByLabel('Property Address')).toHaveValue(ADDRESS)
	// a click on the other saved shape selects it and opens its info window for 4 s
	await page.clock.install()
	const c = await mapCenter(page)
	const second = list.getByRole('listitem').filter({ hasText: '1100 Congress Ave #2' })
	await second.getByRole('button').first().click()
	await expect(second).toHaveClass(/border-blue-500/)
	// a revalidation (here: renaming it) never sends the view back to the deep-linked measurement,
	// however long after it the deep link's delay runs out
	await second.getByText('Rename').click()
	await second.getByLabel('Measurement name').fill('Front lawn')
	await second.getByRole('button', { name: 'Save name' }).click()
	const renamed = list.getByRole('listitem').filter({ hasText: 'Front lawn' })
	await expect(renamed).toHaveClass(/border-blue-500/)
	await page.clock.runFor(1_000)
	await page.mouse.click(c.x, c.y)
	await expect(page.getByTestId('map-info')).toHaveText(/^Front lawn · [\d,]+ sq ft$/)
	await page.clock.runFor(4_100)
	await expect(page.getByTestId('map-info')).toBeHidden()
	await page.getByRole('button', { name: 'Combine Measurements' }).click()
	await expect(list.getByText('1100 Congress Ave Combined')).toBeVisible()
	await expect(list.getByRole('listitem')).toHaveCount(1)
	await expect(list.getByText('2 shapes')).toBeVisible()
})

test('address suggestions from 3 characters; choosing one centres the map; recent searches', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	await page.goto('/measure')
	await hydrated(page) // suggestions need the page's scripts
	const input = page.getByLabel('Property Address')
	await input.fill('Au')
	await expect(page.getByRole('listbox', { name: 'Address suggestions' })).toHaveCount(0)
	await input.fill('Austin, TX')
	const list = page.getByRole('listbox', { name: 'Address suggestions' })
	await expect(list.getByRole('option').first()).toBeVisible()
	expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('240px') // ~15rem
	await list.getByRole('option').first().click()
	await expect(page).toHaveURL(/address=.*&lat=30\.\d+&lng=-97\.\d+/)
	await expect(page.getByTestId('usage-count')).toHaveText('1 / 50')

	// the recent search comes back when the field is empty and focused
	await input.fill('')
	await input.blur()
	await input.focus()
	const recent = page.getByRole('listbox', { name: 'Recent searches' })
	await expect(recent.getByRole('option')).toHaveCount(1)
	await expect(recent.getByRole('option').first()).toContainText('Austin')
})

test('snapping: a vertex drawn near an existing corner lands exactly on it', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	await openWithAddress(page)
	const c = await mapCenter(page)
	await page.getByRole('button', { name: 'Draw Rectangle' }).click()
	await page.mouse.click(c.x - 100, c.y - 100)
	await page.mouse.click(c.x, c.y)
	await expect(pending(page)).toHaveText('1')
	await page.getByRole('button', { name: 'Draw Polygon' }).click()
	// 4 px off the rectangle's corner at (c.x, c.y): within the snap tolerance
	await page.mouse.move(c.x + 4, c.y + 3)
	await page.mouse.click(c.x + 4, c.y + 3)
	await page.mouse.click(c.x + 100, c.y)
	await page.mouse.move(c.x + 100, c.y + 100)
	await page.mouse.dblclick(c.x + 100, c.y + 100)
	await expect(pending(page)).toHaveText('2')
	await page.getByRole('button', { name: 'Save Measurement' }).click()
	await expect(page.getByText('Measurement Saved', { exact: true })).toBeVisible()
	const [m] = (await (await page.request.get('/api/measurements')).json()).measurements
	const rectangle = m.shapes.find((s: { type: string }) => s.type === 'rectangle')
	const polygon = m.shapes.find((s: { type: string }) => s.type === 'polygon')
	const key = (p: { lat: number; lng: number }) => `${p.lat},${p.lng}`
	expect(rectangle.coordinates.map(key)).toContain(key(polygon.coordinates[0]))
})

test('dragging a vertex edits the shape and its figure', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	await openWithAddress(page)
	const c = await mapCenter(page)
	await page.getByRole('button', { name: 'Draw Rectangle' }).click()
	await page.mouse.click(c.x - 100, c.y - 100)
	await page.mouse.click(c.x + 100, c.y + 100)
	await expect(pending(page)).toHaveText('1')
	const before = await shownSqft(page)
	// pull the bottom-right corner 100 px further out
	await page.mouse.move(c.x + 100, c.y + 100)
	await page.mouse.down()
	await page.mouse.move(c.x + 150, c.y + 150, { steps: 5 })
	await page.mouse.move(c.x + 200, c.y + 200, { steps: 5 })
	await page.mouse.up()
	await expect.poll(() => pendingSqft(page)).toBeGreaterThan(before * 1.3)
	await page.keyboard.press('Control+z')
	await expect.poll(() => pendingSqft(page)).toBe(before)
})

test('an address typed while the scripts still load is kept when the page hydrates', async ({ page, context, makeUser }) => {
	await signIn(context, (await makeUser()).id)
	let release = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route(/\/assets\/.*\.js$/, async (route) => {
		await held
		await route.continue()
	})
	await page.goto('/measure', { waitUntil: 'commit' })
	await page.getByLabel('Property Address').fill(ADDRESS)
	release()
	// the map exists only once the page has hydrated: every script was held until now, so all of
	// them load at once (on a busy 2-core machine this took longer than 7 s)
	await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible({ timeout: 20_000 })
	await expect(page.getByLabel('Property Address')).toHaveValue(ADDRESS)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/address=/)
})

test('on a phone-sized touch screen a rectangle is drawn by tapping', async ({ browser, makeUser }) => {
	const context = await withConsent(await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }))
	await signIn(context, (await makeUser()).id)
	const page = await context.newPage()
	await openWithAddress(page)
	await page.getByRole('button', { name: 'Draw Rectangle' }).tap()
	await page.getByTestId('measure-map').scrollIntoViewIfNeeded()
	await expect(page.getByText('Drawing Mode Active')).toBeInViewport()
	const box = (await page.getByTestId('measure-map').boundingBox())!
	const cx = box.x + box.width / 2
	const cy = box.y + box.height / 2
	await page.touchscreen.tap(cx - 60, cy - 60)
	await page.touchscreen.tap(cx + 60, cy + 60)
	await expect(pending(page)).toHaveText('1')
	await context.close()
})

test("'Help improve AI training' and the 'AI Training' badge only where the organization allows it", async ({ page, context, makeUser, apiAs }) => {
	const allowed = await makeUser({ allowAiTraining: true })
	await signIn(context, allowed.id)
	await openWithAddress(page)
	await page.getByRole('button', { name: 'Draw Rectangle' }).click()
	const c = await mapCenter(page)
	await page.mouse.click(c.x - 50, c.y - 50)
	await page.mouse.click(c.x + 50, c.y + 50)
	await page.getByLabel('Help improve AI training').check()
	await page.getByRole('button', { name: 'Save Measurement' }).click()
	await expect(page.getByRole('list', { name: 'Measurements' }).getByText('AI Training')).toBeVisible()

	await context.clearCookies()
	const denied = await makeUser({ allowAiTraining: false })
	await signIn(context, denied.id)
	await (await apiAs(denied)).post('/api/measurements', {
		data: { address: ADDRESS, is_training_data: 'true', shapes: [{ type: 'circle', coordinates: [{ lat: 30.27, lng: -97.74 }], radius_m: 5 }] },
	})
	await openWithAddress(page)
	await expect(page.getByRole('list', { name: 'Measurements' }).getByText('1100 Congress Ave #1')).toBeVisible()
	await expect(page.getByText('AI Training')).toHaveCount(0)
	await page.getByRole('button', { name: 'Draw Rectangle' }).click()
	await page.mouse.click(c.x - 50, c.y - 50)
	await page.mouse.click(c.x + 50, c.y + 50)
	await expect(pending(page)).toHaveText('1')
	await expect(page.getByLabel('Help improve AI training')).toHaveCount(0)
})

test('without an address the map starts at the browser location (zoom 12), or the US centre (zoom 15) when denied', async ({ browser, makeUser, env }) => {
	const user = await makeUser()
	const tilesAt = (page: Page, zoom: number) =>
		page.evaluate(
			([base, z]) => performance.getEntriesByType('resource').some((e) => e.name.startsWith(`${base}/hybrid/${z}/`)),
			[env.tiles, zoom] as const,
		)
	const located = await withConsent(await browser.newContext({ geolocation: { latitude: 40.7128, longitude: -74.006 }, permissions: ['geolocation'] }))
	await signIn(located, user.id)
	const page = await located.newPage()
	await page.goto('/measure')
	await expect.poll(() => tilesAt(page, 12)).toBe(true)
	await located.close()

	const denied = await withConsent(await browser.newContext())
	await signIn(denied, user.id)
	const other = await denied.newPage()
	await other.goto('/measure')
	await expect.poll(() => tilesAt(other, 15)).toBe(true)
	expect(await tilesAt(other, 12)).toBe(false)
	await denied.close()
})
