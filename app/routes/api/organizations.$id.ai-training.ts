// PATCH /api/organizations/{id}/ai-training {allowAiTraining} → {allowAiTraining, message}
import type { Route } from './+types/organizations.$id.ai-training'
import { AiTrainingSchema } from '~/lib/schemas/settings.ts'
import { requireActor } from '~/services/auth.server.ts'
import { updateAiTraining } from '~/services/organization-settings.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'PATCH') return methodNotAllowed(['PATCH'])
	const { user } = await requireActor(request)
	const input = await readBody(request, AiTrainingSchema)
	return Response.json(await updateAiTraining(user, params.id, input))
})
