// Payments behind one small interface (decisions: "payments: a gateway adapter";
// embedded default: the test gateway; PAYMENTS=stripe: Stripe, issue 30).
// Card numbers and CVVs pass through memory only with the test gateway, and
// never reach our server with Stripe (hosted Checkout). What we keep is the
// gateway's token plus brand, last 4 and expiry.
import { randomBytes } from 'node:crypto'
import { getEnv, type Env } from '~/env.server.ts'
import { StripeGateway, type WebhookEvent } from './stripe.server.ts'

export type CardInput = { cardNumber: string; expiryMonth: string; expiryYear: string; cvv: string; cardholderName: string }

export type SavedCard = { token: string; brand: string; last4: string; expiryMonth: number; expiryYear: number }

/** why a charge failed: the card said no, the bank wants the customer to confirm (3-D Secure), or the processor was not reached */
export type FailureCode = 'declined' | 'authentication_required' | 'unavailable' | 'processing'

export type GatewayResult<T> = { ok: true; value: T } | { ok: false; message: string; code?: FailureCode; chargeId?: string }

export type ChargeOptions = { customerId?: string | null; metadata?: Record<string, string> }

/** Cards entered on the processor's hosted page (Stripe Checkout in setup mode), and what comes with it. */
export interface HostedCards {
	ensureCustomer(org: { id: string; name: string; email: string; customerId: string | null }): Promise<string>
	/** the hosted page's address */
	startSetup(input: { customerId: string; organizationId: string; successUrl: string; cancelUrl: string }): Promise<string>
	/** the card saved on the hosted page, or null when the session is unknown or not completed */
	finishSetup(sessionId: string): Promise<{ customerId: string; setupIntentId: string; card: SavedCard } | null>
	/** brings a charge that needs 3-D Secure back on-session: the bank's page, or the outcome */
	authenticate(chargeId: string, returnUrl: string): Promise<{ kind: 'redirect'; url: string } | { kind: 'paid' } | { kind: 'failed'; message: string }>
	/** a saved card's details (a webhook's setup_intent.succeeded), or null when unknown */
	paymentMethod(paymentMethodId: string): Promise<SavedCard | null>
	paymentStatus(chargeId: string): Promise<{ status: string; customerId: string | null; message: string | null } | null>
	refund(chargeId: string, amountCents: number, idempotencyKey: string): Promise<GatewayResult<{ refundId: string }>>
	/** the event when the signature over the raw body is Stripe's and fresh, else null */
	verifyWebhook(rawBody: string, signature: string): WebhookEvent | null
	/** one read-only call (npm run doctor) */
	ping(): Promise<{ livemode: boolean }>
}

export interface PaymentGateway {
	/** set when card entry happens on the processor's page, never on ours */
	readonly hosted?: HostedCards
	/** checks the card with the issuer and returns a reusable token */
	saveCard(card: CardInput): Promise<GatewayResult<SavedCard>>
	/** charges a saved card; idempotencyKey makes a retried charge happen once */
	charge(token: string, amountCents: number, description: string, idempotencyKey: string, options?: ChargeOptions): Promise<GatewayResult<{ chargeId: string }>>
}

export const CARD_DECLINED = 'Your card was declined.'

export function luhnValid(digits: string): boolean {
	let sum = 0
	for (let i = 0; i < digits.length; i++) {
		let d = Number(digits[digits.length - 1 - i])
		if (i % 2 === 1) {
			d *= 2
			if (d > 9) d -= 9
		}
		sum += d
	}
	return digits.length > 0 && sum % 10 === 0
}

export function cardBrand(digits: string): string {
	if (/^4/.test(digits)) return 'Visa'
	if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard'
	if (/^3[47]/.test(digits)) return 'American Express'
	if (/^6(011|5)/.test(digits)) return 'Discover'
	return 'Card'
}

/** Numbers of the test gateway that the issuer declines (Stripe's conventions). */
export const TEST_DECLINED_CARDS = ['4000000000000002', '4000000000009995']

/**
 * The embedded default: accepts any Luhn-valid, unexpired card except the
 * declined test numbers (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
 * declined). Charges on its tokens succeed; charges are remembered per
 * idempotency key for the life of the process.
 */
export class TestGateway implements PaymentGateway {
	private charges = new Map<string, string>()
	async saveCard(card: CardInput): Promise<GatewayResult<SavedCard>> {
		const digits = card.cardNumber.replace(/\s+/g, '')
		if (!/^\d{16}$/.test(digits) || !luhnValid(digits)) return { ok: false, message: 'Your card number is invalid.' }
		if (TEST_DECLINED_CARDS.includes(digits)) return { ok: false, message: CARD_DECLINED }
		const month = Number(card.expiryMonth)
		const year = 2000 + Number(card.expiryYear)
		const now = new Date()
		if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
			return { ok: false, message: 'Your card has expired.' }
		}
		return {
			ok: true,
			value: { token: `tok_test_${randomBytes(12).toString('hex')}`, brand: cardBrand(digits), last4: digits.slice(-4), expiryMonth: month, expiryYear: year },
		}
	}
	async charge(token: string, amountCents: number, _description: string, idempotencyKey: string): Promise<GatewayResult<{ chargeId: string }>> {
		if (!token.startsWith('tok_test_')) return { ok: false, message: CARD_DECLINED }
		if (!Number.isInteger(amountCents) || amountCents <= 0) return { ok: false, message: 'Invalid amount' }
		let chargeId = this.charges.get(idempotencyKey)
		if (!chargeId) {
			chargeId = `ch_test_${randomBytes(12).toString('hex')}`
			this.charges.set(idempotencyKey, chargeId)
		}
		return { ok: true, value: { chargeId } }
	}
}

let gateway: PaymentGateway | undefined
export function getPaymentGateway(): PaymentGateway {
	if (!gateway) {
		const env = getEnv()
		gateway =
			env.PAYMENTS === 'stripe'
				? new StripeGateway({ secretKey: env.STRIPE_SECRET_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, apiUrl: env.STRIPE_API_URL })
				: new TestGateway()
	}
	return gateway
}

/** Stripe's hosted pages our forms redirect to: Checkout, and the bank's 3-D Secure page (the local server's in tests) */
export function paymentPageUrls(env: Env): string[] {
	if (env.PAYMENTS !== 'stripe') return []
	return env.STRIPE_API_URL ? [env.STRIPE_API_URL] : ['https://checkout.stripe.com', 'https://hooks.stripe.com']
}
