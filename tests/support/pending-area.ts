// The "Area" figure of the pending shapes on /measure (the job card's data-testid="pending-area").
import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** The pending area in square feet as the screen shows it now. */
export const pendingSqft = async (page: Page) => Number(((await page.getByTestId('pending-area').textContent()) ?? '').replace(/[^0-9.]/g, ''))

/** The pending area once it has a figure: the geodesy module loads with the first shape, and the figure reads 0 until it has. */
export async function shownSqft(page: Page) {
	await expect.poll(() => pendingSqft(page)).toBeGreaterThan(0)
	return pendingSqft(page)
}
