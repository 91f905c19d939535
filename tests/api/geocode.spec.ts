// /api/geocode/* over HTTP against the production build, with the default
// chain: the offline gazetteer for suggestions, ZIPs and cities, and a local
// server speaking the US Census geocoder's protocol (tests/support/census-server.ts)
// for street addresses.
import type { APIRequestContext } from '@playwright/test'
import { expect, test, TEST_PASSWORD } from '../support/fixtures.ts'

async function signIn(request: APIRequestContext, email: string) {
	const res = await request.post('/api/auth/login', { data: { email, password: TEST_PASSWORD } })
	expect(res.status()).toBe(200)
}

test('signed out: both paths answer 401 JSON', async ({ request }) => {
	for (const path of ['/api/geocode/suggest?q=78701', '/api/geocode/resolve?address=78701']) {
		const res = await request.get(path)
		expect(res.status()).toBe(401)
		expect(await res.json()).toEqual({ error: 'Authentication required' })
	}
})

test('suggest: the spec shape, 3-character minimum, limit', async ({ request, makeUser }) => {
	const user = await makeUser()
	await signIn(request, user.email)

	const res = await request.get('/api/geocode/suggest?q=78701')
	expect(res.status()).toBe(200)
	const body = await res.json()
	expect(body).toEqual({
		suggestions: [
			{
				place_id: expect.stringMatching(/^[\w-]+\.[\w-]{22}$/),
				description: 'Austin, TX 78701, USA',
				structured_formatting: { main_text: '78701', secondary_text: 'Austin, TX, USA' },
			},
		],
	})

	const short = await request.get('/api/geocode/suggest?q=Au')
	expect(short.status()).toBe(200)
	expect(await short.json()).toEqual({ suggestions: [] })

	const limited = await request.get(`/api/geocode/suggest?q=${encodeURIComponent('Springfield')}&limit=3`)
	const { suggestions } = await limited.json()
	expect(suggestions).toHaveLength(3)
	expect(suggestions.map((s: { structured_formatting: { main_text: string } }) => s.structured_formatting.main_text)).toEqual([
		'Springfield',
		'Springfield',
		'Springfield',
	])
})

test('suggest: bad query → 400 with fields', async ({ request, makeUser }) => {
	const user = await makeUser()
	await signIn(request, user.email)

	const missing = await request.get('/api/geocode/suggest')
	expect(missing.status()).toBe(400)
	expect(await missing.json()).toEqual({ error: 'Invalid input', fields: { q: 'Enter an address to search' } })

	const long = await request.get(`/api/geocode/suggest?q=${'a'.repeat(201)}`)
	expect(long.status()).toBe(400)
	expect((await long.json()).fields).toEqual({ q: 'Keep the address under 200 characters' })

	for (const limit of ['0', '11', '2.5', 'many']) {
		const bad = await request.get(`/api/geocode/suggest?q=Austin&limit=${limit}`)
		expect(bad.status()).toBe(400)
		expect((await bad.json()).fields).toEqual({ limit: 'Limit must be a whole number from 1 to 10' })
	}

	const post = await request.post('/api/geocode/suggest?q=Austin')
	expect(post.status()).toBe(405)
})

test('resolve: a chosen suggestion and typed text give coordinates; unknown → 404', async ({ request, makeUser }) => {
	const user = await makeUser()
	await signIn(request, user.email)

	const typed = '123 Main St, Austin, TX 78701'
	const { suggestions } = await (await request.get(`/api/geocode/suggest?q=${encodeURIComponent(typed)}`)).json()
	expect(suggestions[0].description).toBe(typed)

	const chosen = await request.get(`/api/geocode/resolve?place_id=${encodeURIComponent(suggestions[0].place_id)}`)
	expect(chosen.status()).toBe(200)
	// the fake Census does not know 123 Main St: the ZIP centroid, said to be approximate
	expect(await chosen.json()).toEqual({ lat: 30.2713, lng: -97.7426, address: typed, precision: 'postcode' })

	const text = await request.get(`/api/geocode/resolve?address=${encodeURIComponent('Beverly Hills, CA 90210')}`)
	expect(text.status()).toBe(200)
	expect(await text.json()).toEqual({ lat: 34.0901, lng: -118.4065, address: 'Beverly Hills, CA 90210, USA', precision: 'postcode' })

	const unknown = await request.get('/api/geocode/resolve?address=Qwxyzzy')
	expect(unknown.status()).toBe(404)
	expect(await unknown.json()).toEqual({ error: 'We could not find that address.' })

	// a tampered place id resolves to nothing
	const [payload] = suggestions[0].place_id.split('.')
	const forged = await request.get(`/api/geocode/resolve?place_id=${payload}.${'A'.repeat(22)}`)
	expect(forged.status()).toBe(404)
})

