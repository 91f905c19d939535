// /settings (spec 2 §2): tabs Profile, Appearance, Communications, Security,
// Preferences and, for account and site admins, Organization. The tab is in
// the URL (?tab=) and every form posts to this action, so all of it works
// without JavaScript. The JSON paths (/api/user/*, /api/auth/change-password,
// /api/organizations/{id}/*) call the same services with the same schemas.
import { isRouteErrorResponse } from 'react-router'
import { SignInRequired } from '~/components/sign-in-required.tsx'
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef, useState } from 'react'
import { Form, Link, data, useFetcher, useLoaderData, useNavigation } from 'react-router'
import type { Route } from './+types/settings'
import { Page } from '~/components/page.tsx'
import { useToast } from '~/components/toaster.tsx'
import { CodeField } from '~/components/ui/code-field.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList, Field, inputClass } from '~/components/ui/field.tsx'
import { PreferencesSchema, ThemeSchema } from '~/lib/schemas/auth.ts'
import {
	AiTrainingSchema,
	ChangePasswordSchema,
	CommunicationPreferencesSchema,
	OrganizationSettingsSchema,
	PHOTO_HINT,
	ProfileSchema,
	SETTINGS_TABS,
	TwoFactorCodeSchema,
	type SettingsTab,
} from '~/lib/schemas/settings.ts'
import { requireActor, requireActorOr401 } from '~/services/auth.server.ts'
import { getOrganizationSettings, updateAiTraining, updateOrganizationSettings } from '~/services/organization-settings.server.ts'
import { createPrice, deletePrice, listPrices, updatePrice } from '~/services/price-list.server.ts'
import { PriceItemSchema } from '~/lib/schemas/reports.ts'
import { PRICE_UNIT_LABELS, PRICE_UNITS } from '~/lib/estimate.ts'
import { changePassword } from '~/services/password.server.ts'
import { photoBytes, readMultipart, storeAvatar, updateCommunicationPreferences, updateProfile } from '~/services/profile.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { saveUserPreferences, setLocalTheme } from '~/services/theme.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import {
	CODE_SENT,
	INVALID_CODE,
	disableTwoFactor,
	enableTwoFactor,
	getEnableChallengeState,
	sendEnableChallenge,
	verifyEnableChallenge,
} from '~/services/two-factor.server.ts'
import { HttpError } from '~/utils/http.server.ts'
import { cn } from '~/utils/cn.ts'
import { QuoteWidgetSection } from '~/components/settings/quote-widget.tsx'
import { QUOTE_WIDGET_INTENT, quoteWidgetIntent, quoteWidgetSection } from '~/services/quote-widget-settings.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Yardstick' }]

const TAB_LABELS: Record<SettingsTab, string> = {
	profile: 'Profile',
	appearance: 'Appearance',
	communications: 'Communications',
	security: 'Security',
	preferences: 'Preferences',
	organization: 'Organization',
}

const MAP_TYPES = [
	['hybrid', 'Hybrid'],
	['satellite', 'Satellite'],
	['terrain', 'Terrain'],
	['roadmap', 'Roadmap'],
] as const
const UNITS = [
	['sqft', 'Square feet (sq ft)'],
	['acres', 'Acres'],
	['sqm', 'Square metres (m²)'],
] as const

const isOrgAdmin = (role: string) => role === 'account_admin' || role === 'site_admin'

function tabsFor(role: string): SettingsTab[] {
	return SETTINGS_TABS.filter((t) => t !== 'organization' || isOrgAdmin(role))
}

function readTab(url: URL, role: string): SettingsTab {
	const requested = url.searchParams.get('tab') as SettingsTab | null
	return requested && tabsFor(role).includes(requested) ? requested : 'profile'
}

export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireActorOr401(request)
	const tab = readTab(new URL(request.url), user.role)
	const organization = isOrgAdmin(user.role) && user.organizationId ? await getOrganizationSettings(user.organizationId) : null
	return {
		tab,
		tabs: tabsFor(user.role),
		user,
		twoFactorChallenge: await getEnableChallengeState(user.id),
		organization: organization
			? { ...organization, aiTrainingConsentDate: organization.aiTrainingConsentDate?.toISOString() ?? null }
			: null,
		priceList: organization && tab === 'organization' ? await listPrices(user, organization.id) : [],
		quoteWidget: organization && tab === 'organization' ? await quoteWidgetSection(user) : null,
	}
}

