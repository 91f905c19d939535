// GET /api/checkout/address-suggest?q=… → { suggestions: [{description, address, city, state, zipCode}] }
// The checkout's US address autocomplete for visitors who are not signed in
// yet: the same geocoder as /measure, rate limited per IP.
import type { Route } from './+types/checkout.address-suggest'
import { getGeocoder, SUGGESTION_ATTRIBUTION } from '~/integrations/geocoder.server.ts'
import { splitUsAddress } from '~/lib/checkout.ts'
import { SuggestQuerySchema } from '~/lib/schemas/geocode.ts'
import { hit } from '~/services/rate-limit.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { api, methodNotAllowed, readQuery } from '~/utils/http.server.ts'

const LIMIT = { name: 'checkout-suggest:ip', max: 300, windowSeconds: 15 * 60 }

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	await hit(LIMIT, clientIp(request))
	const { q, limit } = readQuery(request, SuggestQuerySchema)
	const { suggestions, provider } = await getGeocoder().suggestFrom(q, { limit, signal: request.signal })
	const attribution = suggestions.length ? SUGGESTION_ATTRIBUTION[provider] : undefined
	return Response.json(
		{ suggestions: suggestions.map((s) => ({ description: s.description, ...splitUsAddress(s.description) })), ...(attribution ? { attribution } : {}) },
		{ headers: { 'Cache-Control': 'private, no-store' } },
	)
})

export const action = () => methodNotAllowed(['GET'])
