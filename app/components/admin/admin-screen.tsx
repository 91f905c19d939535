// The /admin screen (spec 3 §2): four stat cards, seven sections as tabs (a
// select on small screens), each section's table or grid, and its dialogs.
import { useEffect, useState, type ReactNode } from 'react'
import { Form, Link, useNavigate } from 'react-router'
import type { AdminLoaderData } from '~/routes/admin.tsx'
import type { AdminUserView } from '~/services/admin/customers.server.ts'
import type { AdminOrganization } from '~/services/admin/organizations.server.ts'
import type { AdminTier } from '~/services/admin/plans.server.ts'
import type { PublicPost } from '~/services/blog.server.ts'
import { ADMIN_FLAGS, FLAG_LABELS, SECTION_LABELS, formatDiscount, formatLimit, formatMaxUsers, formatUses, type AdminSection } from '~/lib/admin.ts'
import { roleLabel } from '~/lib/roles.ts'
import { cn } from '~/utils/cn.ts'
import { Page } from '../page.tsx'
import { Button, ButtonLink, buttonClass } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { ErrorList, inputClass } from '../ui/field.tsx'
import {
	Badge,
	Checkbox,
	ConfirmDialog,
	FormError,
	SelectField,
	Td,
	TextField,
	Th,
	cardClass,
	formatDate,
	formatDateTime,
	fullName,
	replyFor,
	tableClass,
	type AdminActionData,
} from './ui.tsx'

export type { AdminActionData }

type Data = Extract<AdminLoaderData, { allowed: true }>
type Props = { data: Data; actionData: AdminActionData | null }

const href = (tab: AdminSection, params: Record<string, string | number | undefined> = {}) => {
	const search = new URLSearchParams({ tab })
	for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v))
	return `/admin?${search}`
}

export function AdminScreen({ data, actionData }: Props) {
	return (
		<Page title="Admin Panel" subtitle={data.role === 'account_admin' ? 'Manage the users of your organization' : 'Manage customers, plans and content'}>
			{data.stats ? <StatCards stats={data.stats} /> : null}
			{data.sections.length === 0 ? (
				<p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
					Your team member permissions do not include any admin section yet. Ask a site admin with full access to grant them.
				</p>
			) : (
				<>
					<SectionTabs sections={data.sections} tab={data.tab!} />
					{data.denied ? (
						<p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
							Your team member permissions do not include that section.
						</p>
					) : null}
					<section aria-labelledby="section-title" className="mt-6">
						<h2 id="section-title" className="sr-only">
							{SECTION_LABELS[data.tab!]}
						</h2>
						<Section data={data} actionData={actionData} />
					</section>
				</>
			)}
		</Page>
	)
}

function StatCards({ stats }: { stats: NonNullable<Data['stats']> }) {
	const cards: [string, number][] = [
		['Total Accounts', stats.accounts],
		['Total Users', stats.users],
		["Today's Searches", stats.searchStats.day],
		["Today's Measurements", stats.measurementStats.day],
	]
	return (
		<ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
			{cards.map(([label, value]) => (
				<li key={label} className={cardClass}>
					<p className="text-sm text-gray-600 dark:text-gray-400">{label}</p>
					<p className="mt-1 text-2xl font-bold" aria-label={`${label}: ${value}`}>
						{value.toLocaleString('en-US')}
					</p>
				</li>
			))}
		</ul>
	)
}

function SectionTabs({ sections, tab }: { sections: AdminSection[]; tab: AdminSection }) {
	const navigate = useNavigate()
	return (
		<div className="mt-8">
			{/* small screens: a select; without JavaScript the Go button submits it */}
			<Form method="get" action="/admin" className="flex gap-2 md:hidden">
				<label htmlFor="admin-section" className="sr-only">
					Section
				</label>
				<select id="admin-section" name="tab" defaultValue={tab} className={inputClass} onChange={(e) => navigate(href(e.target.value as AdminSection))}>
					{sections.map((s) => (
						<option key={s} value={s}>
							{SECTION_LABELS[s]}
						</option>
					))}
				</select>
				<noscript>
					<Button type="submit" variant="secondary">
						Go
					</Button>
				</noscript>
			</Form>
			<nav aria-label="Admin sections" className="hidden border-b border-gray-200 md:block dark:border-gray-700">
				<ul className="-mb-px flex flex-wrap gap-1">
					{sections.map((s) => (
						<li key={s}>
							<Link
								to={href(s)}
								aria-current={s === tab ? 'page' : undefined}
								className={cn(
									'inline-block border-b-2 px-3 py-2 text-sm font-medium',
									s === tab ? 'border-brand-700 text-brand-700 dark:border-brand-500 dark:text-brand-500' : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100',
								)}
							>
								{SECTION_LABELS[s]}
							</Link>
						</li>
					))}
				</ul>
			</nav>
		</div>
	)
}

function Section({ data, actionData }: Props) {
	switch (data.tab) {
		case 'users':
			return <UsersSection data={data} actionData={actionData} />
		case 'organizations':
			return <OrganizationsSection data={data} actionData={actionData} />
		case 'plans':
			return <PlansSection data={data} actionData={actionData} />
		case 'coupons':
			return <CouponsSection data={data} actionData={actionData} />
		case 'team':
			return <TeamSection data={data} actionData={actionData} />
		case 'blog':
			return <BlogSection data={data} actionData={actionData} />
		case 'cleanup':
			return <CleanupSection data={data} actionData={actionData} />
		default:
			return null
	}
}

function Toolbar({ children }: { children: ReactNode }) {
	return <div className="mb-4 flex flex-wrap items-end justify-between gap-3">{children}</div>
}

function Hidden({ intent, id, checkboxes }: { intent: string; id?: string; checkboxes?: readonly string[] }) {
	return (
		<>
			<input type="hidden" name="intent" value={intent} />
			{id ? <input type="hidden" name="id" value={id} /> : null}
			{checkboxes?.length ? <input type="hidden" name="_checkboxes" value={checkboxes.join(',')} /> : null}
		</>
	)
}

