// /dashboard (spec 2 §2): usage, Recent Measurements, account card and Team
// Management. Everything works without JavaScript: search, sort and page live
// in the URL query and are applied in SQL; dialogs are URL states (?dialog=…)
// rendered on the server; every change is a form post to this route's action,
// which calls the same services (and zod schemas) as the /api/* paths.
import { DownloadReportLink } from '~/components/report-export.tsx'
import { isRouteErrorResponse } from 'react-router'
import { SignInRequired } from '~/components/sign-in-required.tsx'
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Form, Link, data, redirect, useNavigate, useNavigation, useRevalidator, useSubmit } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/dashboard'
import { Page } from '~/components/page.tsx'
import { useToast } from '~/components/toaster.tsx'
import { Button, ButtonLink, buttonClass } from '~/components/ui/button.tsx'
import { ErrorList, Field, inputClass } from '~/components/ui/field.tsx'
import { pageItems } from '~/lib/pagination.ts'
import { isAdminRole, isSiteAdmin, roleLabel } from '~/lib/roles.ts'
import {
	DashboardQuerySchema,
	EditUserSchema,
	InviteSchema,
	MEASUREMENT_SORTS,
	RenameMeasurementSchema,
	type DashboardQuery,
} from '~/lib/schemas/account.ts'
import { ChangePasswordSchema } from '~/lib/schemas/settings.ts'
import { changePassword } from '~/services/password.server.ts'
import { requireActor, requireActorOr401 } from '~/services/auth.server.ts'
import { deleteMeasurement, searchMeasurements, updateMeasurement, type ApiMeasurement } from '~/services/measurements.server.ts'
import {
	cancelInvitation,
	inviteUser,
	listPendingInvitations,
	listTeamMembers,
	removeTeamUser,
	sendTeamPasswordReset,
	updateTeamUser,
	type TeamInvitation,
	type TeamMember,
} from '~/services/team.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import type { ClientUser } from '~/services/users.server.ts'
import { forbidden, HttpError } from '~/utils/http.server.ts'
import { Dialog, Modal } from '~/components/ui/dialog.tsx'
import { ManageSubscriptionDialog, type PlansHref, ReadyToUpgradeCard, SubscriptionCard } from '~/components/billing/subscription.tsx'
import { ChangeSubscriptionSchema } from '~/lib/schemas/billing.ts'
import { changeSubscription, getSubscriptionPanel } from '~/services/billing.server.ts'
import { Card } from '~/components/ui/card.tsx'
import { ShareDialog, ShareStatusLine, type ShareCreated } from '~/components/share/share-dialog.tsx'
import { ShareFormSchema } from '~/lib/schemas/share.ts'
import { createShare, revokeShare, shareDialogData, shareSummaries, type ShareSummary } from '~/services/share.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Yardstick' }]

export const TEAM_REFRESH_MS = 30_000
export const THANK_YOU_DELAY_MS = 1500
const THANK_YOU_KEY = 'yardstick:ai-thank-you-shown'
const MEMBERS_SHOWN = 3
const INVITATIONS_SHOWN = 2
/** Row actions carry only the row id, taken out before parsing. */
const NoFields = z.strictObject({})
/** URL parameters that open a dialog or a row state; dropped after an action. */
const UI_PARAMS = ['dialog', 'id', 'rename', 'members', 'invitations', 'plan', 'coupon'] as const

function readQuery(url: URL): DashboardQuery {
	return DashboardQuerySchema.parse(Object.fromEntries(url.searchParams))
}

