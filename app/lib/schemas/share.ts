// Share with customer (issue 19): the link's options (POST /api/measurements/{id}/share)
// and the customer's acceptance form on /p/{token} (fields validated as on the
// contact form).
import { z } from 'zod'
import { ContactSchema } from './contact.ts'
import { MAX_PRICE_ITEMS, TAX_RATE_PATTERN } from './reports.ts'

export const SHARE_DEFAULT_DAYS = 30
export const SHARE_MAX_DAYS = 365
export const SERVICES_REQUIRED = 'Choose the services to quote (an empty list for none)'

/** A whole number of days; forms send it as text. */
const days = z.preprocess(
	(v) => (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v),
	z
		.number({ error: `Expiry must be a whole number of days from 1 to ${SHARE_MAX_DAYS}` })
		.int(`Expiry must be a whole number of days from 1 to ${SHARE_MAX_DAYS}`)
		.min(1, `Expiry must be a whole number of days from 1 to ${SHARE_MAX_DAYS}`)
		.max(SHARE_MAX_DAYS, `Expiry must be a whole number of days from 1 to ${SHARE_MAX_DAYS}`),
)

const optionalText = (label: string, max: number) =>
	z
		.string({ error: `${label} must be text` })
		.trim()
		.max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
		.optional()
		.transform((v) => v || undefined)

/**
 * POST /api/measurements/{id}/share. `services` is required (an empty list
 * quotes nothing), so an empty request never makes a link by accident.
 */
export const ShareCreateSchema = z.strictObject({
	services: z.array(z.string({ error: 'Each service is a price-list id' }).trim().min(1).max(100), { error: SERVICES_REQUIRED }).max(MAX_PRICE_ITEMS, 'Too many services'),
	taxRate: z
		.string({ error: 'Tax rate must be a percentage between 0 and 100 with at most 3 decimals' })
		.trim()
		.regex(TAX_RATE_PATTERN, 'Tax rate must be a percentage between 0 and 100 with at most 3 decimals')
		.optional()
		.or(z.literal('').transform(() => undefined)),
	notes: optionalText('Notes', 2000),
	expiresInDays: days.default(SHARE_DEFAULT_DAYS),
	contactName: optionalText('Contact name', 100),
	contactPhone: z
		.string({ error: 'Please enter a valid phone number' })
		.trim()
		.max(40, 'Please enter a valid phone number')
		.refine((v) => v === '' || v.length >= 10, 'Please enter a valid phone number')
		.optional()
		.transform((v) => v || undefined),
	contactEmail: z
		.string({ error: 'Please enter a valid email address' })
		.trim()
		.toLowerCase()
		.max(254, 'Please enter a valid email address')
		.refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid email address')
		.optional()
		.transform((v) => v || undefined),
})
export type ShareCreateInput = z.output<typeof ShareCreateSchema>

/** The customer's "Accept estimate" form: name, e-mail and phone as on the contact form. */
export const ShareAcceptSchema = z.strictObject({
	name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'This is too long'),
	email: ContactSchema.shape.email,
	phone: ContactSchema.shape.phone,
	message: z.string().trim().max(5000, 'Please keep the message under 5,000 characters').optional(),
	captchaToken: ContactSchema.shape.captchaToken,
	website: ContactSchema.shape.website,
})
export type ShareAcceptInput = z.output<typeof ShareAcceptSchema>

/**
 * The share dialog's form (dashboard): the same fields; a form with no service
 * ticked sends no `services` at all, which there means an empty list.
 */
export const ShareFormSchema = ShareCreateSchema.extend({ services: ShareCreateSchema.shape.services.default([]) })