type Intent =
	| 'profile'
	| 'theme'
	| 'communications'
	| 'change-password'
	| '2fa-send'
	| '2fa-verify'
	| '2fa-disable'
	| 'preferences'
	| 'organization'
	| 'ai-training'
	| 'price-add'
	| 'price-update'
	| 'price-delete'

type Toast = { title: string; description?: string }
type ActionData = { intent: Intent; result?: SubmissionResult<string[]>; toast?: Toast; at: number }

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
}

function done(intent: Intent, title: string, description?: string, init?: ResponseInit) {
	return redirectWithToast(`/settings?tab=${TAB_OF[intent]}`, { title, description, type: 'success' }, init)
}

function failed(intent: Intent, status: number, toast: Toast, result?: SubmissionResult<string[]>) {
	return data<ActionData>({ intent, result, toast, at: Date.now() }, { status })
}

/** A service's HttpError as Conform's result: the message on the field it names, else on the form. */
function errorResult(error: HttpError): SubmissionResult<string[]> {
	const fieldErrors = error.fields ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, [v]])) : null
	return { status: 'error', error: fieldErrors ?? { '': [error.message] } }
}

/** Failure toasts (spec 2 §8): the spec's words, not the server's. */
const FAILURE: Record<Intent, Toast> = {
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
}

