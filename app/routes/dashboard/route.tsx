// /dashboard (spec 2 §2): usage, Recent Measurements, Leads (issue 19),
// account card and Team Management. Everything works without JavaScript:
// search, sort, filters and pages live in the URL query and are applied in
// SQL; dialogs are URL states (?dialog=…) rendered on the server; every change
// is a form post to this route's action, which calls the same services (and
// zod schemas) as the /api/* paths. Panels and dialogs are one file each
// beside this one; the action's intents are in intents.server.ts.
import { useEffect } from 'react'
import { redirect, useRevalidator } from 'react-router'
import type { Route } from './+types/route'
import { ManageSubscriptionDialog, type PlansHref, ReadyToUpgradeCard, SubscriptionCard } from '~/components/billing/subscription.tsx'
import { Page } from '~/components/page.tsx'
import { ShareDialog } from '~/components/share/share-dialog.tsx'
import { SignedInScreenError } from '~/components/sign-in-required.tsx'
import { useToast } from '~/components/toaster.tsx'
import { isAdminRole, isSiteAdmin } from '~/lib/roles.ts'
import { requireActor, requireActorOr401 } from '~/services/auth.server.ts'
import { getSubscriptionPanel } from '~/services/billing.server.ts'
import { dashboardLeads } from '~/services/leads.server.ts'
import { searchMeasurements } from '~/services/measurements.server.ts'
import { shareDialogData, shareSummaries, type ShareSummary } from '~/services/share.server.ts'
import { listPendingInvitations, listTeamMembers, type TeamInvitation, type TeamMember } from '~/services/team.server.ts'
import { AccountCard } from './account-card.tsx'
import { ChangePasswordDialog } from './change-password-dialog.tsx'
import { DeleteDialog } from './delete-dialog.tsx'
import { EditUserDialog } from './edit-user-dialog.tsx'
import { handleIntent } from './intents.server.ts'
import { InviteDialog } from './invite-dialog.tsx'
import { LEADS_PAGE_SIZE, LeadsPanel } from './leads.tsx'
import { QuickActions } from './quick-actions.tsx'
import { RecentMeasurements } from './recent-measurements.tsx'
import { resultFor } from '~/utils/forms.ts'
import { hrefWith, readQuery, type ActionData } from './shared.ts'
import { TeamManagement } from './team-management.tsx'
import { ThankYouDialog } from './thank-you-dialog.tsx'
import { UsageCards } from './usage-cards.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Yardstick' }]

export const TEAM_REFRESH_MS = 30_000

export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireActorOr401(request)
	if (isSiteAdmin(user.role)) throw redirect('/admin')
	const url = new URL(request.url)
	const query = readQuery(url)
	const manager = isAdminRole(user.role) && Boolean(user.organizationId)
	const p = url.searchParams
	const [list, leads, team, invitations, subscription] = await Promise.all([
		user.organizationId ? searchMeasurements(user, query) : null,
		// issue 19: the organization's leads, for every member
		user.organizationId ? dashboardLeads(user, { status: query.leadStatus, page: query.leadPage }, LEADS_PAGE_SIZE) : null,
		manager ? listTeamMembers(user) : ([] as TeamMember[]),
		manager ? listPendingInvitations(user) : ([] as TeamInvitation[]),
		// billing (issue 6): account admins only (spec 2 §6)
		p.get('dialog') === 'plans' ? getSubscriptionPanel(user, { plan: p.get('plan'), coupon: p.get('coupon') }) : getSubscriptionPanel(user),
	])
	// issue 19: each listed measurement's link and acceptance; the share dialog's data
	const [shares, shareDialog] = await Promise.all([
		list ? shareSummaries(user, list.measurements.map((m) => m.id)) : ({} as Record<string, ShareSummary>),
		p.get('dialog') === 'share' && p.get('id') && user.organizationId ? shareDialogData(user, p.get('id')!) : null,
	])
	return {
		user,
		query,
		list,
		leads,
		shares,
		shareDialog,
		manager,
		team,
		invitations,
		subscription,
		ui: {
			dialog: p.get('dialog'),
			id: p.get('id'),
			rename: p.get('rename'),
			allMembers: p.get('members') === 'all',
			allInvitations: p.get('invitations') === 'all',
		},
	}
}

