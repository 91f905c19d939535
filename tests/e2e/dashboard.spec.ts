// /dashboard with JavaScript: usage, Recent Measurements, account card, Team
// Management and the invitation through the e-mail to the first sign-in.
import { db, expect, linkFromMail, signIn, test, TEST_PASSWORD, uniqueEmail } from '../support/fixtures.ts'
import { seedMeasurements } from './dashboard-helpers.ts'

test('a member sees usage, quick actions, the empty list and no team management', async ({ page, context, makeUser }) => {
	const user = await makeUser({ firstName: 'Mara', maxSearchesPerMonth: 50 })
	await db().user.update({ where: { id: user.id }, data: { searchesUsedThisMonth: 12 } })
	await signIn(context, user.id)
	await page.goto('/dashboard')
	await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
	await expect(page.getByText('Manage your property measurements')).toBeVisible()
	const searches = page.getByRole('region', { name: 'Monthly Searches' })
	await expect(searches.getByText('12 / 50')).toBeVisible()
	await expect(searches.getByText('38 searches remaining')).toBeVisible()
	await expect(searches.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '24')
	// the pro tier's reports are limited by the tier (250)
	await expect(page.getByRole('region', { name: 'Monthly Reports' }).getByText('250 reports remaining')).toBeVisible()

	await expect(page.getByRole('link', { name: 'Start Measuring' })).toHaveAttribute('href', '/measure')
	await expect(page.getByRole('main').getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute('href', '/settings')
	await expect(page.getByText('No measurements yet')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Start Your First Measurement' })).toHaveAttribute('href', '/measure')

	const account = page.getByRole('region', { name: 'Account' })
	await expect(account.getByText('Mara User')).toBeVisible()
	await expect(account.getByText(user.email)).toBeVisible()
	await expect(account.getByText('Member', { exact: true })).toBeVisible()
	await expect(page.getByRole('region', { name: 'Team Management' })).toHaveCount(0)
})

test('usage texts: no searches remaining; unlimited on the franchise tier', async ({ page, context, makeUser }) => {
	const user = await makeUser({ tierId: 'franchise', maxSearchesPerMonth: 3 })
	await db().user.update({ where: { id: user.id }, data: { searchesUsedThisMonth: 3 } })
	await signIn(context, user.id)
	await page.goto('/dashboard')
	const searches = page.getByRole('region', { name: 'Monthly Searches' })
	await expect(searches.getByText('3 / 3')).toBeVisible()
	await expect(searches.getByText('No searches remaining')).toBeVisible()
	const reports = page.getByRole('region', { name: 'Monthly Reports' })
	await expect(reports.getByText('0 / ∞')).toBeVisible()
	await expect(reports.getByText('Unlimited reports available')).toBeVisible()
})

test('a site admin is sent to /admin', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'site_admin' })
	await signIn(context, admin.id)
	await page.goto('/dashboard')
	await expect(page).toHaveURL(/\/admin$/)
})

