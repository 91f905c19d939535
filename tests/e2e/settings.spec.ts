// /settings in Chromium: every tab, the photo upload, two-factor on and the
// sign-in that then asks for the e-mailed code.
import fs from 'node:fs/promises'
import { db, expect, signIn, test, TEST_PASSWORD, toast } from '../support/fixtures.ts'
import { codeFromMail, smallPng, wrongCode } from '../support/two-factor.ts'

test('tabs are in the URL; members have no Organization tab', async ({ page, context, makeUser }) => {
	const user = await makeUser()
	await signIn(context, user.id)
	await page.goto('/settings')
	const nav = page.getByRole('navigation', { name: 'Settings sections' })
	await expect(nav.getByRole('link')).toHaveText(['Profile', 'Appearance', 'Communications', 'Security', 'Preferences'])
	await nav.getByRole('link', { name: 'Security' }).click()
	await expect(page).toHaveURL(/\/settings\?tab=security$/)
	await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible()
	await page.goto('/settings?tab=organization')
	await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible()
})

test('on a 320 px phone every tab is on the screen, the last one (Organization) current', async ({ browser, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const context = await browser.newContext({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true })
	await signIn(context, admin.id)
	const page = await context.newPage()
	await page.goto('/settings?tab=organization')
	const tabs = page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link')
	await expect(tabs).toHaveText(['Profile', 'Appearance', 'Communications', 'Security', 'Preferences', 'Organization'])
	await expect(tabs.last()).toHaveAttribute('aria-current', 'page')
	for (const tab of await tabs.all()) {
		const box = (await tab.boundingBox())!
		expect(box.x).toBeGreaterThanOrEqual(0)
		expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(320)
	}
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320)
	await context.close()
})

test('Profile: names saved, e-mail read-only, a real PNG uploaded, fakes and big files refused', async ({ page, context, makeUser }, testInfo) => {
	const user = await makeUser()
	await signIn(context, user.id)
	await page.goto('/settings?tab=profile')
	await expect(page.getByLabel('Email')).toHaveValue(user.email)
	await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '')
	await expect(page.getByText('Contact support to change it.')).toBeVisible()
	await expect(page.getByText('JPG, PNG or GIF, max 5MB')).toBeVisible()

	await page.getByLabel('First name').fill('')
	await page.getByRole('button', { name: 'Save Profile' }).click()
	await expect(page.getByText('First name is required')).toBeVisible()

	const pngPath = testInfo.outputPath('avatar.png')
	await fs.writeFile(pngPath, await smallPng(32, 32))
	await page.getByLabel('First name').fill('Paloma')
	await page.getByLabel('Last name').fill('Reyes')
	await page.getByLabel('Profile photo').setInputFiles(pngPath)
	await page.getByRole('button', { name: 'Save Profile' }).click()
	await expect(toast(page, 'Profile Updated')).toBeVisible()
	const img = page.getByRole('img', { name: 'Profile photo' })
	await expect(img).toBeVisible()
	// the served image decodes (wait for it to load)
	await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(32)
	await expect(page.getByLabel('First name')).toHaveValue('Paloma')
	await expect(page.getByLabel('User menu')).toHaveText(/Paloma/)

	const fakePath = testInfo.outputPath('notes.png')
	await fs.writeFile(fakePath, 'just some text pretending to be a PNG')
	await page.getByLabel('Profile photo').setInputFiles(fakePath)
	await page.getByRole('button', { name: 'Save Profile' }).click()
	await expect(page.getByText('That file is not a supported image. JPG, PNG or GIF, max 5MB')).toBeVisible()
	await expect(toast(page, 'Update Failed')).toContainText('Failed to update your profile. Please try again.')

	const bigPath = testInfo.outputPath('big.png')
	await fs.writeFile(bigPath, Buffer.concat([await smallPng(), Buffer.alloc(6 * 1024 * 1024)]))
	await page.getByLabel('Profile photo').setInputFiles(bigPath)
	await page.getByRole('button', { name: 'Save Profile' }).click()
	await expect(page.getByText('The photo is too large. JPG, PNG or GIF, max 5MB')).toBeVisible()
	// the first photo is still the one shown
	expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).profileImageUrl).toMatch(/\.png$/)
})