export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireActorOr401(request)
	if (isSiteAdmin(user.role)) throw redirect('/admin')
	const url = new URL(request.url)
	const query = readQuery(url)
	const manager = isAdminRole(user.role) && Boolean(user.organizationId)
	const p = url.searchParams
	const [list, team, invitations, subscription] = await Promise.all([
		user.organizationId ? searchMeasurements(user, query) : null,
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

type Intent = 'rename' | 'delete' | 'invite' | 'editUser' | 'removeUser' | 'resetPassword' | 'cancelInvitation' | 'changePassword' | 'changeSubscription' | 'share' | 'revokeShare'
type ActionData = { intent: Intent; result: SubmissionResult<string[]>; toast?: { title: string; description: string }; created?: ShareCreated }

const FAILURE_TOASTS: Record<Intent, { title: string; fallback: string }> = {
	rename: { title: 'Error', fallback: 'Failed to update measurement' },
	delete: { title: 'Error', fallback: 'Failed to delete measurement' },
	invite: { title: 'Failed to send invitation', fallback: 'Please try again' },
	editUser: { title: 'Error', fallback: 'Failed to update user' },
	removeUser: { title: 'Failed to remove user', fallback: 'Please try again' },
	resetPassword: { title: 'Error', fallback: 'Failed to send password reset' },
	cancelInvitation: { title: 'Failed to cancel invitation', fallback: 'Please try again' },
	changePassword: { title: 'Failed to change password', fallback: 'Please try again' },
	changeSubscription: { title: 'Update Failed', fallback: 'Failed to update subscription plan.' },
	share: { title: 'Error', fallback: 'Failed to create the share link' },
	revokeShare: { title: 'Error', fallback: 'Failed to revoke the share link' },
}

/** Back to the list as it was (search, sort, page), dialogs closed. */
function backUrl(request: Request) {
	const url = new URL(request.url)
	for (const key of UI_PARAMS) url.searchParams.delete(key)
	url.searchParams.delete('index')
	const search = url.searchParams.toString()
	return `/dashboard${search ? `?${search}` : ''}`
}

export async function action({ request }: Route.ActionArgs) {
	const { user, session } = await requireActor(request)
	if (isSiteAdmin(user.role)) throw redirect('/admin')
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '') as Intent
	formData.delete('intent')
	const back = backUrl(request)
	const done = (title: string, description?: string) => redirectWithToast(back, { title, description, type: 'success' })

	async function run<S extends z.ZodType>(schema: S, handle: (value: z.output<S>) => Promise<Response | ReturnType<typeof data<ActionData>>>, hideFields?: string[]) {
		const submission = parseWithZod(formData, { schema })
		if (submission.status !== 'success') {
			return data<ActionData>({ intent, result: submission.reply({ hideFields }) }, { status: 400 })
		}
		try {
			return await handle(submission.value as z.output<S>)
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			const failure = FAILURE_TOASTS[intent]
			return data<ActionData>(
				{
					intent,
					result: submission.reply({
						// the reason shows once: on its field when it has one, else on the form
						formErrors: error.fields ? undefined : [error.message],
						fieldErrors: error.fields ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, [v]])) : undefined,
						hideFields,
					}),
					toast: { title: failure.title, description: error.message || failure.fallback },
				},
				{ status: error.status },
			)
		}
	}

	/** Actions on one row carry its id in `id`; the form schema doesn't know it. */
	const takeId = () => {
		const id = String(formData.get('id') ?? '')
		formData.delete('id')
		return id
	}

	switch (intent) {
		case 'rename':
			return run(RenameMeasurementSchema, async ({ id, label }) => {
				await updateMeasurement(user, id, { label })
				return done('Measurement Updated', 'Measurement updated successfully.')
			})
		case 'delete': {
			const id = takeId()
			return run(NoFields, async () => {
				await deleteMeasurement(user, id)
				return done('Measurement Deleted', 'Measurement deleted successfully.')
			})
		}
		case 'invite':
			return run(InviteSchema, async (input) => {
				await inviteUser(user, input)
				return done('Invitation sent!', 'The user will receive an email invitation.')
			})
		case 'editUser': {
			const id = takeId()
			return run(EditUserSchema, async (input) => {
				await updateTeamUser(user, id, input)
				return done('User updated')
			})
		}
		case 'removeUser': {
			const id = takeId()
			return run(NoFields, async () => {
				await removeTeamUser(user, id)
				return done('User removed from organization')
			})
		}
		case 'resetPassword': {
			const id = takeId()
			return run(NoFields, async () => {
				await sendTeamPasswordReset(user, id)
				return done('Password reset sent')
			})
		}
		case 'cancelInvitation': {
			const id = takeId()
			return run(NoFields, async () => {
				await cancelInvitation(user, id)
				return done('Invitation cancelled')
			})
		}
		case 'changePassword':
			return run(
				ChangePasswordSchema,
				async (input) => {
					await changePassword(user, input, { keepSessionSid: session.sid })
					return done('Password changed successfully', 'You can now use your new password to log in.')
				},
				['currentPassword', 'newPassword', 'confirmPassword'],
			)
		case 'changeSubscription':
			return run(ChangeSubscriptionSchema, async (input) => {
				if (!user.organizationId) throw forbidden('No organization found')
				const result = await changeSubscription(user, user.organizationId, input)
				if (result.changeType === 'upgrade') return done('Upgraded!', 'Subscription upgraded successfully! Changes are effective immediately.')
				if (result.changeType === 'downgrade') return done('Downgrade Scheduled', result.message)
				return done('Updated!', 'Subscription updated successfully!')
			})
		// issue 19: the share dialog (the same service and fields as POST/DELETE /api/measurements/{id}/share)
		case 'share': {
			const id = takeId()
			return run(ShareFormSchema, async (input) => {
				const created = await createShare(user, id, input)
				// the link is shown once: in this reply, in the dialog that stays open
				return data<ActionData>({ intent, result: { status: 'success' }, created: { url: created.url, expiresAt: created.expiresAt } })
			})
		}
		case 'revokeShare': {
			const id = takeId()
			return run(NoFields, async () => {
				await revokeShare(user, id)
				return redirectWithToast(hrefWith(readQuery(new URL(request.url)), { dialog: 'share', id }), { title: 'Share Link Revoked', description: 'The customer link no longer works.', type: 'success' })
			})
		}
		default:
			throw redirect(back)
	}
}

