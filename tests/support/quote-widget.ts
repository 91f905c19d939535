// The instant-quote widget in browser tests: an organization with a price list
// and its widget on, and a small website on another local origin (another
// port of 127.0.0.1) that embeds the snippet.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { db, type createUser } from './fixtures.ts'

/** The grass scene's address: the local Census places it at the scene's centre (census-server.ts). */
export const WIDGET_ADDRESS = '1200 Test Lawn Way, Denver, CO 80202'

type MakeUser = (options?: { role?: string; tierId?: string }) => ReturnType<typeof createUser>

export async function widgetFor(makeUser: MakeUser, allowedDomains: string[]) {
	const admin = await makeUser({ role: 'account_admin', tierId: 'pro' })
	const organizationId = admin.organization!.id
	const mowing = await db().servicePrice.create({ data: { organizationId, name: 'Lawn mowing', unit: 'sqft', unitPrice: '0.02', minimumCharge: '50' } })
	const publicKey = randomBytes(16).toString('base64url')
	await db().quoteWidget.create({ data: { organizationId, enabled: true, publicKey, serviceIds: [mowing.id], allowedDomains } })
	return { admin, organizationId, publicKey }
}

export type Website = { origin: string; port: number; close: () => Promise<void> }

/** A contractor's website on its own port, one page that carries the snippet. */
export async function startWebsite(page: (origin: string) => string): Promise<Website> {
	let origin = ''
	const server = http.createServer((req, res) => {
		if (req.url !== '/') return void res.writeHead(404).end()
		res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(origin))
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	origin = `http://127.0.0.1:${port}`
	return {
		origin,
		port,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

export const snippetPage = (appOrigin: string, publicKey: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Green Lawns Co</title></head>
<body>
<h1>Green Lawns Co</h1>
<p>Get an instant quote for your lawn:</p>
<script src="${appOrigin}/embed/quote.js" data-org="${publicKey}"></script>
<p>Family owned since 1987.</p>
</body></html>`

/** A solved bot check, as the browser sends it (the proof of work solved here). */
export async function solvedCaptcha(request: { get: (url: string) => Promise<{ json: () => Promise<unknown> }> }): Promise<string> {
	const challenge = (await (await request.get('/api/captcha/challenge')).json()) as Parameters<typeof solveChallenge>[0]['challenge']
	const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 })
	if (!solution) throw new Error('the bot check was not solved')
	return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

const r7 = (v: number) => Math.round(v * 1e7) / 1e7
/** A closed square ring of side `d` degrees from (lng, lat), as the widget stores detected lawns. */
export const lawnSquare = (lng: number, lat: number, d: number) => [
	[lng, lat],
	[r7(lng + d), lat],
	[r7(lng + d), r7(lat + d)],
	[lng, r7(lat + d)],
	[lng, lat],
]

/** A lead as the widget writes it: Hana at the test lawn, with its area and price ($250; `extra` overrides). */
export const widgetLead = (organizationId: string, extra: Record<string, unknown> = {}) =>
	db().lead.create({
		data: {
			organizationId,
			source: 'widget',
			name: 'Hana Homeowner',
			email: 'hana@example.com',
			phone: '(303) 555-0142',
			address: '1200 TEST LAWN WAY, DENVER, CO, 80202',
			lat: 39.7393,
			lng: -104.9902,
			areaSqft: 10000,
			priceLowCents: 25000,
			priceHighCents: 25000,
			...extra,
		},
	})
