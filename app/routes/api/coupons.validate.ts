// POST /api/coupons/validate {code} → the coupon, or 400 {error}
import type { Route } from './+types/coupons.validate'
import { ValidateCouponSchema } from '~/lib/schemas/billing.ts'
import { requireActor } from '~/services/auth.server.ts'
import { validateCoupon } from '~/services/coupons.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	await requireActor(request)
	const { code } = await readBody(request, ValidateCouponSchema)
	return Response.json(await validateCoupon(code))
})