// ---------------------------------------------------------------- helpers

type LoaderData = Route.ComponentProps['loaderData']

/** A dashboard URL with the current query changed; page resets unless given. */
function hrefWith(query: DashboardQuery, changes: Record<string, string | number | null>) {
	const params = new URLSearchParams()
	if (query.q) params.set('q', query.q)
	if (query.sort !== 'newest') params.set('sort', query.sort)
	if (query.page > 1) params.set('page', String(query.page))
	for (const [key, value] of Object.entries(changes)) {
		if (value === null || value === '') params.delete(key)
		else params.set(key, String(value))
	}
	const search = params.toString()
	return `/dashboard${search ? `?${search}` : ''}`
}

const formatDate = (iso: string) =>
	new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' })
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
export const measurementName = (m: { id: string; label: string | null }) => m.label || `Measurement ${m.id.slice(0, 8)}`

function mapLink(m: ApiMeasurement) {
	const params = new URLSearchParams({ id: m.id })
	const first = m.shapes[0]?.coordinates?.[0]
	if (first) {
		params.set('lat', String(first.lat))
		params.set('lng', String(first.lng))
	}
	if (m.address) params.set('address', m.address)
	return `/measure?${params}`
}

function useActionToast(actionData: ActionData | undefined) {
	const toast = useToast()
	useEffect(() => {
		if (actionData?.toast) toast({ ...actionData.toast, type: 'destructive' })
	}, [actionData, toast])
}

function lastResultFor(actionData: ActionData | undefined, intent: Intent) {
	return actionData?.intent === intent ? actionData.result : undefined
}

// ---------------------------------------------------------------- screen

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
			<div className="grid gap-6 lg:grid-cols-3">
				<div className="space-y-6 lg:col-span-2">
					<UsageCards user={user} />
					<QuickActions />
					<RecentMeasurements loaderData={loaderData} actionData={actionData} />
				</div>
				<div className="space-y-6">
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
					result={lastResultFor(actionData, 'share')}
					created={actionData?.intent === 'share' ? actionData.created : undefined}
				/>
			) : null}
			{user.organization?.allowAiTraining ? <ThankYouDialog /> : null}
		</Page>
	)
}


function Badge({ children, tone = 'gray' }: { children: ReactNode; tone?: 'gray' | 'brand' | 'purple' }) {
	const tones = {
		gray: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
		brand: 'bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100',
		purple: 'bg-purple-100 text-purple-800 dark:bg-purple-900 dark:text-purple-100',
	}
	return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>
}

// ---------------------------------------------------------------- usage

export function usageText(used: number, limit: number | null, noun: 'searches' | 'reports') {
	if (limit === null) return `Unlimited ${noun} available`
	const remaining = Math.max(0, limit - used)
	return remaining > 0 ? `${remaining} ${noun} remaining` : `No ${noun} remaining`
}

function UsageCards({ user }: { user: ClientUser }) {
	const stats = user.usageStats
	return (
		<div className="grid gap-4 sm:grid-cols-2">
			<UsageCard title="Monthly Searches" used={stats.searches} limit={stats.searchLimit} noun="searches" />
			<UsageCard title="Monthly Reports" used={stats.reports} limit={stats.reportLimit} noun="reports" />
		</div>
	)
}

