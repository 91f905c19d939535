// POST /api/contact-billing-support (multipart: subject, body, replyToEmail, repeated attachment)
import type { Route } from './+types/contact-billing-support'
import { requireActor } from '~/services/auth.server.ts'
import { readSupportForm, sendBillingSupport } from '~/services/billing-support.server.ts'
import { requireBillingAccess } from '~/services/billing.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	const { user } = await requireActor(request)
	requireBillingAccess(user)
	return Response.json(await sendBillingSupport(user, await readSupportForm(request)))
})
