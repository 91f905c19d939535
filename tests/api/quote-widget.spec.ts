// The instant-quote widget and leads (issue 19 items 3–4) over HTTP against the
// production build: the Settings section's form, /embed/quote.js,
// /embed/quote/{key} (its policy, the quote with the real geocoder chain and
// grass detection on the local Census and tile servers, the request that makes
// a lead and mails the admins), the limits, and GET /api/leads.
import type { APIRequestContext } from '@playwright/test'
import { createUser, db, expect, mailsTo, test } from '../support/fixtures.ts'
import { solvedCaptcha } from '../support/quote-widget.ts'

const ADDRESS = '1200 Test Lawn Way, Denver, CO 80202'
type MakeUser = (options?: { role?: string; organizationId?: string; tierId?: string; firstName?: string }) => ReturnType<typeof createUser>

const form = (fields: Record<string, string | string[]>) => {
	const body = new URLSearchParams()
	for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) body.append(k, value)
	return { data: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, maxRedirects: 0 }
}

/** An organization with a price list and its widget turned on through the Settings form. */
async function setUp(makeUser: MakeUser, apiAs: (u: { id: string }) => Promise<APIRequestContext>, { tierId = 'pro', priceDisplay = 'exact', domains = 'example.com\nhttps://www.example.com' } = {}) {
	const admin = await makeUser({ role: 'account_admin', tierId, firstName: 'Ada' })
	const orgId = admin.organization!.id
	const member = await makeUser({ role: 'member', organizationId: orgId })
	const adminApi = await apiAs(admin)
	const mowing = await db().servicePrice.create({ data: { organizationId: orgId, name: 'Lawn mowing', unit: 'sqft', unitPrice: '0.02', minimumCharge: '50' } })
	const visit = await db().servicePrice.create({ data: { organizationId: orgId, name: 'Site visit', unit: 'flat', unitPrice: '45', minimumCharge: '0' } })
	const fence = await db().servicePrice.create({ data: { organizationId: orgId, name: 'Edging', unit: 'ft', unitPrice: '1', minimumCharge: '0' } })
	const res = await adminApi.post('/settings', form({ intent: 'quote-widget', enabled: 'on', serviceIds: [mowing.id, visit.id], priceDisplay, rangePercent: '10', allowedDomains: domains }))
	return { admin, member, orgId, adminApi, mowing, visit, fence, saved: res }
}

const widgetOf = (orgId: string) => db().quoteWidget.findUniqueOrThrow({ where: { organizationId: orgId } })
const searchesOf = async (orgId: string) => (await db().organization.findUniqueOrThrow({ where: { id: orgId } })).searchesUsedThisMonth
const hiddenQuote = (html: string) => /name="quote" value="([^"]+)"/.exec(html)?.[1] ?? null
const decode = (html: string) => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&')

test('an account admin turns the widget on in Settings: a random public key, the snippet, the section only for admins', async ({ makeUser, apiAs, baseURL }) => {
	const { orgId, member, saved, mowing, visit, adminApi } = await setUp(makeUser, apiAs)
	expect(saved.status()).toBe(302)
	expect(saved.headers()['location']).toBe('/settings?tab=organization#quote-widget')
	const widget = await widgetOf(orgId)
	expect(widget).toMatchObject({ enabled: true, priceDisplay: 'exact', rangePercent: 10, allowedDomains: ['example.com', 'https://www.example.com'] })
	expect(widget.serviceIds.sort()).toEqual([mowing.id, visit.id].sort())
	expect(widget.publicKey).toMatch(/^[A-Za-z0-9_-]{22}$/)
	expect(widget.publicKey).not.toContain(orgId)

	const page = decode(await (await adminApi.get('/settings?tab=organization')).text())
	expect(page).toContain('Quote Widget')
	expect(page).toContain(`<script src="${baseURL}/embed/quote.js" data-org="${widget.publicKey}"></script>`)
	// a second save keeps the key
	await adminApi.post('/settings', form({ intent: 'quote-widget', serviceIds: [mowing.id], priceDisplay: 'range', rangePercent: '15', allowedDomains: 'example.com' }))
	expect(await widgetOf(orgId)).toMatchObject({ enabled: false, publicKey: widget.publicKey, priceDisplay: 'range', rangePercent: 15, serviceIds: [mowing.id] })

	// a member sees no section and cannot post it
	const memberApi = await apiAs(member)
	expect(await (await memberApi.get('/settings?tab=organization')).text()).not.toContain('Quote Widget')
	const refused = await memberApi.post('/settings', form({ intent: 'quote-widget', enabled: 'on', serviceIds: [mowing.id], allowedDomains: 'evil.example' }))
	expect(refused.status()).toBe(403)
	expect(await widgetOf(orgId)).toMatchObject({ enabled: false, allowedDomains: ['example.com'] })
})

