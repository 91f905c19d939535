// An app server of its own in Stripe mode (PAYMENTS=stripe) on the e2e
// database, its `stripe` client pointed at a local server speaking Stripe's
// API, which POSTs its signed events to the app's webhook.
import { freePort } from '../../server/embedded-postgres.ts'
import { startAppProcess, type AppProcess } from './app-process.ts'
import { E2E_SESSION_SECRET, db, test } from './fixtures.ts'
import { readE2eEnv } from './e2e-env.ts'
import { STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET, startStripeServer, type StripeServer } from './stripe-server.ts'

export type StripeApp = { app: AppProcess; stripe: StripeServer; stop: () => Promise<void> }

export async function startStripeApp(): Promise<StripeApp> {
	const stripe = await startStripeServer()
	const port = await freePort()
	const baseURL = `http://127.0.0.1:${port}`
	const app = await startAppProcess(
		{
			DATABASE_URL: readE2eEnv().databaseUrl,
			SESSION_SECRET: E2E_SESSION_SECRET,
			APP_URL: baseURL,
			PAYMENTS: 'stripe',
			STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
			STRIPE_WEBHOOK_SECRET,
			STRIPE_API_URL: stripe.url,
			JOBS: 'off',
		},
		{ port, unset: ['SMTP_URL'] },
	)
	stripe.setWebhook(`${baseURL}/api/webhooks/stripe`)
	return {
		app,
		stripe,
		stop: async () => {
			await app.stop()
			await stripe.close()
		},
	}
}

/** An open invoice of the organization, as the invoicing job issues them. */
/**
 * One Stripe-mode app for a whole spec file: its tests run in order (they share the
 * app and its Stripe server), the app starts before the first and stops after the last.
 */
export function useStripeApp(set: (app: StripeApp) => void) {
	let started: StripeApp | undefined
	test.describe.configure({ mode: 'serial', timeout: 120_000 })
	test.beforeAll(async () => {
		test.setTimeout(120_000)
		started = await startStripeApp()
		set(started)
	})
	test.afterAll(async () => started?.stop())
}

export async function openInvoice(organizationId: string, total = '49.00') {
	return db().invoice.create({
		data: {
			invoiceNumber: `INV-ST-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
			organizationId,
			billingPeriodStart: new Date(),
			billingPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
			subtotalAmount: total,
			totalAmount: total,
			status: 'pending',
			invoiceDate: new Date(),
			subscriptionTierName: 'Pro',
		},
	})
}

type Page = import('@playwright/test').Page
type Expect = typeof import('@playwright/test').expect

/**
 * What an account admin does on /billing in Stripe mode, in a browser with or
 * without JavaScript: Add Card opens Stripe's hosted page, the card typed
 * there comes back as the default card and pays the open invoice; a card whose
 * charges need the bank's confirmation leaves the invoice failed with Confirm
 * payment, which goes through the bank's page and back.
 */
export async function addCardOnStripe(page: Page, expect: Expect, baseURL: string, card: string) {
	await page.goto(`${baseURL}/billing?dialog=card`)
	const dialog = page.getByRole('dialog', { name: 'Add Card' })
	await expect(dialog.getByText("You enter the card on Stripe's secure page")).toBeVisible()
	await expect(dialog.getByLabel('Card Number')).toHaveCount(0)
	await dialog.getByRole('button', { name: 'Add Card' }).click()
	await expect(page.getByRole('heading', { name: 'Set up your card' })).toBeVisible()
	await page.getByLabel('Card number').fill(card)
	await page.getByRole('button', { name: 'Save card' }).click()
	await expect(page).toHaveURL(`${baseURL}/billing`)
}

/**
 * A paid plan's checkout in Stripe mode up to Stripe's hosted card page, in a
 * browser with or without JavaScript: the customer step (typed, no address
 * lookup), then Continue to Stripe on the Payment step; the Payment step
 * never shows card fields.
 */
export async function checkoutToStripe(page: Page, expect: Expect, baseURL: string, planId: string, email: string, { js = true } = {}) {
	await page.goto(`${baseURL}/checkout/${planId}`)
	await page.getByLabel('First Name').fill('Stripe')
	await page.getByLabel('Last Name').fill('Checkout')
	await page.getByLabel('Company Name (optional)').fill('Stripe Lawns')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill('a-long-enough-password')
	await page.getByLabel('Phone').fill('512-555-0100')
	await page.getByLabel('Address').fill('500 Congress Ave')
	await page.getByLabel('City').fill('Austin')
	await page.getByLabel('State').fill('TX')
	await page.getByLabel('ZIP Code').fill('78701')
	await page.getByRole('checkbox', { name: /I accept the/ }).check()
	// with JavaScript the bot check is solved in the page; without, the server falls back to its per-IP limit
	if (js) await expect(page.getByText('Security check complete')).toBeVisible({ timeout: 30_000 })
	await page.getByRole('button', { name: 'Continue to Payment' }).click()
	await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible()
	await expect(page.getByText('Card details are collected by Stripe.')).toBeVisible()
	await expect(page.getByLabel('Card Number')).toHaveCount(0)
	await page.getByRole('button', { name: 'Continue to Stripe' }).click()
	// the account, the Stripe customer and the setup session are made before the redirect: seconds on a busy machine
	await expect(page.getByRole('heading', { name: 'Set up your card' })).toBeVisible({ timeout: 30_000 })
}

/** Types the card on Stripe's hosted page and presses Save card (the page sends the browser back). */
export async function saveCardOnStripe(page: Page, card: string) {
	await page.getByLabel('Card number').fill(card)
	await page.getByRole('button', { name: 'Save card' }).click()
}
