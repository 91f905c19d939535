// PATCH /api/user/profile {firstName, lastName, profileImageUrl?} (spec 2 §7).
import type { Route } from './+types/user.profile'
import { ProfileSchema } from '~/lib/schemas/settings.ts'
import { requireActor } from '~/services/auth.server.ts'
import { updateProfile } from '~/services/profile.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'PATCH') return methodNotAllowed(['PATCH'])
	const { user } = await requireActor(request)
	const input = await readBody(request, ProfileSchema)
	return Response.json({ message: 'Profile Updated', user: await updateProfile(user.id, input) })
})
