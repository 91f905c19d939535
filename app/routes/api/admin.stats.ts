// GET /api/admin/stats (spec 3 §3): the four stat cards.
import type { Route } from './+types/admin.stats'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { adminStats } from '~/services/admin/stats.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const ctx = await requireAdminSection(request, 'stats')
	return Response.json(await adminStats(ctx))
})
export const action = () => methodNotAllowed(['GET'])