test('settings refuse bad input: unknown domains, nothing to quote, services of another organization or priced per ft, plans without AI', async ({ makeUser, apiAs }) => {
	const { orgId, adminApi, mowing, fence } = await setUp(makeUser, apiAs)
	const before = await widgetOf(orgId)
	const cases: [Record<string, string | string[]>, string][] = [
		[{ enabled: 'on', serviceIds: [mowing.id], allowedDomains: "example.com; script-src 'unsafe-inline'" }, 'is not a website domain'],
		[{ enabled: 'on', serviceIds: [mowing.id], allowedDomains: '' }, 'List at least one website domain to turn the widget on'],
		[{ enabled: 'on', allowedDomains: 'example.com' }, 'Choose at least one service to quote to turn the widget on'],
		[{ enabled: 'on', serviceIds: [fence.id], allowedDomains: 'example.com' }, 'Choose services priced per sq ft or at a flat rate from your price list'],
		[{ enabled: 'on', serviceIds: [mowing.id], rangePercent: '90', priceDisplay: 'range', allowedDomains: 'example.com' }, 'Range must be a whole percentage from 1 to 50'],
	]
	for (const [fields, message] of cases) {
		const res = await adminApi.post('/settings', form({ intent: 'quote-widget', ...fields }))
		expect(res.status(), message).toBe(400)
		expect(decode(await res.text()), message).toContain(message)
	}
	const stranger = await makeUser({ role: 'account_admin' })
	const theirs = await db().servicePrice.create({ data: { organizationId: stranger.organization!.id, name: 'Theirs', unit: 'flat', unitPrice: '1' } })
	const res = await adminApi.post('/settings', form({ intent: 'quote-widget', enabled: 'on', serviceIds: [theirs.id], allowedDomains: 'example.com' }))
	expect(res.status()).toBe(400)
	expect(await widgetOf(orgId)).toEqual(before)

	// starter: the section says why, and saving is refused
	const starter = await makeUser({ role: 'account_admin', tierId: 'starter' })
	const starterApi = await apiAs(starter)
	const page = await (await starterApi.get('/settings?tab=organization')).text()
	expect(page).toContain('Quote widget unavailable on your plan')
	expect(page).toContain('Upgrade to Pro or higher to use it.')
	const starterSave = await starterApi.post('/settings', form({ intent: 'quote-widget', allowedDomains: 'example.com' }))
	expect(starterSave.status()).toBe(403)
	expect(await db().quoteWidget.count({ where: { organizationId: starter.organization!.id } })).toBe(0)
})

test('embed script and widget page: frame-ancestors are the allowed domains; unknown, disabled and downgraded keys are a 404 page', async ({ makeUser, apiAs, request }) => {
	const { orgId, adminApi, mowing } = await setUp(makeUser, apiAs)
	const { publicKey } = await widgetOf(orgId)

	const script = await request.get('/embed/quote.js')
	expect(script.status()).toBe(200)
	expect(script.headers()['content-type']).toContain('text/javascript')
	const source = await script.text()
	expect(source).toContain("'/embed/quote/'")
	expect(source).toContain('data-org')

	const page = await request.get(`/embed/quote/${publicKey}`)
	expect(page.status()).toBe(200)
	const csp = page.headers()['content-security-policy']!
	expect(csp).toContain('frame-ancestors example.com https://www.example.com')
	expect(csp).not.toContain("frame-ancestors 'none'")
	expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/) // the rest of the site's policy stays
	expect(page.headers()['x-frame-options']).toBeUndefined()
	expect(page.headers()['x-robots-tag']).toContain('noindex')
	const html = await page.text()
	expect(html).toContain('Instant lawn quote')
	const org = await db().organization.findUniqueOrThrow({ where: { id: orgId } })
	expect(html).toContain(org.name)
	expect(html).not.toContain(orgId)
	expect(html).not.toContain('Accept all') // no cookie banner inside other websites

	for (const key of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-key', orgId]) {
		const missing = await request.get(`/embed/quote/${key}`)
		expect(missing.status(), key).toBe(404)
		expect(await missing.text()).toContain('This quote widget is not available.')
		const post = await request.post(`/embed/quote/${key}`, form({ intent: 'quote', address: ADDRESS }))
		expect(post.status(), key).toBe(404)
	}
	// turned off: 404
	await adminApi.post('/settings', form({ intent: 'quote-widget', serviceIds: [mowing.id], allowedDomains: 'example.com' }))
	expect((await request.get(`/embed/quote/${publicKey}`)).status()).toBe(404)
	// on again, then the plan loses AI detection: 404
	await adminApi.post('/settings', form({ intent: 'quote-widget', enabled: 'on', serviceIds: [mowing.id], allowedDomains: 'example.com' }))
	expect((await request.get(`/embed/quote/${publicKey}`)).status()).toBe(200)
	await db().organization.update({ where: { id: orgId }, data: { subscriptionTierId: 'starter' } })
	expect((await request.get(`/embed/quote/${publicKey}`)).status()).toBe(404)
})

