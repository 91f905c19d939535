// Upgrades in Stripe mode without JavaScript (issue 30): Update Subscription is
// a plain form; a charge the bank wants confirmed redirects to the bank's page
// and back to /billing, and only then is the plan Pro.
import { CARDS } from '../support/stripe-server.ts'
import { addCardOnStripe, useStripeApp, type StripeApp } from '../support/stripe-app.ts'
import { db, expect, signIn, test } from '../support/fixtures.ts'

let stripe: StripeApp
useStripeApp((app) => (stripe = app))

test("without JavaScript: an upgrade confirmed on the bank's page changes the plan only then", async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'starter' })
	const organizationId = admin.organization!.id
	await db().organization.update({ where: { id: organizationId }, data: { currentPeriodEnd: new Date(Date.now() + 14 * 86_400_000 + 3_600_000) } })
	await signIn(context, admin.id)
	await addCardOnStripe(page, expect, stripe.app.baseURL, CARDS.authenticationRequired)

	await page.goto(`${stripe.app.baseURL}/dashboard?dialog=plans&plan=pro`)
	await page.getByRole('dialog', { name: 'Manage Subscription' }).getByRole('button', { name: 'Update Subscription' }).click()
	await expect(page.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible()
	expect((await db().organization.findUniqueOrThrow({ where: { id: organizationId } })).subscriptionTierId).toBe('starter')
	await page.getByRole('button', { name: 'Complete authentication' }).click()
	await expect(page.getByText('Payment Confirmed', { exact: true })).toBeVisible()
	await expect(page.getByText('Thank you: the invoice is paid. Your plan is now Pro.')).toBeVisible()
	await expect(page.getByTestId('billing-plan')).toHaveText('Pro')
	expect((await db().organization.findUniqueOrThrow({ where: { id: organizationId } })).subscriptionTierId).toBe('pro')
})
