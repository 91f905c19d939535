import type { Route } from './+types/auth.forgot-password'
import { ForgotPasswordSchema } from '~/lib/schemas/auth.ts'
import { forgotPassword } from '~/services/account.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const input = await readBody(request, ForgotPasswordSchema)
	// the e-mail (for a real account) goes on after the answer, so the answer takes as long for any address
	const { message } = await forgotPassword(input, clientIp(request))
	return Response.json({ message })
})