test('a homeowner gets a quote (one search counted) and requests it: a lead with the detected lawn and the price, mailed to the account admins', async ({ makeUser, apiAs, request, env }) => {
	test.setTimeout(60_000)
	const { orgId, admin, member, mowing } = await setUp(makeUser, apiAs)
	const { publicKey } = await widgetOf(orgId)
	const searches = await searchesOf(orgId)

	const quoted = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS }))
	expect(quoted.status()).toBe(200)
	const html = decode(await quoted.text())
	expect(await searchesOf(orgId)).toBe(searches + 1)
	const area = Number(/data-testid="quote-area">([\d,]+) sq ft</.exec(html)?.[1]?.replace(/,/g, ''))
	expect(Math.abs(area - env.grass.truthSqft) / env.grass.truthSqft).toBeLessThan(0.05)
	// mowing per sq ft (above its $50 minimum here) + the flat site visit
	const total = Math.max(Math.round(area * 2), 5000) + 4500
	const price = `$${Math.floor(total / 100).toLocaleString('en-US')}.${String(total % 100).padStart(2, '0')}`
	expect(html).toContain(`data-testid="quote-price">${price}<`)
	expect(html).toContain('Request this quote')
	expect(await db().lead.count({ where: { organizationId: orgId } })).toBe(0) // nothing stored before the request
	const token = hiddenQuote(await quoted.text())!
	expect(token).toBeTruthy()

	const requested = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'request', quote: token, name: 'Hana Homeowner', email: 'Hana@Example.com', phone: '(303) 555-0142', message: 'Front and back, please.', website: '' }))
	expect(requested.status()).toBe(302)
	expect(requested.headers()['location']).toBe(`/embed/quote/${publicKey}?requested=1`)
	const thanks = await request.get(requested.headers()['location']!)
	expect(await thanks.text()).toContain('Request sent')

	const [lead] = await db().lead.findMany({ where: { organizationId: orgId } })
	expect(lead).toMatchObject({ source: 'widget', status: 'new', address: '1200 TEST LAWN WAY, DENVER, CO, 80202', name: 'Hana Homeowner', email: 'hana@example.com', phone: '(303) 555-0142', message: 'Front and back, please.', priceLowCents: total, priceHighCents: total, measurementShareId: null })
	expect(lead!.areaSqft).toBe(area)
	expect(lead!.lat).toBeCloseTo(env.grass.center.lat, 5)
	expect(lead!.lng).toBeCloseTo(env.grass.center.lng, 5)
	const shapes = lead!.shapes as { type: string; features: { geometry: { type: string; coordinates: number[][][] } }[] }
	expect(shapes.type).toBe('FeatureCollection')
	expect(shapes.features.length).toBeGreaterThan(0)
	expect(shapes.features[0]!.geometry.type).toBe('Polygon')

	await expect.poll(async () => (await mailsTo(admin.email)).length, { timeout: 10_000 }).toBe(1)
	const [mail] = await mailsTo(admin.email)
	expect(mail!.subject).toBe('New lead: 1200 TEST LAWN WAY, DENVER, CO, 80202')
	expect(mail!.text).toContain('Hana Homeowner')
	expect(mail!.text).toContain('hana@example.com')
	expect(mail!.text).toContain('(303) 555-0142')
	expect(mail!.text).toContain(`Price quoted: ${price}`)
	expect(await mailsTo(member.email)).toHaveLength(0) // members are not mailed

	// a range when the organization chooses one
	await db().quoteWidget.update({ where: { organizationId: orgId }, data: { priceDisplay: 'range', rangePercent: 10, serviceIds: [mowing.id] } })
	const ranged = decode(await (await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS }))).text())
	expect(ranged).toMatch(/data-testid="quote-price">\$[\d,]+ – \$[\d,]+</)
	expect(await searchesOf(orgId)).toBe(searches + 2)
})

