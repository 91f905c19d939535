// A paid plan's checkout in Stripe mode with JavaScript (issue 30): the card
// is typed on Stripe's hosted page (a local server speaking Stripe's API),
// never on ours; the account is made only when the first month is paid.
// A decline shows Stripe's message and makes no account; a payment the bank
// wants confirmed goes through the bank's page and back (abandoned: no
// account, the purchase can be tried again).
import { randomBytes } from 'node:crypto'
import { CARDS } from '../support/stripe-server.ts'
import { checkoutToStripe, saveCardOnStripe, useStripeApp, type StripeApp } from '../support/stripe-app.ts'
import { db, expect, test } from '../support/fixtures.ts'

let stripe: StripeApp
useStripeApp((app) => (stripe = app))

const email = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.com`

async function accountOf(address: string) {
	return db().user.findUnique({ where: { email: address }, include: { organization: { include: { paymentMethods: true, invoices: true } } } })
}

test('a paid plan bought with a card saved on Stripe: account ready, card on file, first invoice paid once', async ({ page }) => {
	const who = email('stripe-pro')
	await checkoutToStripe(page, expect, stripe.app.baseURL, 'pro', who)
	await saveCardOnStripe(page, CARDS.visa)
	await expect(page.getByRole('heading', { name: 'Your Account Is Ready' })).toBeVisible()
	await expect(page.getByText(`We sent a link to ${who}`)).toBeVisible()

	const org = (await accountOf(who))!.organization!
	expect(org.subscriptionTierId).toBe('pro')
	expect(org.paymentMethods.map((p) => [p.brand, p.last4, p.gatewayToken.startsWith('pm_')])).toEqual([['Visa', '4242', true]])
	expect(org.invoices.map((i) => [i.status, i.totalAmount.toFixed(2), i.paymentIntentId?.startsWith('pi_')])).toEqual([['paid', '49.99', true]])
	expect(stripe.stripe.chargesFor(org.paymentCustomerId!).map((c) => c.amount)).toEqual([4999])
	// reloading the page charges nothing more and makes nothing more
	await page.reload()
	await expect(page.getByRole('heading', { name: 'Your Account Is Ready' })).toBeVisible()
	expect(stripe.stripe.chargesFor(org.paymentCustomerId!)).toHaveLength(1)
	expect(await db().invoice.count({ where: { organizationId: org.id } })).toBe(1)
})

test("a declined card shows Stripe's message and makes no account; another card then completes the purchase", async ({ page }) => {
	const who = email('stripe-declined')
	await checkoutToStripe(page, expect, stripe.app.baseURL, 'starter', who)
	await saveCardOnStripe(page, CARDS.chargeDeclined)
	await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
	expect(await accountOf(who)).toBeNull()
	await page.reload()
	await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()

	await page.getByRole('button', { name: 'Try Again on Stripe' }).click()
	await saveCardOnStripe(page, CARDS.visa)
	await expect(page.getByRole('heading', { name: 'Your Account Is Ready' })).toBeVisible()
	const org = (await accountOf(who))!.organization!
	expect([org.subscriptionTierId, org.invoices.map((i) => [i.status, i.totalAmount.toFixed(2)])]).toEqual(['starter', [['paid', '29.99']]])
	expect(stripe.stripe.chargesFor(org.paymentCustomerId!).map((c) => c.amount)).toEqual([2999])
})

test('3-D Secure: abandoned at the bank, no account and the purchase can be tried again; confirmed, the account is ready', async ({ page }) => {
	const who = email('stripe-3ds')
	await checkoutToStripe(page, expect, stripe.app.baseURL, 'pro', who)
	await saveCardOnStripe(page, CARDS.authenticationRequired)
	await expect(page.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible()
	await page.getByRole('button', { name: 'Fail authentication' }).click()
	await expect(page.getByRole('alert').filter({ hasText: 'unable to authenticate' })).toBeVisible()
	expect(await accountOf(who)).toBeNull()

	await page.getByRole('button', { name: 'Try Again on Stripe' }).click()
	await saveCardOnStripe(page, CARDS.authenticationRequired)
	await page.getByRole('button', { name: 'Complete authentication' }).click()
	await expect(page.getByRole('heading', { name: 'Your Account Is Ready' })).toBeVisible()
	const org = (await accountOf(who))!.organization!
	expect(org.subscriptionTierId).toBe('pro')
	expect(org.invoices.map((i) => i.status)).toEqual(['paid'])
	expect(stripe.stripe.chargesFor(org.paymentCustomerId!).map((c) => c.amount)).toEqual([4999])
})

test('Back from the Payment step after a decline keeps the details (not the password); an unknown checkout says it expired', async ({ page }) => {
	const who = email('stripe-back')
	await checkoutToStripe(page, expect, stripe.app.baseURL, 'pro', who)
	await saveCardOnStripe(page, CARDS.chargeDeclined)
	await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
	await page.getByRole('button', { name: 'Back' }).click()
	await expect(page.getByLabel('Email')).toHaveValue(who)
	await expect(page.getByLabel('Company Name (optional)')).toHaveValue('Stripe Lawns')
	await expect(page.getByLabel('Password')).toHaveValue('')
	const checkoutId = new URL(page.url()).searchParams.get('checkout')!
	await page.goto(`${stripe.app.baseURL}/checkout/pro?checkout=${'x'.repeat(32)}`)
	await expect(page.getByText('This checkout has expired. Please start again.')).toBeVisible()

	// hostile return addresses: another plan's page, made-up or malformed ids and sessions; never a 500, never a charge
	const customerId = (await db().checkoutPayment.findUniqueOrThrow({ where: { id: checkoutId } })).paymentCustomerId!
	for (const query of [
		`checkout=${checkoutId}&card_session=cs_test_${'0'.repeat(24)}`,
		`checkout=${checkoutId}&card_session=${encodeURIComponent("../../v1/customers'; DROP TABLE invoices;--")}`,
		`checkout=${checkoutId}&checkout_payment=1`,
		`checkout=${encodeURIComponent('<script>x</script>')}`,
		`checkout=${'y'.repeat(5000)}&card_session=x`,
	]) {
		const res = await page.request.get(`${stripe.app.baseURL}/checkout/pro?${query}`)
		expect(res.status(), query).toBe(200)
	}
	await page.goto(`${stripe.app.baseURL}/checkout/starter?checkout=${checkoutId}`)
	await expect(page.getByText('This checkout has expired. Please start again.')).toBeVisible()
	await page.goto(`${stripe.app.baseURL}/checkout/pro?checkout=${checkoutId}&card_session=cs_test_${'0'.repeat(24)}`)
	await expect(page.getByRole('alert').filter({ hasText: 'The card was not saved. Please try again.' })).toBeVisible()
	expect(stripe.stripe.chargesFor(customerId)).toHaveLength(0)
	expect(await accountOf(who)).toBeNull()
})
