// GET /api/geocode/resolve?place_id=… (or ?address=…) → { lat, lng, address, precision }
// (precision: address | street | postcode | city), 404 { error } when nothing matches.
import type { Route } from './+types/geocode.resolve'
import { ADDRESS_NOT_FOUND, getGeocoder } from '~/integrations/geocoder.server.ts'
import { ResolveQuerySchema } from '~/lib/schemas/geocode.ts'
import { requireActor } from '~/services/auth.server.ts'
import { api, methodNotAllowed, notFound, readQuery } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	await requireActor(request)
	const query = readQuery(request, ResolveQuerySchema)
	const place = await getGeocoder().geocode(query.place_id ?? query.address ?? '', { signal: request.signal })
	if (!place) throw notFound(ADDRESS_NOT_FOUND)
	const { lat, lng, address, precision } = place
	return Response.json({ lat, lng, address, precision }, { headers: { 'Cache-Control': 'private, no-store' } })
})

export const action = () => methodNotAllowed(['GET'])
