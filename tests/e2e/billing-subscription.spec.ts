// The dashboard's Subscription card and Manage Subscription dialog with
// JavaScript: an upgrade with a coupon, a scheduled downgrade, coupon errors.
import { randomBytes } from 'node:crypto'
import { db, expect, signIn, test } from '../support/fixtures.ts'

const DAY = 86_400_000

async function coupon(data: { discountType: string; discountValue: string; maxUses?: number; eligibleTierIds?: string[]; validUntil?: Date }) {
	return db().couponCode.create({
		data: { code: `SAVE${randomBytes(3).toString('hex').toUpperCase()}`, name: 'Spring Sale', maxUses: data.maxUses ?? 10, validUntil: data.validUntil ?? new Date(Date.now() + 20 * DAY), ...data },
	})
}

test('an account admin upgrades with a coupon: breakdown, Coupon Applied!, Upgraded!', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'starter' })
	await db().organization.update({ where: { id: admin.organization!.id }, data: { currentPeriodEnd: new Date(Date.now() + 14 * DAY + 3_600_000) } })
	const c = await coupon({ discountType: 'percentage', discountValue: '50', eligibleTierIds: ['pro'] })
	await signIn(context, admin.id)
	await page.goto('/dashboard')

	const card = page.getByRole('region', { name: 'Subscription' })
	await expect(card.getByTestId('subscription-plan')).toHaveText('Starter')
	await expect(card.getByText('$29.99/month')).toBeVisible()
	await expect(card.getByText('Active')).toBeVisible()
	await expect(card.getByRole('link', { name: 'Manage Billing' })).toHaveAttribute('href', '/billing')
	await expect(page.getByRole('region', { name: 'Ready to Upgrade?' })).toHaveCount(0)
	await card.getByRole('link', { name: 'View Plans' }).click()

	const dialog = page.getByRole('dialog', { name: 'Manage Subscription' })
	await expect(dialog.getByText('Current', { exact: true })).toBeVisible()
	// hidden plans (free, trial?, franchise) are not offered
	await expect(dialog.getByTestId('plan-franchise')).toHaveCount(0)
	await expect(dialog.getByTestId('plan-free')).toHaveCount(0)
	await expect(dialog.getByRole('button', { name: 'Update Subscription' })).toBeDisabled()

	// empty and unknown codes
	await dialog.getByRole('button', { name: 'Apply' }).click({ force: true })
	await expect(dialog.getByText('Please enter a coupon code')).toBeVisible()
	await dialog.getByLabel('Coupon code').fill('NOT-A-REAL-CODE')
	await dialog.getByRole('button', { name: 'Apply' }).click()
	await expect(dialog.getByText('Invalid coupon code')).toBeVisible()

	await dialog.getByTestId('plan-pro').click()
	await expect(dialog.getByTestId('pricing-breakdown')).toContainText('Pro-rated charge (15 days remaining)')
	// (49.99 − 29.99) × 15 / 30
	await expect(dialog.getByTestId('pricing-breakdown')).toContainText('$10.00')

	await dialog.getByLabel('Coupon code').fill(c.code.toLowerCase())
	await dialog.getByRole('button', { name: 'Apply' }).click()
	await expect(page.getByText('Coupon Applied!', { exact: true })).toBeVisible()
	await expect(dialog.getByTestId('applied-coupon')).toContainText('Spring Sale — 50% off')
	await expect(dialog.getByTestId('applied-coupon')).toContainText('Uses: 0/10')
	await expect(dialog.getByLabel('Coupon code')).toHaveAttribute('readonly', '')
	await expect(dialog.getByTestId('pricing-breakdown')).toContainText('Coupon discount')
	await expect(dialog.getByTestId('pricing-breakdown')).toContainText('-$5.00')
	await expect(dialog.getByTestId('pricing-breakdown').getByText('Total due today')).toBeVisible()
	await expect(dialog.getByTestId('plan-pro')).toContainText('$24.99') // discounted card price

	await dialog.getByRole('button', { name: 'Update Subscription' }).click()
	await expect(page.getByText('Upgraded!', { exact: true })).toBeVisible()
	await expect(page.getByText('Subscription upgraded successfully! Changes are effective immediately.')).toBeVisible()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(card.getByTestId('subscription-plan')).toHaveText('Pro')
	await expect(card.getByText(`Coupon ${c.code}: 50% off`)).toBeVisible()
	expect((await db().couponCode.findUniqueOrThrow({ where: { id: c.id } })).usedCount).toBe(1)
})

