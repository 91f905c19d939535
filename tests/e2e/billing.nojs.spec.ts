// Billing without JavaScript: the Manage Subscription dialog (plan links, the
// coupon GET form, the update form), /billing's dialogs and the free checkout.
import { randomBytes } from 'node:crypto'
import type { Locator } from '@playwright/test'
import { db, expect, mailsTo, signIn, test } from '../support/fixtures.ts'
import { smallPng } from '../support/two-factor.ts'

test('upgrade with a coupon without JavaScript', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'starter' })
	const coupon = await db().couponCode.create({ data: { code: `NOJS${randomBytes(3).toString('hex').toUpperCase()}`, name: 'No Script', discountType: 'fixed_amount', discountValue: '3', maxUses: 5 } })
	await signIn(context, admin.id)
	await page.goto('/dashboard')
	await page.getByRole('region', { name: 'Subscription' }).getByRole('link', { name: 'View Plans' }).click()
	const dialog = page.getByRole('dialog', { name: 'Manage Subscription' })
	await dialog.getByRole('button', { name: 'Apply' }).click()
	await expect(dialog.getByText('Please enter a coupon code')).toBeVisible()
	await dialog.getByLabel('Coupon code').fill('WRONG-CODE')
	await dialog.getByRole('button', { name: 'Apply' }).click()
	await expect(dialog.getByText('Invalid coupon code')).toBeVisible()
	await dialog.getByTestId('plan-pro').click()
	await dialog.getByLabel('Coupon code').fill(coupon.code)
	await dialog.getByRole('button', { name: 'Apply' }).click()
	await expect(dialog.getByTestId('applied-coupon')).toContainText('No Script — $3.00 off')
	await expect(dialog.getByTestId('pricing-breakdown')).toContainText('Total due today')
	await dialog.getByRole('button', { name: 'Update Subscription' }).click()
	await expect(page.getByText('Upgraded!', { exact: true })).toBeVisible()
	await expect(page.getByRole('region', { name: 'Subscription' }).getByTestId('subscription-plan')).toHaveText('Pro')
	expect((await db().couponCode.findUniqueOrThrow({ where: { id: coupon.id } })).usedCount).toBe(1)
})

test('/billing support message with an image and cancellation without JavaScript', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	await signIn(context, admin.id)
	await page.goto('/billing')
	await page.getByRole('link', { name: 'Contact Billing Support' }).click()
	const subject = `No script ${randomBytes(3).toString('hex')}`
	const dialog = page.getByRole('dialog', { name: 'Contact Billing Support' })
	await dialog.getByLabel('Subject').fill(subject)
	await dialog.getByLabel('Message').fill('Sent without JavaScript.')
	await dialog.getByLabel('Attachments').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: await smallPng() })
	await dialog.getByRole('button', { name: 'Send Message' }).click()
	await expect(page.getByText('Message Sent', { exact: true })).toBeVisible()
	await expect.poll(async () => (await mailsTo('billing@yardstick.local')).some((m) => m.subject.includes(subject)), { timeout: 10_000 }).toBe(true)

	await page.getByRole('link', { name: 'Cancel Subscription' }).click()
	await page.getByRole('dialog', { name: 'Cancel Subscription' }).getByRole('button', { name: 'Cancel Subscription' }).click()
	await expect(page.getByText('Subscription Cancelled', { exact: true })).toBeVisible()
	expect((await db().organization.findUniqueOrThrow({ where: { id: admin.organization!.id } })).subscriptionStatus).toBe('cancelled')
})

async function addCard(dialog: Locator, cardNumber: string, month: string) {
	await dialog.getByLabel('Cardholder Name').fill('Pat Admin')
	await dialog.getByLabel('Card Number').fill(cardNumber)
	await dialog.getByLabel('Month (MM)').fill(month)
	await dialog.getByLabel('Year (YY)').fill('39')
	await dialog.getByLabel('CVV').fill('123')
	await dialog.getByRole('button', { name: 'Add Card' }).click()
}

test('/billing Add Card without JavaScript: field errors, a declined card, then the card pays the open invoice', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'pro' })
	const organizationId = admin.organization!.id
	const open = await db().invoice.create({
		data: {
			invoiceNumber: `INV-NOCARD-${randomBytes(3).toString('hex')}`,
			organizationId,
			billingPeriodStart: new Date('2026-10-01T00:00:00Z'),
			billingPeriodEnd: new Date('2026-11-01T00:00:00Z'),
			subtotalAmount: '49.99',
			totalAmount: '49.99',
			status: 'pending',
			notes: 'No payment method on file',
			subscriptionTierName: 'Pro',
		},
	})
	await signIn(context, admin.id)
	await page.goto('/billing')
	await expect(page.getByText('No payment methods on file.')).toBeVisible()
	await page.getByRole('link', { name: 'Add Card' }).click()
	let dialog = page.getByRole('dialog', { name: 'Add Card' })
	await addCard(dialog, '4242 4242 4242', '13')
	dialog = page.getByRole('dialog', { name: 'Add Card' })
	await expect(dialog.getByText('Please enter a valid 16-digit card number')).toBeVisible()
	await expect(dialog.getByText('Please enter a valid month (01-12)')).toBeVisible()

	await addCard(dialog, '4000 0000 0000 0002', '12')
	dialog = page.getByRole('dialog', { name: 'Add Card' })
	await expect(dialog.getByText('Your card was declined.')).toBeVisible()
	expect(await db().paymentMethod.count({ where: { organizationId } })).toBe(0)

	await addCard(dialog, '4242 4242 4242 4242', '12')
	await expect(page.getByText('Card Added', { exact: true })).toBeVisible()
	await expect(page.getByText(`Visa •••• 4242 is now your default card. Paid: ${open.invoiceNumber} ($49.99).`)).toBeVisible()
	await expect(page.getByRole('region', { name: 'Payment Methods' }).getByText('Visa •••• 4242')).toBeVisible()
	expect((await db().invoice.findUniqueOrThrow({ where: { id: open.id } })).status).toBe('paid')
})

test('free checkout without JavaScript', async ({ page }) => {
	const email = `nojs-${randomBytes(5).toString('hex')}@example.com`
	await page.goto('/checkout/trial')
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByText('First name is required')).toBeVisible()
	await expect(page.getByText('You must accept the terms of service')).toBeVisible()
	await page.getByLabel('First Name').fill('Nora')
	await page.getByLabel('Last Name').fill('Script')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill('a-long-enough-password')
	await page.getByLabel('Phone').fill('5125550100')
	await page.getByLabel('Address').fill('1 Main St')
	await page.getByLabel('City').fill('Austin')
	await page.getByLabel('State').fill('TX')
	await page.getByLabel('ZIP Code').fill('78701')
	await page.getByRole('checkbox', { name: /I accept the/ }).check()
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible()
	const user = await db().user.findUniqueOrThrow({ where: { email }, include: { organization: true } })
	expect(user.organization!.subscriptionTierId).toBe('trial')
})
