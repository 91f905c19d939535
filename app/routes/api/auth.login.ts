// JSON sign-in: { email, password, rememberMe? } → { token, user }. The token is
// the same session the cookie carries; send it as "Authorization: Bearer …".
// A user with two-factor on gets {twoFactorRequired: true, challengeToken} and
// a code by e-mail instead; POST /api/auth/login/verify-2fa finishes.
import type { Route } from './+types/auth.login'
import { LoginSchema } from '~/lib/schemas/auth.ts'
import { login } from '~/services/auth.server.ts'
import { clientIp, createSession } from '~/services/session.server.ts'
import { CODE_SENT, startLoginChallenge } from '~/services/two-factor.server.ts'
import { loadUserRow, toClientUser } from '~/services/users.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const input = await readBody(request, LoginSchema)
	// remix-auth's FormStrategy reads form fields: hand it the validated values
	const form = new URLSearchParams({ email: input.email, password: input.password, rememberMe: String(input.rememberMe) })
	const headers = { 'content-type': 'application/x-www-form-urlencoded', 'x-yardstick-client-ip': clientIp(request) }
	const result = await login(new Request(request.url, { method: 'POST', headers, body: form }))
	if (result.twoFactorRequired) {
		const { challengeToken } = await startLoginChallenge(result)
		return Response.json({ twoFactorRequired: true, challengeToken, message: CODE_SENT })
	}
	const session = await createSession(result.userId, { remember: result.remember, replacing: request })
	const row = await loadUserRow(result.userId)
	return Response.json(
		{ token: session.token, expiresAt: session.expire.toISOString(), user: row ? toClientUser(row) : null },
		{ headers: { 'Set-Cookie': session.setCookie } },
	)
})
