// GET, PUT and DELETE /api/measurements/{id} — organization-scoped (404 otherwise).
import type { Route } from './+types/measurements.$id'
import { MeasurementUpdateSchema } from '~/lib/schemas/measurement.ts'
import { requireActor } from '~/services/auth.server.ts'
import { deleteMeasurement, getMeasurement, updateMeasurement } from '~/services/measurements.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json(await getMeasurement(user, params.id))
})

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	const { user } = await requireActor(request)
	if (request.method === 'PUT' || request.method === 'PATCH') {
		const input = await readBody(request, MeasurementUpdateSchema, { maxBytes: 2 * 1024 * 1024 })
		return Response.json(await updateMeasurement(user, params.id, input))
	}
	if (request.method === 'DELETE') return Response.json(await deleteMeasurement(user, params.id))
	return methodNotAllowed(['GET', 'PUT', 'DELETE'])
})
