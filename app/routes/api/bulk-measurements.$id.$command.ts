// POST /api/bulk-measurements/{id}/start | cancel | resume (issue 34): start a
// previewed draft (its rows counted as searches, or 429 saying how many fit),
// cancel a running batch (waiting rows dropped, their searches given back;
// rows being measured finish), resume a cancelled one. 409 when the batch is
// not in the state the command needs; another organization's id is a 404.
import type { Route } from './+types/bulk-measurements.$id.$command'
import { cancelBatch, resumeBatch, startBatch } from '~/services/bulk-measure.server.ts'
import { requireActor } from '~/services/auth.server.ts'
import { api, methodNotAllowed, notFound } from '~/utils/http.server.ts'

const COMMANDS = { start: startBatch, cancel: cancelBatch, resume: resumeBatch }

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	const command = Object.hasOwn(COMMANDS, params.command) ? COMMANDS[params.command as keyof typeof COMMANDS] : null
	if (!command) throw notFound()
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user } = await requireActor(request)
	return Response.json({ batch: await command(user, params.id) }, { headers: { 'Cache-Control': 'private, no-store' } })
})
