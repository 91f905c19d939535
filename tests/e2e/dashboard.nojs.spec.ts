// /dashboard and /accept-invite with JavaScript off: search, sort and pages are
// links and GET forms, dialogs are server-rendered URL states, changes post to
// the route's action.
import { db, expect, linkFromMail, signIn, test, uniqueEmail } from '../support/fixtures.ts'
import { seedMeasurements } from './dashboard-helpers.ts'

test('search, sort, pagination, rename and delete work without JavaScript', async ({ page, context, makeUser }) => {
	const user = await makeUser()
	await seedMeasurements(user.organizationId!, 12)
	await signIn(context, user.id)
	await page.goto('/dashboard')
	const list = page.getByRole('list', { name: 'Measurements' })
	await expect(page.getByText('12 of 12', { exact: true })).toBeVisible()
	await expect(page.getByText('Showing 1-10 of 12')).toBeVisible()

	await page.getByRole('link', { name: 'Page 2' }).click()
	await expect(page.getByText('Showing 11-12 of 12')).toBeVisible()
	await expect(list.getByRole('listitem')).toHaveCount(2)
	await page.getByRole('link', { name: 'Previous' }).click()
	await expect(page.getByText('Showing 1-10 of 12')).toBeVisible()
	await page.getByRole('link', { name: 'Page 2' }).click()

	// a search from page 2 starts again at page 1
	await page.getByRole('searchbox', { name: 'Search measurements' }).fill('OAK st')
	await page.getByLabel('Sort measurements').selectOption({ label: 'Largest Area' })
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(/\?q=OAK\+st&sort=largest$/)
	await expect(page.getByText('Showing 1-10 of 12')).toBeVisible()
	await expect(list.getByRole('listitem').first()).toHaveAccessibleName('Lawn 12')
	await expect(list.getByRole('listitem').first().getByText('2,100 sq ft')).toBeVisible()

	await page.getByRole('searchbox', { name: 'Search measurements' }).fill('zzz')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page.getByText('No measurements found')).toBeVisible()
	await page.goto('/dashboard?sort=oldest')
	await expect(list.getByRole('listitem').first()).toHaveAccessibleName('Lawn 01')

	await list.getByRole('link', { name: 'Rename Lawn 01' }).click()
	await list.getByLabel('Measurement name').fill(' ')
	await list.getByRole('button', { name: 'Save name' }).click()
	await expect(list.getByText('Label cannot be empty')).toBeVisible()
	await list.getByLabel('Measurement name').fill('Front lawn')
	await list.getByRole('button', { name: 'Save name' }).click()
	await expect(page).toHaveURL(/\/dashboard\?sort=oldest$/)
	await expect(page.getByText('Measurement updated successfully.')).toBeVisible()
	await expect(list.getByRole('listitem').first()).toHaveAccessibleName('Front lawn')

	await list.getByRole('link', { name: 'Delete Front lawn' }).click()
	const dialog = page.getByRole('dialog', { name: 'Delete Front lawn?' })
	await expect(dialog.getByText('This measurement will be permanently deleted. This action cannot be undone.')).toBeVisible()
	await dialog.getByRole('button', { name: 'Delete' }).click()
	await expect(page.getByText('Measurement deleted successfully.')).toBeVisible()
	await expect(page.getByText('11 of 11', { exact: true })).toBeVisible()
	await expect(list.getByText('Front lawn')).toHaveCount(0)
})

test('invite and accept without JavaScript; Welcome redirects to /auth', async ({ page, context, makeUser, browser }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'growth' })
	const email = uniqueEmail('nojs')
	try {
		await signIn(context, admin.id)
		await page.goto('/dashboard')
		await page.getByRole('link', { name: 'Invite User' }).click()
		const dialog = page.getByRole('dialog', { name: 'Invite User' })
		await dialog.getByLabel('Email').fill(email)
		await dialog.getByLabel('First Name').fill('Nora')
		await dialog.getByRole('button', { name: 'Send Invitation' }).click()
		await expect(dialog.getByText('Last name is required')).toBeVisible()
		await expect(dialog.getByText('Role is required')).toBeVisible()
		await dialog.getByLabel('Last Name').fill('Nojs')
		await dialog.getByLabel('Role').selectOption('account_admin')
		await dialog.getByRole('button', { name: 'Send Invitation' }).click()
		await expect(page.getByText('Invitation sent!')).toBeVisible()
		await expect(page.getByRole('list', { name: 'Pending invitations' }).getByText(email)).toBeVisible()

		const link = await linkFromMail(email, /http:\/\/\S+\/accept-invite\?token=[\w-]+/)
		const guestContext = await browser.newContext({ javaScriptEnabled: false })
		const guest = await guestContext.newPage()
		await guest.goto(link)
		await guest.getByLabel('Password', { exact: true }).fill('nojs-password')
		await guest.getByLabel('Confirm Password').fill('')
		await guest.getByRole('button', { name: 'Accept Invitation' }).click()
		await expect(guest.getByText('Please confirm your password')).toBeVisible()
		await guest.getByLabel('Password', { exact: true }).fill('nojs-password')
		await guest.getByLabel('Confirm Password').fill('nojs-password')
		await guest.getByRole('button', { name: 'Accept Invitation' }).click()
		await expect(guest.getByRole('heading', { name: 'Welcome' })).toBeVisible()
		await expect(guest).toHaveURL(/\/auth\?email=/)
		await guestContext.close()
		expect(await db().user.findUniqueOrThrow({ where: { email } })).toMatchObject({ role: 'account_admin', organizationId: admin.organizationId, emailVerified: true })
	} finally {
		await db().user.deleteMany({ where: { email } })
	}
})
