import type { Route } from './+types/organizations.$id'
import { requireActor } from '~/services/auth.server.ts'
import { getOrganization } from '~/services/organizations.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json(await getOrganization(user, params.id))
})

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