test('a downgrade is scheduled for the period end; coupons can be removed', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'pro' })
	const end = new Date('2031-06-15T12:00:00Z')
	await db().organization.update({ where: { id: admin.organization!.id }, data: { currentPeriodEnd: end } })
	const c = await coupon({ discountType: 'fixed_amount', discountValue: '5' })
	await signIn(context, admin.id)
	await page.goto('/dashboard?dialog=plans')
	const dialog = page.getByRole('dialog', { name: 'Manage Subscription' })
	await dialog.getByLabel('Coupon code').fill(c.code)
	await dialog.getByRole('button', { name: 'Apply' }).click()
	await expect(dialog.getByTestId('applied-coupon')).toBeVisible()
	await dialog.getByRole('link', { name: 'Remove' }).click()
	await expect(dialog.getByTestId('applied-coupon')).toHaveCount(0)
	await expect(dialog.getByLabel('Coupon code')).toHaveValue('')
	await expect(dialog.getByLabel('Coupon code')).not.toHaveAttribute('readonly', '')

	await dialog.getByTestId('plan-starter').click()
	await expect(dialog.getByTestId('pricing-breakdown')).toContainText('Your plan changes on June 15, 2031')
	await dialog.getByRole('button', { name: 'Update Subscription' }).click()
	await expect(page.getByText('Downgrade Scheduled', { exact: true })).toBeVisible()
	await expect(page.getByText('Your plan will change to Starter on June 15, 2031.')).toBeVisible()
	await expect(page.getByRole('region', { name: 'Subscription' }).getByTestId('subscription-plan')).toHaveText('Pro')
	const org = await db().organization.findUniqueOrThrow({ where: { id: admin.organization!.id } })
	expect(org.scheduledSubscriptionTierId).toBe('starter')
	expect((await db().couponCode.findUniqueOrThrow({ where: { id: c.id } })).usedCount).toBe(0)
})

test('free plan: Ready to Upgrade?; members see no subscription card', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'free' })
	await signIn(context, admin.id)
	await page.goto('/dashboard')
	const ready = page.getByRole('region', { name: 'Ready to Upgrade?' })
	await expect(ready).toBeVisible()
	await expect(page.getByRole('region', { name: 'Subscription' }).getByText('Free', { exact: true })).toHaveCount(2) // the plan named Free, price Free
	await ready.getByRole('link', { name: 'View Plans' }).click()
	await expect(page.getByRole('dialog', { name: 'Manage Subscription' }).getByTestId('plan-pro')).toContainText('$49.99')

	const member = await makeUser({ role: 'member', organizationId: admin.organization!.id })
	await context.clearCookies()
	await signIn(context, member.id)
	await page.goto('/dashboard')
	await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
	await expect(page.getByRole('region', { name: 'Subscription' })).toHaveCount(0)
})

test('a coupon used up meanwhile: Update Failed with the reason, nothing changes', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'starter' })
	const c = await coupon({ discountType: 'percentage', discountValue: '20', maxUses: 1 })
	await signIn(context, admin.id)
	await page.goto(`/dashboard?dialog=plans&plan=pro&coupon=${c.code}`)
	const dialog = page.getByRole('dialog', { name: 'Manage Subscription' })
	await expect(dialog.getByTestId('applied-coupon')).toContainText('Uses: 0/1')
	await db().couponCode.update({ where: { id: c.id }, data: { usedCount: 1 } })
	await dialog.getByRole('button', { name: 'Update Subscription' }).click()
	await expect(page.getByText('Update Failed', { exact: true })).toBeVisible()
	await expect(page.getByText('This coupon has reached its maximum number of uses').first()).toBeVisible()
	expect((await db().organization.findUniqueOrThrow({ where: { id: admin.organization!.id } })).subscriptionTierId).toBe('starter')
})