test('Recent Measurements: badge, pages, search, sort, rename, view on map and delete', async ({ page, context, makeUser }) => {
	const user = await makeUser({ allowAiTraining: false })
	await seedMeasurements(user.organizationId!, 12, (i) => (i === 0 ? { label: null, address: '1 Elm Road, Austin, TX' } : {}))
	await signIn(context, user.id)
	await page.goto('/dashboard')
	const list = page.getByRole('list', { name: 'Measurements' })
	await expect(page.getByText('12 of 12', { exact: true })).toBeVisible()
	await expect(list.getByRole('listitem')).toHaveCount(10)
	await expect(page.getByText('Showing 1-10 of 12')).toBeVisible()
	// newest first
	await expect(list.getByRole('listitem').first()).toHaveAccessibleName('Lawn 12')
	await expect(list.getByRole('listitem').first().getByText('2,100 sq ft')).toBeVisible()
	await expect(list.getByRole('listitem').first().getByText('0.048 acres')).toBeVisible()
	await expect(list.getByRole('listitem').first().getByText('1 shape', { exact: true })).toBeVisible()
	await expect(list.getByRole('listitem').first().getByText('manual')).toBeVisible()

	await page.getByRole('link', { name: 'Next' }).click()
	await expect(page.getByText('Showing 11-12 of 12')).toBeVisible()
	await expect(page).toHaveURL(/page=2/)
	// the unlabelled one: 'Measurement' + first 8 characters of the id
	const unlabelled = await db().measurement.findFirstOrThrow({ where: { organizationId: user.organizationId!, label: null } })
	await expect(list.getByText(`Measurement ${unlabelled.id.slice(0, 8)}`)).toBeVisible()

	// search (case-insensitive, address or label) resets to page 1
	await page.getByRole('searchbox', { name: 'Search measurements' }).fill('ELM road')
	await expect(page.getByText('1 of 12', { exact: true })).toBeVisible()
	await expect(page).not.toHaveURL(/page=/)
	await expect(list.getByRole('listitem')).toHaveCount(1)
	await page.getByRole('searchbox', { name: 'Search measurements' }).fill('lawn 0')
	await expect(page.getByText('8 of 12', { exact: true })).toBeVisible()
	await page.getByRole('searchbox', { name: 'Search measurements' }).fill('nowhere at all')
	await expect(page.getByText('No measurements found')).toBeVisible()
	await expect(page.getByText('Try different search terms')).toBeVisible()
	await page.getByRole('searchbox', { name: 'Search measurements' }).fill('')
	await expect(page.getByText('12 of 12', { exact: true })).toBeVisible()

	await page.getByLabel('Sort measurements').selectOption({ label: 'Smallest Area' })
	await expect(page).toHaveURL(/sort=smallest/)
	await expect(list.getByRole('listitem').first().getByText('1,000 sq ft')).toBeVisible()
	await page.getByLabel('Sort measurements').selectOption({ label: 'Name A-Z' })
	await expect(list.getByRole('listitem').first()).toHaveAccessibleName('Lawn 02')

	// inline rename: empty refused, Enter saves
	await list.getByRole('link', { name: 'Rename Lawn 02' }).click()
	await list.getByLabel('Measurement name').fill('   ')
	await list.getByLabel('Measurement name').press('Enter')
	await expect(list.getByText('Label cannot be empty')).toBeVisible()
	await list.getByLabel('Measurement name').fill('Back yard')
	await list.getByLabel('Measurement name').press('Enter')
	await expect(list.getByText('Back yard')).toBeVisible()
	await expect(page).toHaveURL(/sort=name/)
	await list.getByRole('link', { name: 'Rename Back yard' }).click()
	await list.getByRole('link', { name: 'Cancel rename' }).click()
	await expect(list.getByLabel('Measurement name')).toHaveCount(0)

	const lawn03 = await db().measurement.findFirstOrThrow({ where: { organizationId: user.organizationId!, label: 'Lawn 03' } })
	const first = (lawn03.shapes as { coordinates: { lat: number; lng: number }[] }[])[0]!.coordinates[0]!
	const href = await page.getByRole('link', { name: 'View Lawn 03 on map' }).getAttribute('href')
	const url = new URL(href!, 'http://x')
	expect(url.pathname).toBe('/measure')
	expect(Object.fromEntries(url.searchParams)).toEqual({ id: lawn03.id, lat: String(first.lat), lng: String(first.lng), address: '102 Oak St, Austin, TX 78701' })

	await list.getByRole('link', { name: 'Delete Back yard' }).click()
	const dialog = page.getByRole('dialog', { name: 'Delete Back yard?' })
	await expect(dialog.getByText('This measurement will be permanently deleted. This action cannot be undone.')).toBeVisible()
	await dialog.getByRole('button', { name: 'Delete' }).click()
	await expect(page.getByText('11 of 11', { exact: true })).toBeVisible()
	await expect(list.getByText('Back yard')).toHaveCount(0)
})

test('AI Training badge and the thank-you dialog once per session when the organization allows training', async ({ page, context, makeUser }) => {
	const user = await makeUser({ allowAiTraining: true })
	await seedMeasurements(user.organizationId!, 2, (i) => ({ is_training_data: i === 0 ? 'true' : 'false', measurement_type: i === 0 ? 'ai' : 'manual' }))
	await signIn(context, user.id)
	await page.goto('/dashboard')
	const list = page.getByRole('list', { name: 'Measurements' })
	await expect(list.getByRole('listitem', { name: 'Lawn 01' }).getByText('AI Training')).toBeVisible()
	await expect(list.getByRole('listitem', { name: 'Lawn 02' }).getByText('AI Training')).toHaveCount(0)
	const thanks = page.getByRole('dialog', { name: 'Thank You for Contributing!' })
	await expect(thanks).toBeVisible()
	await expect(thanks.getByText(/Organization Settings/)).toBeVisible()
	await thanks.getByRole('button', { name: 'Got it, thanks!' }).click()
	await expect(thanks).toHaveCount(0)
	await page.reload()
	await expect(page.getByText('2 of 2', { exact: true })).toBeVisible()
	await page.waitForTimeout(2000)
	await expect(thanks).toHaveCount(0)
})

