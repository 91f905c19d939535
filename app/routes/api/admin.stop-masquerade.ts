// POST /api/admin/stop-masquerade (spec 1 §7): back to the admin's own session; JSON {returnedTo, token}.
import type { Route } from './+types/admin.stop-masquerade'
import { stopMasquerade } from '~/services/admin/masquerade.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { session, returnedTo } = await stopMasquerade(request)
	return Response.json({ returnedTo, token: session.token }, { headers: { 'Set-Cookie': session.setCookie } })
})
