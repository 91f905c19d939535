// Admin panel forms and JSON bodies (spec 3 §5, §7). One schema per form; the
// /admin screen actions and the /api/admin/* paths parse with the same one.
// Form posts send strings ("on" for a ticked box, "" for an empty field), JSON
// sends typed values: the preprocessors below accept both.
import { z } from 'zod'
import { PLAN_FEATURE_KEYS } from '../plans.ts'
import { ADMIN_FLAGS } from '../admin.ts'
import { email, personName as name } from './auth.ts'

const optionalText = (max: number) =>
	z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max, `At most ${max} characters`))

/** "on"/"true"/true → true; absent, "", "false", "off" → false */
export const checkbox = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean())

const blankToNull = (v: unknown) => (v === '' || v === undefined || v === null ? null : v)
const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v)

/** integer ≥ min, or null when empty (= unlimited) */
const optionalLimit = (min: number, message: string) =>
	z.preprocess((v) => toNumber(blankToNull(v)), z.number({ error: message }).int(message).min(min, message).max(1_000_000_000, message).nullable())

const money = (message: string) =>
	z.preprocess(
		(v) => (v === '' || v === undefined || v === null ? 0 : toNumber(v)),
		z
			.number({ error: message })
			.finite(message)
			.min(0, message)
			.max(99_999_999.99, message)
			.refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), message),
	)

// ---------- customer users ----------
export const CUSTOMER_ROLES = ['user', 'account_admin'] as const
export const CUSTOMER_ROLE_FILTERS = ['all', 'site_admin', 'account_admin', 'member'] as const

export const CustomerUserSearchSchema = z.object({
	search: z.string().trim().max(200).optional().default(''),
	role: z.enum(CUSTOMER_ROLE_FILTERS).optional().default('all'),
})

export const CreateCustomerUserSchema = z.strictObject({
	email,
	firstName: name('First name is required'),
	lastName: name('Last name is required'),
	organizationId: z.string({ error: 'Organization is required' }).trim().min(1, 'Organization is required').max(100),
	role: z.preprocess((v) => (v === 'member' ? 'user' : v), z.enum(CUSTOMER_ROLES, { error: 'Role must be Member or Account Admin' })),
})
export type CreateCustomerUserInput = z.output<typeof CreateCustomerUserSchema>

// spec: the edit save omits password, createdAt, updatedAt, lastLoginAt and role
export const EditCustomerUserSchema = z.strictObject({
	email: email.optional(),
	firstName: name('First name is required').optional(),
	lastName: name('Last name is required').optional(),
	organizationId: z.string().trim().min(1).max(100).optional(),
	canViewInvoices: checkbox.optional(),
	isActive: checkbox.optional(),
	maxSearchesPerMonth: z
		.preprocess(toNumber, z.number({ error: 'Enter a number from 0 to 10,000' }).int('Enter a number from 0 to 10,000').min(0, 'Enter a number from 0 to 10,000').max(10_000, 'Enter a number from 0 to 10,000'))
		.optional(),
})
export type EditCustomerUserInput = z.output<typeof EditCustomerUserSchema>

// ---------- organizations ----------
export const CreateOrganizationSchema = z.strictObject({
	name: name('Organization name is required').pipe(z.string().max(200)),
	subscriptionTierId: z.string({ error: 'Plan is required' }).trim().min(1, 'Plan is required').max(40),
})
export const EditOrganizationSchema = z.strictObject({
	name: name('Organization name is required').optional(),
	subscriptionTierId: z.string().trim().min(1, 'Plan is required').max(40).optional(),
})

