// One zod schema per form (STYLE.md), shared by the /auth screen, the
// /api/auth/* JSON paths and the browser. Messages are spec 2 §5 verbatim.
import { z } from 'zod'

export const PASSWORD_MIN = 8

/** A required first or last name. */
export const personName = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, 'Name is too long')

/** An e-mail address as every form takes it: trimmed, lower-case. */
export const email = z
	.string({ error: 'Please enter a valid email address' })
	.trim()
	.toLowerCase()
	.max(254, 'Please enter a valid email address')
	.pipe(z.email({ error: 'Please enter a valid email address' }))

const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean())

export const LoginSchema = z.strictObject({
	email,
	password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
	rememberMe: checkbox.optional().default(false),
	redirectTo: z.string().max(2048).optional(),
})

export const RegisterSchema = z.strictObject({
	email,
	password: z
		.string({ error: 'Password must be at least 8 characters' })
		.min(PASSWORD_MIN, 'Password must be at least 8 characters')
		.max(1024, 'Password is too long'),
	firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100, 'First name is too long'),
	lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100, 'Last name is too long'),
	companyName: z.string().trim().max(200, 'Company name is too long').optional(),
	agreeToTerms: checkbox.refine((v) => v, 'You must agree to the Terms of Service to create an account'),
	subscriptionTierId: z.string().trim().max(64).optional(),
	captchaToken: z.string().max(10_000).optional(),
	// honeypot: people leave it empty, simple bots fill it in (decisions page)
	website: z.string().max(0, 'Please leave this field empty').optional(),
})

export const ForgotPasswordSchema = z.strictObject({ email })

export const ResetPasswordSchema = z
	.strictObject({
		token: z.string({ error: 'The reset link is missing its token' }).min(1, 'The reset link is missing its token').max(256),
		password: z
			.string({ error: 'Password must be at least 8 characters long' })
			.min(PASSWORD_MIN, 'Password must be at least 8 characters long')
			.max(1024, 'Password is too long'),
		confirmPassword: z.string({ error: "Passwords don't match" }).max(1024),
	})
	.refine((v) => v.password === v.confirmPassword, {
		message: "Passwords don't match",
		path: ['confirmPassword'],
	})

export const ResendVerificationSchema = z.strictObject({ email })

export const ThemeSchema = z.enum(['light', 'dark', 'system'])
export const MapTypeSchema = z.enum(['hybrid', 'satellite', 'terrain', 'roadmap'])
export const UnitSchema = z.enum(['sqft', 'acres', 'sqm'])

/** PATCH /api/user/preferences — 'default' clears a personal override. */
export const PreferencesSchema = z
	.strictObject({
		themePreference: ThemeSchema.optional(),
		preferredMapType: z.union([MapTypeSchema, z.literal('default'), z.null()]).optional(),
		preferredUnit: z.union([UnitSchema, z.literal('default'), z.null()]).optional(),
	})
	.refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' })
