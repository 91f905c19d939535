// GET /api/measurements/report.pdf?address=&services=&taxRate=&notes=&imagery=
// — one PDF report of every saved measurement at the address.
import type { Route } from './+types/measurements.report'
import { reportQuery, ReportOptionsSchema } from '~/lib/schemas/reports.ts'
import { requireActor } from '~/services/auth.server.ts'
import { createReport } from '~/services/reports.server.ts'
import { api, badRequest, fieldErrorsFromZod, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	const options = ReportOptionsSchema.safeParse(reportQuery(new URL(request.url).searchParams))
	if (!options.success) throw badRequest('Invalid input', fieldErrorsFromZod(options.error))
	if (!options.data.address) throw badRequest('Invalid input', { address: 'Address is required' })
	return createReport(user, { address: options.data.address }, options.data)
})

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
