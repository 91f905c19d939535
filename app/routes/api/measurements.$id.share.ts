// GET, POST and DELETE /api/measurements/{id}/share (issue 19) — the customer
// share link of a saved measurement: its status (views, acceptance), a new link
// (201 { url, token, expiresAt }; the previous one stops working) and revoking it.
import type { Route } from './+types/measurements.$id.share'
import { ShareCreateSchema } from '~/lib/schemas/share.ts'
import { requireActor } from '~/services/auth.server.ts'
import { createShare, getShareStatus, revokeShare } from '~/services/share.server.ts'
import { api, methodNotAllowed, readBody } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	return Response.json(await getShareStatus(user, params.id))
})

export const action = api(async ({ request, params }: Route.ActionArgs) => {
	if (request.method !== 'POST' && request.method !== 'DELETE') return methodNotAllowed(['GET', 'POST', 'DELETE'])
	const { user } = await requireActor(request)
	if (request.method === 'DELETE') return Response.json(await revokeShare(user, params.id))
	const input = await readBody(request, ShareCreateSchema)
	return Response.json(await createShare(user, params.id, input), { status: 201 })
})
