// POST /api/account/invite {email, firstName, lastName, role} — 201 and an e-mail.
import type { Route } from './+types/account.invite'
import { InviteSchema } from '~/lib/schemas/account.ts'
import { requireActor } from '~/services/auth.server.ts'
import { inviteUser, requireTeamManager } from '~/services/team.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user } = await requireActor(request)
	requireTeamManager(user)
	const input = await readBody(request, InviteSchema)
	return Response.json(await inviteUser(user, input), { status: 201 })
})
