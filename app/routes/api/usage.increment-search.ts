import type { Route } from './+types/usage.increment-search'
import { requireActor } from '~/services/auth.server.ts'
import { incrementSearch } from '~/services/usage.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user } = await requireActor(request)
	return Response.json(await incrementSearch(user))
})
