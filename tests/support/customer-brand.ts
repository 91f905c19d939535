// The customer's pages in the contractor's brand (issue 31): an organization
// under a name the test chooses, with a share link quoting two services and
// tax, as a homeowner receives it.
import type { APIRequestContext } from '@playwright/test'
import { db, expect, type createUser } from './fixtures.ts'

export const BRAND_ADDRESS = '1437 Bannock St, Denver, CO 80202'

/** Longer than any screen line and with a word wider than a 320 px phone: it must wrap, never widen the page. */
export const LONG_ORGANIZATION_NAME =
	'Greenacreslawncareandlandscapingservices of the Greater Denver Metropolitan Area and the Front Range, Family Owned and Operated Since 1987 LLC'

type MakeUser = (options?: { role?: string }) => ReturnType<typeof createUser>

/** An account admin whose organization is called `name`, and the path of a share link of theirs (two estimate lines, tax, a total). */
export async function brandedShare(makeUser: MakeUser, apiAs: (user: { id: string }) => Promise<APIRequestContext>, center: { lat: number; lng: number }, name: string) {
	const admin = await makeUser({ role: 'account_admin' })
	const orgId = admin.organization!.id
	await db().organization.update({ where: { id: orgId }, data: { name } })
	const api = await apiAs(admin)
	const services: string[] = []
	for (const data of [
		{ name: 'Lawn mowing', unit: 'sqft', unitPrice: '0.02', minimumCharge: '40' },
		{ name: 'Spring cleanup', unit: 'flat', unitPrice: '150', minimumCharge: '0' },
	]) {
		const made = await api.post(`/api/organizations/${orgId}/price-list`, { data })
		expect(made.status()).toBe(201)
		services.push((await made.json()).id)
	}
	const c = center
	const measurement = await api.post('/api/measurements', {
		data: {
			label: 'Front yard',
			address: BRAND_ADDRESS,
			measurement_type: 'manual',
			property_center: c,
			shapes: [{ type: 'polygon', label: 'Front lawn', coordinates: [c, { lat: c.lat, lng: c.lng + 0.0002 }, { lat: c.lat + 0.0002, lng: c.lng }] }],
		},
	})
	expect(measurement.status()).toBe(201)
	const share = await api.post(`/api/measurements/${(await measurement.json()).id}/share`, { data: { services, taxRate: '10', contactPhone: '+1 303 555 0123' } })
	expect(share.status()).toBe(201)
	return { admin, path: new URL((await share.json()).url).pathname }
}

/** A unique organization name with the initials "GA". */
export const greenAcres = () => `Green Acres Lawn Care ${Math.random().toString(36).slice(2, 8)}`