function DialogButtons({ closeTo, label }: { closeTo: string; label: string }) {
	return (
		<div className="flex justify-end gap-2 pt-2">
			<Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
				Cancel
			</Link>
			<Button type="submit">{label}</Button>
		</div>
	)
}

const EmptyRow = ({ cols, text }: { cols: number; text: string }) => (
	<tr>
		<td colSpan={cols} className="px-3 py-8 text-center text-sm text-gray-500">
			{text}
		</td>
	</tr>
)

// ---------------------------------------------------------------- Customer Users
function UsersSection({ data, actionData }: Props) {
	if (!('users' in data)) return null
	const p = data.params
	const filters = { search: data.filters.search, role: data.filters.role === 'all' ? undefined : data.filters.role }
	const close = href('users', filters)
	const editing = p.edit ? data.users.find((u) => u.id === p.edit) : undefined
	const target = p.id ? data.users.find((u) => u.id === p.id) : undefined
	const orgOptions = data.organizations.map((o) => [o.id, `${o.name} (${o.accountNumber})`] as const)
	const createReply = replyFor(actionData, 'user-create')
	return (
		<div>
			<Toolbar>
				<Form method="get" action="/admin" className="flex flex-wrap items-end gap-2" role="search">
					<input type="hidden" name="tab" value="users" />
					<div>
						<label htmlFor="user-search" className="block text-sm font-medium">
							Search
						</label>
						<input id="user-search" name="search" type="search" placeholder="Email or full name" defaultValue={data.filters.search} className={cn(inputClass, 'w-64')} />
					</div>
					<div>
						<label htmlFor="user-role" className="block text-sm font-medium">
							Role
						</label>
						<select id="user-role" name="role" defaultValue={data.filters.role} className={inputClass}>
							<option value="all">All</option>
							<option value="site_admin">Site Admin</option>
							<option value="account_admin">Account Admin</option>
							<option value="member">Member</option>
						</select>
					</div>
					<Button type="submit" variant="secondary">
						Search
					</Button>
				</Form>
				<ButtonLink to={href('users', { ...filters, new: 1 })} preventScrollReset>
					Add Customer User
				</ButtonLink>
			</Toolbar>
			<div className="overflow-x-auto">
				<table className={tableClass}>
					<thead>
						<tr>
							<Th>User</Th>
							<Th>Role</Th>
							<Th>Organization</Th>
							<Th>Status</Th>
							<Th className="text-right">Actions</Th>
						</tr>
					</thead>
					<tbody className="divide-y divide-gray-100 dark:divide-gray-800">
						{data.users.length === 0 ? <EmptyRow cols={5} text="No users found" /> : null}
						{data.users.map((u) => (
							<tr key={u.id}>
								<Td>
									<div className="font-medium">{fullName(u)}</div>
									<div className="text-gray-600 dark:text-gray-400">{u.email}</div>
									{!u.isActive ? <Badge tone="red">Inactive</Badge> : null}
								</Td>
								<Td>{roleLabel(u.role)}</Td>
								<Td>{u.organizationName ?? '—'}</Td>
								<Td>{u.isEmailConfirmed ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Unverified</Badge>}</Td>
								<Td className="space-x-2 text-right whitespace-nowrap">
									<Link className={buttonClass('secondary', 'px-2 py-1')} to={href('users', { ...filters, edit: u.id })} preventScrollReset aria-label={`Edit ${u.email}`}>
										Edit
									</Link>
									{data.canMasquerade && u.role !== 'site_admin' ? (
										<Link className={buttonClass('secondary', 'px-2 py-1')} to={href('users', { ...filters, confirm: 'masquerade', id: u.id })} preventScrollReset aria-label={`Masquerade as ${u.email}`}>
											Masquerade
										</Link>
									) : null}
									{u.id !== data.selfId ? (
										<Link className={buttonClass('destructive', 'px-2 py-1')} to={href('users', { ...filters, confirm: 'delete', id: u.id })} preventScrollReset aria-label={`Delete ${u.email}`}>
											Delete
										</Link>
									) : null}
								</Td>
							</tr>
						))}
					</tbody>
				</table>
			</div>

			{p.new ? (
				<Dialog title="Add Customer User" closeTo={close}>
					<Form method="post" className="space-y-3">
						<Hidden intent="user-create" />
						<FormError reply={createReply} />
						<p className="text-sm text-gray-600 dark:text-gray-400">The user gets an e-mail with a link to set their password.</p>
						<TextField idPrefix="new-user" label="Email" name="email" type="email" required reply={createReply} />
						<div className="grid gap-3 sm:grid-cols-2">
							<TextField idPrefix="new-user" label="First name" name="firstName" required reply={createReply} />
							<TextField idPrefix="new-user" label="Last name" name="lastName" required reply={createReply} />
						</div>
						<SelectField idPrefix="new-user" label="Organization" name="organizationId" options={orgOptions} reply={createReply} />
						<SelectField
							idPrefix="new-user"
							label="Role"
							name="role"
							defaultValue="user"
							options={[
								['user', 'Member'],
								['account_admin', 'Account Admin'],
							]}
							reply={createReply}
						/>
						<DialogButtons closeTo={close} label="Add User" />
					</Form>
				</Dialog>
			) : null}

			{editing ? <EditUserDialog user={editing} closeTo={close} orgOptions={data.role === 'site_admin' ? orgOptions : null} reply={replyFor(actionData, 'user-update', editing.id)} /> : null}

			{p.confirm === 'delete' && target ? (
				<ConfirmDialog
					title="Delete User"
					message={`Delete ${fullName(target)} (${target.email})? Their sessions end and this cannot be undone.`}
					closeTo={close}
					intent="user-delete"
					id={target.id}
					confirmLabel="Delete"
					reply={replyFor(actionData, 'user-delete', target.id)}
				/>
			) : null}
			{p.confirm === 'masquerade' && target && data.canMasquerade && target.role !== 'site_admin' ? (
				<ConfirmDialog
					title="Masquerade"
					message={`Sign in as ${fullName(target)} (${target.email})? You will see the product as they do until you return to the admin panel.`}
					closeTo={close}
					id={target.id}
					action={`/api/admin/masquerade/${target.id}`}
					reloadDocument
					confirmLabel="Masquerade"
					pendingText="Redirecting to user interface..."
					destructive={false}
				/>
			) : null}
		</div>
	)
}