test('resolve: neither or both of place_id and address → 400 with fields', async ({ request, makeUser }) => {
	const user = await makeUser()
	await signIn(request, user.email)

	const neither = await request.get('/api/geocode/resolve')
	expect(neither.status()).toBe(400)
	expect(await neither.json()).toEqual({ error: 'Invalid input', fields: { place_id: 'Give a place_id or an address' } })

	const both = await request.get('/api/geocode/resolve?place_id=abc&address=Austin')
	expect(both.status()).toBe(400)
	expect((await both.json()).fields).toEqual({ address: 'Give a place_id or an address, not both' })

	const short = await request.get('/api/geocode/resolve?address=Au')
	expect(short.status()).toBe(400)
	expect((await short.json()).fields).toEqual({ address: 'Enter at least 3 characters' })
})

test('resolve: a street address goes to the Census; ZIPs, cities and every Census failure fall back to the gazetteer, with precision', async ({ request, makeUser }) => {
	const user = await makeUser()
	await signIn(request, user.email)
	const resolve = async (address: string) => {
		const res = await request.get(`/api/geocode/resolve?address=${encodeURIComponent(address)}`)
		expect(res.status(), address).toBe(200)
		return res.json()
	}

	// the Census answers: the exact point
	expect(await resolve('1600 Pennsylvania Ave NW, Washington, DC 20500')).toEqual({
		lat: 38.898754,
		lng: -77.036547,
		address: '1600 PENNSYLVANIA AVE NW, WASHINGTON, DC, 20500',
		precision: 'address',
	})
	// chosen from the (offline) suggestions, it still goes to the Census
	const { suggestions } = await (await request.get(`/api/geocode/suggest?q=${encodeURIComponent('1100 Congress Ave, Austin, TX 78701')}`)).json()
	const chosen = await request.get(`/api/geocode/resolve?place_id=${encodeURIComponent(suggestions[0].place_id)}`)
	expect(await chosen.json()).toEqual({ lat: 30.274669, lng: -97.740312, address: '1100 CONGRESS AVE, AUSTIN, TX, 78701', precision: 'address' })

	// a ZIP, a city: the gazetteer
	expect(await resolve('20500')).toEqual({ lat: 38.8946, lng: -77.0355, address: 'Washington, DC 20500, USA', precision: 'postcode' })
	expect(await resolve('Austin, TX')).toMatchObject({ address: 'Austin, TX, USA', precision: 'city' })

	// the Census finds nothing, fails (500), is slow, answers garbage, more than 1 MB or a point abroad:
	// the centroid of the ZIP (or city) the text names, never a hang and never the wrong point
	const atZip = { lat: 30.2713, lng: -97.7426, precision: 'postcode' }
	for (const typed of ['42 Unknown St, Austin, TX 78701', '5000 Error St, Austin, TX 78701', '5001 Slow St, Austin, TX 78701', '5002 Garbage St, Austin, TX 78701', '5003 Huge St, Austin, TX 78701', '5004 Abroad St, Austin, TX 78701']) {
		expect(await resolve(typed), typed).toEqual({ ...atZip, address: typed })
	}
	const atCity = await resolve('5000 Error St, Austin, TX')
	expect(atCity).toMatchObject({ address: '5000 Error St, Austin, TX', precision: 'city' })
})
