// DELETE /api/account/invitations/{id} — cancels a pending invitation.
import type { Route } from './+types/account.invitations.$id'
import { requireActor } from '~/services/auth.server.ts'
import { cancelInvitation } from '~/services/team.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['DELETE'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
	const { user } = await requireActor(request)
	return Response.json(await cancelInvitation(user, params.id))
})
