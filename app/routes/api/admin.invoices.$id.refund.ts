// POST /api/admin/invoices/{id}/refund {amount?}: refunds a paid invoice through
// the payment processor, all that is left when amount is absent (issue 30);
// site admins with the Organizations permission only.
import type { Route } from './+types/admin.invoices.$id.refund'
import { RefundSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { refundInvoice } from '~/services/admin/refunds.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const ctx = await requireAdminSection(request, 'organizations')
	return Response.json(await refundInvoice(ctx, params.id, await readBody(request, RefundSchema)))
})
