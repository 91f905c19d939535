// POST /api/auth/change-password {currentPassword, newPassword, confirmPassword}
// → {message}; a wrong current password is 400 on currentPassword. Every other
// session of the user ends; this one stays.
import type { Route } from './+types/auth.change-password'
import { ChangePasswordSchema } from '~/lib/schemas/settings.ts'
import { requireActor } from '~/services/auth.server.ts'
import { changePassword } from '~/services/password.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user, session } = await requireActor(request)
	const input = await readBody(request, ChangePasswordSchema)
	return Response.json(await changePassword(user, input, { keepSessionSid: session.sid }))
})