// ---------- subscription plans ----------
export const TIER_ID = /^[a-z0-9][a-z0-9-]{0,39}$/
const features = z.preprocess(
	(v) => (v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? [v] : v),
	z.array(z.enum(PLAN_FEATURE_KEYS, { error: 'Unknown feature' })).max(PLAN_FEATURE_KEYS.length),
)
const tierFields = {
	name: name('Plan name is required'),
	description: optionalText(1000),
	monthlyPrice: money('Monthly price must be a positive amount with at most 2 decimals'),
	searchesPerMonth: optionalLimit(0, 'Searches per month must be a whole number (empty = unlimited)'),
	reportsPerMonth: optionalLimit(0, 'Reports per month must be a whole number (empty = unlimited)'),
	features,
}
export const CreateTierSchema = z.strictObject({
	id: z
		.string({ error: 'Plan id is required' })
		.trim()
		.toLowerCase()
		.regex(TIER_ID, 'Plan id: lowercase letters, digits and dashes (up to 40)'),
	...tierFields,
	// spec: maxUsers defaults to 1
	maxUsers: z.preprocess((v) => (v === undefined ? 1 : v), optionalLimit(1, 'Max users must be a whole number of at least 1 (empty = unlimited)')),
})
export type CreateTierInput = z.output<typeof CreateTierSchema>
export const EditTierSchema = z.strictObject({
	...Object.fromEntries(Object.entries(tierFields).map(([k, v]) => [k, v.optional()])),
	maxUsers: optionalLimit(1, 'Max users must be a whole number of at least 1 (empty = unlimited)').optional(),
	isActive: checkbox.optional(),
	isAvailable: checkbox.optional(),
}) as z.ZodType<Partial<Omit<CreateTierInput, 'id'>> & { isActive?: boolean; isAvailable?: boolean }>
export type EditTierInput = z.output<typeof EditTierSchema>

// ---------- coupons ----------
export const DISCOUNT_TYPES = ['percentage', 'fixed_amount', 'free_tier'] as const
const couponBase = z.strictObject({
	code: z
		.string({ error: 'Code is required' })
		.trim()
		.toUpperCase()
		.regex(/^[A-Z0-9_-]{2,40}$/, 'Code: 2 to 40 letters, digits, dashes or underscores'),
	name: name('Name is required'),
	description: optionalText(500),
	discountType: z.enum(DISCOUNT_TYPES, { error: 'Discount type must be percentage, fixed_amount or free_tier' }),
	// spec 3 §5: parsed as a decimal
	discountValue: z.preprocess((v) => toNumber(blankToNull(v) ?? 0), z.number({ error: 'Discount value must be a number' }).finite('Discount value must be a number')),
	// spec 3 §5: an integer, or null when empty
	maxUses: optionalLimit(1, 'Max uses must be a whole number of at least 1 (empty = unlimited)').optional().default(null),
	// spec 3 §5: converted to ISO, or null when empty
	validUntil: z
		.preprocess((v) => {
			const b = blankToNull(v)
			if (b === null) return null
			if (typeof b !== 'string') return b
			// a bare date (the form's date input) means the end of that day, UTC
			const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(b) ? `${b}T23:59:59.999Z` : b)
			return Number.isNaN(d.getTime()) ? b : d
		}, z.date({ error: 'Valid until must be a date' }).nullable())
		.optional()
		.default(null),
	freeSubscriptionTierId: z.preprocess(blankToNull, z.string().trim().max(40).nullable()).optional().default(null),
})
function checkDiscount(c: { discountType?: string; discountValue?: number; freeSubscriptionTierId?: string | null }, ctx: z.RefinementCtx) {
	const v = c.discountValue
	if (c.discountType === 'percentage' && v !== undefined && !(v > 0 && v <= 100)) {
		ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'A percentage discount must be more than 0 and at most 100' })
	}
	if (c.discountType === 'fixed_amount' && v !== undefined && !(v > 0 && v <= 99_999_999.99 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6)) {
		ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'A fixed discount must be a positive amount with at most 2 decimals' })
	}
	if (c.discountType === 'free_tier' && !c.freeSubscriptionTierId) {
		ctx.addIssue({ code: 'custom', path: ['freeSubscriptionTierId'], message: 'Choose the plan a free-tier coupon grants' })
	}
}
export const CreateCouponSchema = couponBase.superRefine(checkDiscount)
export type CreateCouponInput = z.output<typeof CreateCouponSchema>
export const EditCouponSchema = z
	.strictObject({
		name: couponBase.shape.name.optional(),
		description: couponBase.shape.description.optional(),
		discountType: couponBase.shape.discountType.optional(),
		discountValue: couponBase.shape.discountValue.optional(),
		maxUses: optionalLimit(1, 'Max uses must be a whole number of at least 1 (empty = unlimited)').optional(),
		validUntil: couponBase.shape.validUntil.unwrap().unwrap().optional(),
		freeSubscriptionTierId: z.preprocess(blankToNull, z.string().trim().max(40).nullable()).optional(),
		isActive: checkbox.optional(),
	})
