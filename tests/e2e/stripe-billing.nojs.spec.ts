// Stripe mode on /billing without JavaScript (issue 30): Add Card and Confirm
// payment are plain forms whose replies redirect to Stripe's hosted pages and
// back, so both work with scripts off.
import { CARDS } from '../support/stripe-server.ts'
import { addCardOnStripe, openInvoice, useStripeApp, type StripeApp } from '../support/stripe-app.ts'
import { db, expect, signIn, test } from '../support/fixtures.ts'

let stripe: StripeApp
useStripeApp((app) => (stripe = app))

test('without JavaScript: a card saved on Stripe, then a payment confirmed with the bank', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const invoice = await openInvoice(admin.organization!.id, '19.00')
	await signIn(context, admin.id)
	await addCardOnStripe(page, expect, stripe.app.baseURL, CARDS.authenticationRequired)
	await expect(page.getByText('Card Added', { exact: true })).toBeVisible()
	await expect(page.getByText(`Declined: ${invoice.invoiceNumber}.`)).toBeVisible()
	await page.getByRole('button', { name: `Confirm payment of invoice ${invoice.invoiceNumber}` }).click()
	await page.getByRole('button', { name: 'Complete authentication' }).click()
	await expect(page.getByText('Payment Confirmed', { exact: true })).toBeVisible()
	expect((await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('paid')

	// a second card: Visa becomes the default
	await addCardOnStripe(page, expect, stripe.app.baseURL, CARDS.visa)
	await expect(page.getByText('Visa •••• 4242 is now your default card.')).toBeVisible()
	await expect(page.getByRole('region', { name: 'Payment Methods' }).getByText('Expires', { exact: false })).toHaveCount(2)
})
