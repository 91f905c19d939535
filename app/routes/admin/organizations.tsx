// Organizations (spec 3 §4): create, edit (name, plan), deactivate,
// reactivate and delete, each behind a confirmation.
import { Form, Link } from 'react-router'
import { ButtonLink, buttonClass } from '~/components/ui/button.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Dialog } from '~/components/ui/dialog.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'
import type { AdminOrganization } from '~/services/admin/organizations.server.ts'
import { ConfirmDialog, EmptyRow, FormError, Hidden, SelectField, Td, TextField, Th, Toolbar, formatDate, href, replyFor, tableClass, type SectionProps } from './ui.tsx'

export function OrganizationsSection({ data, actionData }: SectionProps) {
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
						<SubmitRow closeTo={close} label="Save Changes" />
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
						<SubmitRow closeTo={close} label="Create Organization" />
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