test('Change Password: wrong current password, then success with the spec toast', async ({ page, context, makeUser }) => {
	const user = await makeUser()
	await signIn(context, user.id)
	await page.goto('/dashboard')
	await page.getByRole('link', { name: 'Change Password' }).click()
	const dialog = page.getByRole('dialog', { name: 'Change Password' })
	await dialog.getByLabel('Current Password').fill('wrong-password')
	await dialog.getByLabel('New Password', { exact: true }).fill('short')
	await dialog.getByLabel('Confirm New Password').fill('other')
	await dialog.getByRole('button', { name: 'Change Password' }).click()
	await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible()
	await expect(dialog.getByText("Passwords don't match")).toBeVisible()
	await dialog.getByLabel('New Password', { exact: true }).fill('brand-new-password')
	await dialog.getByLabel('Confirm New Password').fill('brand-new-password')
	await dialog.getByRole('button', { name: 'Change Password' }).click()
	await expect(dialog.getByText('Current password is incorrect')).toBeVisible()
	await expect(page.getByText('Failed to change password')).toBeVisible()

	await dialog.getByLabel('Current Password').fill(TEST_PASSWORD)
	await dialog.getByLabel('New Password', { exact: true }).fill('brand-new-password')
	await dialog.getByLabel('Confirm New Password').fill('brand-new-password')
	await dialog.getByRole('button', { name: 'Change Password' }).click()
	await expect(page.getByText('Password changed successfully')).toBeVisible()
	await expect(page.getByText('You can now use your new password to log in.')).toBeVisible()
	await expect(dialog).toHaveCount(0)
	// still signed in here
	await page.reload()
	await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
})

test('team: invite through the e-mail, accept, sign in; edit, reset, remove and cancel', async ({ page, context, makeUser, browser }) => {
	// a whole journey (two browsers, e-mails, two password hashes, five actions): 24 s of the default 30 s on a busy machine
	test.slow()
	const admin = await makeUser({ role: 'account_admin', tierId: 'growth', firstName: 'Olga' })
	const email = uniqueEmail('crew')
	try {
		await signIn(context, admin.id)
		await page.goto('/dashboard')
		const team = page.getByRole('region', { name: 'Team Management' })
		await expect(team.getByRole('listitem', { name: 'Olga User' })).toBeVisible()
		// no remove button on one's own row
		await expect(team.getByRole('button', { name: 'Remove Olga User' })).toHaveCount(0)

		await team.getByRole('link', { name: 'Invite User' }).click()
		const dialog = page.getByRole('dialog', { name: 'Invite User' })
		await dialog.getByRole('button', { name: 'Send Invitation' }).click()
		await expect(dialog.getByText('Please enter a valid email address')).toBeVisible()
		await expect(dialog.getByText('First name is required')).toBeVisible()
		await expect(dialog.getByText('Last name is required')).toBeVisible()
		await expect(dialog.getByText('Role is required')).toBeVisible()
		// an e-mail that already has an account: the spec's failure toast and the reason
		await dialog.getByLabel('Email').fill(admin.email)
		await dialog.getByLabel('First Name').fill('Cory')
		await dialog.getByLabel('Last Name').fill('Crew')
		await dialog.getByLabel('Role').selectOption('member')
		await dialog.getByRole('button', { name: 'Send Invitation' }).click()
		await expect(page.getByText('Failed to send invitation')).toBeVisible()
		await expect(dialog.getByText('A user with this email already exists.')).toBeVisible()
		await dialog.getByLabel('Email').fill(email)
		await dialog.getByLabel('First Name').fill('Cory')
		await dialog.getByLabel('Last Name').fill('Crew')
		await dialog.getByLabel('Role').selectOption('member')
		await dialog.getByRole('button', { name: 'Send Invitation' }).click()
		await expect(page.getByText('Invitation sent!')).toBeVisible()
		await expect(page.getByText('The user will receive an email invitation.')).toBeVisible()
		await expect(team.getByRole('list', { name: 'Pending invitations' }).getByText(email)).toBeVisible()

		// the invitee follows the e-mailed link in a fresh browser
		const link = await linkFromMail(email, /http:\/\/\S+\/accept-invite\?token=[\w-]+/)
		const invitee = await browser.newContext()
		const guest = await invitee.newPage()
		await guest.goto(link)
		await guest.getByLabel('Password', { exact: true }).fill('crew-password-1')
		await guest.getByLabel('Confirm Password').fill('crew-password-2')
		await guest.getByRole('button', { name: 'Accept Invitation' }).click()
		await expect(guest.getByText("Passwords don't match")).toBeVisible()
		await guest.getByLabel('Confirm Password').fill('crew-password-1')
		await guest.getByRole('button', { name: 'Accept Invitation' }).click()
		await expect(guest.getByRole('heading', { name: 'Welcome' })).toBeVisible()
		await expect(guest).toHaveURL(/\/auth\?email=/)
		await guest.getByLabel('Password').fill('crew-password-1')
		await guest.getByRole('button', { name: 'Sign In', exact: true }).click()
		await expect(guest).toHaveURL(/\/measure$/)
		// the link is used now
		await guest.goto(link)
		await expect(guest.getByRole('heading', { name: 'Invalid Invitation' })).toBeVisible()
		await invitee.close()

		await page.reload()
		await expect(team.getByRole('listitem', { name: 'Cory Crew' })).toBeVisible()
		await expect(team.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0)

		await team.getByRole('link', { name: 'Edit Cory Crew' }).click()
		const edit = page.getByRole('dialog', { name: 'Edit User' })
		await edit.getByLabel('Monthly Search Limit').fill('10001')
		await edit.getByLabel('Email').fill('not-an-email')
		await edit.getByRole('button', { name: 'Save Changes' }).click()
		await expect(edit.getByText('Cannot exceed 10,000')).toBeVisible()
		await expect(edit.getByText('Invalid email address')).toBeVisible()
		await edit.getByLabel('Email').fill(email)
		await edit.getByLabel('Monthly Search Limit').fill('75')
		await edit.getByLabel('First Name').fill('Corin')
		await edit.getByRole('button', { name: 'Save Changes' }).click()
		await expect(page.getByText('User updated')).toBeVisible()
		await expect(team.getByRole('listitem', { name: 'Corin Crew' }).getByText('0 / 75 searches')).toBeVisible()

		await team.getByRole('button', { name: 'Reset password for Corin Crew' }).click()
		await expect(page.getByText('Password reset sent')).toBeVisible()
		await linkFromMail(email, /http:\/\/\S+\/auth\?token=[\w-]+/)

		await team.getByRole('button', { name: 'Remove Corin Crew' }).click()
		await expect(page.getByText('User removed from organization')).toBeVisible()
		await expect(team.getByRole('listitem', { name: 'Corin Crew' })).toHaveCount(0)
	} finally {
		await db().user.deleteMany({ where: { email } })
	}
})

