// The settings action's intents, one handler each. A handler parses its form
// with the same zod schema as the matching JSON path and calls the same
// service; the service keeps the rules. Success redirects back to the
// intent's tab with a toast; a refusal replies with Conform's result and the
// spec's failure toast.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { PreferencesSchema, ThemeSchema } from '~/lib/schemas/auth.ts'
import { PriceItemSchema } from '~/lib/schemas/reports.ts'
import {
	AiTrainingSchema,
	ChangePasswordSchema,
	CommunicationPreferencesSchema,
	OrganizationSettingsSchema,
	ProfileSchema,
	TwoFactorCodeSchema,
	type SettingsTab,
} from '~/lib/schemas/settings.ts'
import type { Actor } from '~/services/auth.server.ts'
import { removeOrganizationLogo, uploadOrganizationLogo } from '~/services/organization-logo.server.ts'
import { updateAiTraining, updateOrganizationSettings } from '~/services/organization-settings.server.ts'
import { changePassword } from '~/services/password.server.ts'
import { createPrice, deletePrice, updatePrice } from '~/services/price-list.server.ts'
import { photoBytes, storeAvatar, updateCommunicationPreferences, updateProfile } from '~/services/profile.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { saveUserPreferences, setLocalTheme } from '~/services/theme.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { CODE_SENT, INVALID_CODE, disableTwoFactor, enableTwoFactor, sendEnableChallenge, verifyEnableChallenge } from '~/services/two-factor.server.ts'
import { HttpError } from '~/utils/http.server.ts'
import type { ActionData, Intent, Toast } from './shared.ts'

type Reply = Response | ReturnType<typeof data<ActionData>>
type Context = Actor & { request: Request; formData: FormData }

const TAB_OF: Record<Intent, SettingsTab> = {
	profile: 'profile',
	theme: 'appearance',
	communications: 'communications',
	'change-password': 'security',
	'2fa-send': 'security',
	'2fa-verify': 'security',
	'2fa-disable': 'security',
	preferences: 'preferences',
	organization: 'organization',
	'ai-training': 'organization',
	'price-add': 'organization',
	'price-update': 'organization',
	'price-delete': 'organization',
	'logo-upload': 'organization',
	'logo-remove': 'organization',
}

/** Failure toasts (spec 2 §8): the spec's words, not the server's. */
export const FAILURE: Record<Intent, Toast> = {
	profile: { title: 'Update Failed', description: 'Failed to update your profile. Please try again.' },
	theme: { title: 'Update Failed', description: 'Failed to update preferences. Please try again.' },
	communications: { title: 'Update Failed', description: 'Failed to update preferences. Please try again.' },
	'change-password': { title: 'Failed to change password', description: 'Please try again' },
	'2fa-send': { title: 'Error', description: 'Failed to send verification code.' },
	'2fa-verify': { title: 'Failed to Enable 2FA', description: 'Please try again.' },
	'2fa-disable': { title: 'Failed to Disable 2FA', description: 'Please try again.' },
	preferences: { title: 'Update Failed', description: 'Failed to update your preferences. Please try again.' },
	organization: { title: 'Update Failed', description: 'Failed to update organization settings' },
	'ai-training': { title: 'Update Failed', description: 'Failed to update AI training settings' },
	'price-add': { title: 'Update Failed', description: 'Failed to add the service. Check the fields and try again.' },
	'price-update': { title: 'Update Failed', description: 'Failed to update the service. Check the fields and try again.' },
	'price-delete': { title: 'Update Failed', description: 'Failed to delete the service.' },
	'logo-upload': { title: 'Update Failed', description: 'Failed to upload the logo.' },
	'logo-remove': { title: 'Update Failed', description: 'Failed to remove the logo.' },
}

function done(intent: Intent, title: string, description?: string, init?: ResponseInit) {
	return redirectWithToast(`/settings?tab=${TAB_OF[intent]}`, { title, description, type: 'success' }, init)
}

export function failed(intent: Intent, status: number, toast: Toast, result?: SubmissionResult<string[]>) {
	return data<ActionData>({ intent, result, toast, at: Date.now() }, { status })
}

/** A service's HttpError as Conform's result: the message on the field it names, else on the form. */
export function errorResult(error: HttpError): SubmissionResult<string[]> {
	const fieldErrors = error.fields ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, [v]])) : null
	return { status: 'error', error: fieldErrors ?? { '': [error.message] } }
}

