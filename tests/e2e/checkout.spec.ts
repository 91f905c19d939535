// /checkout/{planId} with JavaScript: Plan Not Found, the free sign-up through
// e-mail verification, a paid checkout with the test card, a declined card.
import { randomBytes } from 'node:crypto'
import { type Page } from '@playwright/test'
import { db, expect, linkFromMail, test } from '../support/fixtures.ts'

const email = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.com`

async function fillCustomer(page: Page, address: string, who: { email: string }) {
	await page.getByLabel('First Name').fill('Casey')
	await page.getByLabel('Last Name').fill('Checkout')
	await page.getByLabel('Company Name (optional)').fill('Casey Lawns')
	await page.getByLabel('Email').fill(who.email)
	await page.getByLabel('Password').fill('a-long-enough-password')
	await page.getByLabel('Phone').fill('512-555-0100')
	await page.getByLabel('Address').fill(address)
	// US address autocomplete fills address, city, state and ZIP
	await page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('button').first().click()
	await expect(page.getByLabel('City')).toHaveValue('Austin')
	await expect(page.getByLabel('State')).toHaveValue('TX')
	await expect(page.getByLabel('ZIP Code')).toHaveValue('78701')
	await expect(page.getByLabel('Address')).toHaveValue('500 Congress Ave')
}

async function agreeToTerms(page: Page) {
	await page.getByRole('link', { name: 'Terms of Service' }).click()
	const modal = page.getByRole('dialog', { name: 'Terms of Service' })
	await expect(modal.getByRole('button', { name: 'Decline' })).toBeVisible()
	await modal.getByRole('button', { name: 'I Agree to Terms' }).click()
	await expect(page.getByRole('checkbox', { name: /I accept the/ })).toBeChecked()
}

test('an unknown plan shows Plan Not Found', async ({ page }) => {
	const res = await page.goto('/checkout/no-such-plan')
	expect(res!.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Plan Not Found' })).toBeVisible()
	await expect(page.getByText('The selected plan could not be found.')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
})

test('free founding-member checkout: sign-up, Verify Email, then the link verifies the account', async ({ page }) => {
	const who = { email: email('beta') }
	await page.goto('/checkout/BETA')
	await expect(page.getByTestId('summary-plan')).toHaveText('Founding Member Access')
	await expect(page.getByTestId('summary-total')).toHaveText('Free')
	await expect(page.getByRole('list', { name: 'Checkout steps' })).toContainText('Verify Email')
	await fillCustomer(page, '500 Congress Ave, Austin, TX 78701', who)
	// submit stays disabled until the terms are accepted
	await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled()
	await agreeToTerms(page)
	await expect(page.getByText('Security check complete')).toBeVisible({ timeout: 15_000 })
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible()
	await expect(page.getByText(`We sent a verification link to ${who.email}`)).toBeVisible()
	await expect(page.getByRole('link', { name: 'Start Measuring' })).toHaveAttribute('href', '/measure')
	await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard')

	const user = await db().user.findUniqueOrThrow({ where: { email: who.email }, include: { organization: true } })
	expect([user.emailVerified, user.role, user.organization!.subscriptionTierId, user.organization!.name]).toEqual([false, 'account_admin', 'beta-plan', 'Casey Lawns'])
	const link = await linkFromMail(who.email, /https?:\/\/\S+verify-email\?token=\S+/)
	await page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
	await expect.poll(async () => (await db().user.findUniqueOrThrow({ where: { email: who.email } })).emailVerified).toBe(true)
})

test('paid checkout with the test card: card grouped in fours, validation, account ready, card on file, first invoice', async ({ page }) => {
	const who = { email: email('pro') }
	await page.goto('/checkout/pro')
	await expect(page.getByTestId('summary-total')).toHaveText('$49.99')
	await fillCustomer(page, '500 Congress Ave, Austin, TX 78701', who)
	await agreeToTerms(page)
	await expect(page.getByText('Security check complete')).toBeVisible({ timeout: 15_000 })
	await page.getByRole('button', { name: 'Continue to Payment' }).click()
	await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible()

	await page.getByLabel('Card Number').fill('4242424242424242')
	await expect(page.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242')
	await page.getByLabel('Expiry Month (MM)').fill('13')
	await page.getByLabel('Expiry Year (YY)').fill('3')
	await page.getByLabel('CVV').fill('12')
	await expect(page.getByText('Security check complete')).toBeVisible({ timeout: 15_000 })
	await page.getByRole('button', { name: 'Complete Purchase' }).click()
	await expect(page.getByText('Please enter a valid month (01-12)')).toBeVisible()
	await expect(page.getByText('Please enter a valid year (YY)')).toBeVisible()
	await expect(page.getByText('Please enter a valid 3 or 4 digit security code')).toBeVisible()
	await expect(page.getByText('Cardholder name is required')).toBeVisible()
	expect(await db().user.count({ where: { email: who.email } })).toBe(0)

	await page.getByLabel('Card Number').fill('4242 4242 4242 4242')
	await page.getByLabel('Expiry Month (MM)').fill('12')
	await page.getByLabel('Expiry Year (YY)').fill('39')
	await page.getByLabel('CVV').fill('123')
	await page.getByLabel('Cardholder Name').fill('Casey Checkout')
	await expect(page.getByText('Security check complete')).toBeVisible({ timeout: 15_000 })
	await page.getByRole('button', { name: 'Complete Purchase' }).click()
	await expect(page.getByRole('heading', { name: 'Your Account Is Ready' })).toBeVisible()

	const user = await db().user.findUniqueOrThrow({ where: { email: who.email }, include: { organization: { include: { paymentMethods: true, invoices: true } } } })
	const org = user.organization!
	expect(org.subscriptionTierId).toBe('pro')
	expect(org.paymentMethods.map((p) => [p.brand, p.last4, p.expiryMonth, p.expiryYear])).toEqual([['Visa', '4242', 12, 2039]])
	expect(JSON.stringify(org.paymentMethods)).not.toContain('4242424242424242')
	expect(org.invoices.map((i) => [i.status, i.totalAmount.toFixed(2)])).toEqual([['paid', '49.99']])
})

test('a declined card shows the reason and creates no account', async ({ page }) => {
	const who = { email: email('declined') }
	await page.goto('/checkout/starter')
	await fillCustomer(page, '500 Congress Ave, Austin, TX 78701', who)
	await page.getByRole('checkbox', { name: /I accept the/ }).check()
	await expect(page.getByText('Security check complete')).toBeVisible({ timeout: 15_000 })
	await page.getByRole('button', { name: 'Continue to Payment' }).click()
	await page.getByLabel('Card Number').fill('4000000000000002')
	await page.getByLabel('Expiry Month (MM)').fill('11')
	await page.getByLabel('Expiry Year (YY)').fill('38')
	await page.getByLabel('CVV').fill('321')
	await page.getByLabel('Cardholder Name').fill('Casey Checkout')
	await expect(page.getByText('Security check complete')).toBeVisible({ timeout: 15_000 })
	await page.getByRole('button', { name: 'Complete Purchase' }).click()
	await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
	expect(await db().user.count({ where: { email: who.email } })).toBe(0)
	// Back returns to the customer step with the details kept
	await page.getByRole('button', { name: 'Back' }).click()
	await expect(page.getByLabel('Email')).toHaveValue(who.email)
})
