import type { Route } from './+types/auth.user'
import { requireActor } from '~/services/auth.server.ts'
import { api } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json(user, { headers: { 'Cache-Control': 'no-store' } })
})