function UsageCard({ title, used, limit, noun }: { title: string; used: number; limit: number | null; noun: 'searches' | 'reports' }) {
	const percent = limit === null || limit === 0 ? (limit === 0 ? 100 : 0) : Math.min(100, (used / limit) * 100)
	const id = `usage-${noun}`
	return (
		<section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-700 dark:bg-gray-900">
			<h2 id={id} className="text-sm font-medium text-gray-600 dark:text-gray-400">
				{title}
			</h2>
			<p className="mt-2 text-2xl font-bold" data-testid={`${id}-count`}>
				{used} / {limit === null ? '∞' : limit}
			</p>
			<div
				role="progressbar"
				aria-label={`${title} used`}
				aria-valuemin={0}
				aria-valuemax={100}
				aria-valuenow={Math.round(percent)}
				className="mt-3 h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
			>
				<div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
			</div>
			<p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{usageText(used, limit, noun)}</p>
		</section>
	)
}

function QuickActions() {
	return (
		<Card title="Quick Actions" labelledBy="quick-actions">
			<div className="flex flex-wrap gap-3">
				<ButtonLink to="/measure">Start Measuring</ButtonLink>
				<ButtonLink to="/settings" variant="secondary">
					Settings
				</ButtonLink>
			</div>
		</Card>
	)
}

// ---------------------------------------------------------------- measurements

function RecentMeasurements({ loaderData, actionData }: { loaderData: LoaderData; actionData?: ActionData }) {
	const { list, query, ui, user } = loaderData
	const submit = useSubmit()
	const navigation = useNavigation()
	const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/dashboard' && !navigation.formData
	const badge = list ? `${list.matching} of ${list.total}` : '0 of 0'

	return (
		<Card title="Recent Measurements" labelledBy="recent-measurements" action={<Badge tone="brand">{badge}</Badge>}>
			<Form method="get" action="/dashboard" className="mb-4 flex flex-wrap items-end gap-2" role="search" aria-label="Measurements">
				<label className="min-w-48 flex-1">
					<span className="sr-only">Search measurements</span>
					<input
						type="search"
						name="q"
						defaultValue={query.q}
						placeholder="Search measurements..."
						aria-label="Search measurements"
						className={inputClass}
						onChange={(event) => {
							const form = event.currentTarget.form
							clearTimeout(searchTimer.current)
							searchTimer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 300)
						}}
					/>
				</label>
				<label>
					<span className="sr-only">Sort measurements</span>
					<select
						name="sort"
						defaultValue={query.sort}
						aria-label="Sort measurements"
						className={inputClass}
						onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
					>
						{MEASUREMENT_SORTS.map((s) => (
							<option key={s.value} value={s.value}>
								{s.label}
							</option>
						))}
					</select>
				</label>
				<Button type="submit" variant="secondary">
					Apply
				</Button>
			</Form>

			{loading ? <p className="mb-2 text-sm text-gray-500">Loading measurements...</p> : null}

			{!list || list.total === 0 ? (
				<div className="py-10 text-center">
					<p className="font-medium">No measurements yet</p>
					<ButtonLink to="/measure" className="mt-4">
						Start Your First Measurement
					</ButtonLink>
				</div>
			) : list.matching === 0 ? (
				<div className="py-10 text-center">
					<p className="font-medium">No measurements found</p>
					<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Try different search terms</p>
				</div>
			) : (
				<>
					<ul aria-label="Measurements" className="divide-y divide-gray-200 dark:divide-gray-700">
						{list.measurements.map((m) => (
							<MeasurementRow
								key={m.id}
								measurement={m}
								query={query}
								renaming={ui.rename === m.id}
								renameResult={ui.rename === m.id ? lastResultFor(actionData, 'rename') : undefined}
								showTraining={Boolean(user.organization?.allowAiTraining) && m.is_training_data === 'true'}
								share={loaderData.shares[m.id]}
							/>
						))}
					</ul>
					<Pagination query={query} page={list.page} pageCount={list.pageCount} matching={list.matching} pageSize={list.pageSize} />
				</>
			)}
		</Card>
	)
}

