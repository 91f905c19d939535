// POST /api/admin/masquerade/{userId} (spec 1 §7): site admins with the users
// permission sign in as a customer user. JSON callers get masqueradingAs and
// the new token; a form post (no JavaScript) lands on /measure.
import { redirect } from 'react-router'
import type { Route } from './+types/admin.masquerade.$userId'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { startMasquerade } from '~/services/admin/masquerade.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const ctx = await requireAdminSection(request, 'masquerade')
	const { session, masqueradingAs } = await startMasquerade(ctx, request, params.userId)
	const headers = { 'Set-Cookie': session.setCookie }
	if ((request.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')) throw redirect('/measure', { headers })
	return Response.json({ masqueradingAs, token: session.token }, { headers })
})
