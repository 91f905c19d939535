// Team management, change password and invitation acceptance (spec 2 §5).
// One schema per form, shared by the /dashboard and /accept-invite screens,
// the /api/account/* and /api/auth/* JSON paths and the browser.
import { z } from 'zod'
import { LEAD_STATUSES } from '../quote-widget.ts'
import { email, PASSWORD_MIN, personName } from './auth.ts'

export const INVITABLE_ROLES = ['member', 'account_admin'] as const
export const MAX_SEARCHES_LIMIT = 10_000

const inviteEmail = email

const name = personName

export const InviteSchema = z.strictObject({
	email: inviteEmail,
	firstName: name('First name is required'),
	lastName: name('Last name is required'),
	role: z.enum(INVITABLE_ROLES, { error: 'Role is required' }),
})
export type InviteInput = z.output<typeof InviteSchema>

export const EditUserSchema = z.strictObject({
	firstName: name('First name is required'),
	lastName: name('Last name is required'),
	email: z
		.string({ error: 'Invalid email address' })
		.trim()
		.toLowerCase()
		.max(254, 'Invalid email address')
		.pipe(z.email({ error: 'Invalid email address' })),
	role: z.enum(INVITABLE_ROLES, { error: 'Role is required' }),
	// spec: non-numeric becomes 0
	maxSearchesPerMonth: z.preprocess(
		(v) => {
			if (typeof v === 'number') return v
			const n = Number(typeof v === 'string' ? v.trim() : v)
			return typeof v === 'string' && v.trim() !== '' && Number.isFinite(n) ? n : 0
		},
		z.number().int('Must be a whole number').min(0, 'Must be 0 or more').max(MAX_SEARCHES_LIMIT, 'Cannot exceed 10,000'),
	),
})
export type EditUserInput = z.output<typeof EditUserSchema>


const token = z.string({ error: 'This invitation link is invalid or missing a token.' }).min(1, 'This invitation link is invalid or missing a token.').max(256)
const newPassword = z
	.string({ error: 'Password must be at least 8 characters' })
	.min(PASSWORD_MIN, 'Password must be at least 8 characters')
	.max(1024, 'Password is too long')

/** POST /api/auth/accept-invitation {token, password} (spec 2 §7). */
export const AcceptInvitationSchema = z.strictObject({ token, password: newPassword })

/** The /accept-invite form: the same, plus the confirmation (spec 2 §5). */
export const AcceptInviteFormSchema = z
	.strictObject({
		token,
		password: newPassword,
		confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password').max(1024),
	})
	.refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] })

/** Search, sort and page of the dashboard's Recent Measurements (URL query). */
export const MEASUREMENT_SORTS = [
	{ value: 'newest', label: 'Newest First' },
	{ value: 'oldest', label: 'Oldest First' },
	{ value: 'largest', label: 'Largest Area' },
	{ value: 'smallest', label: 'Smallest Area' },
	{ value: 'name', label: 'Name A-Z' },
] as const
export type MeasurementSort = (typeof MEASUREMENT_SORTS)[number]['value']
export const DASHBOARD_PAGE_SIZE = 10

export const DashboardQuerySchema = z.object({
	q: z.string().trim().max(200).catch('').default(''),
	sort: z.enum(['newest', 'oldest', 'largest', 'smallest', 'name']).catch('newest').default('newest'),
	page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
	// the Leads list (issue 19): its status filter and page, beside the measurements'
	leadStatus: z.enum(LEAD_STATUSES).optional().catch(undefined),
	leadPage: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
})
export type DashboardQuery = z.output<typeof DashboardQuerySchema>

/** Inline rename on the dashboard (spec 2 §5: not empty after trimming). */
export const RenameMeasurementSchema = z.strictObject({
	id: z.string().min(1).max(100),
	label: z.string({ error: 'Label cannot be empty' }).trim().min(1, 'Label cannot be empty').max(200, 'Label is too long'),
})
