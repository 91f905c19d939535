// POST /api/user/2fa/verify-challenge {code} → {verified, message}; then /enable.
import type { Route } from './+types/user.2fa.verify-challenge'
import { TwoFactorCodeSchema } from '~/lib/schemas/settings.ts'
import { requireActor } from '~/services/auth.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { verifyEnableChallenge } from '~/services/two-factor.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user, session } = await requireActor(request)
	const { code } = await readBody(request, TwoFactorCodeSchema)
	return Response.json(await verifyEnableChallenge(user, session.sid, code, clientIp(request)))
})
