// Stripe as the payment processor (issue 30), through the official `stripe`
// package. Card numbers never reach our server: cards are saved on Stripe's
// hosted Checkout page in setup mode, and we keep only Stripe's ids, brand,
// last 4 and expiry. Charges are off-session PaymentIntents carrying our
// idempotency key. The secret key stays in this module: errors we pass on are
// Stripe's customer-facing messages or our own wording, never the key.
import Stripe from 'stripe'
import type { ChargeOptions, GatewayResult, HostedCards, PaymentGateway, SavedCard } from './payments.server.ts'

export const CARDS_ON_STRIPE = 'Card details are collected by Stripe'
export const AUTHENTICATION_REQUIRED = 'Your bank asks you to confirm this payment.'
export const PROCESSOR_UNAVAILABLE = 'The payment processor could not be reached. Nothing was charged; please try again in a few minutes.'
/** Stripe's webhook signature tolerance we accept (5 minutes) */
export const WEBHOOK_TOLERANCE_S = 300

export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl?: string; timeoutMs?: number }

export type WebhookEvent = { id: string; type: string; object: Record<string, unknown> & { id: string } }

const brandName = (brand: string) =>
	({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB', unionpay: 'UnionPay' })[brand] ?? 'Card'

export class StripeGateway implements PaymentGateway {
	private readonly stripe: Stripe
	private readonly webhookSecret: string
	readonly hosted: HostedCards

	constructor(config: StripeConfig) {
		const api = config.apiUrl ? new URL(config.apiUrl) : null
		this.stripe = new Stripe(config.secretKey, {
			// a retried request carries the same idempotency key, so it never charges twice
			maxNetworkRetries: 2,
			timeout: config.timeoutMs ?? 20_000,
			telemetry: false,
			...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
		})
		this.webhookSecret = config.webhookSecret
		this.hosted = {
			ensureCustomer: (org) => this.ensureCustomer(org),
			startSetup: (input) => this.startSetup(input),
			finishSetup: (sessionId) => this.finishSetup(sessionId),
			authenticate: (paymentIntentId, returnUrl) => this.authenticate(paymentIntentId, returnUrl),
			paymentMethod: (paymentMethodId) => this.paymentMethod(paymentMethodId),
			paymentStatus: (paymentIntentId) => this.paymentStatus(paymentIntentId),
			refund: (paymentIntentId, amountCents, idempotencyKey) => this.refund(paymentIntentId, amountCents, idempotencyKey),
			verifyWebhook: (rawBody, signature) => this.verifyWebhook(rawBody, signature),
			ping: () => this.ping(),
		}
	}

	async saveCard(): Promise<GatewayResult<SavedCard>> {
		return { ok: false, message: CARDS_ON_STRIPE }
	}

	async charge(token: string, amountCents: number, description: string, idempotencyKey: string, options: ChargeOptions = {}): Promise<GatewayResult<{ chargeId: string }>> {
		if (!Number.isInteger(amountCents) || amountCents <= 0) return { ok: false, message: 'Invalid amount' }
		if (!options.customerId) return { ok: false, message: 'No Stripe customer for this card' }
		try {
			const intent = await this.stripe.paymentIntents.create(
				{
					amount: amountCents,
					currency: 'usd',
					customer: options.customerId,
					payment_method: token,
					off_session: true,
					confirm: true,
					description,
					metadata: options.metadata ?? {},
				},
				{ idempotencyKey },
			)
			if (intent.status === 'succeeded') return { ok: true, value: { chargeId: intent.id } }
			return { ok: false, message: 'The payment is still processing.', code: 'processing', chargeId: intent.id }
		} catch (error) {
			return failure(error)
		}
	}

	private async ensureCustomer(org: { id: string; name: string; email: string; customerId: string | null }) {
		if (org.customerId) return org.customerId
		try {
			// one customer per organization, even when two requests race (same idempotency key)
			const customer = await this.stripe.customers.create({ name: org.name, email: org.email, metadata: { organizationId: org.id } }, { idempotencyKey: `customer-${org.id}` })
			return customer.id
		} catch (error) {
			throw new ProcessorError(failure(error).message)
		}
	}

	private async startSetup(input: { customerId: string; organizationId: string; successUrl: string; cancelUrl: string }) {
		try {
			const session = await this.stripe.checkout.sessions.create({
				mode: 'setup',
				customer: input.customerId,
				currency: 'usd',
				success_url: input.successUrl,
				cancel_url: input.cancelUrl,
				metadata: { organizationId: input.organizationId },
			})
			if (!session.url) throw new ProcessorError(PROCESSOR_UNAVAILABLE)
			return session.url
		} catch (error) {
			if (error instanceof ProcessorError) throw error
			throw new ProcessorError(failure(error).message)
		}
	}

	private async finishSetup(sessionId: string) {
		try {
			const session = await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent', 'setup_intent.payment_method'] })
			const intent = session.setup_intent
			if (session.status !== 'complete' || !intent || typeof intent === 'string' || intent.status !== 'succeeded') return null
			const method = intent.payment_method
			if (!method || typeof method === 'string' || !method.card) return null
			const customerId = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null)
			if (!customerId) return null
			return { customerId, setupIntentId: intent.id, card: savedCardOf(method) }
		} catch (error) {
			if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
			throw new ProcessorError(failure(error).message)
		}
	}

	private async authenticate(paymentIntentId: string, returnUrl: string) {
		try {
			const intent = await this.stripe.paymentIntents.confirm(paymentIntentId, { return_url: returnUrl })
			if (intent.status === 'succeeded') return { kind: 'paid' as const }
			const url = intent.next_action?.redirect_to_url?.url
			if (intent.status === 'requires_action' && url) return { kind: 'redirect' as const, url }
			return { kind: 'failed' as const, message: intent.last_payment_error?.message ?? 'Your card was declined.' }
		} catch (error) {
			const f = failure(error)
			if (f.code === 'unavailable') throw new ProcessorError(f.message)
			return { kind: 'failed' as const, message: f.message }
		}
	}

	private async paymentMethod(paymentMethodId: string) {
		try {
			const method = await this.stripe.paymentMethods.retrieve(paymentMethodId)
			return method.card ? savedCardOf(method) : null
		} catch (error) {
			if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
			throw new ProcessorError(failure(error).message)
		}
	}

	private async paymentStatus(paymentIntentId: string) {
		try {
			const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId)
			return { status: intent.status, customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null), message: intent.last_payment_error?.message ?? null }
		} catch (error) {
			if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
			throw new ProcessorError(failure(error).message)
		}
	}

	private async refund(paymentIntentId: string, amountCents: number, idempotencyKey: string): Promise<GatewayResult<{ refundId: string }>> {
		try {
			const refund = await this.stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountCents }, { idempotencyKey })
			return { ok: true, value: { refundId: refund.id } }
		} catch (error) {
			return failure(error)
		}
	}

	private verifyWebhook(rawBody: string, signature: string): WebhookEvent | null {
		try {
			const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret, WEBHOOK_TOLERANCE_S)
			return { id: event.id, type: event.type, object: event.data.object as unknown as WebhookEvent['object'] }
		} catch {
			return null
		}
	}

	private async ping() {
		const balance = await this.stripe.balance.retrieve()
		return { livemode: balance.livemode }
	}
}

/** Refusals the processor gives while saving a card or starting a payment page. */
export class ProcessorError extends Error {}

export function savedCardOf(method: Stripe.PaymentMethod): SavedCard {
	const card = method.card!
	return { token: method.id, brand: brandName(card.brand), last4: card.last4, expiryMonth: card.exp_month, expiryYear: card.exp_year }
}

/** Stripe's message for card errors (written for customers); our own words for everything else. */
function failure(error: unknown): { ok: false; message: string; code: 'declined' | 'authentication_required' | 'unavailable'; chargeId?: string } {
	if (error instanceof Stripe.errors.StripeCardError) {
		const chargeId = error.payment_intent?.id
		if (error.code === 'authentication_required') return { ok: false, message: AUTHENTICATION_REQUIRED, code: 'authentication_required', chargeId }
		return { ok: false, message: error.message || 'Your card was declined.', code: 'declined', chargeId }
	}
	if (error instanceof Stripe.errors.StripeInvalidRequestError) return { ok: false, message: 'The payment processor refused the request. Nothing was charged.', code: 'declined' }
	return { ok: false, message: PROCESSOR_UNAVAILABLE, code: 'unavailable' }
}
