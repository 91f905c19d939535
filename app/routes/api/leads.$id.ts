// GET and PATCH /api/leads/{id} (issue 19 item 4): one of the caller's
// organization's leads (another organization's id is a 404). PATCH takes
// { status: new|contacted|won|lost } from any member of the organization and
// answers the lead as GET /api/leads lists it.
import type { Route } from './+types/leads.$id'
import { LeadUpdateSchema } from '~/lib/schemas/quote-widget.ts'
import { requireActor } from '~/services/auth.server.ts'
import { getLead, updateLead } from '~/services/leads.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

const PRIVATE = { 'Cache-Control': 'private, no-store' }

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json(await getLead(user, params.id), { headers: PRIVATE })
})

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'PATCH') return methodNotAllowed(['GET', 'PATCH'])
	const { user } = await requireActor(request)
	const input = await readBody(request, LeadUpdateSchema)
	return Response.json(await updateLead(user, params.id, input), { headers: PRIVATE })
})
