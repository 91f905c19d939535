// PATCH /api/user/communication-preferences {marketingEmails?, productUpdates?, tipsTutorials?}
import type { Route } from './+types/user.communication-preferences'
import { CommunicationPreferencesSchema } from '~/lib/schemas/settings.ts'
import { requireActor } from '~/services/auth.server.ts'
import { updateCommunicationPreferences } from '~/services/profile.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'PATCH') return methodNotAllowed(['PATCH'])
	const { user } = await requireActor(request)
	const input = await readBody(request, CommunicationPreferencesSchema)
	return Response.json({ message: 'Preferences Updated', ...(await updateCommunicationPreferences(user.id, input)) })
})
