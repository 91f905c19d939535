// /api/bulk-measurements (issue 34), account admins only (a member: 403).
// GET: the organization's batches, newest first.
// POST: an address list — multipart field `file` (CSV or JSON), or a text/csv or
// application/json body — read, kept and started at once; with ?preview=true it
// is kept as a draft instead (start it with POST /api/bulk-measurements/{id}/start).
// 201 { batch } for a new list; the same file again answers 200 with the batch made
// from it the first time (started now if it was a draft and this is not a preview).
// Whole-file problems: 400 { error, fields: { file } }, nothing kept; more rows than
// the searches left this month: 429 saying how many fit, nothing started.
import type { Route } from './+types/bulk-measurements'
import { getBatch, importBatch, listBatches, readUpload, requireBulkAdmin, startBatch } from '~/services/bulk-measure.server.ts'
import { requireActor } from '~/services/auth.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

const PRIVATE = { 'Cache-Control': 'private, no-store' }

export const loader = api(async ({ request }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json({ batches: await listBatches(user) }, { headers: PRIVATE })
})

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
	const { user } = await requireActor(request)
	requireBulkAdmin(user)
	const preview = new URL(request.url).searchParams.get('preview') === 'true'
	const { id, created } = await importBatch(user, await readUpload(request))
	let batch = await getBatch(user, id)
	if (!preview && batch.status === 'draft') batch = await startBatch(user, id)
	return Response.json({ batch }, { status: created ? 201 : 200, headers: PRIVATE })
})
