// Organizations (spec 3 §4): create, edit (name, plan), deactivate,
// reactivate and delete, each behind a confirmation.
import { Badge } from '~/components/ui/badge.tsx'
import type { AdminOrganization } from '~/services/admin/organizations.server.ts'
import { RefundsDialog } from './refunds-dialog.tsx'
import { ConfirmDialog, EmptyRow, FormDialog, RowLink, SelectField, Table, Td, TextField, Toolbar, formatDate, href, replyFor, type SectionProps } from './ui.tsx'

export function OrganizationsSection({ data, actionData }: SectionProps) {
	if (!('organizations' in data) || !('tiers' in data) || data.tab !== 'organizations') return null
	const p = data.params
	const close = href('organizations')
	const orgs = data.organizations as AdminOrganization[]
	const target = p.id ? orgs.find((o) => o.id === p.id) : undefined
	const editingOrg = p.edit ? orgs.find((o) => o.id === p.edit) : undefined
	const invoicesOf = p.invoices ? orgs.find((o) => o.id === p.invoices) : undefined
	const reply = replyFor(actionData, 'org-create')
	return (
		<div>
			<Toolbar summary={`${orgs.length} organizations`} addTo={href('organizations', { new: 1 })} addLabel="Create Organization" />
			<Table columns={['Account #', 'Name', 'Plan', 'Users', 'Created']}>
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
							<RowLink to={href('organizations', { edit: o.id })} label={`Edit ${o.name}`}>
								Edit
							</RowLink>
							{data.role === 'site_admin' ? (
								<RowLink to={href('organizations', { invoices: o.id })} label={`Invoices of ${o.name}`}>
									Invoices
								</RowLink>
							) : null}
							{o.isDeactivated ? (
								<RowLink to={href('organizations', { confirm: 'reactivate', id: o.id })} label={`Reactivate ${o.name}`}>
									Reactivate
								</RowLink>
							) : (
								<RowLink to={href('organizations', { confirm: 'deactivate', id: o.id })} label={`Deactivate ${o.name}`}>
									Deactivate
								</RowLink>
							)}
							<RowLink to={href('organizations', { confirm: 'delete', id: o.id })} label={`Delete ${o.name}`} variant="destructive">
								Delete
							</RowLink>
						</Td>
					</tr>
				))}
			</Table>
			{editingOrg ? (
				<FormDialog title="Edit Organization" closeTo={close} intent="org-update" id={editingOrg.id} reply={replyFor(actionData, 'org-update', editingOrg.id)} submitLabel="Save Changes">
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
				</FormDialog>
			) : null}
			{invoicesOf && 'refundable' in data ? <RefundsDialog name={invoicesOf.name} invoices={data.refundable} closeTo={close} actionData={actionData} /> : null}
			{p.new ? (
				<FormDialog title="Create Organization" closeTo={close} intent="org-create" reply={reply} submitLabel="Create Organization">
					<TextField idPrefix="new-org" label="Name" name="name" required reply={reply} />
					<SelectField
						idPrefix="new-org"
						label="Plan"
						name="subscriptionTierId"
						defaultValue="starter"
						options={data.tiers.map((t) => [t.id, `${t.name} ($${t.monthlyPrice}/mo)`] as const)}
						reply={reply}
					/>
				</FormDialog>
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
