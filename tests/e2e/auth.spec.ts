import { expect, signIn, test, TEST_PASSWORD } from '../support/fixtures.ts'

test('a member signs in and lands on /measure; the session survives a reload', async ({ page, makeUser }) => {
	const user = await makeUser({ firstName: 'Mara' })
	await page.goto('/auth')
	await page.getByLabel('Email').fill(user.email)
	await page.getByLabel('Password').fill(TEST_PASSWORD)
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	await expect(page).toHaveURL(/\/measure$/)
	await expect(page.getByText('Welcome back!')).toBeVisible()
	await page.reload()
	await expect(page.getByLabel('User menu')).toHaveText(/Mara/)
})

test('an account admin lands on /admin; a signed-in user on /auth goes to /dashboard', async ({ page, makeUser }) => {
	const user = await makeUser({ role: 'account_admin' })
	await page.goto('/auth')
	await page.getByLabel('Email').fill(user.email)
	await page.getByLabel('Password').fill(TEST_PASSWORD)
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	await expect(page).toHaveURL(/\/admin$/)
	await page.goto('/auth')
	await expect(page).toHaveURL(/\/dashboard$/)
})

test('a signed-out visitor is asked to log in, then comes back', async ({ page, makeUser }) => {
	const user = await makeUser()
	await page.goto('/settings')
	await expect(page.getByText('Please log in to access settings.')).toBeVisible()
	await page.getByRole('link', { name: 'Log In' }).click()
	await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings$/)
	await page.getByLabel('Email').fill(user.email)
	await page.getByLabel('Password').fill(TEST_PASSWORD)
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	await expect(page).toHaveURL(/\/settings$/)
	await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
})

test('client-side validation shows the spec messages before posting', async ({ page }) => {
	await page.goto('/auth')
	await page.getByLabel('Email').fill('not-an-email')
	await page.getByLabel('Password').focus()
	await expect(page.getByText('Please enter a valid email address')).toBeVisible()
	await page.getByLabel('Email').fill('someone@example.com')
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	await expect(page.getByText('Password is required')).toBeVisible()
})

test('login failure shows the Login Failed toast', async ({ page, makeUser }) => {
	const user = await makeUser()
	await page.goto('/auth')
	await page.getByLabel('Email').fill(user.email)
	await page.getByLabel('Password').fill('wrong-password')
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	await expect(page.getByRole('alert').filter({ hasText: 'Login Failed' })).toBeVisible()
})

test('Remember me keeps the session cookie for 30 days', async ({ page, context, makeUser }) => {
	const user = await makeUser()
	await page.goto('/auth')
	await page.getByLabel('Email').fill(user.email)
	await page.getByLabel('Password').fill(TEST_PASSWORD)
	await page.getByLabel('Remember me').check()
	await page.getByRole('button', { name: 'Sign In', exact: true }).click()
	await expect(page).toHaveURL(/\/measure$/)
	const cookie = (await context.cookies()).find((c) => c.name === 'ys_session')
	const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
	expect(days).toBeGreaterThan(29)
	expect(days).toBeLessThanOrEqual(30)
})

test('the forgot-password link carries the typed e-mail', async ({ page }) => {
	await page.goto('/auth')
	await page.getByLabel('Email').fill('typed@example.com')
	await page.getByRole('link', { name: 'Forgot your password? Reset it here' }).click()
	await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible()
	await expect(page.getByLabel('Email')).toHaveValue('typed@example.com')
	await page.getByRole('link', { name: '← Back' }).click()
	await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible()
})

test('the error query parameter shows the authentication banner', async ({ page }) => {
	await page.goto('/auth?error=1')
	await expect(page.getByText('Authentication failed. Please try again.')).toBeVisible()
})

test('logging out ends the session everywhere', async ({ page, context, makeUser }) => {
	const user = await makeUser()
	const token = await signIn(context, user.id)
	await page.goto('/dashboard')
	await page.getByLabel('User menu').click()
	await page.getByRole('button', { name: 'Log Out' }).click()
	await expect(page).toHaveURL(/\/$/)
	await expect(page.getByText('Logged Out', { exact: true })).toBeVisible()
	// the Bearer carrier of the same session stopped working too
	const res = await page.request.get('/api/auth/user', { headers: { Authorization: `Bearer ${token}` } })
	expect(res.status()).toBe(401)
})

test('Create Account with JavaScript solves the bot check, then signs up', async ({ page }) => {
	const email = `js-${Date.now()}@example.com`
	let sentToken = ''
	page.on('request', (req) => {
		if (req.method() === 'POST' && req.url().includes('/auth')) sentToken = new URLSearchParams(req.postData() ?? '').get('captchaToken') ?? ''
	})
	await page.goto('/auth?mode=register')
	await expect(page.getByText('Security check complete')).toBeVisible({ timeout: 15_000 })
	await page.getByLabel('First name').fill('Jay')
	await page.getByLabel('Last name').fill('Script')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill('a-long-enough-password')
	await page.getByLabel(/I agree to the/).check()
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByText('Registration Successful')).toBeVisible()
	await expect(page.getByLabel('Email')).toHaveValue(email)
	expect(sentToken.length).toBeGreaterThan(100)
})
