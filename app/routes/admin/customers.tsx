// Customer Users (spec 3 §3): search by e-mail or name and role, add, edit,
// delete, and masquerade as a customer user.
import { Form } from 'react-router'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { roleLabel } from '~/lib/roles.ts'
import type { AdminUserView } from '~/services/admin/customers.server.ts'
import { cn } from '~/utils/cn.ts'
import { Checkbox, ConfirmDialog, EmptyRow, FormDialog, RowLink, SelectField, Table, Td, TextField, Toolbar, fullName, href, replyFor, type AdminActionData, type SectionProps } from './ui.tsx'

export function UsersSection({ data, actionData }: SectionProps) {
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
			<Toolbar addTo={href('users', { ...filters, new: 1 })} addLabel="Add Customer User">
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
			</Toolbar>
			<Table columns={['User', 'Role', 'Organization', 'Status']}>
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
							<RowLink to={href('users', { ...filters, edit: u.id })} label={`Edit ${u.email}`}>
								Edit
							</RowLink>
							{data.canMasquerade && u.role !== 'site_admin' ? (
								<RowLink to={href('users', { ...filters, confirm: 'masquerade', id: u.id })} label={`Masquerade as ${u.email}`}>
									Masquerade
								</RowLink>
							) : null}
							{u.id !== data.selfId ? (
								<RowLink to={href('users', { ...filters, confirm: 'delete', id: u.id })} label={`Delete ${u.email}`} variant="destructive">
									Delete
								</RowLink>
							) : null}
						</Td>
					</tr>
				))}
			</Table>

			{p.new ? (
				<FormDialog title="Add Customer User" closeTo={close} intent="user-create" reply={createReply} submitLabel="Add User">
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
				</FormDialog>
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

function EditUserDialog({ user, closeTo, orgOptions, reply }: { user: AdminUserView; closeTo: string; orgOptions: (readonly [string, string])[] | null; reply: AdminActionData | null }) {
	return (
		<FormDialog title="Edit User" closeTo={closeTo} intent="user-update" id={user.id} checkboxes={['canViewInvoices', 'isActive']} reply={reply} submitLabel="Save Changes">
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
		</FormDialog>
	)
}
