// Reverse geocoding ("I'm at the property"): the offline gazetteer on its real
// data, and the keyed providers against the local server that speaks their
// reverse protocols (tests/support/reverse-geocoder-server.ts). The HTTP path
// and each provider through the built server: tests/api/geocode-reverse.spec.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { REVERSE_POINTS, REVERSE_TOKEN, startReverseGeocoderServer, type ReverseGeocoderServer } from '../../../tests/support/reverse-geocoder-server.ts'
import { createReverseGeocoder } from './reverse.server.ts'
import { GeocoderError, type GeocoderConfig } from '../geocoder.server.ts'

const base: Omit<GeocoderConfig, 'provider'> = { censusUrl: 'http://127.0.0.1:9/unused', timeoutMs: 2000, secret: 'reverse-test-secret' }
let provider: ReverseGeocoderServer
beforeAll(async () => {
	provider = await startReverseGeocoderServer()
})
afterAll(async () => {
	await provider.close()
})

describe('gazetteer and Census (no reverse lookup of its own): the nearest ZIP centroid', () => {
	test.each(['gazetteer', 'census', 'default'] as const)('%s', async (choice) => {
		const found = await createReverseGeocoder({ ...base, provider: choice }).reverse({ lat: 38.898754, lng: -77.036547 })
		expect(found).toMatchObject({ address: expect.stringMatching(/^Washington, DC 20\d{3}, USA$/), precision: 'postcode', provider: 'gazetteer' })
		// the centroid of a ZIP within a couple of km
		expect(Math.hypot(found!.lat - 38.898754, found!.lng + 77.036547)).toBeLessThan(0.03)
	})

	test('the Aleutians: the antimeridian does not push the nearest ZIP to the other end of the map', async () => {
		const adak = await createReverseGeocoder({ ...base, provider: 'gazetteer' }).reverse({ lat: 51.88, lng: -176.65 })
		expect(adak?.address).toMatch(/, AK 99\d{3}, USA$/)
	})
})

describe('keyed and self-hosted providers', () => {
	const photon = () => createReverseGeocoder({ ...base, provider: 'photon', photonUrl: `${provider.url}/photon` })
	const mapbox = () => createReverseGeocoder({ ...base, provider: 'mapbox', mapbox: { url: `${provider.url}/mapbox`, token: REVERSE_TOKEN } })
	const google = (key = REVERSE_TOKEN) => createReverseGeocoder({ ...base, provider: 'google', google: { url: 'http://127.0.0.1:9/places', key, geocodingUrl: `${provider.url}/google` } })

	test.each([
		['photon', photon, '1100 Congress Avenue, Austin, TX 78701, USA'],
		['mapbox', mapbox, '1100 Congress Avenue, Austin, Texas 78701, United States'],
		['google', () => google(), '1100 Congress Ave, Austin, TX 78701, USA'],
	] as const)('%s: the most exact US place', async (_name, make, address) => {
		expect(await make().reverse(REVERSE_POINTS.address)).toEqual({ lat: 30.2746652, lng: -97.7403505, address, precision: 'address', provider: _name })
		expect(await make().reverse(REVERSE_POINTS.nothing)).toBeNull()
		expect(await make().reverse(REVERSE_POINTS.abroad)).toBeNull()
		for (const [point, status] of [[REVERSE_POINTS.error, 502], [REVERSE_POINTS.garbage, 502], [REVERSE_POINTS.hang, 504]] as const) {
			const error = await make().reverse(point).then(() => null, (e: unknown) => e)
			expect(error).toBeInstanceOf(GeocoderError)
			expect((error as GeocoderError).status).toBe(status)
		}
	})

	test('google: a refused key is a 502 whose message does not carry the key', async () => {
		const error = await google('wrong-key').reverse(REVERSE_POINTS.address).then(() => null, (e: unknown) => e)
		expect((error as GeocoderError).status).toBe(502)
		expect(`${(error as GeocoderError).message} ${(error as GeocoderError).detail}`).not.toContain('wrong-key')
	})

	test('default chain: Photon when PHOTON_URL is set, the gazetteer when it fails or finds nothing; the caller leaving is not a fallback', async () => {
		const chain = createReverseGeocoder({ ...base, provider: 'default', photonUrl: `${provider.url}/photon` })
		expect(await chain.reverse(REVERSE_POINTS.address)).toMatchObject({ precision: 'address', provider: 'photon' })
		expect(await chain.reverse(REVERSE_POINTS.error)).toMatchObject({ precision: 'postcode', provider: 'gazetteer', address: expect.stringMatching(/, TN \d{5}, USA$/) })
		expect(await chain.reverse(REVERSE_POINTS.nothing)).toMatchObject({ precision: 'postcode', provider: 'gazetteer' })
		const leaving = new AbortController()
		const pending = chain.reverse(REVERSE_POINTS.hang, { signal: leaving.signal })
		leaving.abort(new Error('caller left'))
		await expect(pending).rejects.toThrow('caller left')
	})
})
