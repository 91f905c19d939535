// PATCH and DELETE /api/admin/users/{userId}: customer users (site admins are
// Team Members); an account admin reaches only their organization (others 404).
import type { Route } from './+types/admin.users.$userId'
import { EditCustomerUserSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { deleteCustomerUser, getCustomerUser, updateCustomerUser } from '~/services/admin/customers.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const ctx = await requireAdminSection(request, 'users')
	return Response.json(await getCustomerUser(ctx, params.userId))
})

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method === 'PATCH' || request.method === 'PUT') {
		const ctx = await requireAdminSection(request, 'users')
		return Response.json(await updateCustomerUser(ctx, params.userId, await readBody(request, EditCustomerUserSchema)))
	}
	if (request.method === 'DELETE') {
		const ctx = await requireAdminSection(request, 'users')
		return Response.json(await deleteCustomerUser(ctx, params.userId))
	}
	return methodNotAllowed(['GET', 'PATCH', 'DELETE'])
})
