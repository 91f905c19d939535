import type { Route } from './+types/auth.logout'
import { clearCookie, destroySession } from '~/services/session.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	await destroySession(request)
	return Response.json({ message: 'You have been successfully logged out.' }, { headers: { 'Set-Cookie': await clearCookie() } })
})