type AdminUser = AdminUserView

function EditUserDialog({ user, closeTo, orgOptions, reply }: { user: AdminUser; closeTo: string; orgOptions: (readonly [string, string])[] | null; reply: AdminActionData | null }) {
	return (
		<Dialog title="Edit User" closeTo={closeTo}>
			<Form method="post" className="space-y-3">
				<Hidden intent="user-update" id={user.id} checkboxes={['canViewInvoices', 'isActive']} />
				<FormError reply={reply} />
				<TextField idPrefix="edit-user" label="Email" name="email" type="email" required defaultValue={user.email} reply={reply} />
				<p className="text-sm">
					<span className="font-medium">Role:</span> {roleLabel(user.role)}
				</p>
				<div className="grid gap-3 sm:grid-cols-2">
					<TextField idPrefix="edit-user" label="First name" name="firstName" required defaultValue={user.firstName} reply={reply} />
					<TextField idPrefix="edit-user" label="Last name" name="lastName" required defaultValue={user.lastName} reply={reply} />
				</div>
				{orgOptions ? <SelectField idPrefix="edit-user" label="Organization" name="organizationId" defaultValue={user.organizationId} options={orgOptions} reply={reply} /> : null}
				<TextField idPrefix="edit-user" label="Monthly search limit" name="maxSearchesPerMonth" type="number" min={0} max={10000} defaultValue={user.maxSearchesPerMonth} reply={reply} />
				<fieldset className="space-y-2">
					<legend className="text-sm font-medium">Permissions</legend>
					<Checkbox label="Can view invoices" name="canViewInvoices" defaultChecked={user.canViewInvoices} />
					<Checkbox label="Active (can sign in)" name="isActive" defaultChecked={user.isActive} />
				</fieldset>
				<DialogButtons closeTo={closeTo} label="Save Changes" />
			</Form>
		</Dialog>
	)
}

