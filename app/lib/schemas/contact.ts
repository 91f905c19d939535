import { z } from 'zod'

export const INQUIRY_TYPES = [
	{ value: 'franchise', label: 'Franchise' },
	{ value: 'enterprise', label: 'Enterprise' },
	{ value: 'custom', label: 'Custom integration' },
	{ value: 'demo', label: 'Request a demo' },
	{ value: 'other', label: 'Other' },
] as const
export const LOCATION_RANGES = ['1-5', '6-20', '21-50', '51-100', '100+'] as const

const required = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, 'This is too long')

/** Contact sales (spec 3 §5), messages verbatim. */
export const ContactSchema = z.strictObject({
	firstName: required('First name is required'),
	lastName: required('Last name is required'),
	email: z.string({ error: 'Please enter a valid email address' }).trim().toLowerCase().max(254).pipe(z.email({ error: 'Please enter a valid email address' })),
	phone: z.string({ error: 'Please enter a valid phone number' }).trim().min(10, 'Please enter a valid phone number').max(40, 'Please enter a valid phone number'),
	company: required('Company name is required', 200),
	inquiryType: z.enum(INQUIRY_TYPES.map((t) => t.value) as ['franchise', 'enterprise', 'custom', 'demo', 'other'], { error: 'Please select an inquiry type' }),
	locations: z.enum(LOCATION_RANGES, { error: 'Number of locations is required' }),
	message: z.string({ error: 'Please provide more details about your needs' }).trim().min(10, 'Please provide more details about your needs').max(5000, 'Please keep the message under 5,000 characters'),
	captchaToken: z.string().max(10_000).optional(),
	website: z.string().max(0, 'Please leave this field empty').optional(),
})
export type ContactInput = z.output<typeof ContactSchema>