test('team list shows 3 members and 2 invitations, then "+N more"; cancel an invitation', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'growth' })
	for (let i = 0; i < 3; i++) await makeUser({ organizationId: admin.organizationId! })
	for (let i = 0; i < 3; i++) {
		await db().userInvitation.create({
			data: {
				email: `pending-${i}-${admin.id}@example.com`,
				organizationId: admin.organizationId!,
				inviteToken: `test-${i}-${admin.id}`,
				expiresAt: new Date(Date.now() + 86_400_000),
				createdAt: new Date(Date.now() - i * 1000),
			},
		})
	}
	await signIn(context, admin.id)
	await page.goto('/dashboard')
	const team = page.getByRole('region', { name: 'Team Management' })
	await expect(team.getByRole('list', { name: 'Team members' }).getByRole('listitem')).toHaveCount(3)
	await expect(team.getByText('+1 more users')).toBeVisible()
	await expect(team.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')).toHaveCount(2)
	await expect(team.getByText('+1 more invitations')).toBeVisible()
	await team.getByRole('button', { name: `Cancel invitation for pending-0-${admin.id}@example.com` }).click()
	await expect(page.getByText('Invitation cancelled')).toBeVisible()
	await expect(team.getByText('+1 more invitations')).toHaveCount(0)
	await expect(team.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')).toHaveCount(2)
	await team.getByText('+1 more users').click()
	await expect(team.getByRole('list', { name: 'Team members' }).getByRole('listitem')).toHaveCount(4)
})

test('/accept-invite without or with a bad token shows Invalid Invitation', async ({ page }) => {
	for (const url of ['/accept-invite', '/accept-invite?token=nope']) {
		await page.goto(url)
		await expect(page.getByRole('heading', { name: 'Invalid Invitation' })).toBeVisible()
		await expect(page.getByText('This invitation link is invalid or missing a token.')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/')
	}
})
