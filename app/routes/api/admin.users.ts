// GET /api/admin/users: every user the admin may see, staff included for site
// admins (the Customer Users list is /api/admin/customer-users).
import type { Route } from './+types/admin.users'
import { CustomerUserSearchSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { listCustomerUsers } from '~/services/admin/customers.server.ts'
import { api, methodNotAllowed, readQuery } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const ctx = await requireAdminSection(request, 'users')
	const query = readQuery(request, CustomerUserSearchSchema)
	return Response.json(await listCustomerUsers(ctx, { ...query, includeStaff: true }))
})
export const action = () => methodNotAllowed(['GET'])
