// A paid plan's checkout in Stripe mode without JavaScript (issue 30): every
// step is a plain form post, and the way to Stripe's hosted card page and
// back is a chain of redirects.
import { randomBytes } from 'node:crypto'
import { CARDS } from '../support/stripe-server.ts'
import { checkoutToStripe, saveCardOnStripe, useStripeApp, type StripeApp } from '../support/stripe-app.ts'
import { db, expect, test } from '../support/fixtures.ts'

let stripe: StripeApp
useStripeApp((app) => (stripe = app))

test('without JavaScript: a declined card, then a card saved on Stripe buys the plan', async ({ page }) => {
	const who = `stripe-nojs-${randomBytes(5).toString('hex')}@example.com`
	await checkoutToStripe(page, expect, stripe.app.baseURL, 'pro', who, { js: false })
	await saveCardOnStripe(page, CARDS.chargeDeclined)
	await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
	expect(await db().user.count({ where: { email: who } })).toBe(0)
	await page.getByRole('button', { name: 'Try Again on Stripe' }).click()
	await saveCardOnStripe(page, CARDS.visa)
	await expect(page.getByRole('heading', { name: 'Your Account Is Ready' })).toBeVisible()
	const user = await db().user.findUniqueOrThrow({ where: { email: who }, include: { organization: { include: { invoices: true, paymentMethods: true } } } })
	expect(user.organization!.subscriptionTierId).toBe('pro')
	expect(user.organization!.paymentMethods.map((p) => [p.brand, p.last4])).toEqual([['Visa', '4242']])
	expect(user.organization!.invoices.map((i) => [i.status, i.totalAmount.toFixed(2)])).toEqual([['paid', '49.99']])
	expect(stripe.stripe.chargesFor(user.organization!.paymentCustomerId!).map((c) => c.amount)).toEqual([4999])
})
