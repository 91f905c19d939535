import type { Route } from './+types/auth.resend-verification'
import { ResendVerificationSchema } from '~/lib/schemas/auth.ts'
import { resendVerification } from '~/services/account.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const input = await readBody(request, ResendVerificationSchema)
	return Response.json(await resendVerification(input.email, clientIp(request)))
})
