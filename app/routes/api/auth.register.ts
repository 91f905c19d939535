import type { Route } from './+types/auth.register'
import { RegisterSchema } from '~/lib/schemas/auth.ts'
import { register } from '~/services/account.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const input = await readBody(request, RegisterSchema)
	const result = await register(input, clientIp(request))
	return Response.json({ message: result.message }, { status: 201 })
})