test('Appearance: Dark is saved and applied', async ({ page, context, makeUser }) => {
	const user = await makeUser()
	await signIn(context, user.id)
	await page.goto('/settings?tab=appearance')
	await page.getByLabel('Dark').check()
	await page.getByRole('button', { name: 'Save Theme' }).click()
	await expect(toast(page, 'Preferences Updated')).toBeVisible()
	await expect(page.locator('html')).toHaveClass(/dark/)
	expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).themePreference).toBe('dark')
})

test('Communications: toggles are saved', async ({ page, context, makeUser }) => {
	const user = await makeUser()
	await signIn(context, user.id)
	await page.goto('/settings?tab=communications')
	await expect(page.getByLabel('Marketing emails')).toBeChecked()
	await page.getByLabel('Marketing emails').uncheck()
	await page.getByLabel('Tips and tutorials').uncheck()
	await page.getByRole('button', { name: 'Save Communication Preferences' }).click()
	await expect(toast(page, 'Preferences Updated')).toBeVisible()
	await page.reload()
	await expect(page.getByLabel('Marketing emails')).not.toBeChecked()
	await expect(page.getByLabel('Product updates')).toBeChecked()
	await expect(page.getByLabel('Tips and tutorials')).not.toBeChecked()
})

test('Security: change password shows the spec messages and succeeds', async ({ page, context, makeUser }) => {
	const user = await makeUser()
	await signIn(context, user.id)
	await page.goto('/settings?tab=security')
	await page.getByLabel('Current password').fill(TEST_PASSWORD)
	await page.getByLabel('New password', { exact: true }).fill('short')
	await page.getByLabel('Confirm new password').fill('other')
	await page.getByRole('button', { name: 'Change Password' }).click()
	await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
	await expect(page.getByText("Passwords don't match")).toBeVisible()

	await page.getByLabel('Current password').fill('not-my-password')
	await page.getByLabel('New password', { exact: true }).fill('brand-new-password')
	await page.getByLabel('Confirm new password').fill('brand-new-password')
	await page.getByRole('button', { name: 'Change Password' }).click()
	await expect(page.getByText('Current password is incorrect').first()).toBeVisible()

	await page.getByLabel('Current password').fill(TEST_PASSWORD)
	await page.getByLabel('New password', { exact: true }).fill('brand-new-password')
	await page.getByLabel('Confirm new password').fill('brand-new-password')
	await page.getByRole('button', { name: 'Change Password' }).click()
	await expect(toast(page, 'Password changed successfully')).toContainText('You can now use your new password to log in.')
	// this session stays signed in
	await page.reload()
	await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible()
})

test('2FA: turn on with the e-mailed code, then sign-in asks for a fresh code', async ({ page, context, makeUser }) => {
	// two e-mailed codes, a second sign-in and seven form posts: past the 30 s default on a busy 2-core machine
	test.slow()
	// The buttons after typed text are pressed with the keyboard (Enter on the focused button, as a
	// keyboard user does): a click waits for two animation frames to see the button stable, and
	// in one CI run on the busy machine Chromium drew no frame for over a minute after the code was typed.
	const user = await makeUser({ firstName: 'Tess' })
	await signIn(context, user.id)
	await page.goto('/settings?tab=security')
	await expect(page.getByText('Two-factor authentication is off.')).toBeVisible()
	await page.getByRole('button', { name: 'Send Verification Code' }).click()
	await expect(toast(page, 'Verification Code Sent')).toContainText('Check your email for a 6-digit verification code.')
	const code = await codeFromMail(user.email)

	const verify = page.getByRole('button', { name: 'Verify and Enable 2FA' })
	const input = page.getByLabel('Verification code')
	await input.fill('12ab3')
	await expect(input).toHaveValue('123')
	await expect(verify).toBeDisabled()
	await input.fill(wrongCode(code))
	await expect(verify).toBeEnabled()
	await verify.press('Enter')
	await expect(toast(page, 'Invalid Code')).toContainText('Please check your code and try again.')
	await page.getByLabel('Verification code').fill(code)
	await page.getByRole('button', { name: 'Verify and Enable 2FA' }).press('Enter')
	await expect(toast(page, '2FA Enabled')).toBeVisible()
	await expect(page.getByText('Two-factor authentication is on.')).toBeVisible()

	// sign out, then sign in: the password alone is not enough
	await context.clearCookies()
	const sessionsBefore = await db().session.count({ where: { userId: user.id } })
	await page.goto('/auth')
	await page.getByLabel('Email').fill(user.email)
	await page.getByLabel('Password').fill(TEST_PASSWORD)
	await page.getByRole('button', { name: 'Sign In', exact: true }).press('Enter')
	await expect(page.getByRole('heading', { name: 'Two-Factor Verification' })).toBeVisible()
	// no session yet: only the code finishes the sign-in
	expect(await db().session.count({ where: { userId: user.id } })).toBe(sessionsBefore)
	const loginCode = await codeFromMail(user.email, 2)
	expect(loginCode).not.toBe(code)
	await page.getByLabel('Verification code').fill(wrongCode(loginCode))
	await page.getByRole('button', { name: 'Verify', exact: true }).press('Enter')
	await expect(toast(page, 'Invalid Code')).toBeVisible()
	await page.getByLabel('Verification code').fill(loginCode)
	await page.getByRole('button', { name: 'Verify', exact: true }).press('Enter')
	await expect(page).toHaveURL(/\/measure$/)
	await expect(page.getByLabel('User menu')).toHaveText(/Tess/)

	// and it can be turned off directly
	await page.goto('/settings?tab=security')
	await page.getByRole('button', { name: 'Disable 2FA' }).click()
	await expect(toast(page, '2FA Disabled')).toBeVisible()
	await expect(page.getByText('Two-factor authentication is off.')).toBeVisible()
})

