// The organization's logo (issue 19: the share page shows "the organization's
// name and logo"), with JavaScript disabled: an account admin uploads it in
// /settings → Organization, the share link shows it (the monogram otherwise),
// "Remove logo" brings the monogram back; members 403, non-images 400.
import type { APIRequestContext } from '@playwright/test'
import sharp from 'sharp'
import { db, expect, signIn, test } from '../support/fixtures.ts'

const NOT_AN_IMAGE = 'That file is not a supported image. JPG, PNG, GIF or WebP, max 5MB'

/** A wide transparent PNG with a green bar: larger than the 400×160 box, so it is scaled down. */
const wideLogo = () =>
	sharp({ create: { width: 1200, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
		.composite([{ input: { create: { width: 1000, height: 200, channels: 4, background: { r: 20, g: 140, b: 60, alpha: 1 } } }, left: 100, top: 50 }])
		.png()
		.toBuffer()

async function shareLink(api: APIRequestContext, orgId: string) {
	const center = { lat: 39.7392, lng: -104.9903 }
	const d = 0.0002
	const measurement = await api.post('/api/measurements', {
		data: {
			label: 'Front lawn',
			address: '1437 Bannock St, Denver, CO 80202',
			measurement_type: 'manual',
			property_center: center,
			shapes: [{ type: 'polygon', coordinates: [center, { lat: center.lat, lng: center.lng + d }, { lat: center.lat + d, lng: center.lng + d }, { lat: center.lat + d, lng: center.lng }], label: 'Front lawn' }],
		},
	})
	expect(measurement.status()).toBe(201)
	const price = await api.post(`/api/organizations/${orgId}/price-list`, { data: { name: 'Lawn mowing', unit: 'sqft', unitPrice: '0.02', minimumCharge: '0' } })
	expect(price.status()).toBe(201)
	const share = await api.post(`/api/measurements/${(await measurement.json()).id}/share`, { data: { services: [(await price.json()).id], taxRate: '0' } })
	expect(share.status()).toBe(201)
	return new URL((await share.json()).url).pathname
}

test('an account admin uploads a logo; the share page shows it; "Remove logo" brings the monogram back', async ({ page, context, makeUser, apiAs, request }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const orgId = admin.organization!.id
	const orgName = admin.organization!.name
	const link = await shareLink(await apiAs(admin), orgId)

	await signIn(context, admin.id)
	await page.goto('/settings?tab=organization')
	await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await wideLogo() })
	await page.getByRole('button', { name: 'Upload Logo' }).click()
	await expect(page.getByText('Logo Updated')).toBeVisible()
	await expect(page.getByRole('img', { name: `${orgName} logo` })).toBeVisible()

	await page.goto(link)
	const logo = page.getByRole('img', { name: `${orgName} logo` })
	await expect(logo).toBeVisible()
	const src = await logo.getAttribute('src')
	expect(src).toMatch(/^\/uploads\/logos\/[a-f0-9]{32}\.png$/)
	// anyone (the customer has no account) gets the image, scaled to fit 400×160 keeping its shape and transparency
	const image = await request.get(src!)
	expect(image.status()).toBe(200)
	expect(image.headers()['content-type']).toMatch(/^image\//)
	const meta = await sharp(await image.body()).metadata()
	expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 400, 100, true])

	// the quote widget's header shows it too (its policy allows images from our own origin)
	const adminApi = await apiAs(admin)
	const price = await db().servicePrice.findFirstOrThrow({ where: { organizationId: orgId } })
	const body = new URLSearchParams([['intent', 'quote-widget'], ['enabled', 'on'], ['serviceIds', price.id], ['priceDisplay', 'exact'], ['rangePercent', '10'], ['allowedDomains', 'example.com']])
	const saved = await adminApi.post('/settings', { data: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, maxRedirects: 0 })
	expect(saved.status()).toBe(302)
	const { publicKey } = await db().quoteWidget.findUniqueOrThrow({ where: { organizationId: orgId } })
	const widget = await request.get(`/embed/quote/${publicKey}`)
	expect(widget.status()).toBe(200)
	expect(widget.headers()['content-security-policy']).toMatch(/img-src 'self'/)
	expect(await widget.text()).toContain(`<img src="${src}" alt="${orgName} logo"`)

	await page.goto('/settings?tab=organization')
	await page.getByRole('button', { name: 'Remove logo' }).click()
	await expect(page.getByText('Logo Removed')).toBeVisible()
	expect((await db().organization.findUniqueOrThrow({ where: { id: orgId } })).logoUrl).toBeNull()
	await page.goto(link)
	// the monogram: "Test Org …" → "TO"
	await expect(page.locator('main header').getByText('TO', { exact: true })).toBeVisible()
	await expect(page.getByRole('img', { name: `${orgName} logo` })).toHaveCount(0)
})

test('a file that is not an image is refused with the message (400), one over 5 MB 413; members get 403', async ({ page, context, makeUser, apiAs }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const orgId = admin.organization!.id
	await signIn(context, admin.id)
	await page.goto('/settings?tab=organization')
	await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('\x89PNG\r\n\x1a\n this is not really an image') })
	const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Upload Logo' }).click()])
	expect(answer.status()).toBe(400)
	await expect(page.getByText(NOT_AN_IMAGE)).toBeVisible()
	expect((await db().organization.findUniqueOrThrow({ where: { id: orgId } })).logoUrl).toBeNull()

	// over 5 MB: 413 and the same kind of message as the profile photo
	const huge = await (await apiAs(admin)).post('/settings?tab=organization', {
		multipart: { intent: 'logo-upload', logo: { name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([await wideLogo(), Buffer.alloc(5 * 1024 * 1024 + 10)]) } },
		maxRedirects: 0,
	})
	expect(huge.status()).toBe(413)
	expect(await huge.text()).toContain('The logo is too large. JPG, PNG, GIF or WebP, max 5MB')

	const member = await makeUser({ role: 'member', organizationId: orgId })
	const memberApi = await apiAs(member)
	const upload = await memberApi.post('/settings?tab=organization', {
		multipart: { intent: 'logo-upload', logo: { name: 'logo.png', mimeType: 'image/png', buffer: await wideLogo() } },
		maxRedirects: 0,
	})
	expect(upload.status()).toBe(403)
	const remove = await memberApi.post('/settings?tab=organization', { form: { intent: 'logo-remove' }, maxRedirects: 0 })
	expect(remove.status()).toBe(403)
	expect((await db().organization.findUniqueOrThrow({ where: { id: orgId } })).logoUrl).toBeNull()
})
