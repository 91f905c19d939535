// AI Auto-Measure Grass on /measure: the real pipeline on a generated yard scene
// served by the local tile server (tests/support/e2e-server.ts).
import type { Page } from '@playwright/test'
import { db, expect, expectToast, signIn, test } from '../support/fixtures.ts'
import { mercator } from '../support/map-view.ts'
import { pendingSqft, shownSqft } from '../support/pending-area.ts'
import { insidePolygon, interiorPoint } from '../support/polygon-interior.ts'

type Area = { area_sqft: number; coordinates: { lat: number; lng: number }[]; holes: { lat: number; lng: number }[][] }

const open = (page: Page, center: { lat: number; lng: number }) =>
	page.goto(`/measure?address=${encodeURIComponent('1200 Test Lawn Way, Denver, CO 80202')}&lat=${center.lat}&lng=${center.lng}`)


test('Pro: the modal follows the real steps, grass areas arrive as AI shapes; saved unedited they are not verified; verified, they teach the detector', async ({ page, context, makeUser, env }) => {
	test.setTimeout(60_000)
	const user = await makeUser({ tierId: 'pro' })
	await signIn(context, user.id)
	await open(page, env.grass.center)
	await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible()
	await page.getByRole('button', { name: 'AI Auto-Measure Grass' }).click()
	const dialog = page.getByRole('dialog', { name: 'AI Analyzing Property' })
	await expect(dialog).toBeVisible()
	for (const step of ['Loading satellite imagery', 'Detecting property boundaries', 'AI analyzing grass vs hardscapes', 'Calculating grass measurements']) {
		await expect(dialog.getByText(step)).toBeVisible()
	}
	await expect(page.getByText('AI Analysis Complete')).toBeVisible({ timeout: 30_000 })
	await expect(dialog).toBeHidden()
	await expect(page.getByText(/^Found \d+ grass areas totaling [\d,]+ sq ft\./)).toBeVisible()
	const count = Number(await page.getByTestId('pending-count').textContent())
	expect(count).toBeGreaterThan(0)
	// the pending total is the detected lawn: within 5 % of the scene's truth
	const shown = await shownSqft(page)
	expect(Math.abs(shown - env.grass.truthSqft) / env.grass.truthSqft).toBeLessThan(0.05)
	await expect(page.getByRole('list', { name: 'Measurements' }).getByText('AI').first()).toBeVisible()

	const before = await db().aiLearningPattern.aggregate({ _sum: { sample_count: true } })
	await page.getByRole('button', { name: 'Save Measurement' }).click()
	await expect(page.getByText('Measurement Saved', { exact: true })).toBeVisible()
	const [saved] = (await (await page.request.get('/api/measurements')).json()).measurements
	expect(saved.measurement_type).toBe('ai')
	expect(saved.user_verified).toBe('false') // not edited: not verified, nothing learned

	// marking it verified through the API (PUT user_verified) records a learning sample
	const res = await page.request.put(`/api/measurements/${saved.id}`, { data: { user_verified: 'true' } })
	expect(res.status()).toBe(200)
	await expect
		.poll(async () => (await db().aiLearningPattern.aggregate({ _sum: { sample_count: true } }))._sum.sample_count ?? 0, { timeout: 20_000 })
		.toBeGreaterThan(before._sum.sample_count ?? 0)
})

test('Cancel Analysis stops the analysis with the spec toast', async ({ page, context, makeUser, env }) => {
	const user = await makeUser({ tierId: 'pro' })
	await signIn(context, user.id)
	// the tile server never answers here, so the analysis is still running when we cancel
	await open(page, env.grass.hangCenter)
	await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible()
	await page.getByRole('button', { name: 'AI Auto-Measure Grass' }).click()
	await expect(page.getByRole('dialog', { name: 'AI Analyzing Property' })).toBeVisible()
	await page.getByRole('button', { name: 'Cancel Analysis' }).click()
	await expectToast(page, 'Analysis Cancelled', 'AI measurement process has been stopped.')
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(page.getByTestId('pending-count')).toHaveText('0')
})

