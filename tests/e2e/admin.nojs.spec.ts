// /admin with JavaScript off: the tabs are links, dialogs and confirmations are
// pages of their own, every form posts to the route action, masquerade works.
import type { Page } from '@playwright/test'
import { makeStaff } from '../support/admin.ts'
import { db, expect, signIn, test } from '../support/fixtures.ts'

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })

test('tabs, a refused and an accepted coupon, a plan with features', async ({ page, context, makeUser }) => {
	const admin = await makeStaff(makeUser)
	await signIn(context, admin.id)
	await page.goto('/admin')
	await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Coupons' }).click()
	await page.getByRole('link', { name: 'Create Coupon' }).click()
	const code = `NOJS${Date.now().toString(36).toUpperCase()}`
	const create = dialog(page, 'Create Coupon')
	await create.getByLabel('Code').fill(code)
	await create.getByLabel('Name', { exact: true }).fill('No JS')
	await create.getByLabel('Discount type').selectOption('fixed_amount')
	await create.getByLabel('Discount value').fill('-3')
	await create.getByRole('button', { name: 'Create Coupon' }).click()
	await expect(create.getByText('A fixed discount must be a positive amount with at most 2 decimals')).toBeVisible()
	await expect(create.getByLabel('Code')).toHaveValue(code)
	await create.getByLabel('Discount value').fill('7.5')
	await create.getByLabel('Max uses').fill('3')
	await create.getByRole('button', { name: 'Create Coupon' }).click()
	const row = page.getByRole('row').filter({ hasText: code })
	await expect(row).toContainText('$7.50')
	await expect(row).toContainText('0 / 3')

	await page.goto('/admin?tab=plans&new=1')
	const id = `nojs-${Date.now().toString(36)}`
	const plan = dialog(page, 'Create Plan')
	await plan.getByLabel('Plan id').fill(id)
	await plan.getByLabel('Name').fill('No JS Plan')
	await plan.getByLabel('Team collaboration').check()
	await plan.getByLabel('Custom reports').check()
	await plan.getByRole('button', { name: 'Create Plan' }).click()
	await expect(page.getByRole('listitem', { name: 'No JS Plan' })).toContainText('Team collaboration')
	expect((await db().subscriptionTier.findUniqueOrThrow({ where: { id } })).features).toEqual(['team_collaboration', 'custom_reports'])
	await db().subscriptionTier.delete({ where: { id } })
	await db().couponCode.deleteMany({ where: { code } })
})

test('deactivate with confirmation; blog asks for the required fields', async ({ page, context, makeUser }) => {
	const admin = await makeStaff(makeUser)
	const customer = await makeUser()
	await signIn(context, admin.id)
	const org = customer.organization!
	await page.goto('/admin?tab=organizations')
	await page.getByRole('link', { name: `Deactivate ${org.name}` }).click()
	await dialog(page, 'Deactivate Organization').getByRole('button', { name: 'Deactivate' }).click()
	await expect(page.getByRole('row').filter({ hasText: org.name }).getByText('Deactivated', { exact: true })).toBeVisible()
	const row = await db().organization.findUniqueOrThrow({ where: { id: org.id } })
	expect(row.isDeactivated).toBe(true)
	expect(row.dataCleanupAt!.getTime() - row.deactivatedAt!.getTime()).toBe(30 * 86_400_000)

	await page.goto('/admin?tab=blog&new=1')
	const create = dialog(page, 'Create Post')
	await create.getByLabel('Title *').fill('Only a title')
	await create.getByRole('button', { name: 'Create Post' }).click()
	await expect(create.getByRole('alert')).toContainText('Please fill in all required fields')
	await expect(create.getByLabel('Title *')).toHaveValue('Only a title')
})

test('masquerade and return without JavaScript', async ({ page, context, makeUser }) => {
	const admin = await makeStaff(makeUser, ['canManageUsers'])
	const member = await makeUser({ firstName: 'Nora' })
	await signIn(context, admin.id)
	await page.goto(`/admin?tab=users&confirm=masquerade&id=${member.id}`)
	await dialog(page, 'Masquerade').getByRole('button', { name: 'Masquerade' }).click()
	await expect(page).toHaveURL(/\/measure/)
	await expect(page.getByText(`Masquerading as Nora User (${member.email})`)).toBeVisible()
	await page.getByRole('button', { name: 'Return to Admin Panel' }).click()
	await expect(page).toHaveURL(/\/admin/)
	await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible()
})
