// Checkout forms (spec 2 §3, §5): the customer form, the card form and the
// POST /api/checkout/complete body. Messages verbatim.
import { z } from 'zod'

const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean())
const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max, message)

export const CustomerInfoSchema = z.object({
	firstName: required('First name is required', 100),
	lastName: required('Last name is required', 100),
	companyName: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(200, 'Company name is too long').optional()),
	email: z
		.string({ error: 'Please enter a valid email address' })
		.trim()
		.toLowerCase()
		.max(254, 'Please enter a valid email address')
		.pipe(z.email({ error: 'Please enter a valid email address' })),
	password: z.string({ error: 'Password must be at least 8 characters' }).min(8, 'Password must be at least 8 characters').max(1024, 'Password is too long'),
	phone: z.string({ error: 'Please enter a valid phone number' }).trim().min(10, 'Please enter a valid phone number').max(30, 'Please enter a valid phone number'),
	address: required('Address is required'),
	city: required('City is required', 100),
	state: required('State is required', 50),
	zipCode: z.string({ error: 'Please enter a valid zip code' }).trim().min(5, 'Please enter a valid zip code').max(10, 'Please enter a valid zip code'),
	acceptTerms: checkbox.refine((v) => v, 'You must accept the terms of service'),
	// without JavaScript there is no token: the honeypot and a per-IP limit stand in (decisions page)
	captchaToken: z.string().max(10_000).optional(),
	website: z.string().max(0, 'Please leave this field empty').optional(),
})
export type CustomerInfo = z.output<typeof CustomerInfoSchema>

const BILLING_REQUIRED = 'Billing address information is required when different from customer address'

/** The card itself (checkout, and a card added on /billing). */
export const CardFieldsSchema = z.object({
	cardNumber: z
		.string({ error: 'Please enter a valid 16-digit card number' })
		.max(19, 'Please enter a valid 16-digit card number')
		.refine((v) => /^\d{16}$/.test(v.replace(/ /g, '')) && /^[\d ]+$/.test(v), 'Please enter a valid 16-digit card number'),
	expiryMonth: z.string({ error: 'Please enter a valid month (01-12)' }).regex(/^(0[1-9]|1[0-2])$/, 'Please enter a valid month (01-12)'),
	expiryYear: z.string({ error: 'Please enter a valid year (YY)' }).regex(/^\d{2}$/, 'Please enter a valid year (YY)'),
	cvv: z.string({ error: 'Please enter a valid 3 or 4 digit security code' }).regex(/^\d{3,4}$/, 'Please enter a valid 3 or 4 digit security code'),
	cardholderName: required('Cardholder name is required', 100),
})
export type CardFields = z.output<typeof CardFieldsSchema>

export const CreditCardInfoSchema = CardFieldsSchema.extend({
	billingAddressSame: checkbox.default(true),
	billingAddress: z.string().trim().max(200).optional(),
	billingCity: z.string().trim().max(100).optional(),
	billingState: z.string().trim().max(50).optional(),
	billingZipCode: z.string().trim().max(10).optional(),
	captchaToken: z.string().max(10_000).optional(),
}).superRefine((card, ctx) => {
	if (card.billingAddressSame) return
	for (const key of ['billingAddress', 'billingCity', 'billingState', 'billingZipCode'] as const) {
		if (!card[key]) ctx.addIssue({ code: 'custom', message: BILLING_REQUIRED, path: [key] })
	}
})
export type CreditCardInfo = z.output<typeof CreditCardInfoSchema>

/** POST /api/checkout/complete {customerInfo, creditCardInfo, plan} */
export const CheckoutCompleteSchema = z.strictObject({
	customerInfo: CustomerInfoSchema,
	creditCardInfo: CreditCardInfoSchema,
	plan: z.union([z.string().trim().min(1).max(64), z.object({ id: z.string().trim().min(1).max(64) }).passthrough().transform((p) => p.id)]),
})
