// GET /api/account/invitations — pending invitations of the actor's organization.
import type { Route } from './+types/account.invitations'
import { requireActor } from '~/services/auth.server.ts'
import { listPendingInvitations } from '~/services/team.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json(await listPendingInvitations(user))
})

export const action = () => methodNotAllowed(['GET'])
