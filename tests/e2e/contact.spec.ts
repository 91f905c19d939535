import { db, expect, expectToast, mailsTo, test, uniqueEmail } from '../support/fixtures.ts'

test('contact sales: validation messages, then the inquiry is stored and mailed to sales', async ({ page }) => {
	await page.goto('/contact')
	await expect(page.getByText('Monday-Friday 9 AM-6 PM EST')).toBeVisible()
	await expect(page.getByText('Security check complete')).toBeVisible({ timeout: 15_000 })
	await page.getByRole('button', { name: 'Send Message' }).click()
	for (const message of ['First name is required', 'Last name is required', 'Please enter a valid email address', 'Please enter a valid phone number', 'Company name is required', 'Please select an inquiry type', 'Number of locations is required', 'Please provide more details about your needs']) {
		await expect(page.getByText(message)).toBeVisible()
	}
	const email = uniqueEmail('lead')
	const company = `Greenway ${Date.now()}`
	await page.getByLabel('First name').fill('Lena')
	await page.getByLabel('Last name').fill('Lead')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Phone').fill('512-555-0100')
	await page.getByLabel('Company').fill(company)
	await page.getByLabel('Inquiry type').selectOption('franchise')
	await page.getByLabel('Number of locations').selectOption('21-50')
	await page.getByLabel('Message').fill('short')
	await page.getByLabel('Phone').focus()
	await expect(page.getByText('Please provide more details about your needs')).toBeVisible()
	await page.getByLabel('Message').fill('We run 30 lawn-care territories and want one tool for all of them.')
	await page.getByRole('button', { name: 'Send Message' }).click()
	await expectToast(page, 'Message Sent', 'Thank you for your inquiry. Our sales team will contact you within 24 hours.')

	const stored = await db().contactInquiry.findFirstOrThrow({ where: { email } })
	expect(stored).toMatchObject({ company, inquiryType: 'franchise', locations: '21-50' })
	await expect.poll(async () => (await mailsTo('sales@yardstick.local')).filter((m) => m.subject.includes(company)).length).toBe(1)
	const [mail] = (await mailsTo('sales@yardstick.local')).filter((m) => m.subject.includes(company))
	expect(mail!.subject).toBe(`Sales inquiry (Franchise): ${company}`)
	expect(mail!.text).toContain('We run 30 lawn-care territories')
})