// ---------------------------------------------------------------- Organizations
function OrganizationsSection({ data, actionData }: Props) {
	if (!('organizations' in data) || !('tiers' in data) || data.tab !== 'organizations') return null
	const p = data.params
	const close = href('organizations')
	const orgs = data.organizations as AdminOrganization[]
	const target = p.id ? orgs.find((o) => o.id === p.id) : undefined
	const editingOrg = p.edit ? orgs.find((o) => o.id === p.edit) : undefined
	const reply = replyFor(actionData, 'org-create')
	return (
		<div>
			<Toolbar>
				<p className="text-sm text-gray-600 dark:text-gray-400">{orgs.length} organizations</p>
				<ButtonLink to={href('organizations', { new: 1 })} preventScrollReset>
					Create Organization
				</ButtonLink>
			</Toolbar>
			<div className="overflow-x-auto">
				<table className={tableClass}>
					<thead>
						<tr>
							<Th>Account #</Th>
							<Th>Name</Th>
							<Th>Plan</Th>
							<Th>Users</Th>
							<Th>Created</Th>
							<Th className="text-right">Actions</Th>
						</tr>
					</thead>
					<tbody className="divide-y divide-gray-100 dark:divide-gray-800">
						{orgs.length === 0 ? <EmptyRow cols={6} text="No organizations yet" /> : null}
						{orgs.map((o) => (
							<tr key={o.id}>
								<Td className="font-mono">{o.accountNumber}</Td>
								<Td>
									<div className="font-medium">{o.name}</div>
									{o.isDeactivated ? (
										<div className="mt-1 space-y-0.5">
											<Badge tone="red">Deactivated</Badge>
											<div className="text-xs text-gray-600 dark:text-gray-400">Data removed {formatDate(o.dataCleanupAt)}</div>
										</div>
									) : null}
								</Td>
								<Td>
									{o.subscriptionTierName} <span className="text-gray-600 dark:text-gray-400">(${o.monthlyPrice}/mo)</span>
								</Td>
								<Td>{o.userCount}</Td>
								<Td>{formatDate(o.createdAt)}</Td>
								<Td className="space-x-2 text-right whitespace-nowrap">
									<Link className={buttonClass('secondary', 'px-2 py-1')} to={href('organizations', { edit: o.id })} preventScrollReset aria-label={`Edit ${o.name}`}>
										Edit
									</Link>
									{o.isDeactivated ? (
										<Link className={buttonClass('secondary', 'px-2 py-1')} to={href('organizations', { confirm: 'reactivate', id: o.id })} preventScrollReset aria-label={`Reactivate ${o.name}`}>
											Reactivate
										</Link>
									) : (
										<Link className={buttonClass('secondary', 'px-2 py-1')} to={href('organizations', { confirm: 'deactivate', id: o.id })} preventScrollReset aria-label={`Deactivate ${o.name}`}>
											Deactivate
										</Link>
									)}
									<Link className={buttonClass('destructive', 'px-2 py-1')} to={href('organizations', { confirm: 'delete', id: o.id })} preventScrollReset aria-label={`Delete ${o.name}`}>
										Delete
									</Link>
								</Td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
			{editingOrg ? (
				<Dialog title="Edit Organization" closeTo={close}>
					<Form method="post" className="space-y-3">
						<Hidden intent="org-update" id={editingOrg.id} />
						<FormError reply={replyFor(actionData, 'org-update', editingOrg.id)} />
						<TextField idPrefix="edit-org" label="Name" name="name" required defaultValue={editingOrg.name} reply={replyFor(actionData, 'org-update', editingOrg.id)} />
						<SelectField
							idPrefix="edit-org"
							label="Plan"
							name="subscriptionTierId"
							defaultValue={editingOrg.subscriptionTierId}
							options={data.tiers.map((t) => [t.id, t.name] as const)}
							reply={replyFor(actionData, 'org-update', editingOrg.id)}
						/>
						<p className="text-xs text-gray-600 dark:text-gray-400">A plan set here applies at once, without pro-rating or an invoice line.</p>
						<DialogButtons closeTo={close} label="Save Changes" />
					</Form>
				</Dialog>
			) : null}
			{p.new ? (
				<Dialog title="Create Organization" closeTo={close}>
					<Form method="post" className="space-y-3">
						<Hidden intent="org-create" />
						<FormError reply={reply} />
						<TextField idPrefix="new-org" label="Name" name="name" required reply={reply} />
						<SelectField
							idPrefix="new-org"
							label="Plan"
							name="subscriptionTierId"
							defaultValue="starter"
							options={data.tiers.map((t) => [t.id, `${t.name} ($${t.monthlyPrice}/mo)`] as const)}
							reply={reply}
						/>
						<DialogButtons closeTo={close} label="Create Organization" />
					</Form>
				</Dialog>
			) : null}
			{target && p.confirm === 'deactivate' ? (
				<ConfirmDialog
					title="Deactivate Organization"
					message={`Deactivate ${target.name}? Its ${target.userCount} user(s) lose access at once, and all of its data is permanently deleted in 30 days unless it is reactivated before then.`}
					closeTo={close}
					intent="org-deactivate"
					id={target.id}
					confirmLabel="Deactivate"
					reply={replyFor(actionData, 'org-deactivate', target.id)}
				/>
			) : null}
			{target && p.confirm === 'reactivate' ? (
				<ConfirmDialog
					title="Reactivate Organization"
					message={`Reactivate ${target.name}? Its members can sign in again and the scheduled data cleanup is cancelled.`}
					closeTo={close}
					intent="org-reactivate"
					id={target.id}
					confirmLabel="Reactivate"
					destructive={false}
					reply={replyFor(actionData, 'org-reactivate', target.id)}
				/>
			) : null}
			{target && p.confirm === 'delete' ? (
				<ConfirmDialog
					title="Delete Organization"
					message={`Permanently delete ${target.name} (${target.accountNumber})? Its ${target.userCount} user(s), measurements, projects, invitations and invoices are removed now. This cannot be undone.`}
					closeTo={close}
					intent="org-delete"
					id={target.id}
					confirmLabel="Delete Permanently"
					reply={replyFor(actionData, 'org-delete', target.id)}
				/>
			) : null}
		</div>
	)
}

// ---------------------------------------------------------------- Subscription Plans
type Tier = AdminTier
const FEATURE_LABELS: Record<string, string> = {
	ai_predictions: 'AI predictions',
	advanced_analytics: 'Advanced analytics',
	team_collaboration: 'Team collaboration',
	priority_support: 'Priority support',
	custom_reports: 'Custom reports',
	api_access: 'API access',
	data_export: 'Data export',
	whitelabel: 'White label',
}

function TierFields({ tier, reply, featureKeys, idPrefix }: { tier?: Tier; reply: AdminActionData | null; featureKeys: string[]; idPrefix: string }) {
	const typedFeatures = reply?.values?.features
	const checked = (f: string) => (Array.isArray(typedFeatures) ? typedFeatures.includes(f) : (tier?.features.includes(f) ?? false))
	return (
		<>
			<TextField idPrefix={idPrefix} label="Name" name="name" required defaultValue={tier?.name} reply={reply} />
			<TextField idPrefix={idPrefix} label="Description" name="description" defaultValue={tier?.description} reply={reply} />
			<div className="grid gap-3 sm:grid-cols-2">
				<TextField idPrefix={idPrefix} label="Monthly price ($)" name="monthlyPrice" inputMode="decimal" defaultValue={tier?.monthlyPrice ?? '0'} reply={reply} />
				<TextField idPrefix={idPrefix} label="Max users" name="maxUsers" inputMode="numeric" defaultValue={tier ? (tier.maxUsers ?? '') : '1'} hint="Empty or 999+ = unlimited" reply={reply} />
				<TextField idPrefix={idPrefix} label="Searches per month" name="searchesPerMonth" inputMode="numeric" defaultValue={tier?.searchesPerMonth ?? ''} hint="Empty = unlimited" reply={reply} />
				<TextField idPrefix={idPrefix} label="Reports per month" name="reportsPerMonth" inputMode="numeric" defaultValue={tier?.reportsPerMonth ?? ''} hint="Empty = unlimited" reply={reply} />
			</div>
			<fieldset className="grid gap-2 sm:grid-cols-2">
				<legend className="mb-1 text-sm font-medium">Features</legend>
				{featureKeys.map((f) => (
					<Checkbox key={`${f}-${reply?.at ?? 0}`} label={FEATURE_LABELS[f] ?? f} name="features" value={f} defaultChecked={checked(f)} />
				))}
			</fieldset>
			<ErrorList errors={reply?.fields?.features ? [reply.fields.features] : null} />
		</>
	)
}

function PlansSection({ data, actionData }: Props) {
	if (data.tab !== 'plans' || !('featureKeys' in data)) return null
	const p = data.params
	const close = href('plans')
	const target = p.id ? data.tiers.find((t) => t.id === p.id) : undefined
	const createReply = replyFor(actionData, 'plan-create')
	return (
		<div>
			<Toolbar>
				<p className="text-sm text-gray-600 dark:text-gray-400">{data.tiers.length} plans</p>
				<ButtonLink to={href('plans', { new: 1 })} preventScrollReset>
					Create Plan
				</ButtonLink>
			</Toolbar>
			<ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
				{data.tiers.map((t) =>
					p.edit === t.id ? (
						<li key={t.id} className={cardClass}>
							<Form method="post" className="space-y-3" aria-label={`Edit ${t.name}`}>
								<Hidden intent="plan-update" id={t.id} />
								<p className="text-sm">
									<span className="font-medium">Plan id:</span> <code>{t.id}</code> <span className="text-gray-500">(cannot change)</span>
								</p>
								<FormError reply={replyFor(actionData, 'plan-update', t.id)} />
								<TierFields tier={t} reply={replyFor(actionData, 'plan-update', t.id)} featureKeys={data.featureKeys} idPrefix={`edit-${t.id}`} />
								<DialogButtons closeTo={close} label="Save Plan" />
							</Form>
						</li>
					) : (
						<li key={t.id} className={cardClass} aria-label={t.name}>
							<div className="flex items-start justify-between gap-2">
								<div>
									<h3 className="text-lg font-semibold">{t.name}</h3>
									<code className="text-xs text-gray-500">{t.id}</code>
								</div>
								<p className="text-lg font-bold">
									${t.monthlyPrice}
									<span className="text-sm font-normal text-gray-500">/mo</span>
								</p>
							</div>
							{t.description ? <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t.description}</p> : null}
							<dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
								<div>
									<dt className="text-gray-500">Searches</dt>
									<dd>{formatLimit(t.searchesPerMonth)}</dd>
								</div>
								<div>
									<dt className="text-gray-500">Reports</dt>
									<dd>{formatLimit(t.reportsPerMonth)}</dd>
								</div>
								<div>
									<dt className="text-gray-500">Max users</dt>
									<dd>{formatMaxUsers(t.maxUsers)}</dd>
								</div>
							</dl>
							{t.features.length ? (
								<ul className="mt-3 flex flex-wrap gap-1">
									{t.features.map((f) => (
										<li key={f}>
											<Badge tone="blue">{FEATURE_LABELS[f] ?? f}</Badge>
										</li>
									))}
								</ul>
							) : null}
							<div className="mt-2 flex gap-1">
								{!t.isActive ? <Badge tone="red">Inactive</Badge> : null}
								{!t.isAvailable ? <Badge>Not offered</Badge> : null}
							</div>
							<div className="mt-4 flex justify-end gap-2">
								<Link className={buttonClass('secondary', 'px-2 py-1')} to={href('plans', { edit: t.id })} preventScrollReset aria-label={`Edit ${t.name}`}>
									Edit
								</Link>
								<Link className={buttonClass('destructive', 'px-2 py-1')} to={href('plans', { confirm: 'delete', id: t.id })} preventScrollReset aria-label={`Delete ${t.name}`}>
									Delete
								</Link>
							</div>
						</li>
					),
				)}
			</ul>
			{p.new ? (
				<Dialog title="Create Plan" closeTo={close} size="2xl">
					<Form method="post" className="space-y-3">
						<Hidden intent="plan-create" />
						<FormError reply={createReply} />
						<TextField idPrefix="new-plan" label="Plan id" name="id" required hint="Lowercase letters, digits and dashes; cannot change later" reply={createReply} />
						<TierFields reply={createReply} featureKeys={data.featureKeys} idPrefix="new-plan" />
						<DialogButtons closeTo={close} label="Create Plan" />
					</Form>
				</Dialog>
			) : null}
			{target && p.confirm === 'delete' ? (
				<ConfirmDialog
					title="Delete Plan"
					message={`Delete the plan ${target.name} (${target.id})? Plans that organizations use cannot be deleted.`}
					closeTo={close}
					intent="plan-delete"
					id={target.id}
					confirmLabel="Delete"
					reply={replyFor(actionData, 'plan-delete', target.id)}
				/>
			) : null}
		</div>
	)
}

// ---------------------------------------------------------------- Coupons
function CouponsSection({ data, actionData }: Props) {
	if (data.tab !== 'coupons' || !('coupons' in data)) return null
	const p = data.params
	const close = href('coupons')
	const target = p.id ? data.coupons.find((c) => c.id === p.id) : undefined
	const editing = p.edit ? data.coupons.find((c) => c.id === p.edit) : undefined
	const reply = replyFor(actionData, 'coupon-create')
	const editReply = editing ? replyFor(actionData, 'coupon-update', editing.id) : null
	return (
		<div>
			<Toolbar>
				<p className="text-sm text-gray-600 dark:text-gray-400">{data.coupons.length} coupons</p>
				<ButtonLink to={href('coupons', { new: 1 })} preventScrollReset>
					Create Coupon
				</ButtonLink>
			</Toolbar>
			<div className="overflow-x-auto">
				<table className={tableClass}>
					<thead>
						<tr>
							<Th>Code</Th>
							<Th>Name</Th>
							<Th>Discount</Th>
							<Th>Uses</Th>
							<Th>Valid until</Th>
							<Th className="text-right">Actions</Th>
						</tr>
					</thead>
					<tbody className="divide-y divide-gray-100 dark:divide-gray-800">
						{data.coupons.length === 0 ? <EmptyRow cols={6} text="No coupons yet" /> : null}
						{data.coupons.map((c) => (
							<tr key={c.id}>
								<Td className="font-mono font-medium">{c.code}</Td>
								<Td>
									{c.name}
									{c.description ? <div className="text-xs text-gray-500">{c.description}</div> : null}
								</Td>
								<Td>{formatDiscount(c.discountType, c.discountValue, c.freeSubscriptionTierId)}</Td>
								<Td>{formatUses(c.usedCount, c.maxUses)}</Td>
								<Td>{c.validUntil ? formatDate(c.validUntil) : 'No expiry'}</Td>
								<Td className="space-x-2 text-right whitespace-nowrap">
									<Link className={buttonClass('secondary', 'px-2 py-1')} to={href('coupons', { edit: c.id })} preventScrollReset aria-label={`Edit ${c.code}`}>
										Edit
									</Link>
									<Link className={buttonClass('destructive', 'px-2 py-1')} to={href('coupons', { confirm: 'delete', id: c.id })} preventScrollReset aria-label={`Delete ${c.code}`}>
										Delete
									</Link>
								</Td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
			{p.new ? (
				<Dialog title="Create Coupon" closeTo={close}>
					<Form method="post" className="space-y-3">
						<Hidden intent="coupon-create" />
						<FormError reply={reply} />
						<div className="grid gap-3 sm:grid-cols-2">
							<TextField idPrefix="new-coupon" label="Code" name="code" required reply={reply} />
							<TextField idPrefix="new-coupon" label="Name" name="name" required reply={reply} />
						</div>
						<TextField idPrefix="new-coupon" label="Description" name="description" reply={reply} />
						<div className="grid gap-3 sm:grid-cols-2">
							<SelectField
								idPrefix="new-coupon"
								label="Discount type"
								name="discountType"
								defaultValue="percentage"
								options={[
									['percentage', 'Percentage'],
									['fixed_amount', 'Fixed amount ($)'],
									['free_tier', 'Free plan'],
								]}
								reply={reply}
							/>
							<TextField idPrefix="new-coupon" label="Discount value" name="discountValue" inputMode="decimal" reply={reply} />
						</div>
						<SelectField
							idPrefix="new-coupon"
							label="Free plan (for free plan coupons)"
							name="freeSubscriptionTierId"
							options={[['', '—'] as const, ...data.tiers.map((t) => [t.id, t.name] as const)]}
							reply={reply}
						/>
						<div className="grid gap-3 sm:grid-cols-2">
							<TextField idPrefix="new-coupon" label="Max uses" name="maxUses" inputMode="numeric" hint="Empty = unlimited" reply={reply} />
							<TextField idPrefix="new-coupon" label="Valid until" name="validUntil" type="date" hint="Empty = no expiry" reply={reply} />
						</div>
						<DialogButtons closeTo={close} label="Create Coupon" />
					</Form>
				</Dialog>
			) : null}
			{editing ? (
				<Dialog title={`Edit Coupon ${editing.code}`} closeTo={close}>
					<Form method="post" className="space-y-3">
						<Hidden intent="coupon-update" id={editing.id} checkboxes={['isActive']} />
						<FormError reply={editReply} />
						<p className="text-sm text-gray-600 dark:text-gray-400">
							The code cannot change (invoices keep it). Used {formatUses(editing.usedCount, editing.maxUses)}.
						</p>
						<TextField idPrefix="edit-coupon" label="Name" name="name" required defaultValue={editing.name} reply={editReply} />
						<TextField idPrefix="edit-coupon" label="Description" name="description" defaultValue={editing.description ?? ''} reply={editReply} />
						<div className="grid gap-3 sm:grid-cols-2">
							<SelectField
								idPrefix="edit-coupon"
								label="Discount type"
								name="discountType"
								defaultValue={editing.discountType}
								options={[
									['percentage', 'Percentage'],
									['fixed_amount', 'Fixed amount ($)'],
									['free_tier', 'Free plan'],
								]}
								reply={editReply}
							/>
							<TextField idPrefix="edit-coupon" label="Discount value" name="discountValue" inputMode="decimal" defaultValue={editing.discountValue} reply={editReply} />
						</div>
						<SelectField
							idPrefix="edit-coupon"
							label="Free plan (for free plan coupons)"
							name="freeSubscriptionTierId"
							defaultValue={editing.freeSubscriptionTierId ?? ''}
							options={[['', '—'] as const, ...data.tiers.map((t) => [t.id, t.name] as const)]}
							reply={editReply}
						/>
						<div className="grid gap-3 sm:grid-cols-2">
							<TextField idPrefix="edit-coupon" label="Max uses" name="maxUses" inputMode="numeric" hint="Empty = unlimited" defaultValue={editing.maxUses?.toString() ?? ''} reply={editReply} />
							<TextField idPrefix="edit-coupon" label="Valid until" name="validUntil" type="date" hint="Empty = no expiry" defaultValue={editing.validUntil?.slice(0, 10) ?? ''} reply={editReply} />
						</div>
						<Checkbox label="Active" name="isActive" defaultChecked={editing.isActive} />
						<DialogButtons closeTo={close} label="Save Changes" />
					</Form>
				</Dialog>
			) : null}
			{target && p.confirm === 'delete' ? (
				<ConfirmDialog
					title="Delete Coupon"
					message={`Delete the coupon ${target.code}? Invoices keep the code they were issued with.`}
					closeTo={close}
					intent="coupon-delete"
					id={target.id}
					confirmLabel="Delete"
					reply={replyFor(actionData, 'coupon-delete', target.id)}
				/>
			) : null}
		</div>
	)
}

// ---------------------------------------------------------------- Team Members
function FlagBoxes({ permissions }: { permissions?: Record<string, boolean> }) {
	return (
		<fieldset className="grid gap-2 sm:grid-cols-2">
			<legend className="mb-1 text-sm font-medium">Permissions</legend>
			{ADMIN_FLAGS.map((f) => (
				<Checkbox key={f} label={FLAG_LABELS[f]} name={f} defaultChecked={permissions ? permissions[f] : false} />
			))}
		</fieldset>
	)
}

function TeamSection({ data, actionData }: Props) {
	if (data.tab !== 'team' || !('team' in data)) return null
	const p = data.params
	const close = href('team')
	const editing = p.edit ? data.team.find((m) => m.id === p.edit) : undefined
	const target = p.id ? data.team.find((m) => m.id === p.id) : undefined
	const reply = replyFor(actionData, 'team-create')
	return (
		<div>
			<Toolbar>
				<p className="text-sm text-gray-600 dark:text-gray-400">{data.team.length} site admins</p>
				<ButtonLink to={href('team', { new: 1 })} preventScrollReset>
					Add Team Member
				</ButtonLink>
			</Toolbar>
			<div className="overflow-x-auto">
				<table className={tableClass}>
					<thead>
						<tr>
							<Th>Member</Th>
							<Th>Permissions</Th>
							<Th>Status</Th>
							<Th>Last sign-in</Th>
							<Th className="text-right">Actions</Th>
						</tr>
					</thead>
					<tbody className="divide-y divide-gray-100 dark:divide-gray-800">
						{data.team.map((m) => (
							<tr key={m.id}>
								<Td>
									<div className="font-medium">
										{fullName(m)} {m.id === data.selfId ? <span className="text-xs text-gray-500">(you)</span> : null}
									</div>
									<div className="text-gray-600 dark:text-gray-400">{m.email}</div>
								</Td>
								<Td>
									<Badge tone={m.access === 'Full Access' ? 'green' : 'amber'}>{m.access}</Badge>
								</Td>
								<Td>{m.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>}</Td>
								<Td>{formatDateTime(m.lastLoginAt)}</Td>
								<Td className="space-x-2 text-right whitespace-nowrap">
									<Link className={buttonClass('secondary', 'px-2 py-1')} to={href('team', { edit: m.id })} preventScrollReset aria-label={`Edit ${m.email}`}>
										Edit
									</Link>
									{m.id !== data.selfId ? (
										<Link className={buttonClass('destructive', 'px-2 py-1')} to={href('team', { confirm: 'delete', id: m.id })} preventScrollReset aria-label={`Delete ${m.email}`}>
											Delete
										</Link>
									) : null}
								</Td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
			{p.new ? (
				<Dialog title="Add Team Member" closeTo={close} size="2xl">
					<Form method="post" className="space-y-3">
						<Hidden intent="team-create" checkboxes={ADMIN_FLAGS} />
						<FormError reply={reply} />
						<p className="text-sm text-gray-600 dark:text-gray-400">The new member gets an e-mail with a link to set their password.</p>
						<TextField idPrefix="new-member" label="Email" name="email" type="email" required reply={reply} />
						<div className="grid gap-3 sm:grid-cols-2">
							<TextField idPrefix="new-member" label="First name" name="firstName" required reply={reply} />
							<TextField idPrefix="new-member" label="Last name" name="lastName" required reply={reply} />
							<SelectField
								idPrefix="new-member"
								label="Role"
								name="role"
								defaultValue="site_admin"
								options={[
									['site_admin', 'Site Admin'],
									['account_admin', 'Account Admin'],
								]}
								reply={reply}
							/>
							<SelectField
								idPrefix="new-member"
								label="Organization (account admins)"
								name="organizationId"
								options={[['', '—'] as const, ...data.organizations.map((o) => [o.id, o.name] as const)]}
								reply={reply}
							/>
						</div>
						<FlagBoxes />
						<DialogButtons closeTo={close} label="Add Team Member" />
					</Form>
				</Dialog>
			) : null}
			{editing ? (
				<Dialog title="Edit Team Member" closeTo={close} size="2xl">
					<Form method="post" className="space-y-3">
						<Hidden intent="team-update" id={editing.id} checkboxes={[...ADMIN_FLAGS, 'isActive']} />
						<FormError reply={replyFor(actionData, 'team-update', editing.id)} />
						<TextField idPrefix="edit-member" label="Email" name="email" type="email" required defaultValue={editing.email} reply={replyFor(actionData, 'team-update', editing.id)} />
						<div className="grid gap-3 sm:grid-cols-2">
							<TextField idPrefix="edit-member" label="First name" name="firstName" required defaultValue={editing.firstName} reply={replyFor(actionData, 'team-update', editing.id)} />
							<TextField idPrefix="edit-member" label="Last name" name="lastName" required defaultValue={editing.lastName} reply={replyFor(actionData, 'team-update', editing.id)} />
						</div>
						<Checkbox label="Active" name="isActive" defaultChecked={editing.isActive} />
						<FlagBoxes permissions={editing.permissions} />
						<DialogButtons closeTo={close} label="Save Changes" />
					</Form>
				</Dialog>
			) : null}
			{target && p.confirm === 'delete' ? (
				<ConfirmDialog
					title="Delete Team Member"
					message={`Delete ${fullName(target)} (${target.email}) from the staff team? Their account is removed.`}
					closeTo={close}
					intent="team-delete"
					id={target.id}
					confirmLabel="Delete"
					reply={replyFor(actionData, 'team-delete', target.id)}
				/>
			) : null}
		</div>
	)
}

// ---------------------------------------------------------------- Blog Posts
type Post = PublicPost

function PostForm({ post, reply, closeTo, page }: { post?: Post; reply: AdminActionData | null; closeTo: string; page: number }) {
	const today = new Date().toISOString().slice(0, 10)
	const typedContent = reply?.values?.content
	const published = reply?.values ? reply.values.isPublished === 'on' : (post?.isPublished ?? false)
	return (
		<Form method="post" className="space-y-3">
			<Hidden intent={post ? 'post-update' : 'post-create'} id={post?.id} checkboxes={['isPublished']} />
			<input type="hidden" name="page" value={page} />
			<FormError reply={reply} />
			<TextField idPrefix="post" label="Title *" name="title" defaultValue={post?.title} reply={reply} />
			<TextField idPrefix="post" label="Excerpt *" name="excerpt" defaultValue={post?.excerpt} reply={reply} />
			<div className="space-y-1">
				<label htmlFor="post-content" className="block text-sm font-medium">
					Content *
				</label>
				<textarea
					id="post-content"
					name="content"
					rows={10}
					key={`content-${reply?.at ?? 0}`}
					defaultValue={typeof typedContent === 'string' ? typedContent : (post?.content ?? '')}
					aria-invalid={reply?.fields?.content ? true : undefined}
					className={inputClass}
				/>
				<p className="text-xs text-gray-500">Plain text; each line break starts a paragraph.</p>
				<ErrorList errors={reply?.fields?.content ? [reply.fields.content] : null} />
			</div>
			<TextField idPrefix="post" label="Publish date" name="publishDate" type="date" defaultValue={post ? post.publishDate.slice(0, 10) : today} reply={reply} />
			<Checkbox key={`pub-${reply?.at ?? 0}`} label="Publish" name="isPublished" defaultChecked={published} />
			<DialogButtons closeTo={closeTo} label={post ? 'Update Post' : 'Create Post'} />
		</Form>
	)
}

function BlogSection({ data, actionData }: Props) {
	if (data.tab !== 'blog' || !('blog' in data)) return null
	const p = data.params
	const { posts, total, page, limit } = data.blog
	const pages = Math.max(1, Math.ceil(total / limit))
	const close = href('blog', { page: page > 1 ? page : undefined })
	const editing = p.edit ? posts.find((x) => x.id === p.edit) : undefined
	const target = p.id ? posts.find((x) => x.id === p.id) : undefined
	return (
		<div>
			<Toolbar>
				<p className="text-sm text-gray-600 dark:text-gray-400">{total} posts</p>
				<ButtonLink to={href('blog', { new: 1, page: page > 1 ? page : undefined })} preventScrollReset>
					Create Post
				</ButtonLink>
			</Toolbar>
			<ul className="divide-y divide-gray-100 dark:divide-gray-800">
				{posts.length === 0 ? <li className="py-8 text-center text-sm text-gray-500">No blog posts yet</li> : null}
				{posts.map((post) => (
					<li key={post.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
						<div>
							<p className="font-medium">{post.title}</p>
							<p className="text-sm text-gray-600 dark:text-gray-400">
								{post.publishDate.slice(0, 10)} · /news-updates/{post.slug}
							</p>
							<p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{post.excerpt}</p>
						</div>
						<div className="flex items-center gap-2">
							{post.isPublished ? <Badge tone="green">Published</Badge> : <Badge>Draft</Badge>}
							<Link className={buttonClass('secondary', 'px-2 py-1')} to={href('blog', { edit: post.id, page: page > 1 ? page : undefined })} preventScrollReset aria-label={`Edit ${post.title}`}>
								Edit
							</Link>
							<Link className={buttonClass('destructive', 'px-2 py-1')} to={href('blog', { confirm: 'delete', id: post.id, page: page > 1 ? page : undefined })} preventScrollReset aria-label={`Delete ${post.title}`}>
								Delete
							</Link>
						</div>
					</li>
				))}
			</ul>
			{pages > 1 ? (
				<nav aria-label="Blog pages" className="mt-4 flex items-center justify-between text-sm">
					{page > 1 ? <Link to={href('blog', { page: page - 1 })}>Previous</Link> : <span className="text-gray-400">Previous</span>}
					<span>
						Page {page} of {pages}
					</span>
					{page < pages ? <Link to={href('blog', { page: page + 1 })}>Next</Link> : <span className="text-gray-400">Next</span>}
				</nav>
			) : null}
			{p.new ? (
				<Dialog title="Create Post" closeTo={close} size="2xl">
					<PostForm reply={replyFor(actionData, 'post-create')} closeTo={close} page={page} />
				</Dialog>
			) : null}
			{editing ? (
				<Dialog title="Edit Post" closeTo={close} size="2xl">
					<PostForm post={editing} reply={replyFor(actionData, 'post-update', editing.id)} closeTo={close} page={page} />
				</Dialog>
			) : null}
			{target && p.confirm === 'delete' ? (
				<ConfirmDialog
					title="Delete Post"
					message={`Delete “${target.title}”? This is permanent.`}
					closeTo={close}
					intent="post-delete"
					id={target.id}
					extra={{ page: String(page) }}
					confirmLabel="Delete"
					reply={replyFor(actionData, 'post-delete', target.id)}
				/>
			) : null}
		</div>
	)
}

// ---------------------------------------------------------------- Data Cleanup
export const CLEANUP_POLL_MS = 30_000

function CleanupSection({ data, actionData }: Props) {
	const initial = data.tab === 'cleanup' && 'cleanup' in data ? data.cleanup : null
	const [stats, setStats] = useState(initial)
	useEffect(() => setStats(initial), [initial])
	useEffect(() => {
		// spec 3 §9: the statistics are refetched every 30 seconds
		const timer = setInterval(async () => {
			const res = await fetch('/api/admin/cleanup/stats', { headers: { Accept: 'application/json' } }).catch(() => null)
			if (res?.ok) setStats(await res.json())
		}, CLEANUP_POLL_MS)
		return () => clearInterval(timer)
	}, [])
	if (!stats) return null
	const reply = replyFor(actionData, 'cleanup-trigger')
	const cards: [string, string][] = [
		['Organizations pending cleanup', String(stats.organizationsPendingCleanup)],
		['Last cleanup run', formatDateTime(stats.lastCleanupRun)],
		['Next cleanup scheduled', formatDateTime(stats.nextCleanupScheduled)],
	]
	return (
		<div className="space-y-6">
			<ul className="grid gap-4 sm:grid-cols-3">
				{cards.map(([label, value]) => (
					<li key={label} className={cardClass}>
						<p className="text-sm text-gray-600 dark:text-gray-400">{label}</p>
						<p className="mt-1 text-xl font-semibold" data-testid={label}>
							{value}
						</p>
					</li>
				))}
			</ul>
			<Form method="post" className="space-y-3">
				<Hidden intent="cleanup-trigger" />
				<FormError reply={reply} />
				<Button type="submit">Run Cleanup Now</Button>
			</Form>
			<div className={cn(cardClass, 'space-y-2 text-sm text-gray-700 dark:text-gray-300')}>
				<h3 className="text-base font-semibold text-gray-900 dark:text-gray-100">Data retention policy</h3>
				<p>
					When an organization is deactivated — by an administrator, or when a cancelled subscription ends — its members lose access at once. Thirty days later all of its data is permanently deleted: its
					users and their sessions, measurements, projects, invitations and invoices.
				</p>
				<p>An organization can be reactivated at any time before the cleanup runs, which restores access and cancels the deletion.</p>
				<p>The cleanup runs automatically once a day and when the application starts. Every run and every deleted organization is recorded in the audit log.</p>
			</div>
		</div>
	)
}