export async function action({ request }: Route.ActionArgs) {
	const { user, session } = await requireActor(request)
	const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data')
	let formData: FormData
	try {
		formData = multipart ? await readMultipart(request) : await request.formData()
	} catch (error) {
		// only the profile form is multipart: a photo over 5 MB ends here
		if (!(error instanceof HttpError)) throw error
		return failed('profile', error.status, FAILURE.profile, errorResult(error))
	}
	if (formData.get('intent') === QUOTE_WIDGET_INTENT) return quoteWidgetIntent(user, formData)
	const intent = String(formData.get('intent') ?? '') as Intent
	formData.delete('intent')
	if (!(intent in TAB_OF)) return failed('profile', 400, { title: 'Update Failed', description: 'Unknown action' })

	try {
		switch (intent) {
			case 'profile': {
				const photo = await photoBytes(formData)
				formData.delete('photo')
				const submission = parseWithZod(formData, { schema: ProfileSchema })
				if (submission.status !== 'success') return failed(intent, 400, FAILURE.profile, submission.reply())
				const profileImageUrl = photo.length > 0 ? await storeAvatar(photo) : undefined
				await updateProfile(user.id, { ...submission.value, ...(profileImageUrl ? { profileImageUrl } : {}) })
				return done(intent, 'Profile Updated', 'Your profile has been saved.')
			}
			case 'theme': {
				const submission = parseWithZod(formData, { schema: PreferencesSchema })
				const theme = submission.status === 'success' ? ThemeSchema.safeParse(submission.value.themePreference) : null
				if (submission.status !== 'success' || !theme?.success) return failed(intent, 400, FAILURE.theme, submission.reply())
				await saveUserPreferences(user.id, { themePreference: theme.data })
				return done(intent, 'Preferences Updated', 'Your theme has been saved.', {
					headers: { 'Set-Cookie': await setLocalTheme(theme.data) },
				})
			}
			case 'communications': {
				// an unchecked box sends nothing: it means "off" here
				for (const key of ['marketingEmails', 'productUpdates', 'tipsTutorials']) formData.set(key, formData.has(key) ? 'on' : 'off')
				const submission = parseWithZod(formData, { schema: CommunicationPreferencesSchema })
				if (submission.status !== 'success') return failed(intent, 400, FAILURE.communications, submission.reply())
				await updateCommunicationPreferences(user.id, submission.value)
				return done(intent, 'Preferences Updated', 'Your communication preferences have been saved.')
			}
			case 'change-password': {
				const hide = ['currentPassword', 'newPassword', 'confirmPassword']
				const submission = parseWithZod(formData, { schema: ChangePasswordSchema })
				if (submission.status !== 'success') return failed(intent, 400, FAILURE['change-password'], submission.reply({ hideFields: hide }))
				try {
					const result = await changePassword(user, submission.value, { keepSessionSid: session.sid })
					return done(intent, result.message, result.description)
				} catch (error) {
					if (!(error instanceof HttpError)) throw error
					return failed(intent, error.status, { title: 'Failed to change password', description: error.message }, {
						...submission.reply({ hideFields: hide }),
						...errorResult(error),
					})
				}
			}
			case '2fa-send': {
				await sendEnableChallenge(user)
				return done(intent, 'Verification Code Sent', CODE_SENT)
			}
			case '2fa-verify': {
				const submission = parseWithZod(formData, { schema: TwoFactorCodeSchema })
				if (submission.status !== 'success') {
					return failed(intent, 400, { title: 'Invalid Code', description: 'Please check your code and try again.' }, submission.reply())
				}
				try {
					// the screen verifies and turns 2FA on in one step; the API has both calls
					await verifyEnableChallenge(user, session.sid, submission.value.code, clientIp(request))
					await enableTwoFactor(user, session.sid)
					return done(intent, '2FA Enabled', 'Sign-ins will now ask for a code sent to your email.')
				} catch (error) {
					if (!(error instanceof HttpError)) throw error
					const toast = error.message === INVALID_CODE ? { title: 'Invalid Code', description: 'Please check your code and try again.' } : { title: 'Failed to Enable 2FA', description: error.message }
					return failed(intent, error.status, toast, errorResult(error))
				}
			}
			case '2fa-disable': {
				await disableTwoFactor(user)
				return done(intent, '2FA Disabled', 'Sign-ins no longer ask for a code.')
			}
			case 'preferences': {
				const submission = parseWithZod(formData, { schema: PreferencesSchema })
				if (submission.status !== 'success') return failed(intent, 400, FAILURE.preferences, submission.reply())
				await saveUserPreferences(user.id, {
					preferredMapType: submission.value.preferredMapType,
					preferredUnit: submission.value.preferredUnit,
				})
				return done(intent, 'Preferences Updated', 'Your map preferences have been saved.')
			}
			case 'organization': {
				const submission = parseWithZod(formData, { schema: OrganizationSettingsSchema })
				if (submission.status !== 'success') return failed(intent, 400, FAILURE.organization, submission.reply())
				await updateOrganizationSettings(user, String(user.organizationId ?? ''), submission.value)
				return done(intent, 'Settings Updated', 'Organization settings have been saved.')
			}
			case 'price-add':
			case 'price-update': {
				const id = String(formData.get('id') ?? '')
				formData.delete('id')
				const submission = parseWithZod(formData, { schema: PriceItemSchema })
				if (submission.status !== 'success') return failed(intent, 400, FAILURE[intent], submission.reply())
				const organizationId = String(user.organizationId ?? '')
				if (intent === 'price-add') await createPrice(user, organizationId, submission.value)
				else await updatePrice(user, organizationId, id, submission.value)
				return done(intent, 'Price List Updated', intent === 'price-add' ? `${submission.value.name} was added.` : `${submission.value.name} was saved.`)
			}
			case 'price-delete': {
				await deletePrice(user, String(user.organizationId ?? ''), String(formData.get('id') ?? ''))
				return done(intent, 'Price List Updated', 'The service was deleted.')
			}
			case 'ai-training': {
				formData.set('allowAiTraining', formData.get('allowAiTraining') === 'on' ? 'on' : 'off')
				const submission = parseWithZod(formData, { schema: AiTrainingSchema })
				if (submission.status !== 'success') return failed(intent, 400, FAILURE['ai-training'], submission.reply())
				const result = await updateAiTraining(user, String(user.organizationId ?? ''), submission.value)
				return done(intent, 'Settings Updated', result.message)
			}
		}
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		return failed(intent, error.status, FAILURE[intent], errorResult(error))
	}
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
	const { tab, tabs } = loaderData
	const toast = useToast()
	useEffect(() => {
		if (actionData?.toast) toast({ type: 'destructive', ...actionData.toast })
	}, [actionData, toast])
	return (
		<Page title="Settings" subtitle="Manage your account, appearance and preferences">
			<div className="grid gap-8 md:grid-cols-[12rem_1fr]">
				<nav aria-label="Settings sections" className="flex gap-1 overflow-x-auto md:flex-col">
					{tabs.map((t) => (
						<Link
							key={t}
							to={`/settings?tab=${t}`}
							aria-current={t === tab ? 'page' : undefined}
							className={cn(
								'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
								t === tab ? 'bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-100' : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
							)}
						>
							{TAB_LABELS[t]}
						</Link>
					))}
				</nav>
				<section aria-labelledby="settings-tab-heading" className="max-w-2xl">
					<h2 id="settings-tab-heading" className="text-xl font-semibold">
						{TAB_LABELS[tab]}
					</h2>
					<div className="mt-6 space-y-10">
						{tab === 'profile' ? <ProfileTab actionData={actionData} /> : null}
						{tab === 'appearance' ? <AppearanceTab actionData={actionData} /> : null}
						{tab === 'communications' ? <CommunicationsTab actionData={actionData} /> : null}
						{tab === 'security' ? <SecurityTab actionData={actionData} /> : null}
						{tab === 'preferences' ? <PreferencesTab actionData={actionData} /> : null}
						{tab === 'organization' ? <OrganizationTab actionData={actionData} /> : null}
						{tab === 'organization' && loaderData.quoteWidget ? <QuoteWidgetSection widget={loaderData.quoteWidget} actionData={actionData} /> : null}
					</div>
				</section>
			</div>
		</Page>
	)
}

