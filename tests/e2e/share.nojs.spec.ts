// The customer's share page (issue 19) with JavaScript disabled: everything is
// on the server-rendered page, and "Accept estimate" posts, shows the server's
// messages and ends in "Accepted".
import { db, expect, mailsTo, signIn, test, uniqueEmail } from '../support/fixtures.ts'

test('without JavaScript: the shared estimate shows the property, figures, estimate and contact; accepting works and is told twice', async ({ page, makeUser, apiAs, env }) => {
	const admin = await makeUser({ role: 'account_admin', firstName: 'Ada' })
	const api = await apiAs(admin)
	const orgId = admin.organization!.id
	const service = await (await api.post(`/api/organizations/${orgId}/price-list`, { data: { name: 'Spring cleanup', unit: 'flat', unitPrice: '150', minimumCharge: '0' } })).json()
	const c = env.grass.center
	const address = '1437 Bannock St, Denver, CO 80202'
	const m = await (
		await api.post('/api/measurements', {
			data: { label: 'Backyard', address, measurement_type: 'manual', property_center: c, shapes: [{ type: 'polygon', label: 'Back lawn', coordinates: [c, { lat: c.lat, lng: c.lng + 0.0002 }, { lat: c.lat + 0.0002, lng: c.lng }] }] },
		})
	).json()
	const share = await api.post(`/api/measurements/${m.id}/share`, { data: { services: [service.id], taxRate: '10', notes: 'Includes hauling.', contactPhone: '+1 303 555 0142' } })
	expect(share.status()).toBe(201)
	const { token } = await share.json()

	await page.goto(`/p/${token}`)
	const org = await db().organization.findUniqueOrThrow({ where: { id: orgId } })
	await expect(page.getByText(org.name).first()).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible()
	const picture = page.getByRole('img', { name: /Aerial picture of the property/ })
	await expect(picture).toBeVisible()
	// the picture loaded (a real JPEG from the server), without any script
	await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1032)
	await expect(page.getByRole('listitem').filter({ hasText: 'Back lawn' })).toContainText('sq ft')
	const estimate = page.getByRole('table')
	await expect(estimate.getByRole('row', { name: /Spring cleanup/ })).toContainText('$150.00')
	await expect(estimate.getByRole('row', { name: /Tax \(10%\)/ })).toContainText('$15.00')
	await expect(estimate.getByRole('row', { name: /Total/ })).toContainText('$165.00')
	await expect(page.getByText('Includes hauling.')).toBeVisible()
	await expect(page.getByRole('link', { name: '+1 303 555 0142' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Download the PDF report' })).toHaveAttribute('href', `/p/${token}/report.pdf`)
	await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
	await expect(page.getByText(admin.email)).toHaveCount(0)

	// a second visitor has the page open in another browser before the first accepts
	const second = await page.context().browser()!.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': `10.77.${Math.floor(Math.random() * 250)}.9` } })
	const other = await second.newPage()
	await other.goto(`/p/${token}`)
	await other.getByLabel('Your name').fill('Late Larry')
	await other.getByLabel('Email').fill(uniqueEmail('late'))
	await other.getByLabel('Phone').fill('+1 303 555 0111')

	// the form: server messages, values kept
	await page.getByLabel('Your name').fill('Nora NoScript')
	await page.getByLabel('Email').fill('not-an-email')
	await page.getByRole('button', { name: 'Accept estimate' }).click()
	await expect(page.getByText('Please enter a valid email address')).toBeVisible()
	await expect(page.getByText('Please enter a valid phone number')).toBeVisible()
	await expect(page.getByLabel('Your name')).toHaveValue('Nora NoScript')
	const customer = uniqueEmail('nojs-customer')
	await page.getByLabel('Email').fill(customer)
	await page.getByLabel('Phone').fill('+1 303 555 0177')
	await page.getByLabel('Message (optional)').fill('Any Saturday works.')
	await page.getByRole('button', { name: 'Accept estimate' }).click()
	await expect(page.getByRole('heading', { name: 'Accepted', exact: true })).toBeVisible()
	await expect(page.getByText(/Accepted by Nora NoScript on/)).toBeVisible()
	await expect(page.getByRole('button', { name: 'Accept estimate' })).toHaveCount(0)

	// the second visitor sends theirs: told it is already accepted, the first acceptance stands
	await other.getByRole('button', { name: 'Accept estimate' }).click()
	await expect(other.getByText('This estimate has already been accepted.')).toBeVisible()
	await expect(other.getByText(/Accepted by Nora NoScript on/)).toBeVisible()
	await second.close()
	expect((await db().measurementShare.findFirstOrThrow({ where: { measurementId: m.id } })).acceptedName).toBe('Nora NoScript')

	await expect.poll(async () => (await mailsTo(admin.email)).some((mail) => mail.subject === `Estimate accepted: ${address}` && mail.text.includes(customer))).toBe(true)
})

test('without JavaScript: the dashboard share dialog makes a link (shown once) and revokes it', async ({ page, context, makeUser, apiAs, env }) => {
	const member = await makeUser({ role: 'member', firstName: 'Nell' })
	const c = env.grass.center
	const m = await (
		await (await apiAs(member)).post('/api/measurements', {
			data: { label: 'Plain yard', address: '1437 Bannock St, Denver, CO 80202', shapes: [{ type: 'polygon', coordinates: [c, { lat: c.lat, lng: c.lng + 0.0002 }, { lat: c.lat + 0.0002, lng: c.lng }] }] },
		})
	).json()
	await signIn(context, member.id)
	await page.goto('/dashboard')
	await page.getByRole('link', { name: 'Share Plain yard with customer' }).click()
	const dialog = page.getByRole('dialog', { name: 'Share Plain yard with customer' })
	await expect(dialog.getByText('Your price list is empty')).toBeVisible()
	await dialog.getByLabel('Link expires after (days)').fill('400')
	await dialog.getByRole('button', { name: 'Create share link' }).click()
	await expect(dialog.getByText('Expiry must be a whole number of days from 1 to 365')).toBeVisible()
	await dialog.getByLabel('Link expires after (days)').fill('7')
	await dialog.getByRole('button', { name: 'Create share link' }).click()
	await expect(dialog.getByText('Share link created')).toBeVisible()
	const url = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue()
	await expect(dialog.getByText(/Valid until .* shown only once/)).toBeVisible()

	// the customer's page works; then the member revokes the link
	const customer = await page.context().browser()!.newContext({ javaScriptEnabled: false })
	const visitor = await customer.newPage()
	await visitor.goto(new URL(url).pathname)
	await expect(visitor.getByRole('heading', { level: 1, name: '1437 Bannock St, Denver, CO 80202' })).toBeVisible()
	await page.goto(`/dashboard?dialog=share&id=${m.id}`)
	await expect(dialog.getByText('Views')).toBeVisible()
	await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveCount(0) // shown once
	await dialog.getByRole('button', { name: 'Revoke link' }).click()
	await expect(page.getByText('Share Link Revoked', { exact: true })).toBeVisible()
	await visitor.goto(new URL(url).pathname)
	await expect(visitor.getByRole('heading', { name: 'Page not found' })).toBeVisible()
	await customer.close()
})
