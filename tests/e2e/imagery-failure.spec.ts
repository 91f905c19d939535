// Issue 18 §4: when the imagery provider fails (HTTP 500, no answer, bytes that
// are not an image), the map says so with the provider's name, offers Retry and
// the other layers, and drawing keeps working on a plain grid. The local tile
// server (tests/support/tile-server.ts) misbehaves around fixed points.
import type { Page } from '@playwright/test'
import { expect, signIn, test } from '../support/fixtures.ts'

async function openSatelliteAt(page: Page, at: { lat: number; lng: number }) {
	await page.goto(`/measure?${new URLSearchParams({ address: '1 Broken Imagery Rd, Testville, KS', lat: String(at.lat), lng: String(at.lng) })}`)
	await expect(page.locator('[data-testid=measure-map] canvas').first()).toBeVisible()
	await page.getByRole('group', { name: 'Map View' }).getByRole('button', { name: 'Satellite' }).click()
}

test('a provider answering 500: the message with its name, Retry asks again, another layer can be chosen, drawing works on the grid', async ({ page, context, makeUser, env }) => {
	await signIn(context, (await makeUser()).id)
	const satelliteRequests: string[] = []
	page.on('request', (request) => {
		if (request.url().startsWith(env.satelliteTiles)) satelliteRequests.push(request.url())
	})
	await openSatelliteAt(page, env.grass.errorCenter)
	const provider = new URL(env.satelliteTiles).host
	const alert = page.getByRole('alert').filter({ hasText: 'Satellite imagery could not be loaded' })
	await expect(alert).toContainText(`Satellite imagery could not be loaded from ${provider}.`)
	await expect(page.getByTestId('imagery-grid')).toBeVisible()

	// drawing keeps working on the grid
	await page.getByRole('button', { name: 'Draw Rectangle' }).click()
	const box = (await page.getByTestId('measure-map').boundingBox())!
	await page.mouse.click(box.x + box.width / 2 - 80, box.y + box.height / 2 - 40)
	await page.mouse.click(box.x + box.width / 2 + 80, box.y + box.height / 2 + 60)
	await expect(page.getByTestId('pending-count')).toHaveText('1')

	// Retry asks the provider again (and says so again when it still fails)
	const before = satelliteRequests.length
	await alert.getByRole('button', { name: 'Retry' }).click()
	await expect.poll(() => satelliteRequests.length).toBeGreaterThan(before)
	await expect(alert).toContainText(`Satellite imagery could not be loaded from ${provider}.`)

	// another layer: the message goes, the grid too, the shape stays
	await alert.getByRole('button', { name: 'Switch to Roadmap' }).click()
	await expect(page.getByRole('group', { name: 'Map View' }).getByRole('button', { name: 'Roadmap' })).toHaveAttribute('aria-pressed', 'true')
	await expect(alert).toHaveCount(0)
	await expect(page.getByTestId('imagery-grid')).toHaveCount(0)
	await expect(page.getByTestId('pending-count')).toHaveText('1')
})

test('a provider that never answers, or answers garbage: the same message, no blank map forever', async ({ page, context, makeUser, env }) => {
	await signIn(context, (await makeUser()).id)
	const provider = new URL(env.satelliteTiles).host
	for (const at of [env.grass.hangCenter, env.grass.garbageCenter]) {
		await openSatelliteAt(page, at)
		// the e2e stack's TILE_FETCH_TIMEOUT_MS is 1.5 s
		await expect(page.getByRole('alert').filter({ hasText: 'Satellite imagery could not be loaded' })).toContainText(`from ${provider}.`, { timeout: 10_000 })
	}
})

test('imagery that loads shows no message', async ({ page, context, makeUser, env }) => {
	await signIn(context, (await makeUser()).id)
	await openSatelliteAt(page, env.grass.center)
	const pixel = () =>
		page.getByTestId('measure-map').evaluate((map) => {
			for (const canvas of Array.from(map.querySelectorAll('canvas'))) {
				const data = canvas.getContext('2d')?.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1).data
				if (data && data[3]! > 0) return true
			}
			return false
		})
	await expect.poll(pixel).toBe(true)
	await expect(page.getByText('Satellite imagery could not be loaded')).toHaveCount(0)
})
