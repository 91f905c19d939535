// With JavaScript disabled: sign up, verify through the mailed link, sign in,
// sign out; reset a forgotten password; server-side validation messages.
import { expect, linkFromMail, signIn, test, uniqueEmail } from '../support/fixtures.ts'

test('sign up, verify by e-mail, sign in and sign out without JavaScript', async ({ page }) => {
	const email = uniqueEmail('nojs')
	await page.goto('/auth')
	await page.getByRole('link', { name: 'Create Account' }).click()
	await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible()
	await page.getByLabel('First name').fill('Nora')
	await page.getByLabel('Last name').fill('Script')
	await page.getByLabel('Company name (optional)').fill('No Script Lawns')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill('short')
	await page.getByRole('button', { name: 'Create Account' }).click()
	// the server answers with the spec's messages
	await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
	await expect(page.getByText('You must agree to the Terms of Service to create an account')).toBeVisible()

	await page.getByLabel('Password').fill('a-long-enough-password')
	await page.getByLabel(/I agree to the/).check()
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByText('Registration Successful')).toBeVisible()
	await expect(page.getByText('Please check your email to verify your account.')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible()
	await expect(page.getByLabel('Email')).toHaveValue(email)

	// not verified yet
	await page.getByLabel('Password').fill('a-long-enough-password')
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	await expect(page.getByText('Please verify your email before signing in.').first()).toBeVisible()

	const link = await linkFromMail(email, /http:\/\/\S+\/auth\/verify-email\?token=[\w-]+/)
	await page.goto(link)
	await expect(page.getByText('Email Verified')).toBeVisible()
	await expect(page.getByLabel('Email')).toHaveValue(email)

	await page.getByLabel('Password').fill('a-long-enough-password')
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	// a new sign-up owns its organization (account_admin) and lands on /admin
	await expect(page).toHaveURL(/\/admin$/)
	await expect(page.getByText('Login Successful')).toBeVisible()

	await page.getByLabel('User menu').click()
	await page.getByRole('button', { name: 'Log Out' }).click()
	await expect(page).toHaveURL(/\/$/)
	await expect(page.getByText('You have been successfully logged out.')).toBeVisible()
	const denied = await page.goto('/dashboard')
	expect(denied?.status()).toBe(401)
	await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
	await page.getByRole('link', { name: 'Log In' }).click()
	await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard/)
})

test('forgot and reset a password without JavaScript', async ({ page, makeUser }) => {
	const user = await makeUser()
	await page.goto(`/auth?mode=forgot&email=${encodeURIComponent(user.email)}`)
	await expect(page.getByLabel('Email')).toHaveValue(user.email)
	await page.getByRole('button', { name: 'Send Reset Link' }).click()
	await expect(page.getByText('Reset Link Sent')).toBeVisible()

	const link = await linkFromMail(user.email, /http:\/\/\S+\/auth\?token=[\w-]+/)
	await page.goto(link)
	await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
	await page.getByLabel('New password', { exact: true }).fill('brand-new-password')
	await page.getByLabel('Confirm new password').fill('different-password')
	await page.getByRole('button', { name: 'Reset Password' }).click()
	await expect(page.getByText("Passwords don't match")).toBeVisible()

	await page.getByLabel('New password', { exact: true }).fill('brand-new-password')
	await page.getByLabel('Confirm new password').fill('brand-new-password')
	await page.getByRole('button', { name: 'Reset Password' }).click()
	await expect(page.getByText('Password Reset Successful')).toBeVisible()

	// the link works once
	await page.goto(link)
	await page.getByLabel('New password', { exact: true }).fill('another-password-1')
	await page.getByLabel('Confirm new password').fill('another-password-1')
	await page.getByRole('button', { name: 'Reset Password' }).click()
	await expect(page.getByText('This reset link is invalid or has expired').first()).toBeVisible()

	await page.goto('/auth')
	await page.getByLabel('Email').fill(user.email)
	await page.getByLabel('Password').fill('brand-new-password')
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	await expect(page).toHaveURL(/\/measure$/)
})

test('a wrong password and an unknown e-mail get the same answer', async ({ page, makeUser }) => {
	const user = await makeUser()
	await page.goto('/auth')
	await page.getByLabel('Email').fill(user.email)
	await page.getByLabel('Password').fill('wrong-password')
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	await expect(page.getByText('Invalid email or password').first()).toBeVisible()

	await page.getByLabel('Email').fill(uniqueEmail('nobody'))
	await page.getByLabel('Password').fill('wrong-password')
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	await expect(page.getByText('Invalid email or password').first()).toBeVisible()
	await expect(page.getByLabel('Password')).toHaveValue('')
})

test('the theme toggle works without JavaScript', async ({ page }) => {
	await page.goto('/')
	await page.getByRole('button', { name: 'Dark' }).click()
	await expect(page.locator('html')).toHaveClass(/dark/)
	await page.goto('/about')
	await expect(page.locator('html')).toHaveClass(/dark/)
})

test('opening /api/logout (a link from anywhere) signs nobody out: it asks, and only the Log Out button does it', async ({ page, context, makeUser }) => {
	const user = await makeUser()
	await signIn(context, user.id)
	await page.goto('/api/logout')
	await expect(page.getByRole('heading', { name: 'Log Out' })).toBeVisible()
	await page.goto('/dashboard')
	await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0)
	await page.goto('/api/logout')
	await page.getByRole('main').getByRole('button', { name: 'Log Out' }).click()
	await expect(page).toHaveURL(/\/$/)
	await expect(page.getByText('You have been successfully logged out.')).toBeVisible()
	const denied = await page.goto('/dashboard')
	expect(denied?.status()).toBe(401)
})
