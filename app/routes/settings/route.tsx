// /settings (spec 2 §2): tabs Profile, Appearance, Communications, Security,
// Preferences and, for account and site admins, Organization. The tab is in
// the URL (?tab=) and every form posts to this action, so all of it works
// without JavaScript. The JSON paths (/api/user/*, /api/auth/change-password,
// /api/organizations/{id}/*) call the same services with the same schemas.
// Each tab (and each section of a tab) is one file beside this one; the
// action's intents are in intents.server.ts.
import { useEffect } from 'react'
import { Link } from 'react-router'
import type { Route } from './+types/route'
import { Page } from '~/components/page.tsx'
import { QuoteWidgetSection } from '~/components/settings/quote-widget.tsx'
import { SignedInScreenError } from '~/components/sign-in-required.tsx'
import { useToast } from '~/components/toaster.tsx'
import { MAX_PHOTO_BYTES, SETTINGS_TABS, type SettingsTab } from '~/lib/schemas/settings.ts'
import { requireActor, requireActorOr401 } from '~/services/auth.server.ts'
import { LOGO_FIELD } from '~/services/organization-logo.server.ts'
import { getOrganizationSettings } from '~/services/organization-settings.server.ts'
import { listPrices } from '~/services/price-list.server.ts'
import { readMultipart } from '~/services/profile.server.ts'
import { QUOTE_WIDGET_INTENT, quoteWidgetIntent, quoteWidgetSection } from '~/services/quote-widget-settings.server.ts'
import { getEnableChallengeState } from '~/services/two-factor.server.ts'
import { cn } from '~/utils/cn.ts'
import { HttpError } from '~/utils/http.server.ts'
import { AppearanceTab } from './appearance.tsx'
import { CommunicationsTab } from './communications.tsx'
import { FAILURE, errorResult, failed, handleIntent } from './intents.server.ts'
import { OrganizationTab } from './organization.tsx'
import { PreferencesTab } from './preferences.tsx'
import { ProfileTab } from './profile.tsx'
import { SecurityTab } from './security.tsx'
import { TAB_LABELS } from './shared.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Yardstick' }]

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

export async function action({ request }: Route.ActionArgs) {
	const actor = await requireActor(request)
	const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data')
	// two forms are multipart: the profile photo, and the logo (which posts to ?tab=organization)
	const logo = new URL(request.url).searchParams.get('tab') === 'organization'
	let formData: FormData
	try {
		formData = multipart ? await (logo ? readMultipart(request, MAX_PHOTO_BYTES, LOGO_FIELD) : readMultipart(request)) : await request.formData()
	} catch (error) {
		// a file over 5 MB ends here, before its intent could be read
		if (!(error instanceof HttpError)) throw error
		const intent = logo ? 'logo-upload' : 'profile'
		return failed(intent, error.status, FAILURE[intent], errorResult(error))
	}
	if (formData.get('intent') === QUOTE_WIDGET_INTENT) return quoteWidgetIntent(actor.user, formData)
	return handleIntent(request, actor, formData)
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
	const { tab, tabs } = loaderData
	const toast = useToast()
	useEffect(() => {
		if (actionData?.toast) toast({ type: 'destructive', ...actionData.toast })
	}, [actionData, toast])
	return (
		<Page title="Settings" subtitle="Manage your account, appearance and preferences">
			<div className="grid grid-cols-[minmax(0,1fr)] gap-8 md:grid-cols-[12rem_minmax(0,1fr)]">
				{/* on a phone the tabs wrap onto a second line: a sideways-scrolling row hid the active one off-screen */}
				<nav aria-label="Settings sections" className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return <SignedInScreenError error={error} title="Settings" message="Please log in to access settings." redirectTo="/settings" />
}