function MeasurementRow({
	measurement: m,
	query,
	renaming,
	renameResult,
	showTraining,
	share,
}: {
	measurement: ApiMeasurement
	query: DashboardQuery
	renaming: boolean
	renameResult?: SubmissionResult<string[]>
	showTraining: boolean
	share?: ShareSummary
}) {
	const name = measurementName(m)
	return (
		<li className="py-3" aria-label={name}>
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div className="min-w-0 flex-1">
					{renaming ? (
						<RenameForm measurement={m} close={hrefWith(query, {})} result={renameResult} />
					) : (
						<div className="flex flex-wrap items-center gap-2">
							<span className="font-medium">{name}</span>
							<Link
								to={hrefWith(query, { rename: m.id })}
								preventScrollReset
								className="text-xs text-brand-700 hover:underline dark:text-brand-500"
								aria-label={`Rename ${name}`}
							>
								Rename
							</Link>
							<Badge>{m.measurement_type}</Badge>
							{showTraining ? <Badge tone="purple">AI Training</Badge> : null}
						</div>
					)}
					{m.address ? <p className="text-sm text-gray-600 dark:text-gray-400">{m.address}</p> : null}
					<p className="mt-1 flex flex-wrap gap-x-3 text-xs text-gray-500 dark:text-gray-400">
						<span>{formatDate(m.created_at)}</span>
						<span>{Math.round(m.total_area_sqft).toLocaleString('en-US')} sq ft</span>
						<span>{m.total_area_acres.toFixed(3)} acres</span>
						<span>{plural(m.shape_count, 'shape')}</span>
					</p>
					<ShareStatusLine summary={share} />
				</div>
				<div className="flex items-center gap-2">
					<Link to={mapLink(m)} className={buttonClass('secondary', 'px-3 py-1 text-xs')} aria-label={`View ${name} on map`}>
						View on Map
					</Link>
					<DownloadReportLink id={m.id} name={name} className={buttonClass('secondary', 'px-3 py-1 text-xs')} />
					<Link to={hrefWith(query, { dialog: 'share', id: m.id })} preventScrollReset className={buttonClass('secondary', 'px-3 py-1 text-xs')} aria-label={`Share ${name} with customer`}>
						Share
					</Link>
					<Link
						to={hrefWith(query, { dialog: 'delete', id: m.id })}
						preventScrollReset
						className={buttonClass('ghost', 'px-3 py-1 text-xs text-red-700 dark:text-red-400')}
						aria-label={`Delete ${name}`}
					>
						Delete
					</Link>
				</div>
			</div>
		</li>
	)
}

function RenameForm({ measurement, close, result }: { measurement: ApiMeasurement; close: string; result?: SubmissionResult<string[]> }) {
	const navigate = useNavigate()
	const [form, fields] = useForm({
		id: `rename-${measurement.id}`,
		lastResult: result,
		defaultValue: { id: measurement.id, label: measurement.label ?? '' },
		constraint: getZodConstraint(RenameMeasurementSchema),
		onValidate: ({ formData }) => {
			formData.delete('intent')
			return parseWithZod(formData, { schema: RenameMeasurementSchema })
		},
		shouldValidate: 'onSubmit',
	})
	return (
		<Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-2" preventScrollReset>
			<input type="hidden" name="intent" value="rename" />
			<input {...getInputProps(fields.id, { type: 'hidden' })} />
			<input
				{...getInputProps(fields.label, { type: 'text' })}
				aria-label="Measurement name"
				autoFocus
				onKeyDown={(event) => {
					if (event.key === 'Escape') void navigate(close, { preventScrollReset: true })
				}}
				className={`${inputClass} max-w-xs py-1`}
			/>
			<Button type="submit" className="px-2 py-1" aria-label="Save name">
				✓
			</Button>
			<Link to={close} preventScrollReset className={buttonClass('ghost', 'px-2 py-1')} aria-label="Cancel rename">
				✕
			</Link>
			<ErrorList errors={fields.label.errors ?? form.errors} />
		</Form>
	)
}

