// AI Auto-Measure Grass on /measure: the real pipeline on a generated yard scene
// served by the local tile server (tests/support/e2e-server.ts).
import type { Page } from '@playwright/test'
import { db, expect, signIn, test } from '../support/fixtures.ts'

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
	const pendingSqft = Number((await page.getByTestId('pending-area').textContent())!.replace(/[^0-9]/g, ''))
	expect(Math.abs(pendingSqft - env.grass.truthSqft) / env.grass.truthSqft).toBeLessThan(0.05)
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
	await expect(page.getByText('Analysis Cancelled')).toBeVisible()
	await expect(page.getByText('AI measurement process has been stopped.')).toBeVisible()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(page.getByTestId('pending-count')).toHaveText('0')
})

test('when imagery fails, a sample area is added and said to be a sample', async ({ page, context, makeUser, env }) => {
	const user = await makeUser({ tierId: 'growth' })
	await signIn(context, user.id)
	await open(page, env.grass.errorCenter)
	await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible()
	await page.getByRole('button', { name: 'AI Auto-Measure Grass' }).click()
	await expect(page.getByText('AI Unavailable', { exact: true })).toBeVisible({ timeout: 20_000 })
	await expect(page.getByText(/A sample front-yard area was added instead/)).toBeVisible()
	await expect(page.getByText('Sample area (AI unavailable)')).toBeVisible()
	const sqft = Number((await page.getByTestId('pending-area').textContent())!.replace(/[^0-9]/g, ''))
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
		await expect(page.getByText(title, { exact: true })).toBeVisible()
		await expect(page.getByText(message)).toBeVisible()
		await expect(page.getByRole('dialog')).toHaveCount(0)
		const direct = await page.request.post('/api/ai-measure', { data: { propertyCenter: env.grass.center } })
		expect(direct.status()).toBe(403)
		expect((await direct.json()).error).toBe(message)
	}
})
