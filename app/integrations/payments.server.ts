// Payments behind one small interface (decisions: "payments: a gateway adapter";
// embedded default: the test gateway). Card numbers and CVVs pass through
// memory only: never stored, never logged. What we keep is the gateway's
// token plus brand, last 4 and expiry.
import { randomBytes } from 'node:crypto'

export type CardInput = { cardNumber: string; expiryMonth: string; expiryYear: string; cvv: string; cardholderName: string }

export type SavedCard = { token: string; brand: string; last4: string; expiryMonth: number; expiryYear: number }

export type GatewayResult<T> = { ok: true; value: T } | { ok: false; message: string }

export interface PaymentGateway {
	/** checks the card with the issuer and returns a reusable token */
	saveCard(card: CardInput): Promise<GatewayResult<SavedCard>>
	/** charges a saved card; idempotencyKey makes a retried charge happen once */
	charge(token: string, amountCents: number, description: string, idempotencyKey: string): Promise<GatewayResult<{ chargeId: string }>>
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
	gateway ??= new TestGateway()
	return gateway
}