function Pagination({ query, page, pageCount, matching, pageSize }: { query: DashboardQuery; page: number; pageCount: number; matching: number; pageSize: number }) {
	const first = (page - 1) * pageSize + 1
	const last = Math.min(matching, page * pageSize)
	const linkClass = (active: boolean) => buttonClass(active ? 'primary' : 'secondary', 'px-3 py-1 text-xs')
	return (
		<nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3">
			<p className="text-sm text-gray-600 dark:text-gray-400">
				Showing {first}-{last} of {matching}
			</p>
			{pageCount > 1 ? (
				<div className="flex flex-wrap gap-1">
					{page > 1 ? (
						<Link to={hrefWith(query, { page: page - 1 })} className={linkClass(false)}>
							Previous
						</Link>
					) : (
						<span aria-disabled="true" className={linkClass(false) + ' opacity-50'}>
							Previous
						</span>
					)}
					{pageItems(page, pageCount).map((n, i) =>
						n === 'gap' ? (
							<span key={`gap-${i}`} aria-hidden="true" className="px-1 py-1 text-xs text-gray-500">
								…
							</span>
						) : (
							<Link key={n} to={hrefWith(query, { page: n })} className={linkClass(n === page)} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`}>
								{n}
							</Link>
						),
					)}
					{page < pageCount ? (
						<Link to={hrefWith(query, { page: page + 1 })} className={linkClass(false)}>
							Next
						</Link>
					) : (
						<span aria-disabled="true" className={linkClass(false) + ' opacity-50'}>
							Next
						</span>
					)}
				</div>
			) : null}
		</nav>
	)
}

// ---------------------------------------------------------------- dialogs

function SubmitRow({ close, label, pendingLabel, intent, variant = 'primary' }: { close: string; label: string; pendingLabel: string; intent: Intent; variant?: 'primary' | 'destructive' }) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
	return (
		<div className="flex justify-end gap-2 pt-2">
			<ButtonLink to={close} preventScrollReset variant="secondary">
				Cancel
			</ButtonLink>
			<Button type="submit" name="intent" value={intent} variant={variant} disabled={pending}>
				{pending ? pendingLabel : label}
			</Button>
		</div>
	)
}

function withoutIntent(formData: FormData) {
	formData.delete('intent')
	formData.delete('id')
	return formData
}

function ChangePasswordDialog({ close, actionData }: { close: string; actionData?: ActionData }) {
	const [form, fields] = useForm({
		id: 'change-password',
		lastResult: lastResultFor(actionData, 'changePassword'),
		constraint: getZodConstraint(ChangePasswordSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: ChangePasswordSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<Dialog title="Change Password" closeTo={close} size="md">
			<Form method="post" className="space-y-4" {...getFormProps(form)}>
				<Field label="Current Password" inputProps={{ ...getInputProps(fields.currentPassword, { type: 'password' }), autoComplete: 'current-password', autoFocus: true }} errors={fields.currentPassword.errors} />
				<Field label="New Password" inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }} errors={fields.newPassword.errors} />
				<Field label="Confirm New Password" inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }} errors={fields.confirmPassword.errors} />
				<SubmitRow close={close} intent="changePassword" label="Change Password" pendingLabel="Changing..." />
			</Form>
		</Dialog>
	)
}

function RoleSelect({ field, placeholder }: { field: Parameters<typeof getSelectProps>[0]; placeholder?: boolean }) {
	const errorId = field.errors?.length ? `${field.id}-error` : undefined
	return (
		<div className="space-y-1">
			<label htmlFor={field.id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
				Role
			</label>
			<select {...getSelectProps(field)} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} className={inputClass}>
				{placeholder ? <option value="">Select a role</option> : null}
				<option value="member">Member</option>
				<option value="account_admin">Account Admin</option>
			</select>
			<ErrorList id={errorId} errors={field.errors} />
		</div>
	)
}

function InviteDialog({ close, actionData }: { close: string; actionData?: ActionData }) {
	const [form, fields] = useForm({
		id: 'invite-user',
		lastResult: lastResultFor(actionData, 'invite'),
		constraint: getZodConstraint(InviteSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: InviteSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<Dialog title="Invite User" closeTo={close} size="md">
			<Form method="post" className="space-y-4" {...getFormProps(form)}>
				<Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoFocus: true }} errors={fields.email.errors} />
				<Field label="First Name" inputProps={getInputProps(fields.firstName, { type: 'text' })} errors={fields.firstName.errors} />
				<Field label="Last Name" inputProps={getInputProps(fields.lastName, { type: 'text' })} errors={fields.lastName.errors} />
				<RoleSelect field={fields.role} placeholder />
				<ErrorList id={form.errorId} errors={form.errors} />
				<SubmitRow close={close} intent="invite" label="Send Invitation" pendingLabel="Sending..." />
			</Form>
		</Dialog>
	)
}

function EditUserDialog({ close, actionData, member }: { close: string; actionData?: ActionData; member?: TeamMember }) {
	const [form, fields] = useForm({
		id: `edit-user-${member?.id ?? 'none'}`,
		lastResult: lastResultFor(actionData, 'editUser'),
		defaultValue: member
			? { firstName: member.firstName ?? '', lastName: member.lastName ?? '', email: member.email, role: member.role, maxSearchesPerMonth: String(member.maxSearchesPerMonth) }
			: undefined,
		constraint: getZodConstraint(EditUserSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: EditUserSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	if (!member) {
		return (
			<Dialog title="Edit User" closeTo={close} size="md">
				<p>User not found</p>
			</Dialog>
		)
	}
	return (
		<Dialog title="Edit User" closeTo={close} size="md">
			<Form method="post" className="space-y-4" {...getFormProps(form)}>
				<input type="hidden" name="id" value={member.id} />
				<Field label="First Name" inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoFocus: true }} errors={fields.firstName.errors} />
				<Field label="Last Name" inputProps={getInputProps(fields.lastName, { type: 'text' })} errors={fields.lastName.errors} />
				<Field label="Email" inputProps={getInputProps(fields.email, { type: 'email' })} errors={fields.email.errors} />
				<RoleSelect field={fields.role} />
				<Field
					label="Monthly Search Limit"
					inputProps={{ ...getInputProps(fields.maxSearchesPerMonth, { type: 'number' }), min: 0, max: 10_000 }}
					errors={fields.maxSearchesPerMonth.errors}
				/>
				<ErrorList id={form.errorId} errors={form.errors} />
				<SubmitRow close={close} intent="editUser" label="Save Changes" pendingLabel="Saving..." />
			</Form>
		</Dialog>
	)
}

function DeleteDialog({ close, measurement }: { close: string; measurement?: ApiMeasurement }) {
	return (
		<Dialog title={measurement ? `Delete ${measurementName(measurement)}?` : 'Measurement not found'} closeTo={close} size="md">
			{measurement ? (
				<Form method="post" preventScrollReset>
					<input type="hidden" name="id" value={measurement.id} />
					<p className="text-sm text-gray-700 dark:text-gray-300">This measurement will be permanently deleted. This action cannot be undone.</p>
					<SubmitRow close={close} intent="delete" label="Delete" pendingLabel="Deleting..." variant="destructive" />
				</Form>
			) : null}
		</Dialog>
	)
}

function ThankYouDialog() {
	const [open, setOpen] = useState(false)
	useEffect(() => {
		// once per browser session (sessionStorage), shortly after load
		if (window.sessionStorage.getItem(THANK_YOU_KEY)) return
		const timer = setTimeout(() => {
			window.sessionStorage.setItem(THANK_YOU_KEY, '1')
			setOpen(true)
		}, THANK_YOU_DELAY_MS)
		return () => clearTimeout(timer)
	}, [])
	if (!open) return null
	return (
		<Modal labelledBy="thank-you-title" size="md">
			<h2 id="thank-you-title" className="text-lg font-semibold">
				Thank You for Contributing!
			</h2>
			<p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
				Your organization shares verified measurements to help train our AI grass detection, making it more accurate for everyone.
			</p>
			<p className="mt-2 text-sm text-gray-700 dark:text-gray-300">You can change this at any time in Organization Settings.</p>
			<div className="mt-4 flex justify-end">
				<Button type="button" onClick={() => setOpen(false)} autoFocus>
					Got it, thanks!
				</Button>
			</div>
		</Modal>
	)
}

// ---------------------------------------------------------------- side cards

function AccountCard({ user, query }: { user: ClientUser; query: DashboardQuery }) {
	const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email
	const initial = (user.firstName || user.email).charAt(0).toUpperCase()
	return (
		<Card title="Account" labelledBy="account-card">
			<div className="flex items-center gap-3">
				<span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white">
					{initial}
				</span>
				<div className="min-w-0">
					<p className="font-medium">{name}</p>
					<p className="truncate text-sm text-gray-600 dark:text-gray-400">{user.email}</p>
				</div>
			</div>
			<dl className="mt-4 space-y-2 text-sm">
				<div className="flex justify-between gap-2">
					<dt className="text-gray-600 dark:text-gray-400">Role</dt>
					<dd>
						<Badge tone="brand">{roleLabel(user.role)}</Badge>
					</dd>
				</div>
				{user.organization ? (
					<div className="flex justify-between gap-2">
						<dt className="text-gray-600 dark:text-gray-400">Organization</dt>
						<dd>{user.organization.name}</dd>
					</div>
				) : null}
			</dl>
			<ButtonLink to={hrefWith(query, { dialog: 'password' })} preventScrollReset variant="secondary" className="mt-4 w-full">
				Change Password
			</ButtonLink>
		</Card>
	)
}

function TeamManagement({ loaderData }: { loaderData: LoaderData }) {
	const { team, invitations, user, query, ui } = loaderData
	const members = ui.allMembers ? team : team.slice(0, MEMBERS_SHOWN)
	const pending = ui.allInvitations ? invitations : invitations.slice(0, INVITATIONS_SHOWN)
	return (
		<Card
			title="Team Management"
			labelledBy="team-management"
			action={
				<ButtonLink to={hrefWith(query, { dialog: 'invite' })} preventScrollReset className="px-3 py-1 text-xs">
					Invite User
				</ButtonLink>
			}
		>
			<h3 className="text-sm font-medium text-gray-600 dark:text-gray-400">Team Members</h3>
			{team.length === 0 ? (
				<p className="mt-2 text-sm">No team members</p>
			) : (
				<ul aria-label="Team members" className="mt-2 divide-y divide-gray-200 dark:divide-gray-700">
					{members.map((m) => {
						const name = [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email
						return (
							<li key={m.id} aria-label={name} className="py-2">
								<div className="flex items-center justify-between gap-2">
									<div className="min-w-0">
										<p className="truncate text-sm font-medium">{name}</p>
										<p className="truncate text-xs text-gray-500">{m.email}</p>
										<p className="text-xs text-gray-500">
											{m.searchesUsedThisMonth} / {m.maxSearchesPerMonth} searches
										</p>
									</div>
									<Badge>{roleLabel(m.role)}</Badge>
								</div>
								<div className="mt-1 flex flex-wrap gap-1">
									<Link to={hrefWith(query, { dialog: 'edit', id: m.id })} preventScrollReset className={buttonClass('ghost', 'px-2 py-0.5 text-xs')} aria-label={`Edit ${name}`}>
										Edit
									</Link>
									<Form method="post" preventScrollReset>
										<input type="hidden" name="id" value={m.id} />
										<button type="submit" name="intent" value="resetPassword" className={buttonClass('ghost', 'px-2 py-0.5 text-xs')} aria-label={`Reset password for ${name}`}>
											Reset Password
										</button>
									</Form>
									{m.id !== user.id ? (
										<Form method="post" preventScrollReset>
											<input type="hidden" name="id" value={m.id} />
											<button type="submit" name="intent" value="removeUser" className={buttonClass('ghost', 'px-2 py-0.5 text-xs text-red-700 dark:text-red-400')} aria-label={`Remove ${name}`}>
												Remove
											</button>
										</Form>
									) : null}
								</div>
							</li>
						)
					})}
				</ul>
			)}
			{!ui.allMembers && team.length > MEMBERS_SHOWN ? (
				<Link to={hrefWith(query, { members: 'all', invitations: ui.allInvitations ? 'all' : null })} preventScrollReset className="mt-1 block text-sm text-brand-700 hover:underline dark:text-brand-500">
					+{team.length - MEMBERS_SHOWN} more users
				</Link>
			) : null}

			{invitations.length ? (
				<>
					<h3 className="mt-4 text-sm font-medium text-gray-600 dark:text-gray-400">Pending Invitations</h3>
					<ul aria-label="Pending invitations" className="mt-2 divide-y divide-gray-200 dark:divide-gray-700">
						{pending.map((inv) => (
							<li key={inv.id} aria-label={inv.email} className="flex items-center justify-between gap-2 py-2">
								<div className="min-w-0">
									<p className="truncate text-sm font-medium">{inv.email}</p>
									<p className="text-xs text-gray-500">
										{roleLabel(inv.role)} · expires {formatDate(inv.expiresAt)}
									</p>
								</div>
								<Form method="post" preventScrollReset>
									<input type="hidden" name="id" value={inv.id} />
									<button type="submit" name="intent" value="cancelInvitation" className={buttonClass('ghost', 'px-2 py-0.5 text-xs')} aria-label={`Cancel invitation for ${inv.email}`}>
										Cancel
									</button>
								</Form>
							</li>
						))}
					</ul>
					{!ui.allInvitations && invitations.length > INVITATIONS_SHOWN ? (
						<Link to={hrefWith(query, { invitations: 'all', members: ui.allMembers ? 'all' : null })} preventScrollReset className="mt-1 block text-sm text-brand-700 hover:underline dark:text-brand-500">
							+{invitations.length - INVITATIONS_SHOWN} more invitations
						</Link>
					) : null}
				</>
			) : null}
		</Card>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	if (isRouteErrorResponse(error) && error.status === 401) {
		return <SignInRequired title="Access Denied" message="You must be logged in to view your dashboard." redirectTo="/dashboard" />
	}
	return (
		<div className="mx-auto max-w-xl px-4 py-24 text-center">
			<h1 className="text-3xl font-bold">Something went wrong</h1>
			<p className="mt-4 text-gray-700 dark:text-gray-300">Please try again.</p>
		</div>
	)
}
