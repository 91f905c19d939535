// GET and POST /api/admin/coupons (spec 3 §5 parsing rules; duplicate code 409, bad discount 400).
import type { Route } from './+types/admin.coupons'
import { CreateCouponSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { createCoupon, listCoupons } from '~/services/admin/coupons.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	await requireAdminSection(request, 'coupons')
	return Response.json(await listCoupons())
})

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
	const ctx = await requireAdminSection(request, 'coupons')
	return Response.json(await createCoupon(ctx, await readBody(request, CreateCouponSchema)), { status: 201 })
})