test('addresses outside the US or not exact, and bots, are refused clearly: nothing counted, nothing stored', async ({ makeUser, apiAs, request }) => {
	const { orgId } = await setUp(makeUser, apiAs)
	const { publicKey } = await widgetOf(orgId)
	const searches = await searchesOf(orgId)
	for (const address of ['10 Downing Street, London SW1A 2AA, United Kingdom', '5004 Avenue Anatole France, Paris']) {
		const res = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address }))
		expect(res.status(), address).toBe(400)
		expect(decode(await res.text()), address).toMatch(/We could not find that (address in the United States|exact street address)/)
	}
	const empty = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: '  ' }))
	expect(empty.status()).toBe(400)
	expect(await empty.text()).toContain('Enter your street address')
	// the bot check: a filled honeypot, a forged or reused solution
	const honeypot = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS, website: 'http://spam.example' }))
	expect(honeypot.status()).toBe(400)
	expect(await honeypot.text()).toContain('Please leave this field empty')
	const forged = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS, captchaToken: 'Zm9yZ2Vk' }))
	expect(forged.status()).toBe(400)
	expect(await forged.text()).toContain('CAPTCHA verification is required')
	const token = await solvedCaptcha(request)
	expect((await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: 'zz', captchaToken: token }))).status()).toBe(400)
	const reused = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS, captchaToken: token }))
	expect(await reused.text()).toContain('CAPTCHA verification is required')
	expect(await searchesOf(orgId)).toBe(searches)
	expect(await db().lead.count({ where: { organizationId: orgId } })).toBe(0)
})

test('request form: contact validation, the honeypot and a forged quote are refused; nothing stored', async ({ makeUser, apiAs, request }) => {
	const { orgId } = await setUp(makeUser, apiAs)
	const { publicKey } = await widgetOf(orgId)
	const base = { intent: 'request', address: '1 Main St, Denver, CO', name: 'Hana', email: 'hana@example.com', phone: '3035550142' }
	const cases: [Record<string, string>, string][] = [
		[{ ...base, email: 'not-an-email' }, 'Please enter a valid email address'],
		[{ ...base, phone: '123' }, 'Please enter a valid phone number'],
		[{ ...base, name: '' }, 'Name is required'],
		[{ ...base, website: 'http://spam.example' }, 'Please leave this field empty'],
		[{ ...base, address: '', quote: 'forged.quote' }, 'This quote has expired. Please look up the address again.'],
	]
	for (const [fields, message] of cases) {
		const res = await request.post(`/embed/quote/${publicKey}`, form(fields))
		expect(res.status(), message).toBe(400)
		expect(decode(await res.text()), message).toContain(message)
	}
	expect(await db().lead.count({ where: { organizationId: orgId } })).toBe(0)
})

test('at the monthly search limit the widget says quotes are unavailable and still takes the request (a lead without a price)', async ({ makeUser, apiAs, request }) => {
	const { orgId, admin } = await setUp(makeUser, apiAs)
	const { publicKey } = await widgetOf(orgId)
	const tier = await db().subscriptionTier.findUniqueOrThrow({ where: { id: 'pro' } })
	expect(tier.searchesPerMonth).not.toBeNull()
	await db().organization.update({ where: { id: orgId }, data: { searchesUsedThisMonth: tier.searchesPerMonth! } })

	const res = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS }))
	expect(res.status()).toBe(200)
	const html = decode(await res.text())
	expect(html).toContain('Instant quotes are unavailable right now.')
	expect(html).not.toContain('data-testid="quote-price"')
	expect(hiddenQuote(html)).toBeNull()
	expect(await searchesOf(orgId)).toBe(tier.searchesPerMonth)

	const requested = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'request', address: '1200 TEST LAWN WAY, DENVER, CO, 80202', name: 'Hana', email: 'hana@example.com', phone: '3035550142' }))
	expect(requested.status()).toBe(302)
	const [lead] = await db().lead.findMany({ where: { organizationId: orgId } })
	expect(lead).toMatchObject({ source: 'widget', address: '1200 TEST LAWN WAY, DENVER, CO, 80202', areaSqft: null, priceLowCents: null, shapes: null })
	await expect.poll(async () => (await mailsTo(admin.email)).map((m) => m.text).join('\n'), { timeout: 10_000 }).toContain('Price quoted: none')
})

