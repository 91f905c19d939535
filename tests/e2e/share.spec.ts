// Share with customer (issue 19) in the browser: a member shares a saved
// measurement from the dashboard, the customer opens the link on a phone
// (390×844, touch) and accepts, the account admin's e-mail arrives at the local
// SMTP receiver, and the dashboard shows "Accepted by …" and the views.
import { db, expect, hydrated, mailsTo, signIn, test, withConsent } from '../support/fixtures.ts'

test('a member shares from the dashboard; the customer accepts on a phone; the admin is e-mailed and the dashboard shows it', async ({ page, context, browser, makeUser, apiAs, env }) => {
	const admin = await makeUser({ role: 'account_admin', firstName: 'Ada' })
	const orgId = admin.organization!.id
	const member = await makeUser({ role: 'member', organizationId: orgId, firstName: 'Milo' })
	const adminApi = await apiAs(admin)
	await adminApi.post(`/api/organizations/${orgId}/price-list`, { data: { name: 'Lawn mowing', unit: 'sqft', unitPrice: '0.02', minimumCharge: '40' } })
	await adminApi.post(`/api/organizations/${orgId}/price-list`, { data: { name: 'Aeration', unit: 'sqft', unitPrice: '0.01', minimumCharge: '0' } })
	const c = env.grass.center
	const address = '1437 Bannock St, Denver, CO 80202'
	const saved = await (await apiAs(member)).post('/api/measurements', {
		data: { label: 'Phone yard', address, measurement_type: 'manual', property_center: c, shapes: [{ type: 'polygon', label: 'Front lawn', coordinates: [c, { lat: c.lat, lng: c.lng + 0.0002 }, { lat: c.lat + 0.0002, lng: c.lng }] }] },
	})
	expect(saved.status()).toBe(201)

	// the member shares it from the dashboard
	await signIn(context, member.id)
	await page.goto('/dashboard')
	await hydrated(page)
	await page.getByRole('link', { name: 'Share Phone yard with customer' }).click()
	const dialog = page.getByRole('dialog', { name: 'Share Phone yard with customer' })
	await expect(dialog).toBeVisible()
	await expect(dialog.getByText('Not shared yet.')).toBeVisible()
	await expect(dialog.getByLabel('Link expires after (days)')).toHaveValue('30')
	await expect(dialog.getByLabel('Contact name')).toHaveValue('Milo User')
	await dialog.getByLabel(/Lawn mowing/).check()
	await dialog.getByLabel('Tax rate (%)').fill('abc')
	await dialog.getByRole('button', { name: 'Create share link' }).click()
	await expect(dialog.getByText('Tax rate must be a percentage between 0 and 100 with at most 3 decimals')).toBeVisible()
	await dialog.getByLabel('Tax rate (%)').fill('5')
	await dialog.getByLabel('Notes for the customer').fill('We can start next week.')
	await dialog.getByLabel('Contact phone').fill('+1 303 555 0123')
	await dialog.getByRole('button', { name: 'Create share link' }).click()
	await expect(dialog.getByText('Share link created')).toBeVisible()
	const url = await dialog.getByLabel('Share link').inputValue()
	expect(url).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/)
	await expect(dialog.getByText(/^Active until /)).toBeVisible()
	await expect(dialog.getByRole('button', { name: 'Revoke link' })).toBeVisible()

	// the customer, on a phone with a touch screen and no account
	const phone = await withConsent(
		await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, extraHTTPHeaders: { 'X-Forwarded-For': `10.99.${Math.floor(Math.random() * 250)}.7` } }),
	)
	const customer = await phone.newPage()
	await customer.goto(new URL(url).pathname)
	await expect(customer.getByRole('heading', { level: 1, name: address })).toBeVisible()
	// nothing wider than the phone: no sideways scrolling
	expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
	const picture = customer.getByRole('img', { name: /Aerial picture of the property/ })
	await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1032)
	expect((await picture.boundingBox())!.width).toBeLessThanOrEqual(390)
	await expect(customer.getByRole('table').getByRole('row', { name: /Lawn mowing/ })).toBeVisible()
	await expect(customer.getByRole('table').getByRole('row', { name: /Aeration/ })).toHaveCount(0)
	await expect(customer.getByText('We can start next week.')).toBeVisible()
	await expect(customer.getByRole('link', { name: '+1 303 555 0123' })).toHaveAttribute('href', 'tel:+13035550123')
	await hydrated(customer)

	await customer.getByLabel('Your name').tap()
	await customer.getByLabel('Your name').fill('Pat Phone')
	await customer.getByLabel('Email').tap()
	await customer.getByLabel('Email').fill('pat.phone@example.com')
	await customer.getByLabel('Phone').tap()
	await customer.getByLabel('Phone').fill('+1 720 555 0190')
	await customer.getByLabel('Message (optional)').fill('Mornings are best.')
	const accept = customer.getByRole('button', { name: 'Accept estimate' })
	// the bot check (proof of work) solves in the browser first
	await expect(accept).toBeEnabled({ timeout: 20_000 })
	await accept.tap()
	await expect(customer.getByRole('heading', { name: 'Accepted', exact: true })).toBeVisible()
	await expect(customer.getByText(/Accepted by Pat Phone on .* Thank you!/)).toBeVisible()
	await expect(accept).toHaveCount(0)
	await phone.close()

	// the account admin's e-mail at the local SMTP receiver
	await expect.poll(async () => (await mailsTo(admin.email)).some((m) => m.subject === `Estimate accepted: ${address}`), { timeout: 15_000 }).toBe(true)
	const mail = (await mailsTo(admin.email)).find((m) => m.subject === `Estimate accepted: ${address}`)!
	expect(mail.text).toContain('Pat Phone accepted your estimate')
	expect(mail.text).toContain('pat.phone@example.com')
	expect(mail.text).toContain('+1 720 555 0190')
	expect(mail.text).toContain('Mornings are best.')
	// members are not account admins: only admins are e-mailed
	expect((await mailsTo(member.email)).filter((m) => m.subject.startsWith('Estimate accepted'))).toEqual([])

	// the dashboard: accepted, and the customer's one view (the page after accepting is not another)
	await page.goto('/dashboard')
	const row = page.getByRole('listitem', { name: 'Phone yard' })
	await expect(row.getByText(/^Accepted by Pat Phone on /)).toBeVisible()
	await expect(row.getByText(/^Shared · 1 view · last viewed /)).toBeVisible()
	await row.getByRole('link', { name: 'Share Phone yard with customer' }).click()
	await expect(page.getByRole('dialog').getByText('pat.phone@example.com · +1 720 555 0190')).toBeVisible()
	const share = await db().measurementShare.findFirstOrThrow({ where: { organizationId: orgId } })
	expect(share.viewCount).toBe(1)
})

