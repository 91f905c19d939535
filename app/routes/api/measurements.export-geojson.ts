// GET /api/measurements/export.geojson?address= — the saved measurements of an
// address (or all of the organization's) as an RFC 7946 FeatureCollection.
import type { Route } from './+types/measurements.export-geojson'
import { MeasurementListQuerySchema } from '~/lib/schemas/measurement.ts'
import { requireActor } from '~/services/auth.server.ts'
import { listMeasurements } from '~/services/measurements.server.ts'
import { measurementsToGeoJson } from '~/lib/geojson.ts'
import { api, badRequest, fieldErrorsFromZod, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	const query = MeasurementListQuerySchema.safeParse({ ...Object.fromEntries(new URL(request.url).searchParams), limit: 500 })
	if (!query.success) throw badRequest('Invalid query', fieldErrorsFromZod(query.error))
	const { measurements } = await listMeasurements(user, query.data)
	const slug = (query.data.address ?? 'measurements').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase() || 'measurements'
	return new Response(JSON.stringify(measurementsToGeoJson(measurements)), {
		headers: { 'Content-Type': 'application/geo+json', 'Content-Disposition': `attachment; filename="${slug}.geojson"` },
	})
})

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
