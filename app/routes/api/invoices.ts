// GET /api/invoices → the organization's invoices, newest first
import type { Route } from './+types/invoices'
import { requireActor } from '~/services/auth.server.ts'
import { listInvoices } from '~/services/billing.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json(await listInvoices(user))
})

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