test('when imagery fails, a sample area is added and said to be a sample', async ({ page, context, makeUser, env }) => {
	const user = await makeUser({ tierId: 'growth' })
	await signIn(context, user.id)
	await open(page, env.grass.errorCenter)
	await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible()
	await page.getByRole('button', { name: 'AI Auto-Measure Grass' }).click()
	await expectToast(page, 'AI Unavailable', /A sample front-yard area was added instead/, { timeout: 20_000 })
	await expect(page.getByText('Sample area (AI unavailable)')).toBeVisible()
	const sqft = await shownSqft(page)
	expect(sqft).toBeGreaterThanOrEqual(400)
	expect(sqft).toBeLessThanOrEqual(999)
})

test('plans without AI get the spec toasts, and the server refuses too', async ({ page, context, makeUser, env }) => {
	for (const [tierId, title, message] of [
		['starter', 'AI Measurement Not Available', 'Upgrade to Pro or higher to access AI-powered measurements'],
		['beta-plan', 'Feature Under Development', 'Coming soon! This feature is currently under development and being trained to accurately measure turf.'],
	] as const) {
		await context.clearCookies()
		const user = await makeUser({ tierId })
		await signIn(context, user.id)
		await open(page, env.grass.center)
		await page.getByRole('button', { name: 'AI Auto-Measure Grass' }).click()
		await expectToast(page, title, message)
		await expect(page.getByRole('dialog')).toHaveCount(0)
		const direct = await page.request.post('/api/ai-measure', { data: { propertyCenter: env.grass.center } })
		expect(direct.status()).toBe(403)
		expect((await direct.json()).error).toBe(message)
	}
})

/** The screen point of a lat/lng on the map (web mercator, the view the map settled on). */
async function screenPoint(page: Page, p: { lat: number; lng: number }) {
	const map = page.getByTestId('measure-map')
	const box = (await map.boundingBox())!
	const { center, resolution } = JSON.parse((await map.getAttribute('data-view'))!) as { center: { lat: number; lng: number }; resolution: number }
	const [m, c] = [mercator(p), mercator(center)]
	return { x: box.x + box.width / 2 + (m.x - c.x) / resolution, y: box.y + box.height / 2 - (m.y - c.y) / resolution }
}

