// POST /api/user/2fa/disable → {twoFactorEnabled: false, message}
import type { Route } from './+types/user.2fa.disable'
import { requireActor } from '~/services/auth.server.ts'
import { disableTwoFactor } from '~/services/two-factor.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user } = await requireActor(request)
	return Response.json(await disableTwoFactor(user))
})
