// POST /api/subscription/cancel {} → {message, details, accessUntil}
import type { Route } from './+types/subscription.cancel'
import { CancelSubscriptionSchema } from '~/lib/schemas/billing.ts'
import { requireActor } from '~/services/auth.server.ts'
import { cancelSubscription } from '~/services/billing.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user } = await requireActor(request)
	await readBody(request, CancelSubscriptionSchema)
	return Response.json(await cancelSubscription(user))
})
