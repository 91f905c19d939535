// POST /api/account/users/{id}/reset-password — e-mails the member a reset link.
import type { Route } from './+types/account.users.$id.reset-password'
import { requireActor } from '~/services/auth.server.ts'
import { sendTeamPasswordReset } from '~/services/team.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user } = await requireActor(request)
	return Response.json(await sendTeamPasswordReset(user, params.id))
})
