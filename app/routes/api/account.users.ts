// GET /api/account/users — the team of the actor's organization (account_admin, site_admin).
import type { Route } from './+types/account.users'
import { requireActor } from '~/services/auth.server.ts'
import { listTeamMembers } from '~/services/team.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json(await listTeamMembers(user))
})

export const action = () => methodNotAllowed(['GET'])
