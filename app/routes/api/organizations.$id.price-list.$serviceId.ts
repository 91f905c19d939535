// PUT and DELETE /api/organizations/{id}/price-list/{serviceId} (account admins).
import type { Route } from './+types/organizations.$id.price-list.$serviceId'
import { PriceItemSchema } from '~/lib/schemas/reports.ts'
import { requireActor } from '~/services/auth.server.ts'
import { deletePrice, updatePrice } from '~/services/price-list.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PUT', 'DELETE'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	const { user } = await requireActor(request)
	if (request.method === 'PUT' || request.method === 'PATCH') {
		const input = await readBody(request, PriceItemSchema)
		return Response.json(await updatePrice(user, params.id, params.serviceId, input))
	}
	if (request.method === 'DELETE') return Response.json(await deletePrice(user, params.id, params.serviceId))
	return methodNotAllowed(['PUT', 'DELETE'])
})