type TabProps = { actionData?: ActionData }

const useLoader = () => useLoaderData<typeof loader>()

function usePending(intent: Intent) {
	const navigation = useNavigation()
	return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

function resultFor(actionData: ActionData | undefined, intent: Intent) {
	return actionData?.intent === intent ? actionData.result : undefined
}

/** Remounts a form after a failed save, so its controls show the saved values again (the spec's "reverts"). */
function failureKey(actionData: ActionData | undefined, intent: Intent) {
	return actionData?.intent === intent ? String(actionData.at) : 'saved'
}

function withoutExtras(formData: FormData, ...names: string[]) {
	for (const n of ['intent', ...names]) formData.delete(n)
	return formData
}

function useHydrated() {
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])
	return hydrated
}

function ProfileTab({ actionData }: TabProps) {
	const { user } = useLoader()
	const [form, fields] = useForm({
		id: 'profile-form',
		lastResult: resultFor(actionData, 'profile'),
		constraint: getZodConstraint(ProfileSchema),
		defaultValue: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
		onValidate: ({ formData }) => parseWithZod(withoutExtras(formData, 'photo'), { schema: ProfileSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const photoErrors = resultFor(actionData, 'profile')?.error?.photo
	const pending = usePending('profile')
	return (
		<Form method="post" encType="multipart/form-data" className="space-y-5" {...getFormProps(form)}>
			<div className="flex items-center gap-4">
				{user.profileImageUrl ? (
					<img src={user.profileImageUrl} alt="Profile photo" className="h-16 w-16 rounded-full object-cover" />
				) : (
					<span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800">
						{(user.firstName ?? user.email).slice(0, 1).toUpperCase()}
					</span>
				)}
				<div className="space-y-1">
					<label htmlFor="profile-photo" className="block text-sm font-medium">
						Profile photo
					</label>
					<input
						id="profile-photo"
						name="photo"
						type="file"
						accept="image/jpeg,image/png,image/gif"
						aria-describedby="profile-photo-hint"
						className="text-sm"
					/>
					<p id="profile-photo-hint" className="text-xs text-gray-500 dark:text-gray-400">
						{PHOTO_HINT}
					</p>
					<ErrorList errors={photoErrors} />
				</div>
			</div>
			<div className="grid gap-4 sm:grid-cols-2">
				<Field label="First name" inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }} errors={fields.firstName.errors} />
				<Field label="Last name" inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }} errors={fields.lastName.errors} />
			</div>
			<Field
				label="Email"
				inputProps={{ id: 'profile-email', type: 'email', value: user.email, readOnly: true, 'aria-readonly': true, className: 'bg-gray-50 dark:bg-gray-800' }}
				hint="Your email cannot be changed here. Contact support to change it."
			/>
			<ErrorList id={form.errorId} errors={form.errors} />
			<Button type="submit" name="intent" value="profile" disabled={pending}>
				{pending ? 'Saving...' : 'Save Profile'}
			</Button>
		</Form>
	)
}

