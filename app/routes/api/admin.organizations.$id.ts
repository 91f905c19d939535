// PATCH (name, plan) and DELETE (everything it owns, one transaction) /api/admin/organizations/{id}.
import type { Route } from './+types/admin.organizations.$id'
import { EditOrganizationSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { deleteOrganization, updateOrganization } from '~/services/admin/organizations.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH', 'DELETE'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method === 'PATCH') {
		const ctx = await requireAdminSection(request, 'organizations')
		return Response.json(await updateOrganization(ctx, params.id, await readBody(request, EditOrganizationSchema)))
	}
	if (request.method === 'DELETE') {
		const ctx = await requireAdminSection(request, 'organizations')
		return Response.json(await deleteOrganization(ctx, params.id))
	}
	return methodNotAllowed(['PATCH', 'DELETE'])
})
