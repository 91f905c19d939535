// GET and POST /api/admin/organizations.
import type { Route } from './+types/admin.organizations'
import { CreateOrganizationSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { createOrganization, listOrganizations } from '~/services/admin/organizations.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	await requireAdminSection(request, 'organizations')
	return Response.json(await listOrganizations())
})

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
	const ctx = await requireAdminSection(request, 'organizations')
	return Response.json(await createOrganization(ctx, await readBody(request, CreateOrganizationSchema)), { status: 201 })
})
