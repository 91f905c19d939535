// GET and POST /api/admin/team-members (staff accounts with the 8 flags).
import type { Route } from './+types/admin.team-members'
import { CreateTeamMemberSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { createTeamMember, listTeamMembers } from '~/services/admin/team.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	await requireAdminSection(request, 'team')
	return Response.json(await listTeamMembers())
})

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
	const ctx = await requireAdminSection(request, 'team')
	return Response.json(await createTeamMember(ctx, await readBody(request, CreateTeamMemberSchema)), { status: 201 })
})
