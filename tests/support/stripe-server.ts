// A local server speaking the part of Stripe's REST API Yardstick uses, so
// tests never reach the internet: form-encoded requests with a Bearer secret
// key, Stripe's error objects, idempotency keys (a repeated key answers the
// first reply, `Idempotent-Replayed: true`), customers, Checkout Sessions in
// setup mode with a hosted page (a plain HTML form, so it works without
// JavaScript) that redirects to the success URL, SetupIntents, PaymentMethods,
// PaymentIntents (off-session charges, declines, authentication_required and
// a hosted authentication page), refunds and the balance. Events are POSTed
// to the app's webhook signed with Stripe's scheme (`t=…,v1=HMAC-SHA256(secret,
// "t.payload")`), verified by the official `stripe` package on the other side.
//
// Test cards (Stripe's own numbers): 4242 4242 4242 4242 saves and charges;
// 4000 0000 0000 0341 saves, every charge is declined; 4000 0027 6000 3184
// saves, every off-session charge needs authentication; 4000 0000 0000 0002 is
// declined on the hosted page itself.
import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export const STRIPE_TEST_KEY = 'sk_test_local_0123456789abcdef'
export const STRIPE_WEBHOOK_SECRET = 'whsec_local_0123456789abcdef'

export const CARDS = {
	visa: '4242424242424242',
	chargeDeclined: '4000000000000341',
	authenticationRequired: '4000002760003184',
	setupDeclined: '4000000000000002',
} as const

type Obj = Record<string, unknown> & { id: string }
type Reply = { status: number; body: unknown }
export type StripeEvent = { id: string; type: string; created: number; data: { object: Obj }; object: 'event'; api_version: string; livemode: false }

