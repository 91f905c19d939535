// GET /api/measurements (list, optional ?address=), POST /api/measurements (create).
import type { Route } from './+types/measurements'
import { MeasurementCreateSchema, MeasurementListQuerySchema } from '~/lib/schemas/measurement.ts'
import { requireActor } from '~/services/auth.server.ts'
import { createMeasurement, listMeasurements, measurementPageJson } from '~/services/measurements.server.ts'
import { api, badRequest, fieldErrorsFromZod, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	const query = MeasurementListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (!query.success) throw badRequest('Invalid query', fieldErrorsFromZod(query.error))
	if (query.data.address) return Response.json(await listMeasurements(user, query.data))
	// the unfiltered page comes from PostgreSQL as JSON text, passed on as it is
	return new Response(await measurementPageJson(user, query.data), { headers: { 'content-type': 'application/json' } })
})

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
	const { user } = await requireActor(request)
	const input = await readBody(request, MeasurementCreateSchema, { maxBytes: 2 * 1024 * 1024 })
	return Response.json(await createMeasurement(user, input), { status: 201 })
})
