// GET /api/admin/cleanup/stats (polled every 30 s by the Data Cleanup section).
import type { Route } from './+types/admin.cleanup.stats'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { cleanupStats } from '~/services/admin/cleanup.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	await requireAdminSection(request, 'cleanup')
	return Response.json(await cleanupStats())
})
export const action = () => methodNotAllowed(['GET'])
