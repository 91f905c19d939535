// POST /api/user/2fa/send-challenge → e-mails a 6-digit code (10 minutes, 5 attempts).
import type { Route } from './+types/user.2fa.send-challenge'
import { requireActor } from '~/services/auth.server.ts'
import { sendEnableChallenge } from '~/services/two-factor.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user } = await requireActor(request)
	return Response.json(await sendEnableChallenge(user))
})
