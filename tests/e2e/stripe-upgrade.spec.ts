// Upgrades in Stripe mode with JavaScript (issue 30): the dashboard's Manage
// Subscription dialog charges the upgrade at once on its own invoice; the plan
// changes only when that invoice is paid — at once, after the bank's page, or
// by Stripe's event when the tab was closed. A decline or an abandoned bank
// page leaves the plan as it was, and /billing says what is waiting.
import { CARDS } from '../support/stripe-server.ts'
import { addCardOnStripe, useStripeApp, type StripeApp } from '../support/stripe-app.ts'
import { db, expect, expectToast, signIn, test } from '../support/fixtures.ts'

let stripe: StripeApp
useStripeApp((app) => (stripe = app))

type Page = import('@playwright/test').Page
type Context = import('@playwright/test').BrowserContext
const DAY = 86_400_000

/** A Starter account admin 15 days before the period ends, signed in, with a card saved on Stripe's page. */
async function starterWithCard(page: Page, context: Context, makeUser: (o: { role: 'account_admin'; tierId: string }) => Promise<{ id: string; organization: { id: string } | null }>, card: string) {
	const admin = await makeUser({ role: 'account_admin', tierId: 'starter' })
	const organizationId = admin.organization!.id
	await db().organization.update({ where: { id: organizationId }, data: { currentPeriodEnd: new Date(Date.now() + 14 * DAY + 3_600_000) } })
	await signIn(context, admin.id)
	await addCardOnStripe(page, expect, stripe.app.baseURL, card)
	await expect(page.getByText('Card Added', { exact: true })).toBeVisible()
	return organizationId
}

/** Manage Subscription → Pro → Update Subscription. */
async function upgradeToPro(page: Page) {
	await page.goto(`${stripe.app.baseURL}/dashboard?dialog=plans&plan=pro`)
	const dialog = page.getByRole('dialog', { name: 'Manage Subscription' })
	await expect(dialog.getByTestId('pricing-breakdown')).toContainText('$10.00')
	await dialog.getByRole('button', { name: 'Update Subscription' }).click()
}

const planOf = async (organizationId: string) => (await db().organization.findUniqueOrThrow({ where: { id: organizationId } })).subscriptionTierId
const upgradeInvoice = (organizationId: string) => db().invoice.findFirstOrThrow({ where: { organizationId, upgradeTierId: 'pro' } })

test('an upgrade paid at once: Upgraded!, the plan is Pro, its own invoice is paid', async ({ page, context, makeUser }) => {
	const organizationId = await starterWithCard(page, context, makeUser, CARDS.visa)
	await upgradeToPro(page)
	await expect(page.getByText('Upgraded!', { exact: true })).toBeVisible()
	await expect(page.getByRole('region', { name: 'Subscription' }).getByTestId('subscription-plan')).toHaveText('Pro')
	const invoice = await upgradeInvoice(organizationId)
	expect([invoice.status, invoice.totalAmount.toFixed(2)]).toEqual(['paid', '10.00'])
	const customerId = (await db().organization.findUniqueOrThrow({ where: { id: organizationId } })).paymentCustomerId!
	expect(stripe.stripe.chargesFor(customerId).map((c) => c.amount)).toEqual([1000])

	await page.goto(`${stripe.app.baseURL}/billing`)
	await expect(page.getByTestId('billing-plan')).toHaveText('Pro')
	const row = page.getByRole('row', { name: new RegExp(invoice.invoiceNumber) })
	await expect(row.getByText('paid', { exact: true })).toBeVisible()
	await expect(row.getByText('$10.00')).toBeVisible()
	await expect(page.getByTestId('pending-upgrade')).toHaveCount(0)
})

test("the bank wants it confirmed: abandoned, the plan stays Starter and /billing offers Confirm payment; confirmed, it is Pro", async ({ page, context, makeUser }) => {
	const organizationId = await starterWithCard(page, context, makeUser, CARDS.authenticationRequired)
	await upgradeToPro(page)
	await expect(page.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible()
	await expect(page.getByText('Amount: $10.00')).toBeVisible()
	expect(await planOf(organizationId)).toBe('starter')
	await page.getByRole('button', { name: 'Fail authentication' }).click()
	await expect(page.getByText('Payment Not Completed', { exact: true })).toBeVisible()
	await expect(page.getByTestId('billing-plan')).toHaveText('Starter')
	await expect(page.getByTestId('pending-upgrade')).toContainText('Your upgrade to Pro ($10.00) is waiting for confirmation with your bank.')
	expect(await planOf(organizationId)).toBe('starter')

	await page.getByTestId('pending-upgrade').getByRole('button', { name: 'Confirm payment' }).click()
	await page.getByRole('button', { name: 'Complete authentication' }).click()
	await expectToast(page, 'Payment Confirmed', 'Thank you: the invoice is paid. Your plan is now Pro.')
	await expect(page.getByTestId('billing-plan')).toHaveText('Pro')
	await expect(page.getByTestId('pending-upgrade')).toHaveCount(0)
	expect((await upgradeInvoice(organizationId)).status).toBe('paid')
})

test("confirmed on the bank's page, the tab closed: Stripe's event makes it Pro; a replay changes nothing more", async ({ page, context, makeUser }) => {
	const organizationId = await starterWithCard(page, context, makeUser, CARDS.authenticationRequired)
	await upgradeToPro(page)
	await expect(page.getByRole('heading', { name: 'Authenticate your payment' })).toBeVisible()
	const bankUrl = page.url()
	// the customer confirms in the bank's page, then the tab is closed before the way back
	const confirmed = await page.request.post(bankUrl, { form: { outcome: 'complete' }, maxRedirects: 0 })
	expect(confirmed.status()).toBe(303)
	await page.close()
	await expect.poll(() => planOf(organizationId)).toBe('pro')
	const invoice = await upgradeInvoice(organizationId)
	expect(invoice.status).toBe('paid')

	const event = stripe.stripe.events.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === invoice.paymentIntentId)!
	const replay = await stripe.stripe.deliver(event)
	expect([replay.status, JSON.parse(replay.body)]).toEqual([200, { received: true, duplicate: true }])
	expect(await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ status: 'paid', paidAt: invoice.paidAt })
	expect(await planOf(organizationId)).toBe('pro')

	const again = await context.newPage()
	await again.goto(`${stripe.app.baseURL}/billing`)
	await expect(again.getByTestId('billing-plan')).toHaveText('Pro')
	await expect(again.getByRole('row', { name: new RegExp(invoice.invoiceNumber) }).getByText('paid', { exact: true })).toBeVisible()
})

test("a declined upgrade: Stripe's message, the plan unchanged, /billing shows the decline", async ({ page, context, makeUser }) => {
	const organizationId = await starterWithCard(page, context, makeUser, CARDS.chargeDeclined)
	await upgradeToPro(page)
	await expectToast(page, 'Upgrade Not Completed', 'Your card was declined. Your plan has not changed.')
	await expect(page.getByTestId('billing-plan')).toHaveText('Starter')
	await expect(page.getByTestId('pending-upgrade')).toContainText('Your upgrade to Pro ($10.00) was declined: Your card was declined.')
	expect(await planOf(organizationId)).toBe('starter')
	expect((await upgradeInvoice(organizationId)).status).toBe('failed')
})
