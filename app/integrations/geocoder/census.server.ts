// -- US Census Geocoder, one-line address --
import { z } from 'zod'
import { isInUnitedStates } from '~/lib/us-bounds.ts'
import { expectShape, getJson, joinUrl } from './http.server.ts'
import type { PlaceIds } from './place-ids.server.ts'
import { suggestion, type Search } from './types.server.ts'

const CensusReply = z.object({
	result: z.object({
		addressMatches: z.array(
			z.object({
				matchedAddress: z.string().min(1),
				coordinates: z.object({ x: z.number().min(-180).max(180), y: z.number().min(-90).max(90) }),
			}),
		),
	}),
})

export function censusSearch(baseUrl: string, timeoutMs: number, places: PlaceIds): Search {
	return async (query, _limit, signal) => {
		const url = joinUrl(baseUrl, 'locations/onelineaddress')
		url.searchParams.set('address', query)
		url.searchParams.set('benchmark', 'Public_AR_Current')
		url.searchParams.set('format', 'json')
		const reply = expectShape('census', CensusReply, await getJson('census', url, timeoutMs, signal))
		// a point outside the states is not the US address that was asked for
		return reply.result.addressMatches
			.filter((match) => isInUnitedStates(match.coordinates.y, match.coordinates.x))
			.map((match) => {
				const [main = match.matchedAddress, ...rest] = match.matchedAddress.split(',').map((part) => part.trim())
				const place = places.encode({ provider: 'census', lat: match.coordinates.y, lng: match.coordinates.x, address: match.matchedAddress, precision: 'address' })
				return suggestion(place, main, rest.join(', '), match.matchedAddress)
			})
	}
}
