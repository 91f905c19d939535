// GET /api/bulk-measurements/{id} (issue 34): one batch — status, counts
// (queued, geocoded, measured, failed, cancelled) and every row with its
// result or reason. Account admins of the batch's organization only; another
// organization's id is a 404.
import type { Route } from './+types/bulk-measurements.$id'
import { getBatch } from '~/services/bulk-measure.server.ts'
import { requireActor } from '~/services/auth.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json({ batch: await getBatch(user, params.id) }, { headers: { 'Cache-Control': 'private, no-store' } })
})

export const action = () => methodNotAllowed(['GET'])
