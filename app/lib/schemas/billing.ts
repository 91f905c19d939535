// Billing forms and JSON bodies (spec 2 §5, §7), shared by screens, /api paths and the browser.
import { z } from 'zod'

export const NO_BILLING_ACCESS = 'You do not have access to billing information.'
export const COUPON_REQUIRED = 'Please enter a coupon code'

const couponCode = z
	.string({ error: COUPON_REQUIRED })
	.trim()
	.min(1, COUPON_REQUIRED)
	.max(64, 'Invalid coupon code')

/** POST /api/coupons/validate {code} */
export const ValidateCouponSchema = z.strictObject({ code: couponCode })

/** PATCH /api/organizations/{id}/subscription {subscriptionTierId, couponCode?} */
export const ChangeSubscriptionSchema = z.strictObject({
	subscriptionTierId: z.string({ error: 'Please select a plan' }).trim().min(1, 'Please select a plan').max(64),
	couponCode: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), couponCode.optional()),
})
export type ChangeSubscriptionInput = z.output<typeof ChangeSubscriptionSchema>

/** POST /api/subscription/cancel: an empty JSON body */
export const CancelSubscriptionSchema = z.strictObject({})

export const SUPPORT_MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
export const SUPPORT_MAX_ATTACHMENTS = 5

/** Contact Billing Support text fields (attachments are checked by the service). */
export const BillingSupportSchema = z.object({
	subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200, 'Subject is too long'),
	body: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(10_000, 'Message is too long'),
	replyToEmail: z.preprocess(
		(v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
		z.string().trim().toLowerCase().pipe(z.email({ error: 'Please enter a valid email address' })).optional(),
	),
})
