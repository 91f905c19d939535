// A local server speaking the US Census one-line address geocoder's protocol
// (GET /geocoder/locations/onelineaddress?address=&benchmark=&format=json).
// It knows a few addresses; some house numbers make it misbehave like a broken
// provider, so tests can walk the whole fallback chain without the internet.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type CensusMatch = { matchedAddress: string; coordinates: { x: number; y: number } }

/** Addresses this fake Census finds (keyed by the upper-cased start of the query). */
export const CENSUS_ADDRESSES: Record<string, CensusMatch> = {
	'1600 PENNSYLVANIA AVE NW': { matchedAddress: '1600 PENNSYLVANIA AVE NW, WASHINGTON, DC, 20500', coordinates: { x: -77.036547, y: 38.898754 } },
	'1100 CONGRESS AVE': { matchedAddress: '1100 CONGRESS AVE, AUSTIN, TX, 78701', coordinates: { x: -97.740312, y: 30.274669 } },
	// the centre of the generated yard scene the local tile server serves (tests/support/e2e-server.ts)
	'1200 TEST LAWN WAY': { matchedAddress: '1200 TEST LAWN WAY, DENVER, CO, 80202', coordinates: { x: -104.9903, y: 39.7392 } },
}

/** House numbers that make it misbehave: "500 Error St, Austin, TX 78701" → HTTP 500, and so on. */
export const CENSUS_MISBEHAVIOUR = {
	'5000': 'error',
	'5001': 'slow',
	'5002': 'garbage',
	'5003': 'huge',
	'5004': 'abroad',
} as const

export type CensusServer = { url: string; requests: URL[]; close: () => Promise<void> }

export async function startCensusServer(): Promise<CensusServer> {
	const requests: URL[] = []
	const hanging = new Set<http.ServerResponse>()
	const json = (res: http.ServerResponse, body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
	const reply = (address: string, matches: unknown[]) => ({ result: { input: { address: { address }, benchmark: { benchmarkName: 'Public_AR_Current' } }, addressMatches: matches } })
	const server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://localhost')
		requests.push(url)
		if (url.pathname !== '/geocoder/locations/onelineaddress' || url.searchParams.get('format') !== 'json') {
			res.writeHead(404).end()
			return
		}
		const address = url.searchParams.get('address') ?? ''
		const upper = address.toUpperCase()
		const number = upper.match(/^\s*(\d+)/)?.[1] ?? ''
		const behaviour = CENSUS_MISBEHAVIOUR[number as keyof typeof CENSUS_MISBEHAVIOUR]
		if (behaviour === 'error') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error')
		if (behaviour === 'slow') {
			hanging.add(res)
			res.on('close', () => hanging.delete(res))
			return
		}
		if (behaviour === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>Service Unavailable')
		if (behaviour === 'huge') return void json(res, reply(address, [{ ...CENSUS_ADDRESSES['1100 CONGRESS AVE'], padding: 'x'.repeat(1_200_000) }]))
		if (behaviour === 'abroad') return void json(res, reply(address, [{ matchedAddress: '5004 AVENUE ANATOLE FRANCE, PARIS', coordinates: { x: 2.2945, y: 48.8584 } }]))
		const key = Object.keys(CENSUS_ADDRESSES).find((k) => upper.replace(/\s+/g, ' ').startsWith(k))
		json(res, reply(address, key ? [CENSUS_ADDRESSES[key]] : []))
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/geocoder`,
		requests,
		close: async () => {
			for (const res of hanging) res.destroy()
			server.closeAllConnections()
			await new Promise((resolve) => server.close(resolve))
		},
	}
}