export type EditCouponInput = z.output<typeof EditCouponSchema>
export { checkDiscount }

// ---------- team members ----------
export const TEAM_ROLES = ['site_admin', 'account_admin'] as const
const flagFields = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, checkbox.optional().default(false)])) as Record<
	(typeof ADMIN_FLAGS)[number],
	z.ZodDefault<z.ZodOptional<typeof checkbox>>
>
export const CreateTeamMemberSchema = z.strictObject({
	email,
	firstName: name('First name is required'),
	lastName: name('Last name is required'),
	role: z.preprocess((v) => (v === undefined || v === '' ? 'site_admin' : v), z.enum(TEAM_ROLES, { error: 'Role must be site_admin or account_admin' })),
	organizationId: z.preprocess(blankToNull, z.string().trim().max(100).nullable()).optional().default(null),
	...flagFields,
})
export type CreateTeamMemberInput = z.output<typeof CreateTeamMemberSchema>
export const EditTeamMemberSchema = z.strictObject({
	email: email.optional(),
	firstName: name('First name is required').optional(),
	lastName: name('Last name is required').optional(),
	isActive: checkbox.optional(),
	...(Object.fromEntries(ADMIN_FLAGS.map((f) => [f, checkbox.optional()])) as Record<(typeof ADMIN_FLAGS)[number], z.ZodOptional<typeof checkbox>>),
})
export type EditTeamMemberInput = z.output<typeof EditTeamMemberSchema>

// ---------- blog ----------
export const REQUIRED_FIELDS = 'Please fill in all required fields'
const required = z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().min(1, REQUIRED_FIELDS))
const publishDate = z.preprocess((v) => {
	const b = blankToNull(v)
	if (b === null) return undefined
	if (typeof b !== 'string') return b
	const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(b) ? `${b}T00:00:00.000Z` : b)
	return Number.isNaN(d.getTime()) ? b : d
}, z.date({ error: 'Publish date must be a date' }).optional())
export const BlogPostSchema = z.strictObject({
	title: required.pipe(z.string().max(200, 'Title is too long')),
	excerpt: required.pipe(z.string().max(1000, 'Excerpt is too long')),
	content: required.pipe(z.string().max(100_000, 'Content is too long')),
	publishDate,
	isPublished: checkbox.optional().default(false),
})
export type BlogPostInput = z.output<typeof BlogPostSchema>
export const BlogPostUpdateSchema = z.strictObject({
	id: z.string().max(100).optional(),
	title: required.pipe(z.string().max(200, 'Title is too long')).optional(),
	excerpt: required.pipe(z.string().max(1000, 'Excerpt is too long')).optional(),
	content: required.pipe(z.string().max(100_000, 'Content is too long')).optional(),
	publishDate,
	isPublished: checkbox.optional(),
})
export type BlogPostUpdateInput = z.output<typeof BlogPostUpdateSchema>
export const BlogListQuerySchema = z.object({
	page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
	limit: z.coerce.number().int().min(1).max(100).optional().default(10),
})

// ---------- refunds (issue 30) ----------

export const REFUND_AMOUNT_INVALID = 'Enter an amount such as 12.50, or leave it empty for the full amount'
/** A paid invoice's refund: an amount in dollars and cents (read as integer cents), empty for all that is left. */
export const RefundSchema = z.strictObject({
	amount: z.preprocess(
		(v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
		z.string({ error: REFUND_AMOUNT_INVALID }).trim().regex(/^\d{1,8}(\.\d{1,2})?$/, REFUND_AMOUNT_INVALID).optional(),
	),
})
