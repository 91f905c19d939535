// GET /api/measurements/{id}/export.{geojson,kml,csv} — one saved measurement
// as a download; another organization's id answers 404.
import type { Route } from './+types/measurements.$id.export'
import { requireActor } from '~/services/auth.server.ts'
import { exportMeasurements, formatFromPath } from '~/services/exports.server.ts'
import { api, notFound, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	const format = formatFromPath(request)
	if (!format) throw notFound()
	return exportMeasurements(user, { id: params.id }, format)
})

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
