// One zod schema per settings form (STYLE.md), shared by the /settings action,
// the /api/user/*, /api/auth/change-password and /api/organizations/{id}/*
// JSON paths and the browser. Messages are spec 2 §5 verbatim.
import { z } from 'zod'
import { MapTypeSchema, PASSWORD_MIN, UnitSchema } from './auth.ts'

/** JSON sends booleans; an HTML form sends "on", or "off" from the hidden twin of an unchecked box. */
const toggle = z.preprocess(
	(value) => (value === 'on' || value === 'true' ? true : value === 'off' || value === 'false' ? false : value),
	z.boolean({ error: 'Must be true or false' }),
)

const name = (label: string) =>
	z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(100, `${label} is too long`)

/** Only photos this app stored may be referenced (GET /uploads/avatars/:file). */
export const AVATAR_URL_PATTERN = /^\/uploads\/avatars\/[a-f0-9]{32}\.(png|jpg|gif)$/

export const ProfileSchema = z.strictObject({
	firstName: name('First name'),
	lastName: name('Last name'),
	profileImageUrl: z
		.union([z.string().regex(AVATAR_URL_PATTERN, 'Upload the photo first'), z.literal(''), z.null()])
		.optional()
		.transform((v) => (v === '' ? null : v)),
})

export const CommunicationPreferencesSchema = z
	.strictObject({
		marketingEmails: toggle.optional(),
		productUpdates: toggle.optional(),
		tipsTutorials: toggle.optional(),
	})
	.refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' })

export const ChangePasswordSchema = z
	.strictObject({
		currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024, 'Password is too long'),
		newPassword: z
			.string({ error: 'Password must be at least 8 characters' })
			.min(PASSWORD_MIN, 'Password must be at least 8 characters')
			.max(1024, 'Password is too long'),
		confirmPassword: z.string({ error: 'Confirm password is required' }).min(1, 'Confirm password is required').max(1024),
	})
	.refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] })

export const TwoFactorCodeSchema = z.strictObject({
	code: z
		.string({ error: 'Enter the 6-digit code' })
		.trim()
		.regex(/^\d{6}$/, 'Enter the 6-digit code'),
})

export const LoginTwoFactorSchema = z.strictObject({
	challengeToken: z.string({ error: 'Please sign in again' }).min(1, 'Please sign in again').max(1000),
	code: TwoFactorCodeSchema.shape.code,
})

export const LoginTwoFactorResendSchema = z.strictObject({
	challengeToken: LoginTwoFactorSchema.shape.challengeToken,
})

export const OrganizationSettingsSchema = z
	.strictObject({
		defaultMapType: MapTypeSchema.optional(),
		defaultUnit: UnitSchema.optional(),
	})
	.refine((v) => v.defaultMapType !== undefined || v.defaultUnit !== undefined, { message: 'Nothing to update' })

export const AiTrainingSchema = z.strictObject({ allowAiTraining: toggle })

export const SETTINGS_TABS = ['profile', 'appearance', 'communications', 'security', 'preferences', 'organization'] as const
export type SettingsTab = (typeof SETTINGS_TABS)[number]

export const PHOTO_HINT = 'JPG, PNG or GIF, max 5MB'
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024
/** The organization's logo (issue 19): same size limit as a photo; stored as a PNG that fits 400×160. */
export const LOGO_HINT = 'JPG, PNG, GIF or WebP, max 5MB'
