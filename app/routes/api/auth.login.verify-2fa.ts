// POST /api/auth/login/verify-2fa {challengeToken, code} → {token, expiresAt, user}:
// the second step of POST /api/auth/login for users with two-factor on.
import type { Route } from './+types/auth.login.verify-2fa'
import { LoginTwoFactorSchema } from '~/lib/schemas/settings.ts'
import { clientIp, createSession } from '~/services/session.server.ts'
import { verifyLoginChallenge } from '~/services/two-factor.server.ts'
import { loadUserRow, toClientUser } from '~/services/users.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const input = await readBody(request, LoginTwoFactorSchema)
	const result = await verifyLoginChallenge(input.challengeToken, input.code, clientIp(request))
	const session = await createSession(result.userId, { remember: result.remember, replacing: request })
	const row = await loadUserRow(result.userId)
	return Response.json(
		{ token: session.token, expiresAt: session.expire.toISOString(), user: row ? toClientUser(row) : null },
		{ headers: { 'Set-Cookie': session.setCookie } },
	)
})
