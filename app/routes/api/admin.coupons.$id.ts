// PATCH and DELETE /api/admin/coupons/{id}; a coupon organizations are using answers 409.
import type { Route } from './+types/admin.coupons.$id'
import { EditCouponSchema } from '~/lib/schemas/admin.ts'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { deleteCoupon, updateCoupon } from '~/services/admin/coupons.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['PATCH', 'DELETE'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method === 'PATCH') {
		const ctx = await requireAdminSection(request, 'coupons')
		return Response.json(await updateCoupon(ctx, params.id, await readBody(request, EditCouponSchema)))
	}
	if (request.method === 'DELETE') {
		const ctx = await requireAdminSection(request, 'coupons')
		return Response.json(await deleteCoupon(ctx, params.id))
	}
	return methodNotAllowed(['PATCH', 'DELETE'])
})
