// GET /api/bulk-measurements/{id}/export.csv | export.xlsx (issue 34): the
// batch's results table as a download (the page's "Download CSV/Excel" links
// too). Another organization's id is a 404.
import type { Route } from './+types/bulk-measurements.$id.export'
import { appUrl } from '~/env.server.ts'
import { attachment } from '~/lib/exports.ts'
import { exportBatch } from '~/services/bulk-measure.server.ts'
import { requireActor } from '~/services/auth.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	const format = new URL(request.url).pathname.endsWith('.xlsx') ? 'xlsx' : 'csv'
	const file = await exportBatch(user, params.id, format, appUrl())
	return new Response(file.body, {
		headers: { 'Content-Type': file.contentType, 'Content-Disposition': attachment(file.fileName), 'Cache-Control': 'private, no-store' },
	})
})

export const action = () => methodNotAllowed(['GET'])
