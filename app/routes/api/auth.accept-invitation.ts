// POST /api/auth/accept-invitation {token, password} — creates the invited user.
import type { Route } from './+types/auth.accept-invitation'
import { AcceptInvitationSchema } from '~/lib/schemas/account.ts'
import { hit, LIMITS } from '~/services/rate-limit.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { acceptInvitation } from '~/services/team.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	await hit(LIMITS.resetIp, clientIp(request))
	const input = await readBody(request, AcceptInvitationSchema)
	return Response.json(await acceptInvitation(input), { status: 201 })
})
