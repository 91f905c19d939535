// POST /api/checkout/complete {customerInfo, creditCardInfo, plan}
import type { Route } from './+types/checkout.complete'
import { CheckoutCompleteSchema } from '~/lib/schemas/checkout.ts'
import { completeCheckout } from '~/services/checkout.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const input = await readBody(request, CheckoutCompleteSchema)
	return Response.json(await completeCheckout(input, clientIp(request)), { status: 201 })
})
