// GET /api/leads?status=&page=&limit= (issue 19 item 4): the caller's
// organization's leads, newest first → { leads, total, page, limit }. Each lead:
// {id, source: widget|share, status: new|contacted|won|lost, address, lat, lng,
// areaSqft, shapes (GeoJSON FeatureCollection or null), priceLowCents,
// priceHighCents, priceQuoted, name, email, phone, message, createdAt, updatedAt}.
import type { Route } from './+types/leads'
import { LeadListQuerySchema } from '~/lib/schemas/quote-widget.ts'
import { requireActor } from '~/services/auth.server.ts'
import { listLeads } from '~/services/leads.server.ts'
import { api, methodNotAllowed, readQuery } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	const query = readQuery(request, LeadListQuerySchema)
	return Response.json(await listLeads(user, query), { headers: { 'Cache-Control': 'private, no-store' } })
})

export const action = () => methodNotAllowed(['GET'])