test('quotes are rate limited per IP and per organization', async ({ makeUser, apiAs, request, playwright, baseURL }) => {
	const { orgId } = await setUp(makeUser, apiAs)
	const { publicKey } = await widgetOf(orgId)
	// an address the geocoder cannot place answers fast: the limit counts it all the same
	// (each with a solved bot check, so the no-captcha limit is not what stops them)
	const statuses: number[] = []
	for (let i = 0; i < 11; i++) statuses.push((await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: `zz${i}`, captchaToken: await solvedCaptcha(request) }))).status())
	expect(statuses).toEqual([...Array(10).fill(400), 429])
	const limited = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS, captchaToken: await solvedCaptcha(request) }))
	expect(limited.status()).toBe(429)
	expect(await limited.text()).toContain('Too many attempts. Please try again in')

	// the organization's hourly limit, reached from other addresses
	await setCounter(`widget-quote:org:${orgId.toLowerCase()}`, 120)
	const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.250.1.77' } })
	const res = await other.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS, captchaToken: await solvedCaptcha(other) }))
	expect(res.status()).toBe(429)
	await other.dispose()
	await db().rateLimit.deleteMany({ where: { key: `widget-quote:org:${orgId.toLowerCase()}` } })
})

test('the per-IP quote limit is 10 an hour: the 11th post from one address is 429 for the rest of the hour, another address still gets a quote (issue 33 §2)', async ({ makeUser, apiAs, playwright, baseURL }) => {
	test.setTimeout(60_000)
	const { orgId } = await setUp(makeUser, apiAs)
	const { publicKey } = await widgetOf(orgId)
	const from = (ip: string) => playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ip } })
	const one = await from(`10.249.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`)
	// posts that solved the challenge but name no place: refused (400), each counted
	for (let i = 0; i < 10; i++) {
		const res = await one.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: `nowhere ${i}`, captchaToken: await solvedCaptcha(one) }))
		expect(res.status(), `post ${i + 1}`).toBe(400)
	}
	const eleventh = await one.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS, captchaToken: await solvedCaptcha(one) }))
	expect(eleventh.status()).toBe(429)
	// the widget's page with the usual message; the window is an hour (not 10 minutes)
	const html = decode(await eleventh.text())
	expect(html).toMatch(/Too many attempts\. Please try again in (59|60) minutes\./)
	expect(html).not.toContain('data-testid="quote-price"')
	await one.dispose()
	// the organization's budget was not spent by any of them; another address quotes
	expect(await db().rateLimit.findUnique({ where: { key: `widget-quote:org:${orgId.toLowerCase()}` } })).toBeNull()
	const other = await from('10.249.251.3')
	const quoted = await other.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS, captchaToken: await solvedCaptcha(other) }))
	expect(quoted.status()).toBe(200)
	expect(decode(await quoted.text())).toMatch(/data-testid="quote-price">\$[\d,]+\.\d\d</)
	await other.dispose()
})

const setCounter = (key: string, count: number) =>
	db().$executeRaw`INSERT INTO rate_limits (key, count, "windowStart") VALUES (${key}, ${count}, now())
		ON CONFLICT (key) DO UPDATE SET count = ${count}, "windowStart" = now()`

