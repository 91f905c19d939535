// PATCH /api/organizations/{id}/subscription {subscriptionTierId, couponCode?}
import type { Route } from './+types/organizations.$id.subscription'
import { ChangeSubscriptionSchema } from '~/lib/schemas/billing.ts'
import { requireActor } from '~/services/auth.server.ts'
import { changeSubscription } from '~/services/billing.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'PATCH') return methodNotAllowed(['PATCH'])
	const { user } = await requireActor(request)
	const input = await readBody(request, ChangeSubscriptionSchema)
	return Response.json(await changeSubscription(user, params.id, input))
})