/** Parses Stripe's form encoding: a[b]=1, a[0]=x, expand[]=y. */
export function parseForm(body: string): Record<string, unknown> {
	const out: Record<string, unknown> = {}
	for (const [rawKey, value] of new URLSearchParams(body)) {
		const parts = rawKey.replace(/\]/g, '').split('[')
		let node = out as Record<string, unknown>
		for (let i = 0; i < parts.length - 1; i++) {
			const part = parts[i]!
			const nextIsIndex = parts[i + 1] === '' || /^\d+$/.test(parts[i + 1]!)
			node[part] ??= nextIsIndex ? [] : {}
			node = node[part] as Record<string, unknown>
		}
		const last = parts[parts.length - 1]!
		if (Array.isArray(node)) (node as unknown[]).push(value)
		else node[last] = value
	}
	return out
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)
const html = (title: string, body: string) =>
	`<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export type StripeServer = {
	url: string
	/** `host`/`port`/`protocol` for `new Stripe(key, …)`, and STRIPE_API_URL for the app */
	objects: Map<string, Obj>
	events: StripeEvent[]
	requests: { method: string; path: string; idempotencyKey?: string }[]
	/** where events go (the app's /api/webhooks/stripe) */
	setWebhook: (url: string | null) => void
	/** the next N API requests are processed, then the connection is dropped before the reply (a crash or a network cut) */
	dropResponses: (n: number) => void
	/** every API request fails like an outage (HTTP 500 api_error) until turned off */
	setOutage: (on: boolean) => void
	/** POSTs an event (or raw payload) to the webhook; `secret`/`timestamp` override for tampered or stale tests */
	deliver: (event: StripeEvent | string, options?: { secret?: string; timestamp?: number; signature?: string }) => Promise<{ status: number; body: string }>
	event: (type: string, object: Obj) => StripeEvent
	/** succeeded charges (PaymentIntents) per customer */
	chargesFor: (customerId: string) => Obj[]
	close: () => Promise<void>
}

export async function startStripeServer(): Promise<StripeServer> {
	const objects = new Map<string, Obj>()
	const events: StripeEvent[] = []
	const requests: StripeServer['requests'] = []
	const idempotent = new Map<string, { params: string; reply: Reply }>()
	const cardOf = new Map<string, string>() // pm id → card number
	let webhookUrl: string | null = null
	let drop = 0
	let outage = false
	let base = ''

	const error = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): Reply => ({ status, body: { error: { type, message, ...extra } } })
	const notFound = (what: string, value: string) => error(404, 'invalid_request_error', `No such ${what}: '${value}'`, { code: 'resource_missing', param: 'id' })
	const save = <T extends Obj>(o: T) => (objects.set(o.id, o), o)

	const sign = (payload: string, secret: string, timestamp: number) => `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`
	async function deliver(event: StripeEvent | string, options: { secret?: string; timestamp?: number; signature?: string } = {}) {
		if (!webhookUrl) return { status: 0, body: 'no webhook' }
		const payload = typeof event === 'string' ? event : JSON.stringify(event, null, 2)
		const signature = options.signature ?? sign(payload, options.secret ?? STRIPE_WEBHOOK_SECRET, options.timestamp ?? now())
		const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body: payload })
		return { status: res.status, body: await res.text() }
	}
	function event(type: string, object: Obj): StripeEvent {
		const e: StripeEvent = { id: id('evt'), object: 'event', type, created: now(), api_version: '2026-10-28.endive', livemode: false, data: { object: structuredClone(object) } }
		events.push(e)
		return e
	}
	const emit = (type: string, object: Obj) => {
		const e = event(type, object)
		if (webhookUrl) void deliver(e).catch(() => {})
	}

	function expand(o: Obj, paths: string[]): Obj {
		const copy = structuredClone(o) as Record<string, unknown>
		for (const p of paths) {
			const [head, ...rest] = p.split('.')
			const ref = copy[head!]
			const target = typeof ref === 'string' ? objects.get(ref) : (ref as Obj | null)
			if (target && typeof target === 'object') copy[head!] = expand(target, rest.length ? [rest.join('.')] : [])
		}
		return copy as Obj
	}

	function paymentMethod(card: string): Obj {
		const pm = save({ id: id('pm'), object: 'payment_method', type: 'card', customer: null, created: now(), card: { brand: 'visa', last4: card.slice(-4), exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit', country: 'US' } })
		cardOf.set(pm.id, card)
		return pm
	}

	function chargeOutcome(pi: Obj, pm: string, offSession: boolean): Reply {
		const card = cardOf.get(pm)
		const lastError = (code: string, message: string) => ({ code, message, type: 'card_error', payment_method: objects.get(pm) })
		if (card === CARDS.chargeDeclined) {
			Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { ...lastError('card_declined', 'Your card was declined.'), decline_code: 'generic_decline' } })
			emit('payment_intent.payment_failed', pi)
			return error(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline', payment_intent: pi, payment_method: objects.get(pm) })
		}
		if (card === CARDS.authenticationRequired && offSession) {
			const message = 'Your card was declined. This transaction requires authentication.'
			Object.assign(pi, { status: 'requires_payment_method', last_payment_error: lastError('authentication_required', message) })
			emit('payment_intent.payment_failed', pi)
			return error(402, 'card_error', message, { code: 'authentication_required', decline_code: 'authentication_required', payment_intent: pi, payment_method: objects.get(pm) })
		}
		if (card === CARDS.authenticationRequired) {
			Object.assign(pi, { status: 'requires_action', last_payment_error: null, next_action: { type: 'redirect_to_url', redirect_to_url: { url: `${base}/pay/authenticate/${pi.id}`, return_url: pi.return_url } } })
			return { status: 200, body: pi }
		}
		succeed(pi)
		return { status: 200, body: pi }
	}
	function succeed(pi: Obj) {
		const charge = save({ id: id('ch'), object: 'charge', amount: pi.amount, amount_refunded: 0, refunded: false, payment_intent: pi.id, customer: pi.customer, status: 'succeeded', created: now() })
		Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, latest_charge: charge.id, next_action: null, last_payment_error: null })
		emit('payment_intent.succeeded', pi)
	}

	function api(method: string, path: string, params: Record<string, unknown>): Reply {
		const seg = path.split('/').filter(Boolean) // v1, resource, id, action
		const expandList = (params.expand as string[] | undefined) ?? []
		const get = (prefix: string, key: string) => {
			const o = objects.get(key)
			return o && o.id.startsWith(prefix) ? o : null
		}
		if (method === 'GET' && path === '/v1/balance') return { status: 200, body: { object: 'balance', available: [{ amount: 0, currency: 'usd' }], pending: [], livemode: false } }
		if (seg[1] === 'customers') {
			if (method === 'POST' && seg.length === 2) return { status: 200, body: save({ id: id('cus'), object: 'customer', email: params.email ?? null, name: params.name ?? null, metadata: params.metadata ?? {}, created: now() }) }
			const c = get('cus', seg[2] ?? '')
			return c ? { status: 200, body: c } : notFound('customer', seg[2] ?? '')
		}
		if (seg[1] === 'checkout' && seg[2] === 'sessions') {
			if (method === 'POST' && seg.length === 3) {
				if (params.mode !== 'setup') return error(400, 'invalid_request_error', 'This server only knows mode=setup.', { param: 'mode' })
				if (typeof params.success_url !== 'string') return error(400, 'invalid_request_error', 'Missing required param: success_url.', { param: 'success_url' })
				if (typeof params.customer !== 'string' || !get('cus', params.customer)) return notFound('customer', String(params.customer))
				const key = id('cs_test')
				const cs = save({ id: key, object: 'checkout.session', mode: 'setup', status: 'open', url: `${base}/pay/setup/${key}`, customer: params.customer, success_url: params.success_url, cancel_url: params.cancel_url ?? null, setup_intent: null, metadata: params.metadata ?? {}, created: now() } as Obj)
				return { status: 200, body: cs }
			}
			const cs = get('cs_test', seg[3] ?? '')
			return cs ? { status: 200, body: expand(cs, expandList) } : notFound('checkout.session', seg[3] ?? '')
		}
		if (seg[1] === 'setup_intents') {
			const si = get('seti', seg[2] ?? '')
			return si ? { status: 200, body: expand(si, expandList) } : notFound('setup_intent', seg[2] ?? '')
		}
		if (seg[1] === 'payment_methods') {
			const pm = get('pm', seg[2] ?? '')
			return pm ? { status: 200, body: pm } : notFound('payment_method', seg[2] ?? '')
		}
		if (seg[1] === 'payment_intents') {
			if (method === 'POST' && seg.length === 2) {
				const amount = Number(params.amount)
				if (!Number.isInteger(amount) || amount < 50) return error(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' })
				const customer = typeof params.customer === 'string' ? get('cus', params.customer) : null
				const pmId = String(params.payment_method ?? '')
				const pm = get('pm', pmId)
				if (!customer) return notFound('customer', String(params.customer))
				if (!pm || pm.customer !== customer.id) return notFound('payment_method', pmId)
				const pi = save({ id: id('pi'), object: 'payment_intent', amount, currency: params.currency ?? 'usd', customer: customer.id, payment_method: pmId, description: params.description ?? null, metadata: params.metadata ?? {}, status: 'requires_confirmation', return_url: params.return_url ?? null, created: now(), latest_charge: null })
				if (params.confirm !== 'true') return { status: 200, body: pi }
				return chargeOutcome(pi, pmId, params.off_session === 'true')
			}
			const pi = get('pi', seg[2] ?? '')
			if (!pi) return notFound('payment_intent', seg[2] ?? '')
			if (method === 'POST' && seg[3] === 'confirm') {
				if (params.payment_method) pi.payment_method = params.payment_method
				if (params.return_url) pi.return_url = params.return_url
				if (pi.status === 'succeeded') return error(400, 'invalid_request_error', 'This PaymentIntent has already succeeded.', { code: 'payment_intent_unexpected_state', payment_intent: pi })
				return chargeOutcome(pi, String(pi.payment_method), params.off_session === 'true')
			}
			return { status: 200, body: pi }
		}
		if (seg[1] === 'refunds' && method === 'POST') {
			const pi = get('pi', String(params.payment_intent ?? ''))
			if (!pi) return notFound('payment_intent', String(params.payment_intent))
			const charge = objects.get(String(pi.latest_charge))
			if (pi.status !== 'succeeded' || !charge) return error(400, 'invalid_request_error', 'This PaymentIntent does not have a successful charge to refund.', { code: 'charge_not_refundable' })
			const left = (charge.amount as number) - (charge.amount_refunded as number)
			const amount = params.amount === undefined ? left : Number(params.amount)
			if (!Number.isInteger(amount) || amount <= 0 || amount > left) return error(400, 'invalid_request_error', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, { code: 'amount_too_large', param: 'amount' })
			const refund = save({ id: id('re'), object: 'refund', amount, charge: charge.id, payment_intent: pi.id, status: 'succeeded', created: now() })
			Object.assign(charge, { amount_refunded: (charge.amount_refunded as number) + amount, refunded: (charge.amount_refunded as number) + amount === charge.amount })
			emit('charge.refunded', charge)
			return { status: 200, body: refund }
		}
		return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`)
	}

	// the hosted pages a browser visits: Checkout in setup mode, and 3-D Secure authentication
	function hosted(req: http.IncomingMessage, res: http.ServerResponse, path: string, form: Record<string, unknown>) {
		const page = (status: number, body: string) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body)
		const [, , kind, key] = path.split('/')
		if (kind === 'setup') {
			const cs = objects.get(key ?? '')
			if (!cs || cs.status !== 'open') return page(404, html('This Checkout Session is no longer available', ''))
			const cancel = cs.cancel_url ? `<p><a href="${escapeHtml(String(cs.cancel_url))}">Back</a></p>` : ''
			if (req.method === 'POST') {
				const number = String(form.cardNumber ?? '').replace(/\s+/g, '')
				if (number === CARDS.setupDeclined || !/^\d{16}$/.test(number)) {
					return page(402, html('Set up your card', `<p role="alert">Your card was declined.</p>${setupForm(cs.id)}${cancel}`))
				}
				const pm = paymentMethod(number)
				pm.customer = cs.customer
				const si = save({ id: id('seti'), object: 'setup_intent', status: 'succeeded', customer: cs.customer, payment_method: pm.id, usage: 'off_session', created: now(), metadata: cs.metadata })
				Object.assign(cs, { status: 'complete', setup_intent: si.id })
				emit('setup_intent.succeeded', si)
				emit('checkout.session.completed', cs)
				res.writeHead(303, { location: String(cs.success_url).replace('{CHECKOUT_SESSION_ID}', cs.id) }).end()
				return
			}
			return page(200, html('Set up your card', `${setupForm(cs.id)}${cancel}`))
		}
		if (kind === 'authenticate') {
			const pi = objects.get(key ?? '')
			if (!pi || pi.status !== 'requires_action') return page(404, html('Nothing to authenticate', ''))
			if (req.method === 'POST') {
				if (form.outcome === 'complete') succeed(pi)
				else {
					Object.assign(pi, { status: 'requires_payment_method', next_action: null, last_payment_error: { code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.', type: 'card_error' } })
					emit('payment_intent.payment_failed', pi)
				}
				const back = new URL(String(pi.return_url))
				back.searchParams.set('payment_intent', pi.id)
				back.searchParams.set('redirect_status', (pi.status as string) === 'succeeded' ? 'succeeded' : 'failed')
				res.writeHead(303, { location: back.toString() }).end()
				return
			}
			return page(
				200,
				html(
					'Authenticate your payment',
					`<p>Amount: $${((pi.amount as number) / 100).toFixed(2)}</p><form method="post"><button name="outcome" value="complete">Complete authentication</button> <button name="outcome" value="fail">Fail authentication</button></form>`,
				),
			)
		}
		page(404, html('Not found', ''))
	}
	const setupForm = (cs: string) =>
		`<form method="post" action="/pay/setup/${cs}"><label for="cardNumber">Card number</label> <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number"> <button type="submit">Save card</button></form>`

	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (c: Buffer) => chunks.push(c))
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://stripe.local')
			const body = Buffer.concat(chunks).toString('utf8')
			const params = { ...parseForm(url.search.slice(1)), ...parseForm(body) }
			if (url.pathname.startsWith('/pay/')) return hosted(req, res, url.pathname, params)
			const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined
			requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey })
			const send = (reply: Reply, replayed = false) => {
				if (drop > 0) {
					drop--
					req.socket.destroy()
					return
				}
				res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': id('req'), ...(replayed ? { 'idempotent-replayed': 'true' } : {}), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) }).end(JSON.stringify(reply.body))
			}
			if (req.headers.authorization !== `Bearer ${STRIPE_TEST_KEY}`) {
				return send(error(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****'))
			}
			if (outage) return send(error(500, 'api_error', 'An unknown error occurred on our side.'))
			if (req.method === 'POST' && idempotencyKey) {
				const seen = idempotent.get(idempotencyKey)
				const signature = `${url.pathname} ${body}`
				if (seen && seen.params !== signature) {
					return send(error(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`))
				}
				if (seen) return send(seen.reply, true)
				const reply = api('POST', url.pathname, params)
				// Stripe keeps the first answer, declines included; a server error (500) is not kept
				if (reply.status < 500) idempotent.set(idempotencyKey, { params: signature, reply: { status: reply.status, body: structuredClone(reply.body) } })
				return send(reply)
			}
			send(api(req.method ?? 'GET', url.pathname, params))
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return {
		url: base,
		objects,
		events,
		requests,
		setWebhook: (url) => (webhookUrl = url),
		dropResponses: (n) => (drop = n),
		setOutage: (on) => (outage = on),
		deliver,
		event,
		chargesFor: (customerId) => [...objects.values()].filter((o) => o.object === 'payment_intent' && o.customer === customerId && o.status === 'succeeded'),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