test('revoking from the dashboard: the customer gets the not-found page', async ({ page, context, makeUser, apiAs, env }) => {
	const member = await makeUser({ role: 'member' })
	const c = env.grass.center
	const m = await (
		await (await apiAs(member)).post('/api/measurements', {
			data: { label: 'Revoked yard', address: '1437 Bannock St, Denver, CO 80202', shapes: [{ type: 'polygon', coordinates: [c, { lat: c.lat, lng: c.lng + 0.0002 }, { lat: c.lat + 0.0002, lng: c.lng }] }] },
		})
	).json()
	const { token } = await (await (await apiAs(member)).post(`/api/measurements/${m.id}/share`, { data: { services: [] } })).json()
	await signIn(context, member.id)
	await page.goto(`/dashboard?dialog=share&id=${m.id}`)
	await hydrated(page)
	const dialog = page.getByRole('dialog', { name: 'Share Revoked yard with customer' })
	await expect(dialog.getByText('Views')).toBeVisible()
	await dialog.getByRole('button', { name: 'Revoke link' }).click()
	await expect(page.getByText('Share Link Revoked', { exact: true })).toBeVisible()
	await expect(dialog.getByText(/^Revoked /)).toBeVisible()
	await page.goto(`/p/${token}`)
	await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
	await expect(page.getByText('Revoked yard')).toHaveCount(0)
})
