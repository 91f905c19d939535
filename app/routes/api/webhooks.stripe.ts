// POST /api/webhooks/stripe (issue 30): Stripe's events, signed with the
// endpoint's secret. The signature covers the raw body, so the body is read
// as bytes and handed over untouched. 400 on a bad or stale signature
// (nothing changes), 200 for everything Stripe should stop retrying,
// replays and unknown event types included.
import type { Route } from './+types/webhooks.stripe'
import { handleStripeWebhook } from '~/services/invoice-payments.server.ts'
import { api, methodNotAllowed, payloadTooLarge } from '~/utils/http.server.ts'
import { readLimited } from '~/utils/read-limited.server.ts'

/** Stripe's events are far smaller; a larger body is not Stripe's */
const MAX_EVENT_BYTES = 512 * 1024

export const loader = () => methodNotAllowed(['POST'])

export const action = api(async ({ request }: Route.ActionArgs) => {
	if (request.method !== 'POST') return methodNotAllowed(['POST'])
	if (Number(request.headers.get('content-length') ?? '0') > MAX_EVENT_BYTES) throw payloadTooLarge()
	const raw = await readLimited(request.body, MAX_EVENT_BYTES, payloadTooLarge)
	return Response.json(await handleStripeWebhook(raw.toString('utf8'), request.headers.get('stripe-signature')))
})