test('a signed quote makes one lead: the second request with it is 409, nothing written, one e-mail (issue 33 §2)', async ({ makeUser, apiAs, request }) => {
	test.setTimeout(60_000)
	const { orgId, admin } = await setUp(makeUser, apiAs)
	const { publicKey } = await widgetOf(orgId)
	const quoted = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS, captchaToken: await solvedCaptcha(request) }))
	expect(quoted.status()).toBe(200)
	const token = hiddenQuote(await quoted.text())!
	const contact = { intent: 'request', quote: token, name: 'Hana', email: 'hana@example.com', phone: '3035550142' }
	expect((await request.post(`/embed/quote/${publicKey}`, form({ ...contact, captchaToken: await solvedCaptcha(request) }))).status()).toBe(302)
	const again = await request.post(`/embed/quote/${publicKey}`, form({ ...contact, name: 'Someone Else', captchaToken: await solvedCaptcha(request) }))
	expect(again.status()).toBe(409)
	expect(decode(await again.text())).toContain('This quote has already been requested. Please look up the address again to send another request.')
	expect(await db().lead.count({ where: { organizationId: orgId } })).toBe(1)
	await expect.poll(async () => (await mailsTo(admin.email)).length, { timeout: 10_000 }).toBe(1)
	// the one e-mail is the first request's; the refused one sent none
	expect((await mailsTo(admin.email)).map((m) => m.text).join('\n')).not.toContain('Someone Else')
})

test('a lead with an address alone is taken only while quotes are unavailable, 2 a day from one address, the first 20 a day per organization e-mailed; refused ones write and mail nothing (issue 33 §2)', async ({ makeUser, apiAs, request, playwright, baseURL }) => {
	test.setTimeout(60_000)
	const { orgId, admin, adminApi } = await setUp(makeUser, apiAs)
	const { publicKey } = await widgetOf(orgId)
	const contact = { intent: 'request', address: '1 Spam Street <b>Buy now</b>', name: 'Spam', email: 'spam@example.com', phone: '3035550142' }
	const from = (ip: string) => playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ip } })
	const mailText = async () => (await mailsTo(admin.email)).map((m) => m.text).join('\n')
	// quotes are available: look the address up instead
	const refused = await request.post(`/embed/quote/${publicKey}`, form({ ...contact, captchaToken: await solvedCaptcha(request) }))
	expect(refused.status()).toBe(409)
	expect(decode(await refused.text())).toContain('Instant quotes are available for this address. Please look up the address to see your quote, then request it.')
	expect(await db().rateLimit.count({ where: { key: { startsWith: 'widget-address-lead:' }, AND: { key: { contains: orgId.toLowerCase() } } } })).toBe(0)

	// the monthly searches are used up: quotes are unavailable, the request is taken
	const tier = await db().subscriptionTier.findUniqueOrThrow({ where: { id: 'pro' } })
	await db().organization.update({ where: { id: orgId }, data: { searchesUsedThisMonth: tier.searchesPerMonth! } })
	expect((await request.post(`/embed/quote/${publicKey}`, form({ ...contact, name: 'Hana', captchaToken: await solvedCaptcha(request) }))).status()).toBe(302)
	expect(await db().lead.count({ where: { organizationId: orgId } })).toBe(1)
	await expect.poll(async () => (await mailsTo(admin.email)).length, { timeout: 10_000 }).toBe(1)

	// one address leaves 2 a day: the third is 429, nothing stored, nothing mailed
	expect((await request.post(`/embed/quote/${publicKey}`, form({ ...contact, name: 'Hana Again', captchaToken: await solvedCaptcha(request) }))).status()).toBe(302)
	const third = await request.post(`/embed/quote/${publicKey}`, form({ ...contact, captchaToken: await solvedCaptcha(request) }))
	expect(third.status()).toBe(429)
	expect(decode(await third.text())).toContain('Too many attempts. Please try again in')
	expect(await db().lead.count({ where: { organizationId: orgId } })).toBe(2)
	await expect.poll(async () => (await mailsTo(admin.email)).length, { timeout: 10_000 }).toBe(2)

	// a flood from many addresses spent the day's 20 e-mails: a homeowner elsewhere still
	// leaves a lead, kept on the Leads list, not e-mailed
	await setCounter(`widget-address-lead:org:${orgId.toLowerCase()}`, 20)
	const homeowner = await from('10.254.7.21')
	expect((await homeowner.post(`/embed/quote/${publicKey}`, form({ ...contact, name: 'Ines', address: '9 Real Road, Denver, CO', captchaToken: await solvedCaptcha(homeowner) }))).status()).toBe(302)
	await homeowner.dispose()
	expect(await db().lead.count({ where: { organizationId: orgId } })).toBe(3)
	const listed = (await (await adminApi.get('/api/leads')).json()) as { leads: { name: string; address: string | null }[] }
	expect(listed.leads).toContainEqual(expect.objectContaining({ name: 'Ines', address: '9 Real Road, Denver, CO' }))

	// a new day (the organization's counter gone): leads are mailed again; Ines's never was
	await db().rateLimit.deleteMany({ where: { key: `widget-address-lead:org:${orgId.toLowerCase()}` } })
	// and the hourly quote budget spent also makes quotes unavailable
	await db().organization.update({ where: { id: orgId }, data: { searchesUsedThisMonth: 0 } })
	await setCounter(`widget-quote:org:${orgId.toLowerCase()}`, 120)
	const next = await from('10.254.7.22')
	expect((await next.post(`/embed/quote/${publicKey}`, form({ ...contact, name: 'Jonas', captchaToken: await solvedCaptcha(next) }))).status()).toBe(302)
	await next.dispose()
	await expect.poll(mailText, { timeout: 10_000 }).toContain('Jonas asked')
	expect((await mailsTo(admin.email)).length).toBe(3)
	expect(await mailText()).not.toContain('Ines asked')
	expect(await mailText()).not.toContain('Spam asked')
	expect(await db().lead.count({ where: { organizationId: orgId } })).toBe(4)
	await db().rateLimit.deleteMany({ where: { key: `widget-quote:org:${orgId.toLowerCase()}` } })
})

