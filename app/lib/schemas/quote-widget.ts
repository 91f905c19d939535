// The instant-quote widget (issue 19): its settings form on /settings, the
// homeowner's address and "Request this quote" forms on /embed/quote/{key},
// GET /api/leads's query, and a lead's status change (PATCH /api/leads/{id}
// and the dashboard's Leads list).
import { z } from 'zod'
import { LEAD_STATUSES, MAX_ALLOWED_DOMAINS, MAX_RANGE_PERCENT, normalizeDomain, PRICE_DISPLAYS } from '../quote-widget.ts'
import { ShareAcceptSchema } from './share.ts'

export const DOMAINS_INVALID = (entry: string) => `"${entry.slice(0, 60)}" is not a website domain (e.g. example.com or https://www.example.com)`
export const DOMAINS_REQUIRED = 'List at least one website domain to turn the widget on'
export const SERVICES_REQUIRED_FOR_WIDGET = 'Choose at least one service to quote to turn the widget on'

const RANGE_MESSAGE = `Range must be a whole percentage from 1 to ${MAX_RANGE_PERCENT}`

/**
 * The "Quote widget" form: a box to turn it on, the price-list services it
 * quotes (checkboxes), exact price or range (± percent), and the allowed
 * website domains, one per line (commas and spaces also separate).
 */
export const QuoteWidgetSettingsSchema = z
	.object({
		enabled: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
		serviceIds: z.preprocess(
			(v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
			z.array(z.string().trim().min(1).max(100)).max(50, 'Too many services'),
		),
		priceDisplay: z.enum(PRICE_DISPLAYS, { error: 'Choose an exact price or a range' }).default('exact'),
		rangePercent: z.preprocess(
			(v) => (typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : v === '' || v === undefined ? 10 : v),
			z.number({ error: RANGE_MESSAGE }).int(RANGE_MESSAGE).min(1, RANGE_MESSAGE).max(MAX_RANGE_PERCENT, RANGE_MESSAGE),
		),
		allowedDomains: z
			.string({ error: 'Website domains must be text' })
			.max(5000, 'Too many website domains')
			.default('')
			.transform((text, ctx) => {
				const out: string[] = []
				for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
					const domain = normalizeDomain(entry)
					if (!domain) {
						ctx.addIssue({ code: 'custom', message: DOMAINS_INVALID(entry) })
						return z.NEVER
					}
					if (!out.includes(domain)) out.push(domain)
				}
				if (out.length > MAX_ALLOWED_DOMAINS) {
					ctx.addIssue({ code: 'custom', message: `At most ${MAX_ALLOWED_DOMAINS} website domains` })
					return z.NEVER
				}
				return out
			}),
	})
	.superRefine((input, ctx) => {
		if (!input.enabled) return
		if (!input.allowedDomains.length) ctx.addIssue({ code: 'custom', path: ['allowedDomains'], message: DOMAINS_REQUIRED })
		if (!input.serviceIds.length) ctx.addIssue({ code: 'custom', path: ['serviceIds'], message: SERVICES_REQUIRED_FOR_WIDGET })
	})
export type QuoteWidgetSettingsInput = z.output<typeof QuoteWidgetSettingsSchema>

export const QUOTE_ADDRESS_REQUIRED = 'Enter your street address'

/** Step 1 on the widget: the property's address. */
export const QuoteAddressSchema = z.object({
	address: z.string({ error: QUOTE_ADDRESS_REQUIRED }).trim().min(1, QUOTE_ADDRESS_REQUIRED).max(200, 'The address is too long'),
	// each quote is a detection and one of the organization's searches: the contact form's bot check
	captchaToken: ShareAcceptSchema.shape.captchaToken,
	website: ShareAcceptSchema.shape.website,
})
export type QuoteAddressInput = z.output<typeof QuoteAddressSchema>

/**
 * Step 2: "Request this quote" (the contact form's fields and bot check), with
 * the signed quote the widget was shown, or only the address when instant
 * quotes were unavailable.
 */
export const QuoteRequestSchema = ShareAcceptSchema.extend({
	quote: z.string().trim().max(200_000).optional(),
	address: z.string().trim().max(200, 'The address is too long').optional(),
})
	.superRefine((input, ctx) => {
		if (!input.quote && !input.address) ctx.addIssue({ code: 'custom', path: ['address'], message: QUOTE_ADDRESS_REQUIRED })
	})
export type QuoteRequestInput = z.output<typeof QuoteRequestSchema>

export const LEAD_STATUS_MESSAGE = `Status must be one of ${LEAD_STATUSES.join(', ')}`

/** GET /api/leads?status=&page=&limit= */
export const LeadListQuerySchema = z.strictObject({
	status: z.enum(LEAD_STATUSES, { error: LEAD_STATUS_MESSAGE }).optional(),
	page: z.coerce.number({ error: 'Page must be a whole number from 1' }).int('Page must be a whole number from 1').min(1, 'Page must be a whole number from 1').max(100_000).default(1),
	limit: z.coerce.number({ error: 'Limit must be from 1 to 500' }).int('Limit must be from 1 to 500').min(1, 'Limit must be from 1 to 500').max(500, 'Limit must be from 1 to 500').default(100),
})

/** PATCH /api/leads/{id} and the status select of the dashboard's Leads list. */
export const LeadUpdateSchema = z.strictObject({
	status: z.enum(LEAD_STATUSES, { error: LEAD_STATUS_MESSAGE }),
})
export type LeadUpdateInput = z.output<typeof LeadUpdateSchema>
