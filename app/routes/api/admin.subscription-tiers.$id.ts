// PATCH (the id never changes) and DELETE (409 while in use) /api/admin/subscription-tiers/{id}.
import type { Route } from './+types/admin.subscription-tiers.$id'
import { EditTierSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { deleteTier, updateTier } from '~/services/admin/plans.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH', 'DELETE'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method === 'PATCH') {
		const ctx = await requireAdminSection(request, 'plans')
		return Response.json(await updateTier(ctx, params.id, await readBody(request, EditTierSchema)))
	}
	if (request.method === 'DELETE') {
		const ctx = await requireAdminSection(request, 'plans')
		return Response.json(await deleteTier(ctx, params.id))
	}
	return methodNotAllowed(['PATCH', 'DELETE'])
})
