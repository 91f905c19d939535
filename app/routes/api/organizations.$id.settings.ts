// PATCH /api/organizations/{id}/settings {defaultMapType?, defaultUnit?}
import type { Route } from './+types/organizations.$id.settings'
import { OrganizationSettingsSchema } from '~/lib/schemas/settings.ts'
import { requireActor } from '~/services/auth.server.ts'
import { updateOrganizationSettings } from '~/services/organization-settings.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'PATCH') return methodNotAllowed(['PATCH'])
	const { user } = await requireActor(request)
	const input = await readBody(request, OrganizationSettingsSchema)
	return Response.json(await updateOrganizationSettings(user, params.id, input))
})
