// The shared chrome: header variants and role menus, footer, theme, toasts, not-found.
import { expect, hydrated, pausedClock, signIn, test, withConsent } from '../support/fixtures.ts'

test('signed-out header: About, Sign In, Get Started; landing: Become a Founding Member', async ({ page }) => {
	await page.goto('/about')
	const nav = page.getByRole('navigation', { name: 'Main' })
	await expect(nav.getByRole('link', { name: 'About' })).toBeVisible()
	await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth')
	await expect(nav.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth')
	await expect(page.getByText('AI-powered property measurement for outdoor pros')).toBeVisible()

	await page.goto('/')
	await expect(page.getByRole('heading', { name: 'Accurate Measurements. Bigger Profits.' })).toBeVisible()
	await expect(nav.getByRole('link', { name: 'Become a Founding Member' })).toHaveAttribute('href', '/checkout/BETA')
	await expect(nav.getByRole('button', { name: 'System' })).toBeVisible()

	const footer = page.getByRole('navigation', { name: 'Footer' })
	for (const name of ['About', 'News & Updates', 'Terms', 'Privacy', 'Cookies']) {
		await expect(footer.getByRole('link', { name, exact: true })).toBeVisible()
	}
	// the year comes from the clock
	await expect(page.getByText(`© ${new Date().getUTCFullYear()} Yardstick. All rights reserved.`)).toBeVisible()
})

test('Join Beta on small screens', async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 800 })
	await page.goto('/')
	await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Join Beta' })).toBeVisible()
})

const menus = [
	{ role: 'member', canViewInvoices: false, items: ['Dashboard', 'Settings'], absent: ['Billing', 'Admin', 'Admin Panel'], newMeasurement: true },
	{ role: 'member', canViewInvoices: true, items: ['Dashboard', 'Settings', 'Billing'], absent: ['Admin', 'Admin Panel'], newMeasurement: true },
	{ role: 'account_admin', canViewInvoices: false, items: ['Dashboard', 'Settings', 'Billing', 'Admin'], absent: ['Admin Panel'], newMeasurement: true },
	{ role: 'site_admin', canViewInvoices: false, items: ['Admin Panel'], absent: ['Dashboard', 'Settings', 'Billing'], newMeasurement: false },
]

for (const m of menus) {
	test(`menu for ${m.role}${m.canViewInvoices ? ' with canViewInvoices' : ''}`, async ({ page, context, makeUser }) => {
		const user = await makeUser({ role: m.role, canViewInvoices: m.canViewInvoices, firstName: 'Rita' })
		await signIn(context, user.id)
		await page.goto('/about')
		const nav = page.getByRole('navigation', { name: 'Main' })
		await expect(nav.getByRole('link', { name: 'New Measurement' })).toHaveCount(m.newMeasurement ? 1 : 0)
		await page.getByLabel('User menu').click()
		await expect(page.getByLabel('User menu')).toHaveText(/Rita/)
		for (const name of m.items) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
		for (const name of m.absent) await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0)
		await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible()
	})
}

test("the menu reads 'User' when the first name is missing", async ({ page, context, makeUser }) => {
	const user = await makeUser({ firstName: '' })
	await signIn(context, user.id)
	await page.goto('/about')
	await expect(page.getByLabel('User menu')).toHaveText(/User/)
})

test('a site admin is sent from /dashboard to /admin; a member sees Access denied on /admin', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'site_admin' })
	await signIn(context, admin.id)
	await page.goto('/dashboard')
	await expect(page).toHaveURL(/\/admin$/)
	await context.clearCookies()
	const member = await makeUser()
	await signIn(context, member.id)
	const res = await page.goto('/admin')
	expect(res?.status()).toBe(403)
	await expect(page.getByText('Access denied. You need admin privileges to view this page.')).toBeVisible()
})

