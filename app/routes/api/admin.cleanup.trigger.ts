// POST /api/admin/cleanup/trigger: runs the cleanup now, under the job's lease (409 while a run is in progress).
import type { Route } from './+types/admin.cleanup.trigger'
import { requireAdminSection } from '~/services/admin/access.server.ts'
import { triggerCleanup } from '~/services/admin/cleanup.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const ctx = await requireAdminSection(request, 'cleanup')
	return Response.json(await triggerCleanup(ctx))
})