export async function action({ request }: Route.ActionArgs) {
	const actor = await requireActor(request)
	if (isSiteAdmin(actor.user.role)) throw redirect('/admin')
	return handleIntent(request, actor, await request.formData())
}

function useActionToast(actionData: ActionData | undefined) {
	const toast = useToast()
	useEffect(() => {
		if (actionData?.toast) toast({ ...actionData.toast, type: 'destructive' })
	}, [actionData, toast])
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
	const { user, manager, ui, query } = loaderData
	useActionToast(actionData)
	const revalidator = useRevalidator()
	useEffect(() => {
		if (!manager) return
		const timer = setInterval(() => {
			if (document.visibilityState === 'visible') void revalidator.revalidate()
		}, TEAM_REFRESH_MS)
		return () => clearInterval(timer)
	}, [manager, revalidator])
	const close = hrefWith(query, {})
	const plansHref: PlansHref = (changes) => {
		const next = { plan: loaderData.subscription?.selectedPlanId ?? null, coupon: loaderData.subscription?.coupon?.code ?? null, ...changes }
		return hrefWith(query, { dialog: 'plans', plan: next.plan, coupon: next.coupon })
	}

	return (
		<Page
			title="Dashboard"
			subtitle={isSiteAdmin(user.role) ? 'Site administrator overview and quick access to admin tools' : 'Manage your property measurements'}
		>
			{/* min-w-0: a long e-mail (truncated) must not widen the column past a phone's screen */}
			<div className="grid gap-6 lg:grid-cols-3">
				<div className="min-w-0 space-y-6 lg:col-span-2">
					<UsageCards user={user} />
					<QuickActions manager={manager} />
					<RecentMeasurements loaderData={loaderData} actionData={actionData} />
					{loaderData.leads ? <LeadsPanel leads={loaderData.leads} query={query} /> : null}
				</div>
				<div className="min-w-0 space-y-6">
					<AccountCard user={user} query={query} />
					{manager ? <TeamManagement loaderData={loaderData} /> : null}
					{loaderData.subscription ? <SubscriptionCard panel={loaderData.subscription} plansHref={plansHref} /> : null}
					{loaderData.subscription?.current.id === 'free' ? <ReadyToUpgradeCard plansHref={plansHref} /> : null}
				</div>
			</div>
			{loaderData.subscription && ui.dialog === 'plans' ? <ManageSubscriptionDialog panel={loaderData.subscription} close={close} plansHref={plansHref} /> : null}
			{ui.dialog === 'password' ? <ChangePasswordDialog close={close} actionData={actionData} /> : null}
			{manager && ui.dialog === 'invite' ? <InviteDialog close={close} actionData={actionData} /> : null}
			{manager && ui.dialog === 'edit' ? <EditUserDialog close={close} actionData={actionData} member={loaderData.team.find((m) => m.id === ui.id)} /> : null}
			{ui.dialog === 'delete' && loaderData.list ? (
				<DeleteDialog close={close} measurement={loaderData.list.measurements.find((m) => m.id === ui.id)} />
			) : null}
			{ui.dialog === 'share' ? (
				<ShareDialog
					data={loaderData.shareDialog}
					close={close}
					result={resultFor(actionData, 'share')}
					created={actionData?.intent === 'share' ? actionData.created : undefined}
				/>
			) : null}
			{user.organization?.allowAiTraining ? <ThankYouDialog /> : null}
		</Page>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return <SignedInScreenError error={error} title="Access Denied" message="You must be logged in to view your dashboard." redirectTo="/dashboard" />
}