test('theme: a visitor’s choice sticks; a user’s choice is saved to the account', async ({ page, context, makeUser }) => {
	await page.goto('/')
	await page.getByRole('button', { name: 'Dark' }).click()
	await expect(page.locator('html')).toHaveClass('dark')
	await page.reload()
	await expect(page.locator('html')).toHaveClass('dark')

	await context.clearCookies()
	const user = await makeUser()
	await signIn(context, user.id)
	await page.goto('/')
	await expect(page.locator('html')).toHaveClass('system')
	await page.getByRole('button', { name: 'Light' }).click()
	await expect(page.locator('html')).toHaveClass('light')
	const me = await (await page.request.get('/api/auth/user')).json()
	expect(me.themePreference).toBe('light')
	// the preference follows the user to a browser without the local choice
	const fresh = await withConsent(await context.browser()!.newContext())
	await signIn(fresh, user.id)
	const other = await fresh.newPage()
	await other.goto('/about')
	await expect(other.locator('html')).toHaveClass('light')
	await fresh.close()
})

test('the dark theme follows the system setting when the theme is System', async ({ page }) => {
	await page.emulateMedia({ colorScheme: 'dark' })
	await page.goto('/about')
	await expect(page.locator('html')).toHaveClass('system')
	const background = await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)
	expect(background).not.toBe('rgb(255, 255, 255)')
})

test('unknown pages: friendly 404 with Go to Home Page, home after 8 seconds', async ({ page }) => {
	await pausedClock(page)
	const res = await page.goto('/no-such-page')
	expect(res?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
	await hydrated(page) // the 8 s start here
	await expect(page.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/')
	await page.clock.runFor(7_000)
	await expect(page).toHaveURL(/no-such-page/)
	await page.clock.runFor(1_500)
	await expect(page).toHaveURL(/\/$/)
})

test('a toast closes itself after 5 seconds; destructive ones after 2', async ({ page, makeUser }) => {
	await pausedClock(page)
	await page.goto('/api/logout')
	await expect(page.getByText('Logged Out', { exact: true })).toBeVisible()
	await hydrated(page) // the 5 s start here
	await page.clock.runFor(4_500)
	await expect(page.getByText('Logged Out', { exact: true })).toBeVisible()
	await page.clock.runFor(1_000)
	await expect(page.getByText('Logged Out', { exact: true })).toHaveCount(0)

	const user = await makeUser()
	await page.goto('/auth')
	await page.getByLabel('Email').fill(user.email)
	await page.getByLabel('Password').fill('wrong-password')
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	const toast = page.getByRole('alert').filter({ hasText: 'Login Failed' })
	await expect(toast).toBeVisible()
	await page.clock.runFor(2_100)
	await expect(toast).toHaveCount(0)
})

test('F8 focuses the notifications; a swipe right of 50 px dismisses a toast', async ({ page }) => {
	await pausedClock(page) // the toast stays while a busy machine hydrates the page
	await page.goto('/api/logout')
	const toast = page.getByRole('status').filter({ hasText: 'Logged Out' })
	await expect(toast).toBeVisible()
	await hydrated(page) // the server-rendered toast shows before the F8 listener exists
	const region = page.getByRole('list', { name: 'Notifications (F8)' })
	await region.evaluate((el) => (el as HTMLElement).blur())
	await expect(region).not.toBeFocused()
	await page.keyboard.press('F8')
	await expect(region).toBeFocused()

	const box = (await toast.boundingBox())!
	await page.mouse.move(box.x + 20, box.y + box.height / 2)
	await page.mouse.down()
	await page.mouse.move(box.x + 50, box.y + box.height / 2, { steps: 3 })
	await page.mouse.up()
	await expect(toast).toBeVisible() // 30 px is not enough
	await page.mouse.move(box.x + 20, box.y + box.height / 2)
	await page.mouse.down()
	await page.mouse.move(box.x + 90, box.y + box.height / 2, { steps: 5 })
	await page.mouse.up()
	await expect(toast).toHaveCount(0)
})
