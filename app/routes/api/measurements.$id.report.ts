// GET /api/measurements/{id}/report.pdf?services=&taxRate=&notes=&imagery=
// — the PDF report of one saved measurement (counted against reportsPerMonth).
import type { Route } from './+types/measurements.$id.report'
import { reportQuery, ReportOptionsSchema } from '~/lib/schemas/reports.ts'
import { requireActor } from '~/services/auth.server.ts'
import { createReport } from '~/services/reports.server.ts'
import { api, badRequest, fieldErrorsFromZod, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	const options = ReportOptionsSchema.safeParse(reportQuery(new URL(request.url).searchParams))
	if (!options.success) throw badRequest('Invalid input', fieldErrorsFromZod(options.error))
	return createReport(user, { id: params.id }, options.data)
})

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