const HANDLERS: Record<Intent, (c: Context) => Promise<Reply>> = {
	async profile({ user, formData }) {
		const photo = await photoBytes(formData)
		formData.delete('photo')
		const submission = parseWithZod(formData, { schema: ProfileSchema })
		if (submission.status !== 'success') return failed('profile', 400, FAILURE.profile, submission.reply())
		const profileImageUrl = photo.length > 0 ? await storeAvatar(photo) : undefined
		await updateProfile(user.id, { ...submission.value, ...(profileImageUrl ? { profileImageUrl } : {}) })
		return done('profile', 'Profile Updated', 'Your profile has been saved.')
	},
	async theme({ user, formData }) {
		const submission = parseWithZod(formData, { schema: PreferencesSchema })
		const theme = submission.status === 'success' ? ThemeSchema.safeParse(submission.value.themePreference) : null
		if (submission.status !== 'success' || !theme?.success) return failed('theme', 400, FAILURE.theme, submission.reply())
		await saveUserPreferences(user.id, { themePreference: theme.data })
		return done('theme', 'Preferences Updated', 'Your theme has been saved.', {
			headers: { 'Set-Cookie': await setLocalTheme(theme.data) },
		})
	},
	async communications({ user, formData }) {
		// an unchecked box sends nothing: it means "off" here
		for (const key of ['marketingEmails', 'productUpdates', 'tipsTutorials']) formData.set(key, formData.has(key) ? 'on' : 'off')
		const submission = parseWithZod(formData, { schema: CommunicationPreferencesSchema })
		if (submission.status !== 'success') return failed('communications', 400, FAILURE.communications, submission.reply())
		await updateCommunicationPreferences(user.id, submission.value)
		return done('communications', 'Preferences Updated', 'Your communication preferences have been saved.')
	},
	async 'change-password'({ user, session, formData }) {
		const hide = ['currentPassword', 'newPassword', 'confirmPassword']
		const submission = parseWithZod(formData, { schema: ChangePasswordSchema })
		if (submission.status !== 'success') return failed('change-password', 400, FAILURE['change-password'], submission.reply({ hideFields: hide }))
		try {
			const result = await changePassword(user, submission.value, { keepSessionSid: session.sid })
			return done('change-password', result.message, result.description)
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return failed('change-password', error.status, { title: 'Failed to change password', description: error.message }, {
				...submission.reply({ hideFields: hide }),
				...errorResult(error),
			})
		}
	},
	async '2fa-send'({ user }) {
		await sendEnableChallenge(user)
		return done('2fa-send', 'Verification Code Sent', CODE_SENT)
	},
	async '2fa-verify'({ user, session, request, formData }) {
		const submission = parseWithZod(formData, { schema: TwoFactorCodeSchema })
		if (submission.status !== 'success') {
			return failed('2fa-verify', 400, { title: 'Invalid Code', description: 'Please check your code and try again.' }, submission.reply())
		}
		try {
			// the screen verifies and turns 2FA on in one step; the API has both calls
			await verifyEnableChallenge(user, session.sid, submission.value.code, clientIp(request))
			await enableTwoFactor(user, session.sid)
			return done('2fa-verify', '2FA Enabled', 'Sign-ins will now ask for a code sent to your email.')
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			const toast = error.message === INVALID_CODE ? { title: 'Invalid Code', description: 'Please check your code and try again.' } : { title: 'Failed to Enable 2FA', description: error.message }
			return failed('2fa-verify', error.status, toast, errorResult(error))
		}
	},
	async '2fa-disable'({ user }) {
		await disableTwoFactor(user)
		return done('2fa-disable', '2FA Disabled', 'Sign-ins no longer ask for a code.')
	},
	async preferences({ user, formData }) {
		const submission = parseWithZod(formData, { schema: PreferencesSchema })
		if (submission.status !== 'success') return failed('preferences', 400, FAILURE.preferences, submission.reply())
		await saveUserPreferences(user.id, {
			preferredMapType: submission.value.preferredMapType,
			preferredUnit: submission.value.preferredUnit,
		})
		return done('preferences', 'Preferences Updated', 'Your map preferences have been saved.')
	},
	async organization({ user, formData }) {
		const submission = parseWithZod(formData, { schema: OrganizationSettingsSchema })
		if (submission.status !== 'success') return failed('organization', 400, FAILURE.organization, submission.reply())
		await updateOrganizationSettings(user, String(user.organizationId ?? ''), submission.value)
		return done('organization', 'Settings Updated', 'Organization settings have been saved.')
	},
	async 'logo-upload'({ user, formData }) {
		await uploadOrganizationLogo(user, String(user.organizationId ?? ''), await photoBytes(formData, 'logo'))
		return done('logo-upload', 'Logo Updated', 'Your logo now shows on share links and the quote widget.')
	},
	async 'logo-remove'({ user }) {
		await removeOrganizationLogo(user, String(user.organizationId ?? ''))
		return done('logo-remove', 'Logo Removed', 'Share links and the quote widget show your initials again.')
	},
	'price-add': (c) => savePrice(c, 'price-add'),
	'price-update': (c) => savePrice(c, 'price-update'),
	async 'price-delete'({ user, formData }) {
		await deletePrice(user, String(user.organizationId ?? ''), String(formData.get('id') ?? ''))
		return done('price-delete', 'Price List Updated', 'The service was deleted.')
	},
	async 'ai-training'({ user, formData }) {
		formData.set('allowAiTraining', formData.get('allowAiTraining') === 'on' ? 'on' : 'off')
		const submission = parseWithZod(formData, { schema: AiTrainingSchema })
		if (submission.status !== 'success') return failed('ai-training', 400, FAILURE['ai-training'], submission.reply())
		const result = await updateAiTraining(user, String(user.organizationId ?? ''), submission.value)
		return done('ai-training', 'Settings Updated', result.message)
	},
}

async function savePrice({ user, formData }: Context, intent: 'price-add' | 'price-update') {
	const id = String(formData.get('id') ?? '')
	formData.delete('id')
	const submission = parseWithZod(formData, { schema: PriceItemSchema })
	if (submission.status !== 'success') return failed(intent, 400, FAILURE[intent], submission.reply())
	const organizationId = String(user.organizationId ?? '')
	if (intent === 'price-add') await createPrice(user, organizationId, submission.value)
	else await updatePrice(user, organizationId, id, submission.value)
	return done(intent, 'Price List Updated', intent === 'price-add' ? `${submission.value.name} was added.` : `${submission.value.name} was saved.`)
}

/** Runs the form's intent for this actor; a service's refusal becomes the intent's failure toast. */
export async function handleIntent(request: Request, actor: Actor, formData: FormData): Promise<Reply> {
	const intent = String(formData.get('intent') ?? '') as Intent
	formData.delete('intent')
	if (!Object.hasOwn(HANDLERS, intent)) return failed('profile', 400, { title: 'Update Failed', description: 'Unknown action' })
	try {
		return await HANDLERS[intent]({ ...actor, request, formData })
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		return failed(intent, error.status, FAILURE[intent], errorResult(error))
	}
}
