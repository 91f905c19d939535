// PATCH /api/admin/organizations/{id}/reactivate: restores access before the cleanup ran.
import type { Route } from './+types/admin.organizations.$id.reactivate'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { adminReactivateOrganization } from '~/services/admin/organizations.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'PATCH' && request.method !== 'POST') return methodNotAllowed(['PATCH'])
	const ctx = await requireAdminSection(request, 'organizations')
	return Response.json(await adminReactivateOrganization(ctx, params.id))
})
