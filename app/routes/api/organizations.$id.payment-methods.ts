// GET /api/organizations/{id}/payment-methods → { paymentMethods }
// POST {cardNumber, expiryMonth, expiryYear, cvv, cardholderName} → 201 { paymentMethod, invoices }:
// the new default card, and the open invoices charged on it (decisions "Billing")
import type { Route } from './+types/organizations.$id.payment-methods'
import { CardFieldsSchema } from '~/lib/schemas/checkout.ts'
import { requireActor } from '~/services/auth.server.ts'
import { addPaymentMethod, listPaymentMethods } from '~/services/payment-methods.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json(await listPaymentMethods(user, params.id), { headers: { 'Cache-Control': 'no-store' } })
})

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
	const { user } = await requireActor(request)
	const card = await readBody(request, CardFieldsSchema)
	return Response.json(await addPaymentMethod(user, params.id, card), { status: 201 })
})
