// Price list items and report options (issue 9), shared by the Settings →
// Organization forms, the JSON paths and the report routes.
import { z } from 'zod'
import { PRICE_UNITS } from '../estimate.ts'
import { ALL_SURFACES, PRICE_SURFACES, priceSurfaceProblem } from '../surfaces.ts'

/** JSON may send a number; forms send text. Money stays a decimal string. */
const money = (label: string, places: number, max: number) =>
	z.preprocess(
		(v) => (typeof v === 'number' ? String(v) : v),
		z
			.string({ error: `${label} is required` })
			.trim()
			.min(1, `${label} is required`)
			.regex(new RegExp(`^\\d{1,9}(\\.\\d{1,${places}})?$`), `${label} must be a non-negative amount with at most ${places} decimals`)
			.refine((v) => Number(v) <= max, `${label} must be at most ${max.toLocaleString('en-US')}`),
	)

export const MAX_PRICE_ITEMS = 100

export const PriceItemSchema = z.strictObject({
	name: z.string({ error: 'Service name is required' }).trim().min(1, 'Service name is required').max(100, 'Service name is too long'),
	unit: z.enum(PRICE_UNITS, { error: 'Unit must be sqft, ft or flat' }),
	unitPrice: money('Price', 4, 100_000),
	minimumCharge: z.preprocess((v) => (v === '' || v === undefined ? '0' : v), money('Minimum charge', 2, 1_000_000)),
	// issue 32: the surface the service is priced on; "all" (all areas) is the default
	surface: z.preprocess((v) => (v === '' || v === undefined || v === null ? ALL_SURFACES : v), z.enum(PRICE_SURFACES, { error: `Surface must be one of ${PRICE_SURFACES.join(', ')}` })),
}).superRefine((item, ctx) => {
	const problem = priceSurfaceProblem(item.unit, item.surface)
	if (problem) ctx.addIssue({ code: 'custom', path: ['surface'], message: problem })
})
export type PriceItemInput = z.output<typeof PriceItemSchema>

export const TAX_RATE_PATTERN = /^\d{1,2}(\.\d{1,3})?$|^100(\.0{1,3})?$/

/** GET …/report.pdf query: services (ids, comma-separated or repeated), taxRate (percent), notes. */
export const ReportOptionsSchema = z.object({
	services: z.array(z.string().trim().min(1).max(100)).max(MAX_PRICE_ITEMS, 'Too many services').default([]),
	taxRate: z
		.string()
		.trim()
		.regex(TAX_RATE_PATTERN, 'Tax rate must be a percentage between 0 and 100 with at most 3 decimals')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	notes: z.string().trim().max(2000, 'Notes must be at most 2,000 characters').optional(),
	imagery: z.enum(['on', 'off']).default('on'),
	address: z.string().trim().max(500).optional(),
})
export type ReportOptions = z.output<typeof ReportOptionsSchema>

/** The query of a report URL: every `services` value, split on commas; the first of the others. */
export function reportQuery(params: URLSearchParams): Record<string, unknown> {
	const raw: Record<string, unknown> = Object.create(null)
	for (const [key, value] of params) if (key !== 'services' && !Object.hasOwn(raw, key)) raw[key] = value
	raw.services = params
		.getAll('services')
		.flatMap((v) => v.split(','))
		.map((v) => v.trim())
		.filter(Boolean)
	return raw
}
