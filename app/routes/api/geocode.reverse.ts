// GET /api/geocode/reverse?lat=…&lng=… → { lat, lng, address, precision }: the
// address nearest a point in the United States ("I'm at the property", issue 21
// §3), through the configured geocoder; lat/lng are the found place's own.
// The default chain always answers (the offline gazetteer's nearest ZIP,
// precision postcode); a forced provider that finds nothing answers 404, and
// its failures 502/504 { error } (docs/decisions.md, Geocoding). Bad or
// non-US coordinates: 400 { error, fields }. Signed-in users only, like the
// other geocode paths.
import type { Route } from './+types/geocode.reverse'
import { getReverseGeocoder, NO_ADDRESS_NEARBY } from '~/integrations/geocoder/reverse.server.ts'
import { ReverseQuerySchema } from '~/lib/schemas/geocode.ts'
import { requireActor } from '~/services/auth.server.ts'
import { api, methodNotAllowed, notFound, readQuery } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	await requireActor(request)
	const point = readQuery(request, ReverseQuerySchema)
	const place = await getReverseGeocoder().reverse(point, { signal: request.signal })
	if (!place) throw notFound(NO_ADDRESS_NEARBY)
	const { lat, lng, address, precision } = place
	return Response.json({ lat, lng, address, precision }, { headers: { 'Cache-Control': 'private, no-store' } })
})

export const action = () => methodNotAllowed(['GET'])
