// GET /api/organizations/{id}/active-coupon → {coupon} (null when none)
import type { Route } from './+types/organizations.$id.active-coupon'
import { requireActor } from '~/services/auth.server.ts'
import { getActiveCoupon } from '~/services/coupons.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json(await getActiveCoupon(user, params.id))
})

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