test('posts without JavaScript spend a budget of their own: when it is spent, the widget with a solved challenge still quotes (issue 33 §2)', async ({ makeUser, apiAs, request, playwright, baseURL }) => {
	test.setTimeout(60_000)
	const { orgId } = await setUp(makeUser, apiAs)
	const { publicKey } = await widgetOf(orgId)
	// a flood of plain form posts from many addresses used up the no-JavaScript 40 this hour
	await setCounter(`widget-quote-nojs:org:${orgId.toLowerCase()}`, 40)
	const plain = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.252.3.9' } })
	const stopped = await plain.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS }))
	expect(stopped.status()).toBe(429)
	await plain.dispose()
	const quoted = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS, captchaToken: await solvedCaptcha(request) }))
	expect(quoted.status()).toBe(200)
	expect(decode(await quoted.text())).toMatch(/data-testid="quote-price">\$[\d,]+\.\d\d</)
	expect(await db().rateLimit.findUnique({ where: { key: `widget-quote:org:${orgId.toLowerCase()}` } })).toMatchObject({ count: 1 })
})

test('a flood of forged bot checks from many addresses spends none of the organization\'s budget: a real homeowner still gets a quote (issue 33 §2)', async ({ makeUser, apiAs, request, playwright, baseURL }) => {
	test.setTimeout(120_000)
	const { orgId } = await setUp(makeUser, apiAs)
	const { publicKey } = await widgetOf(orgId)
	const searches = await searchesOf(orgId)
	// 13 addresses × 10 posts with captchaToken=bogus: 130, more than the hourly 120
	for (let a = 0; a < 13; a++) {
		const bot = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': `10.251.${a}.${Math.floor(Math.random() * 250) + 1}` } })
		for (let i = 0; i < 10; i++) {
			const res = await bot.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS, captchaToken: 'bogus' }))
			expect(res.status()).toBe(400)
			expect(await res.text()).toContain('CAPTCHA verification is required')
		}
		await bot.dispose()
	}
	const spent = await db().rateLimit.findUnique({ where: { key: `widget-quote:org:${orgId.toLowerCase()}` } })
	expect(spent).toBeNull()
	expect(await searchesOf(orgId)).toBe(searches)

	const quoted = await request.post(`/embed/quote/${publicKey}`, form({ intent: 'quote', address: ADDRESS, captchaToken: await solvedCaptcha(request) }))
	expect(quoted.status()).toBe(200)
	expect(decode(await quoted.text())).toMatch(/data-testid="quote-price">\$[\d,]+\.\d\d</)
	expect(await searchesOf(orgId)).toBe(searches + 1)
})

