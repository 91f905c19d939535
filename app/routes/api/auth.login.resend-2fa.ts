// POST /api/auth/login/resend-2fa {challengeToken} → {twoFactorRequired, challengeToken, message}:
// a new code for a sign-in in progress (the previous code and token stop working).
import type { Route } from './+types/auth.login.resend-2fa'
import { LoginTwoFactorResendSchema } from '~/lib/schemas/settings.ts'
import { clientIp } from '~/services/session.server.ts'
import { CODE_SENT, resendLoginChallenge } from '~/services/two-factor.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const input = await readBody(request, LoginTwoFactorResendSchema)
	const { challengeToken } = await resendLoginChallenge(input.challengeToken, clientIp(request))
	return Response.json({ twoFactorRequired: true, challengeToken, message: CODE_SENT })
})
