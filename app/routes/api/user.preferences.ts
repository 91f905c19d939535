import type { Route } from './+types/user.preferences'
import { PreferencesSchema } from '~/lib/schemas/auth.ts'
import { requireActor } from '~/services/auth.server.ts'
import { saveUserPreferences } from '~/services/theme.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'PATCH') return methodNotAllowed(['PATCH'])
	const { user } = await requireActor(request)
	const input = await readBody(request, PreferencesSchema)
	const saved = await saveUserPreferences(user.id, input)
	return Response.json({ message: 'Preferences Updated', ...saved })
})