function AppearanceTab({ actionData }: TabProps) {
	const { user } = useLoader()
	const pending = usePending('theme')
	return (
		<Form method="post" key={failureKey(actionData, 'theme')} className="space-y-4">
			<fieldset>
				<legend className="text-sm font-medium">Theme</legend>
				<div className="mt-2 flex gap-4">
					{(['light', 'dark', 'system'] as const).map((t) => (
						<label key={t} className="flex items-center gap-2 text-sm">
							<input type="radio" name="themePreference" value={t} defaultChecked={user.themePreference === t} />
							{t === 'light' ? 'Light' : t === 'dark' ? 'Dark' : 'System'}
						</label>
					))}
				</div>
			</fieldset>
			<Button type="submit" name="intent" value="theme" disabled={pending}>
				{pending ? 'Saving...' : 'Save Theme'}
			</Button>
		</Form>
	)
}

function CommunicationsTab({ actionData }: TabProps) {
	const { user } = useLoader()
	const pending = usePending('communications')
	const toggles = [
		['marketingEmails', 'Marketing emails', 'News about products, offers and events.', user.marketingEmails],
		['productUpdates', 'Product updates', 'New features and improvements.', user.productUpdates],
		['tipsTutorials', 'Tips and tutorials', 'How to get more out of Yardstick.', user.tipsTutorials],
	] as const
	return (
		<Form method="post" key={failureKey(actionData, 'communications')} className="space-y-4">
			{toggles.map(([name, label, hint, checked]) => (
				<label key={name} className="flex items-start gap-3">
					<input type="checkbox" name={name} defaultChecked={checked} className="mt-1 h-4 w-4 rounded border-gray-300" />
					<span>
						<span className="block text-sm font-medium">{label}</span>
						<span className="block text-xs text-gray-500 dark:text-gray-400">{hint}</span>
					</span>
				</label>
			))}
			<Button type="submit" name="intent" value="communications" disabled={pending}>
				{pending ? 'Saving...' : 'Save Communication Preferences'}
			</Button>
		</Form>
	)
}

function SecurityTab({ actionData }: TabProps) {
	return (
		<>
			<ChangePasswordForm actionData={actionData} />
			<TwoFactorSection actionData={actionData} />
		</>
	)
}

