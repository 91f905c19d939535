// GET and POST /api/organizations/{id}/price-list — the organization's services
// for report estimates (members read; account admins add).
import type { Route } from './+types/organizations.$id.price-list'
import { PriceItemSchema } from '~/lib/schemas/reports.ts'
import { requireActor } from '~/services/auth.server.ts'
import { createPrice, listPrices } from '~/services/price-list.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json({ services: await listPrices(user, params.id) })
})

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
	const { user } = await requireActor(request)
	const input = await readBody(request, PriceItemSchema)
	return Response.json(await createPrice(user, params.id, input), { status: 201 })
})
