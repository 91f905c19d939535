// /billing with JavaScript: overview, invoice view and PDF download, Contact
// Billing Support with an image attachment (local SMTP receiver), cancellation,
// the Unauthorized redirect.
import { randomBytes } from 'node:crypto'
import { PDFParse } from 'pdf-parse'
import { db, expect, expectToast, mailsTo, signIn, test } from '../support/fixtures.ts'
import { smallPng } from '../support/two-factor.ts'

const BILLING_INBOX = 'billing@yardstick.local'

async function issueInvoice(organizationId: string) {
	const number = `INV-E2E-${randomBytes(3).toString('hex').toUpperCase()}`
	return db().invoice.create({
		data: {
			invoiceNumber: number,
			organizationId,
			billingPeriodStart: new Date('2026-03-10T00:00:00Z'),
			billingPeriodEnd: new Date('2026-04-10T00:00:00Z'),
			invoiceDate: new Date('2026-03-10T00:00:00Z'),
			dueDate: new Date('2026-03-10T00:00:00Z'),
			subtotalAmount: '59.99',
			discountAmount: '5.00',
			totalAmount: '54.99',
			status: 'paid',
			subscriptionTierId: 'pro',
			subscriptionTierName: 'Pro',
			lineItems: {
				create: [
					{ description: 'Pro plan (monthly)', unitPrice: '49.99', totalPrice: '49.99', itemType: 'subscription' },
					{ description: 'Pro-rated upgrade from Starter to Pro (15 days)', unitPrice: '10.00', totalPrice: '10.00', itemType: 'proration' },
					{ description: 'Coupon SPRING', unitPrice: '-5.00', totalPrice: '-5.00', itemType: 'discount' },
				],
			},
		},
	})
}

test('billing overview: plan, payment method, account summary, invoice search, view and PDF download', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin', tierId: 'pro' })
	const orgId = admin.organization!.id
	await db().organization.update({ where: { id: orgId }, data: { currentPeriodEnd: new Date('2031-07-04T00:00:00Z') } })
	await db().paymentMethod.create({ data: { organizationId: orgId, brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2030, cardholderName: 'Olivia Owner', gatewayToken: 'tok_test_x' } })
	const invoice = await issueInvoice(orgId)
	await signIn(context, admin.id)
	await page.goto('/billing')

	const current = page.getByRole('region', { name: 'Current Subscription' })
	await expect(current.getByTestId('billing-plan')).toHaveText('Pro')
	await expect(current.getByText('Active')).toBeVisible()
	await expect(current.getByText('$49.99/month')).toBeVisible()
	await expect(current.getByText('250 included')).toBeVisible()
	await expect(current.getByTestId('next-billing-date')).toHaveText('Jul 4, 2031')
	await expect(page.getByRole('region', { name: 'Payment Methods' }).getByText('Visa •••• 4242')).toBeVisible()
	const summary = page.getByRole('region', { name: 'Account Summary' })
	await expect(summary.getByText(admin.organization!.name)).toBeVisible()
	await expect(summary.getByText(admin.organization!.accountNumber)).toBeVisible()
	const quick = page.getByRole('region', { name: 'Quick Actions' })
	await expect(quick.getByRole('link', { name: 'Create Measurement' })).toHaveAttribute('href', '/measure')
	await expect(quick.getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/dashboard')
	// the billing footer has no Cookies link
	await expect(page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Cookies' })).toHaveCount(0)

	const history = page.getByRole('region', { name: 'Invoice History' })
	await expect(history.getByText(invoice.invoiceNumber)).toBeVisible()
	await history.getByLabel('Search invoices').fill('no-such-invoice')
	await history.getByRole('button', { name: 'Search' }).click()
	await expect(history.getByText('No invoices match your search.')).toBeVisible()
	await history.getByLabel('Search invoices').fill(invoice.invoiceNumber.slice(-6).toLowerCase())
	await history.getByRole('button', { name: 'Search' }).click()
	await expect(history.getByText(invoice.invoiceNumber)).toBeVisible()

	await history.getByRole('link', { name: `View invoice ${invoice.invoiceNumber}` }).click()
	const dialog = page.getByRole('dialog', { name: `Invoice ${invoice.invoiceNumber}` })
	await expect(dialog.getByText('Pro-rated upgrade from Starter to Pro (15 days)')).toBeVisible()
	await expect(dialog.getByText('$54.99')).toBeVisible()

	const downloadPromise = page.waitForEvent('download')
	await dialog.getByRole('link', { name: 'Download PDF' }).click()
	const download = await downloadPromise
	expect(download.suggestedFilename()).toBe(`invoice-${invoice.invoiceNumber}.pdf`)
	const { readFile } = await import('node:fs/promises')
	const bytes = await readFile((await download.path())!)
	const text = (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text
	for (const expected of [`Invoice ${invoice.invoiceNumber}`, 'Pro plan (monthly)', '$49.99', 'Pro-rated upgrade from Starter to Pro (15 days)', 'Coupon SPRING', '-$5.00', '$54.99', admin.organization!.name]) {
		expect(text).toContain(expected)
	}
})

test('Contact Billing Support sends the message and the image to the billing inbox', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	await signIn(context, admin.id)
	await page.goto('/billing')
	await page.getByRole('link', { name: 'Contact Billing Support' }).click()
	const dialog = page.getByRole('dialog', { name: 'Contact Billing Support' })
	const subject = `Double charge ${randomBytes(3).toString('hex')}`
	await dialog.getByLabel('Subject').fill(subject)
	await dialog.getByLabel('Message').fill('I think I was charged twice in March.')
	await dialog.getByLabel('Attachments').setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: await smallPng(40, 30) })
	await dialog.getByRole('button', { name: 'Send Message' }).click()
	await expectToast(page, 'Message Sent', "Your message has been sent to our billing support team. We'll respond to your email shortly.")

	await expect
		.poll(async () => (await mailsTo(BILLING_INBOX)).find((m) => m.subject.includes(subject)) ?? null, { timeout: 10_000 })
		.not.toBeNull()
	const mail = (await mailsTo(BILLING_INBOX)).find((m) => m.subject.includes(subject)) as unknown as { text: string; attachments: { filename: string; contentType: string; size: number }[] }
	expect(mail.text).toContain('I think I was charged twice in March.')
	expect(mail.text).toContain(admin.email)
	expect(mail.attachments).toEqual([{ filename: 'statement.png', contentType: 'image/png', size: expect.any(Number) }])
	expect(mail.attachments[0]!.size).toBeGreaterThan(50)
})