function ChangePasswordForm({ actionData }: TabProps) {
	const [form, fields] = useForm({
		id: 'change-password-form',
		lastResult: resultFor(actionData, 'change-password'),
		constraint: getZodConstraint(ChangePasswordSchema),
		onValidate: ({ formData }) => parseWithZod(withoutExtras(formData), { schema: ChangePasswordSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const pending = usePending('change-password')
	return (
		<div>
			<h3 className="text-lg font-semibold">Change Password</h3>
			<Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
				<Field
					label="Current password"
					inputProps={{ ...getInputProps(fields.currentPassword, { type: 'password' }), autoComplete: 'current-password' }}
					errors={fields.currentPassword.errors}
				/>
				<Field
					label="New password"
					inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
					errors={fields.newPassword.errors}
					hint="At least 8 characters."
				/>
				<Field
					label="Confirm new password"
					inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
					errors={fields.confirmPassword.errors}
				/>
				<ErrorList id={form.errorId} errors={form.errors} />
				<Button type="submit" name="intent" value="change-password" disabled={pending}>
					{pending ? 'Changing...' : 'Change Password'}
				</Button>
			</Form>
		</div>
	)
}

function TwoFactorSection({ actionData }: TabProps) {
	const { user, twoFactorChallenge } = useLoader()
	const [form, fields] = useForm({
		id: 'two-factor-form',
		lastResult: resultFor(actionData, '2fa-verify'),
		constraint: getZodConstraint(TwoFactorCodeSchema),
		onValidate: ({ formData }) => parseWithZod(withoutExtras(formData), { schema: TwoFactorCodeSchema }),
		shouldValidate: 'onSubmit',
	})
	const [code, setCode] = useState('')
	const hydrated = useHydrated()
	const sending = usePending('2fa-send')
	const verifying = usePending('2fa-verify')
	const disabling = usePending('2fa-disable')
	return (
		<div>
			<h3 className="text-lg font-semibold">Two-Factor Authentication</h3>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
				{user.twoFactorEnabled
					? 'Two-factor authentication is on. Each sign-in asks for a 6-digit code sent to your email.'
					: 'Two-factor authentication is off. Turn it on to be asked for a 6-digit code sent to your email at each sign-in.'}
			</p>
			{user.twoFactorEnabled ? (
				<Form method="post" className="mt-4">
					<Button type="submit" name="intent" value="2fa-disable" variant="destructive" disabled={disabling}>
						{disabling ? 'Disabling...' : 'Disable 2FA'}
					</Button>
				</Form>
			) : (
				<div className="mt-4 space-y-4">
					<Form method="post">
						<Button type="submit" name="intent" value="2fa-send" variant={twoFactorChallenge === 'code-sent' ? 'secondary' : 'primary'} disabled={sending}>
							{sending ? 'Sending...' : twoFactorChallenge === 'code-sent' ? 'Send a New Code' : 'Send Verification Code'}
						</Button>
					</Form>
					{twoFactorChallenge === 'code-sent' || actionData?.intent === '2fa-verify' ? (
						<Form method="post" className="space-y-3" {...getFormProps(form)}>
							<CodeField field={fields.code} onCode={setCode} hint="Enter the 6-digit code we emailed you. It expires in 10 minutes." />
							<ErrorList id={form.errorId} errors={form.errors} />
							<Button type="submit" name="intent" value="2fa-verify" disabled={verifying || (hydrated && code.length !== 6)}>
								{verifying ? 'Verifying...' : 'Verify and Enable 2FA'}
							</Button>
						</Form>
					) : null}
				</div>
			)}
		</div>
	)
}

function SelectField({ id, label, name, value, options, hint }: { id: string; label: string; name: string; value: string; options: readonly (readonly [string, string])[]; hint?: string }) {
	return (
		<div className="space-y-1">
			<label htmlFor={id} className="block text-sm font-medium">
				{label}
			</label>
			<select id={id} name={name} defaultValue={value} className={inputClass}>
				{options.map(([v, l]) => (
					<option key={v} value={v}>
						{l}
					</option>
				))}
			</select>
			{hint ? <p className="text-xs text-gray-500 dark:text-gray-400">{hint}</p> : null}
		</div>
	)
}

const labelOf = (options: readonly (readonly [string, string])[], value: string | null | undefined) => options.find(([v]) => v === value)?.[1] ?? value ?? ''

function PreferencesTab({ actionData }: TabProps) {
	const { user } = useLoader()
	const pending = usePending('preferences')
	const orgMap = user.organization?.defaultMapType ?? 'hybrid'
	const orgUnit = user.organization?.defaultUnit ?? 'sqft'
	return (
		<Form method="post" key={failureKey(actionData, 'preferences')} className="space-y-4">
			<p className="text-sm text-gray-600 dark:text-gray-400">Override your organization's defaults for yourself.</p>
			<SelectField
				id="preferred-map-type"
				label="Map type"
				name="preferredMapType"
				value={user.preferredMapType ?? 'default'}
				options={[['default', `Organization default (${labelOf(MAP_TYPES, orgMap)})`], ...MAP_TYPES]}
			/>
			<SelectField
				id="preferred-unit"
				label="Unit of measure"
				name="preferredUnit"
				value={user.preferredUnit ?? 'default'}
				options={[['default', `Organization default (${labelOf(UNITS, orgUnit)})`], ...UNITS]}
			/>
			<Button type="submit" name="intent" value="preferences" disabled={pending}>
				{pending ? 'Saving...' : 'Save Preferences'}
			</Button>
		</Form>
	)
}

function OrganizationTab({ actionData }: TabProps) {
	const { organization } = useLoader()
	const pending = usePending('organization')
	if (!organization) return <p className="text-sm text-gray-600 dark:text-gray-400">You are not part of an organization.</p>
	return (
		<>
			<Form method="post" key={failureKey(actionData, 'organization')} className="space-y-4">
				<p className="text-sm text-gray-600 dark:text-gray-400">Defaults for everyone in {organization.name}.</p>
				<SelectField id="default-map-type" label="Default map type" name="defaultMapType" value={organization.defaultMapType} options={MAP_TYPES} />
				<SelectField id="default-unit" label="Default unit" name="defaultUnit" value={organization.defaultUnit} options={UNITS} />
				<Button type="submit" name="intent" value="organization" disabled={pending}>
					{pending ? 'Saving...' : 'Save Organization Settings'}
				</Button>
			</Form>
			<AiTrainingForm allowAiTraining={organization.allowAiTraining} />
			<PriceListSection actionData={actionData} />
		</>
	)
}

const PRICE_UNIT_OPTIONS = PRICE_UNITS.map((u) => [u, u === 'sqft' ? '$ per sq ft' : u === 'ft' ? '$ per ft' : 'Flat rate'] as const)

/**
 * Price list for report estimates (issue 9): one small form per service and
 * one to add, all posting to this action (works without JavaScript).
 */
function PriceListSection({ actionData }: TabProps) {
	const { priceList } = useLoader()
	const adding = usePending('price-add')
	const addResult = resultFor(actionData, 'price-add')
	const [form, fields] = useForm({
		id: 'price-add-form',
		lastResult: addResult,
		constraint: getZodConstraint(PriceItemSchema),
		onValidate: ({ formData }) => parseWithZod(withoutExtras(formData), { schema: PriceItemSchema }),
		shouldValidate: 'onSubmit',
	})
	return (
		<section aria-labelledby="price-list-heading" className="space-y-4 border-t border-gray-200 pt-6 dark:border-gray-800">
			<div>
				<h3 id="price-list-heading" className="text-lg font-semibold">
					Price List
				</h3>
				<p className="text-sm text-gray-600 dark:text-gray-400">
					Services and prices for the estimate section of PDF reports: a price per square foot of measured area, per foot of measured length, or a flat
					rate, with an optional minimum charge.
				</p>
			</div>
			{priceList.length ? (
				<ul className="space-y-3" aria-label="Services">
					{priceList.map((item) => (
						<li key={`${item.id}-${item.updatedAt}-${actionData?.at ?? ''}`}>
							<Form method="post" className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_8rem_6rem_6rem_auto]">
								<input type="hidden" name="id" value={item.id} />
								<label className="col-span-2 text-xs font-medium sm:col-span-1">
									Service
									<input name="name" defaultValue={item.name} required maxLength={100} aria-label={`Service name (${item.name})`} className={inputClass} />
								</label>
								<label className="text-xs font-medium">
									Unit
									<select name="unit" defaultValue={item.unit} aria-label={`Unit (${item.name})`} className={inputClass}>
										{PRICE_UNIT_OPTIONS.map(([v, l]) => (
											<option key={v} value={v}>
												{l}
											</option>
										))}
									</select>
								</label>
								<label className="text-xs font-medium">
									Price ($)
									<input name="unitPrice" defaultValue={item.unitPrice} inputMode="decimal" required aria-label={`Price (${item.name})`} className={inputClass} />
								</label>
								<label className="text-xs font-medium">
									Minimum ($)
									<input name="minimumCharge" defaultValue={item.minimumCharge} inputMode="decimal" aria-label={`Minimum charge (${item.name})`} className={inputClass} />
								</label>
								<div className="flex gap-2">
									<Button type="submit" name="intent" value="price-update" variant="secondary">
										Save
									</Button>
									<Button type="submit" name="intent" value="price-delete" variant="destructive" aria-label={`Delete ${item.name}`}>
										Delete
									</Button>
								</div>
							</Form>
						</li>
					))}
				</ul>
			) : (
				<p className="text-sm text-gray-600 dark:text-gray-400">No services yet.</p>
			)}
			<Form method="post" {...getFormProps(form)} key={failureKey(actionData, 'price-add')} className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
				<h4 className="text-sm font-semibold">Add a service</h4>
				<Field label="Service name" inputProps={{ ...getInputProps(fields.name, { type: 'text' }), id: 'price-name' }} errors={fields.name.errors} />
				<div className="grid gap-3 sm:grid-cols-3">
					<div className="space-y-1">
						<label htmlFor="price-unit" className="block text-sm font-medium">
							Unit
						</label>
						<select id="price-unit" name={fields.unit.name} defaultValue="sqft" className={inputClass}>
							{PRICE_UNIT_OPTIONS.map(([v, l]) => (
								<option key={v} value={v}>
									{l}
								</option>
							))}
						</select>
						<ErrorList id="price-unit-error" errors={fields.unit.errors} />
					</div>
					<Field label="Price ($)" inputProps={{ ...getInputProps(fields.unitPrice, { type: 'text' }), id: 'price-unit-price', inputMode: 'decimal' }} errors={fields.unitPrice.errors} />
					<Field
						label="Minimum charge ($)"
						inputProps={{ ...getInputProps(fields.minimumCharge, { type: 'text' }), id: 'price-minimum', inputMode: 'decimal', required: false }}
						errors={fields.minimumCharge.errors}
					/>
				</div>
				<ErrorList id={form.errorId} errors={form.errors} />
				<Button type="submit" name="intent" value="price-add" disabled={adding}>
					{adding ? 'Adding...' : 'Add Service'}
				</Button>
			</Form>
			<p className="text-xs text-gray-500 dark:text-gray-400">
				{PRICE_UNITS.map((u) => `${u}: ${PRICE_UNIT_LABELS[u]}`).join(' · ')}. Prices may have up to 4 decimals (e.g. 0.0125 per sq ft).
			</p>
		</section>
	)
}

/**
 * The AI training toggle saves on change with JavaScript (optimistically; a
 * failure shows the saved value again, i.e. the toggle reverts) and with a
 * Save button without it.
 */
function AiTrainingForm({ allowAiTraining }: { allowAiTraining: boolean }) {
	const fetcher = useFetcher<ActionData>()
	const toast = useToast()
	const hydrated = useHydrated()
	// what the toggle shows; a failed save puts back the value it had before the click
	const [shown, setShown] = useState(allowAiTraining)
	const before = useRef(allowAiTraining)
	useEffect(() => setShown(allowAiTraining), [allowAiTraining])
	useEffect(() => {
		if (fetcher.state === 'idle' && fetcher.data?.toast) {
			setShown(before.current)
			toast({ type: 'destructive', ...fetcher.data.toast })
		}
	}, [fetcher.state, fetcher.data, toast])
	return (
		<fetcher.Form method="post" className="space-y-3 border-t border-gray-200 pt-6 dark:border-gray-800">
			<h3 className="text-lg font-semibold">AI Training</h3>
			<label className="flex items-start gap-3">
				<input
					type="checkbox"
					name="allowAiTraining"
					className="mt-1 h-4 w-4 rounded border-gray-300"
					checked={shown}
					onChange={(e) => {
						const next = e.currentTarget.checked
						before.current = !next
						setShown(next)
						if (!hydrated) return
						const form = new FormData()
						form.set('intent', 'ai-training')
						if (next) form.set('allowAiTraining', 'on')
						void fetcher.submit(form, { method: 'post' })
					}}
				/>
				<span>
					<span className="block text-sm font-medium">Allow AI training</span>
					<span className="block text-xs text-gray-500 dark:text-gray-400">
						Let verified measurements from your organization help train the AI grass detection.
					</span>
				</span>
			</label>
			{hydrated ? null : (
				<Button type="submit" name="intent" value="ai-training" variant="secondary">
					Save AI Training Setting
				</Button>
			)}
		</fetcher.Form>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	if (isRouteErrorResponse(error) && error.status === 401) {
		return <SignInRequired title="Settings" message="Please log in to access settings." redirectTo="/settings" />
	}
	return (
		<div className="mx-auto max-w-xl px-4 py-24 text-center">
			<h1 className="text-3xl font-bold">Something went wrong</h1>
			<p className="mt-4 text-gray-700 dark:text-gray-300">Please try again.</p>
		</div>
	)
}
