// GET /api/admin/customer-users (search, role) and POST (add a customer user,
// who gets a set-password e-mail). Site admins are never listed.
import type { Route } from './+types/admin.customer-users'
import { CreateCustomerUserSchema, CustomerUserSearchSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { createCustomerUser, listCustomerUsers } from '~/services/admin/customers.server.ts'
import { api, methodNotAllowed, readBody, readQuery } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const ctx = await requireAdminSection(request, 'users')
	return Response.json(await listCustomerUsers(ctx, readQuery(request, CustomerUserSearchSchema)))
})

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
	const ctx = await requireAdminSection(request, 'users')
	return Response.json(await createCustomerUser(ctx, await readBody(request, CreateCustomerUserSchema)), { status: 201 })
})
