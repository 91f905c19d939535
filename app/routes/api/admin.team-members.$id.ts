// PATCH and DELETE /api/admin/team-members/{id}: never yourself, never the last active site admin.
import type { Route } from './+types/admin.team-members.$id'
import { EditTeamMemberSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { deleteTeamMember, updateTeamMember } from '~/services/admin/team.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH', 'DELETE'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method === 'PATCH') {
		const ctx = await requireAdminSection(request, 'team')
		return Response.json(await updateTeamMember(ctx, params.id, await readBody(request, EditTeamMemberSchema)))
	}
	if (request.method === 'DELETE') {
		const ctx = await requireAdminSection(request, 'team')
		return Response.json(await deleteTeamMember(ctx, params.id))
	}
	return methodNotAllowed(['PATCH', 'DELETE'])
})
