import type { Route } from './+types/auth.user'
import { requireActor } from '~/services/auth.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json(user, { headers: { 'Cache-Control': 'no-store' } })
})

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