test('a non-image attachment is refused with the error toast', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	await signIn(context, admin.id)
	await page.goto('/billing?dialog=support')
	const dialog = page.getByRole('dialog', { name: 'Contact Billing Support' })
	await dialog.getByLabel('Subject').fill('Receipt')
	await dialog.getByLabel('Message').fill('See attached.')
	await dialog.getByLabel('Attachments').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') })
	await dialog.getByRole('button', { name: 'Send Message' }).click()
	await expect(page.getByText('Failed to send message. Please try again.')).toBeVisible()
	await expect(dialog.getByText('Attachments must be images')).toBeVisible()
})

test('cancel subscription: warning, toast, access until the period end', async ({ page, context, makeUser }) => {
	const admin = await makeUser({ role: 'account_admin' })
	await db().organization.update({ where: { id: admin.organization!.id }, data: { currentPeriodEnd: new Date('2031-08-20T00:00:00Z') } })
	await signIn(context, admin.id)
	await page.goto('/billing')
	await page.getByRole('link', { name: 'Cancel Subscription' }).click()
	const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' })
	await expect(dialog.getByText(/measurements, projects and reports will be permanently deleted/)).toBeVisible()
	await dialog.getByRole('button', { name: 'Cancel Subscription' }).click()
	await expect(page.getByText('Subscription Cancelled', { exact: true })).toBeVisible()
	await expect(page.getByText(/You keep access until August 20, 2031/).first()).toBeVisible()
	const current = page.getByRole('region', { name: 'Current Subscription' })
	await expect(current.getByText('Cancelled', { exact: true })).toBeVisible()
	await expect(current.getByTestId('next-billing-date')).toHaveText('Aug 20, 2031')
	await expect(current.getByRole('link', { name: 'Cancel Subscription' })).toHaveCount(0)
	const org = await db().organization.findUniqueOrThrow({ where: { id: admin.organization!.id } })
	expect([org.subscriptionStatus, org.isDeactivated]).toEqual(['cancelled', false])
})

test('signed out: Unauthorized toast, then the sign-in page; members without invoice access are refused', async ({ page, context, makeUser }) => {
	// the page moves on to sign-in within a second: read what it shows from its HTML
	// rather than race the redirect on a busy machine, then watch the redirect happen
	const html = await (await page.request.get('/billing')).text()
	expect(html).toContain('You are logged out. Logging in again...')
	await page.goto('/billing')
	await page.waitForURL(/\/auth/)

	const admin = await makeUser({ role: 'account_admin' })
	const member = await makeUser({ role: 'member', organizationId: admin.organization!.id })
	await signIn(context, member.id)
	const res = await page.goto('/billing')
	expect(res!.status()).toBe(403)
	await expect(page.getByText('You do not have access to billing information.')).toBeVisible()
})