test('AI result: confidence and imagery shown; a "Not lawn" tap removes a wrong region, Undo brings it back, Redo removes it again', async ({ page, context, makeUser, env }) => {
	test.setTimeout(90_000)
	const user = await makeUser({ tierId: 'pro' })
	await signIn(context, user.id)
	await open(page, env.grass.center)
	const map = page.getByTestId('measure-map')
	await expect(map.locator('canvas').first()).toBeVisible()
	await expect(map).toHaveAttribute('data-view', /resolution/)
	const initialView = await map.getAttribute('data-view')
	// the areas the screen got (other tests here teach the detector at this place, so read the screen's own
	// replies; passed through whole, as an event stream's body cannot be read back otherwise)
	const replies: { sent: { seeds?: { lawn: unknown[]; other: { lat: number; lng: number }[] } }; body: string }[] = []
	await page.route('**/api/ai-measure', async (route) => {
		const response = await route.fetch()
		const body = await response.text()
		replies.push({ sent: route.request().postDataJSON(), body })
		await route.fulfill({ response, body })
	})
	await page.getByRole('button', { name: 'AI Auto-Measure Grass' }).click()
	await expect(page.getByText('AI Analysis Complete')).toBeVisible({ timeout: 30_000 })
	const reply = JSON.parse(/event: result\ndata: (.*)/.exec(replies[0]!.body)![1]!) as { grassAreas: Area[] }

	// honest results: the mean confidence (calibrated on real imagery) and the imagery source; sharp
	// imagery and a confident result: no rough-outline warning
	const panel = page.getByRole('region', { name: 'AI Result' })
	await expect(panel.getByTestId('ai-confidence')).toHaveText(/^\d{1,3}%$/)
	await expect(panel.getByTestId('ai-imagery')).toHaveText('U.S. Geological Survey, The National Map · 0.11 m per pixel')
	await expect(panel.getByText('Rough outline')).toHaveCount(0)

	const before = await shownSqft(page)
	// the map fits the AI shapes: wait until it has settled on its new view
	await expect(map).not.toHaveAttribute('data-view', initialView!)

	const notLawn = panel.getByRole('button', { name: 'Not lawn' })
	const box = (await notLawn.boundingBox())!
	expect(box.height).toBeGreaterThanOrEqual(44)
	await notLawn.click()
	await expect(notLawn).toHaveAttribute('aria-pressed', 'true')
	await expect(page.getByText('Tap the map where the AI got it wrong')).toBeVisible()
	// the result's toast sits over the map's corner: dismiss it as a user would before tapping there
	await page.getByRole('button', { name: 'Dismiss notification' }).click()
	await expect(page.getByText('AI Analysis Complete')).toBeHidden()
	// the user decides a detected area of a lot's size (300–3,000 sq ft) is not lawn: the largest such whose
	// middle is in plain view on the map (not under the mode notice or the zoom buttons)
	let wrong: Area | undefined
	let tap = { lat: 0, lng: 0 }
	let at = { x: 0, y: 0 }
	for (const area of reply.grassAreas.filter((a) => a.area_sqft >= 300 && a.area_sqft <= 3_000).sort((a, b) => b.area_sqft - a.area_sqft)) {
		const point = interiorPoint(area.coordinates, area.holes)
		const screen = await screenPoint(page, point)
		const onMap = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.ol-viewport') !== null && !document.elementFromPoint(x, y)?.closest('.ol-control, [role=status]'), screen)
		if (onMap) {
			;[wrong, tap, at] = [area, point, screen]
			break
		}
	}
	expect(wrong).toBeDefined()
	expect(before).toBeGreaterThan(wrong!.area_sqft)
	await page.mouse.click(at.x, at.y)
	await expect(panel.getByTestId('ai-correction-status')).toHaveText(/^Updated: /, { timeout: 15_000 })
	expect(replies).toHaveLength(2)
	const corrected = JSON.parse(replies[1]!.body) as { grassAreas: Area[] }
	// the tap reached the server at the tapped place, and no AI area covers it any more
	const sent = replies[1]!.sent as { seeds: { lawn: unknown[]; other: { lat: number; lng: number }[] } }
	expect(sent.seeds.lawn).toEqual([])
	expect(Math.abs(sent.seeds.other[0]!.lat - tap.lat)).toBeLessThan(0.000005)
	expect(Math.abs(sent.seeds.other[0]!.lng - tap.lng)).toBeLessThan(0.000005)
	expect(corrected.grassAreas.some((a) => insidePolygon(tap, a.coordinates, a.holes))).toBe(false)

	await expect(panel.getByTestId('ai-correction-status')).toHaveText(/^Updated: \d+ grass areas totaling [\d,]+ sq ft\.$/, { timeout: 15_000 })
	await expect(panel.getByTestId('ai-taps')).toHaveText(/Taps: 0 Lawn here · 1 Not lawn/)
	const after = await pendingSqft(page)
	// the wrong region is gone (whatever else of its look went with it: after is at most before − that area)
	expect(after).toBeLessThanOrEqual(before - wrong!.area_sqft * 0.95)

	// Undo: the AI shapes before the tap come back, and the tap's marker goes
	await page.getByRole('button', { name: 'Undo' }).click()
	await expect.poll(() => pendingSqft(page)).toBe(before)
	await expect(panel.getByTestId('ai-taps')).toHaveCount(0)
	// Redo: the correction again
	await page.getByRole('button', { name: 'Redo' }).click()
	await expect.poll(() => pendingSqft(page)).toBe(after)
	await expect(panel.getByTestId('ai-taps')).toHaveText(/1 Not lawn/)
})
