// PATCH and DELETE /api/account/users/{id} — other organizations' ids answer 404.
import type { Route } from './+types/account.users.$id'
import { EditUserSchema } from '~/lib/schemas/account.ts'
import { requireActor } from '~/services/auth.server.ts'
import { removeTeamUser, updateTeamUser } from '~/services/team.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH', 'DELETE'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	const { user } = await requireActor(request)
	if (request.method === 'PATCH' || request.method === 'PUT') {
		const input = await readBody(request, EditUserSchema)
		return Response.json(await updateTeamUser(user, params.id, input))
	}
	if (request.method === 'DELETE') return Response.json(await removeTeamUser(user, params.id))
	return methodNotAllowed(['PATCH', 'DELETE'])
})