test('Preferences: personal map type and unit, or the organization default', async ({ page, context, makeUser }) => {
	const user = await makeUser()
	await signIn(context, user.id)
	await page.goto('/settings?tab=preferences')
	await expect(page.getByLabel('Map type')).toHaveValue('default')
	await page.getByLabel('Map type').selectOption('satellite')
	await page.getByLabel('Unit of measure').selectOption('acres')
	await page.getByRole('button', { name: 'Save Preferences' }).click()
	await expect(toast(page, 'Preferences Updated')).toBeVisible()
	await expect(page.getByLabel('Map type')).toHaveValue('satellite')
	await page.getByLabel('Map type').selectOption('default')
	await page.getByRole('button', { name: 'Save Preferences' }).click()
	await expect
		.poll(async () => {
			const row = await db().user.findUniqueOrThrow({ where: { id: user.id } })
			return [row.preferredMapType, row.preferredUnit]
		})
		.toEqual([null, 'acres'])
	await expect(page.getByLabel('Map type')).toHaveValue('default')
})

test('Organization: admins save defaults; the AI training toggle saves, and reverts on failure', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	await signIn(context, admin.id)
	await page.goto('/settings?tab=organization')
	await page.getByLabel('Default map type').selectOption('terrain')
	await page.getByLabel('Default unit').selectOption('sqm')
	await page.getByRole('button', { name: 'Save Organization Settings' }).click()
	await expect(toast(page, 'Settings Updated')).toBeVisible()
	await expect(page.getByLabel('Default map type')).toHaveValue('terrain')

	// dismiss that toast, so the next "Settings Updated" is the toggle's own: it arrives with the
	// revalidation after the save, and that must be on screen before the role changes (a later
	// revalidation would show a member's screen, and its toast would replace the failure's)
	await toast(page, 'Settings Updated').getByRole('button', { name: 'Dismiss notification' }).click()
	await expect(toast(page, 'Settings Updated')).toHaveCount(0)
	const toggle = page.getByLabel('Allow AI training')
	await expect(toggle).not.toBeChecked()
	await toggle.check()
	await expect(toast(page, 'Settings Updated')).toBeVisible()
	await expect.poll(async () => (await db().organization.findUniqueOrThrow({ where: { id: admin.organization!.id } })).allowAiTraining).toBe(true)
	await expect(toggle).toBeChecked()

	// lose the role behind the screen's back: the save fails and the toggle goes back
	await db().user.update({ where: { id: admin.id }, data: { role: 'member' } })
	// (a click, not uncheck(): the revert can come before Playwright looks at the box)
	await toggle.click()
	await expect(toast(page, 'Update Failed')).toContainText('Failed to update AI training settings')
	await expect(toggle).toBeChecked()
})
