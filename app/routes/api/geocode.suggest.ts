// GET /api/geocode/suggest?q=…[&limit=1..10] → { suggestions[, attribution] } (spec 1 §3 "Address suggestion");
// `attribution` is the credit the suggestions' provider requires shown with them (Google, Mapbox, Photon).
// Signed-in users only; provider failures answer 502/504 { error } (docs/decisions.md, Geocoding).
import type { Route } from './+types/geocode.suggest'
import { getGeocoder, SUGGESTION_ATTRIBUTION } from '~/integrations/geocoder.server.ts'
import { SuggestQuerySchema } from '~/lib/schemas/geocode.ts'
import { requireActor } from '~/services/auth.server.ts'
import { api, methodNotAllowed, readQuery } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	await requireActor(request)
	const { q, limit } = readQuery(request, SuggestQuerySchema)
	const { suggestions, provider } = await getGeocoder().suggestFrom(q, { limit, signal: request.signal })
	const attribution = suggestions.length ? SUGGESTION_ATTRIBUTION[provider] : undefined
	return Response.json(attribution ? { suggestions, attribution } : { suggestions }, { headers: { 'Cache-Control': 'private, no-store' } })
})

export const action = () => methodNotAllowed(['GET'])
