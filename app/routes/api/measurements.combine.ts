// POST /api/measurements/combine {address}: one combined measurement replaces
// the address's saved ones (spec 1 §4 "Combine"), in one transaction.
import type { Route } from './+types/measurements.combine'
import { CombineSchema } from '~/lib/schemas/measurement.ts'
import { requireActor } from '~/services/auth.server.ts'
import { combineMeasurements } from '~/services/measurements.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user } = await requireActor(request)
	const { address } = await readBody(request, CombineSchema)
	const combined = await combineMeasurements(user, address)
	return Response.json(combined ? { combined } : { combined: null, message: 'Nothing to combine: fewer than two saved measurements at this address.' })
})
