// Job estimates from an organization's price list (issue 9). Money never goes
// through floating point: prices are decimal strings turned into integers
// (unit prices in 1/10,000 $, charges in cents, tax rates in 1/1,000 %), and
// quantities are rounded to whole sq ft / ft first, as a quote shows them. Pure.

export const PRICE_UNITS = ['sqft', 'ft', 'flat'] as const
export type PriceUnit = (typeof PRICE_UNITS)[number]
export const PRICE_UNIT_LABELS: Record<PriceUnit, string> = { sqft: 'per sq ft', ft: 'per ft', flat: 'flat rate' }

export type PriceItem = { id: string; name: string; unit: PriceUnit | string; unitPrice: string; minimumCharge: string }
export type EstimateLine = {
	id: string
	name: string
	unit: PriceUnit
	quantity: number
	unitPrice: string
	/** quantity × unit price, in cents (half up) */
	amountCents: number
	/** what is charged: the amount, or the minimum charge when that is higher */
	chargeCents: number
	minimumApplied: boolean
}
export type Estimate = { lines: EstimateLine[]; subtotalCents: number; taxRate: string | null; taxCents: number; totalCents: number }

/** "12.5" with up to `places` decimals → 125000 (places 4). Null when it is not a plain non-negative decimal. */
export function parseDecimal(text: string, places: number): number | null {
	const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text.trim())
	if (!match) return null
	const fraction = match[2] ?? ''
	if (fraction.length > places) {
		// Prisma's Decimal prints trailing zeros it keeps; only those may go
		if (/[^0]/.test(fraction.slice(places))) return null
	}
	return Number(match[1]) * 10 ** places + Number(fraction.slice(0, places).padEnd(places, '0') || '0')
}

/** a × b / divisor rounded half up, exact for any size (BigInt; non-negative operands). */
const mulDivRound = (a: number, b: number, divisor: number) => {
	const d = BigInt(divisor)
	return Number((BigInt(a) * BigInt(b) + d / 2n) / d)
}

export function formatCents(cents: number): string {
	const dollars = Math.floor(cents / 100)
	return `$${dollars.toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`
}

/** A unit price as people read it: at least 2 decimals, up to 4 ("$0.0125", "$45.00"). */
export function formatUnitPrice(price: string): string {
	const ticks = parseDecimal(price, 4) ?? 0
	const dollars = Math.floor(ticks / 10_000)
	let fraction = String(ticks % 10_000).padStart(4, '0')
	while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
	return `$${dollars.toLocaleString('en-US')}.${fraction}`
}

/**
 * The estimate for the measured quantities: `sqft` services × the total area,
 * `ft` services × the total length, `flat` services once. Each line is at least
 * its minimum charge; tax (percent, up to 3 decimals) applies to the subtotal.
 */
export function computeEstimate(items: readonly PriceItem[], measured: { areaSqft: number; lengthFeet: number }, taxRate: string | null = null): Estimate {
	const lines = items.map((item): EstimateLine => {
		const unit = (PRICE_UNITS as readonly string[]).includes(item.unit) ? (item.unit as PriceUnit) : 'flat'
		const quantity = unit === 'sqft' ? Math.round(measured.areaSqft) : unit === 'ft' ? Math.round(measured.lengthFeet) : 1
		const priceTicks = parseDecimal(item.unitPrice, 4) ?? 0
		const minimumCents = parseDecimal(item.minimumCharge, 2) ?? 0
		// ticks are 1/10,000 $, so 100 ticks make a cent
		const amountCents = mulDivRound(quantity, priceTicks, 100)
		const chargeCents = Math.max(amountCents, minimumCents)
		return { id: item.id, name: item.name, unit, quantity, unitPrice: item.unitPrice, amountCents, chargeCents, minimumApplied: chargeCents > amountCents }
	})
	const subtotalCents = lines.reduce((sum, l) => sum + l.chargeCents, 0)
	const rate = taxRate === null ? null : parseDecimal(taxRate, 3)
	// rate is in 1/1,000 %: cents × rate / 100,000
	const taxCents = rate ? mulDivRound(subtotalCents, rate, 100_000) : 0
	return { lines, subtotalCents, taxRate: rate ? taxRate : null, taxCents, totalCents: subtotalCents + taxCents }
}
