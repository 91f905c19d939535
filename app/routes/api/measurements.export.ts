// GET /api/measurements/export.{geojson,kml,csv}?address= — the saved
// measurements of an address (or all of the organization's) as a download.
import type { Route } from './+types/measurements.export'
import { MeasurementListQuerySchema } from '~/lib/schemas/measurement.ts'
import { requireActor } from '~/services/auth.server.ts'
import { exportMeasurements, formatFromPath } from '~/services/exports.server.ts'
import { api, notFound, readQuery, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	const format = formatFromPath(request)
	if (!format) throw notFound()
	const query = readQuery(request, MeasurementListQuerySchema)
	return exportMeasurements(user, { address: query.address }, format)
})

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
