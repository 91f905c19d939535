// POST /api/user/2fa/enable → only after a verified challenge in this session.
import type { Route } from './+types/user.2fa.enable'
import { requireActor } from '~/services/auth.server.ts'
import { enableTwoFactor } from '~/services/two-factor.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user, session } = await requireActor(request)
	return Response.json(await enableTwoFactor(user, session.sid))
})
