// PATCH /api/admin/organizations/{id}/deactivate: access ends now, data is removed in 30 days.
import type { Route } from './+types/admin.organizations.$id.deactivate'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { adminDeactivateOrganization } from '~/services/admin/organizations.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'PATCH' && request.method !== 'POST') return methodNotAllowed(['PATCH'])
	const ctx = await requireAdminSection(request, 'organizations')
	return Response.json(await adminDeactivateOrganization(ctx, params.id))
})
