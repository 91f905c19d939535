// Job estimates from an organization's price list (issue 9). Money never goes
// through floating point: prices are decimal strings turned into integers
// (unit prices in 1/10,000 $, charges in cents, tax rates in 1/1,000 %), and
// quantities are rounded to whole sq ft / ft first, as a quote shows them. Pure.
// A service bound to a surface (issue 32) is priced on that surface alone.
import type { TotalsBySurface } from './shapes.ts'
import { areaFigures, distanceFigures, sqftToSqm } from './units.ts'
import { ALL_SURFACES, isSurface, SURFACE_LABELS, type PriceSurface, type Surface } from './surfaces.ts'

export const PRICE_UNITS = ['sqft', 'ft', 'flat'] as const
export type PriceUnit = (typeof PRICE_UNITS)[number]
export const PRICE_UNIT_LABELS: Record<PriceUnit, string> = { sqft: 'per sq ft', ft: 'per ft', flat: 'flat rate' }

/** `surface`: the one surface the service is priced on; absent or "all" for every area (or line) */
export type PriceItem = { id: string; name: string; unit: PriceUnit | string; unitPrice: string; minimumCharge: string; surface?: PriceSurface | string | null }
export type EstimateLine = {
	id: string
	name: string
	unit: PriceUnit
	surface: PriceSurface
	quantity: number
	unitPrice: string
	/** quantity × unit price, in cents (half up) */
	amountCents: number
	/** what is charged: the amount, or the minimum charge when that is higher */
	chargeCents: number
	minimumApplied: boolean
}
/** a service left out because its surface is not on the job: never charged at its minimum */
export type OmittedService = { id: string; name: string; surface: Surface; note: string }
export type Estimate = { lines: EstimateLine[]; omitted: OmittedService[]; subtotalCents: number; taxRate: string | null; taxCents: number; totalCents: number }
/** what was measured: all areas and lines, and per surface (absent: nothing is bound to a surface) */
export type Measured = { areaSqft: number; lengthFeet: number; bySurface?: TotalsBySurface }

/** What the quote widget prices: the AI's grass, which is lawn, and nothing else (issue 32). */
export function lawnOnly(areaSqft: number): Measured {
	return { areaSqft, lengthFeet: 0, bySurface: { lawn: { ...areaFigures(sqftToSqm(areaSqft)), ...distanceFigures(0), shape_count: 1 } } }
}

export function omittedNote(surface: Surface): string {
	return `Not included: no ${SURFACE_LABELS[surface].toLowerCase()} measured on this job`
}

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
 * The estimate for the measured quantities: `sqft` services × the area (of
 * their surface, or of every area), `ft` services × the length (of their line
 * surface, or of every line), `flat` services once. A service whose surface is
 * not on the job is left out (`omitted`, with a note), not charged its minimum.
 * Each line is at least its minimum charge; tax (percent, up to 3 decimals)
 * applies to the subtotal.
 */
export function computeEstimate(items: readonly PriceItem[], measured: Measured, taxRate: string | null = null): Estimate {
	const lines: EstimateLine[] = []
	const omitted: OmittedService[] = []
	for (const item of items) {
		const unit = (PRICE_UNITS as readonly string[]).includes(item.unit) ? (item.unit as PriceUnit) : 'flat'
		const surface = isSurface(item.surface) ? item.surface : null
		let quantity = unit === 'sqft' ? Math.round(measured.areaSqft) : unit === 'ft' ? Math.round(measured.lengthFeet) : 1
		if (surface) {
			const on = measured.bySurface?.[surface]
			quantity = !on ? 0 : unit === 'sqft' ? Math.round(on.area_sqft) : unit === 'ft' ? Math.round(on.distance_feet) : 1
			if (quantity === 0) {
				omitted.push({ id: item.id, name: item.name, surface, note: omittedNote(surface) })
				continue
			}
		}
		const priceTicks = parseDecimal(item.unitPrice, 4) ?? 0
		const minimumCents = parseDecimal(item.minimumCharge, 2) ?? 0
		// ticks are 1/10,000 $, so 100 ticks make a cent
		const amountCents = mulDivRound(quantity, priceTicks, 100)
		const chargeCents = Math.max(amountCents, minimumCents)
		lines.push({ id: item.id, name: item.name, unit, surface: surface ?? ALL_SURFACES, quantity, unitPrice: item.unitPrice, amountCents, chargeCents, minimumApplied: chargeCents > amountCents })
	}
	const subtotalCents = lines.reduce((sum, l) => sum + l.chargeCents, 0)
	const rate = taxRate === null ? null : parseDecimal(taxRate, 3)
	// rate is in 1/1,000 %: cents × rate / 100,000
	const taxCents = rate ? mulDivRound(subtotalCents, rate, 100_000) : 0
	return { lines, omitted, subtotalCents, taxRate: rate ? taxRate : null, taxCents, totalCents: subtotalCents + taxCents }
}