test('accepting a shared estimate stores a share lead with the acceptance', async ({ makeUser, apiAs, request, env }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const orgId = admin.organization!.id
	const api = await apiAs(admin)
	const visit = await (await api.post(`/api/organizations/${orgId}/price-list`, { data: { name: 'Site visit', unit: 'flat', unitPrice: '45', minimumCharge: '0' } })).json()
	const c = env.grass.center
	const square = [c, { lat: c.lat, lng: c.lng + 0.0002 }, { lat: c.lat + 0.0002, lng: c.lng + 0.0002 }, { lat: c.lat + 0.0002, lng: c.lng }]
	const measurement = await (await api.post('/api/measurements', { data: { label: 'Front', address: '1437 Bannock St, Denver, CO 80202', property_center: c, shapes: [{ type: 'polygon', coordinates: square, label: 'Front lawn' }] } })).json()
	const share = await (await api.post(`/api/measurements/${measurement.id}/share`, { data: { services: [visit.id] } })).json()
	const accepted = await request.post(`/p/${share.token}`, form({ name: 'Carla Customer', email: 'carla@example.com', phone: '3035550199', message: 'Yes please' }))
	expect(accepted.status()).toBe(302)
	const leads = await db().lead.findMany({ where: { organizationId: orgId } })
	expect(leads).toHaveLength(1)
	expect(leads[0]).toMatchObject({ source: 'share', status: 'new', address: '1437 Bannock St, Denver, CO 80202', name: 'Carla Customer', email: 'carla@example.com', phone: '3035550199', message: 'Yes please', priceLowCents: 4500, priceHighCents: 4500 })
	expect(leads[0]!.areaSqft).toBeCloseTo(measurement.total_area_sqft, 3)
	expect((leads[0]!.shapes as { features: unknown[] }).features).toHaveLength(1)
	const shareRow = await db().measurementShare.findFirstOrThrow({ where: { measurementId: measurement.id } })
	expect(leads[0]!.measurementShareId).toBe(shareRow.id)
	// a second acceptance is refused and makes no second lead
	const again = await request.post(`/p/${share.token}`, form({ name: 'Someone Else', email: 'else@example.com', phone: '3035550100' }))
	expect(again.status()).toBe(409)
	expect(await db().lead.count({ where: { organizationId: orgId } })).toBe(1)
})

test('GET /api/leads: 401 signed out, the organization\'s own leads only, status filter, pages, bad queries 400', async ({ makeUser, apiAs, request }) => {
	const admin = await makeUser({ role: 'account_admin' })
	const orgId = admin.organization!.id
	const member = await makeUser({ role: 'member', organizationId: orgId })
	const stranger = await makeUser({ role: 'account_admin' })
	const lead = (organizationId: string, name: string, status = 'new', minutesAgo = 0) =>
		db().lead.create({ data: { organizationId, source: 'widget', status, name, email: `${name.toLowerCase()}@example.com`, phone: '3035550100', address: `${name} St`, priceLowCents: 1000, priceHighCents: 1200, createdAt: new Date(Date.now() - minutesAgo * 60_000) } })
	await lead(orgId, 'Oldest', 'won', 3)
	await lead(orgId, 'Middle', 'new', 2)
	await lead(orgId, 'Newest', 'new', 1)
	await lead(stranger.organization!.id, 'Theirs')

	const anonymous = await request.get('/api/leads')
	expect(anonymous.status()).toBe(401)
	expect(await anonymous.json()).toEqual({ error: 'Authentication required' })

	const memberApi = await apiAs(member)
	const all = await (await memberApi.get('/api/leads')).json()
	expect(all.total).toBe(3)
	expect(all.leads.map((l: { name: string }) => l.name)).toEqual(['Newest', 'Middle', 'Oldest'])
	expect(all.leads[0]).toMatchObject({ source: 'widget', status: 'new', address: 'Newest St', priceQuoted: '$10 – $12', email: 'newest@example.com' })
	expect(JSON.stringify(all)).not.toContain('Theirs')
	const won = await (await memberApi.get('/api/leads?status=won')).json()
	expect(won).toMatchObject({ total: 1, leads: [{ name: 'Oldest' }] })
	const second = await (await memberApi.get('/api/leads?limit=2&page=2')).json()
	expect(second).toMatchObject({ total: 3, page: 2, limit: 2, leads: [{ name: 'Oldest' }] })

	const strangerApi = await apiAs(stranger)
	const theirs = await (await strangerApi.get('/api/leads')).json()
	expect(theirs.leads.map((l: { name: string }) => l.name)).toEqual(['Theirs'])

	for (const query of ['status=maybe', 'page=0', 'limit=501', 'limit=abc', 'sort=name']) {
		const res = await memberApi.get(`/api/leads?${query}`)
		expect(res.status(), query).toBe(400)
		expect((await res.json()).fields, query).toBeTruthy()
	}
	expect((await memberApi.post('/api/leads', { data: {} })).status()).toBe(405)
})
