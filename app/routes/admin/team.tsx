// Team Members (spec 3 §7): site admins and their staff permission flags.
import { Badge } from '~/components/ui/badge.tsx'
import { ADMIN_FLAGS, FLAG_LABELS } from '~/lib/admin.ts'
import { Checkbox, ConfirmDialog, FormDialog, RowLink, SelectField, Table, Td, TextField, Toolbar, formatDateTime, fullName, href, replyFor, type SectionProps } from './ui.tsx'

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

export function TeamSection({ data, actionData }: SectionProps) {
	if (data.tab !== 'team' || !('team' in data)) return null
	const p = data.params
	const close = href('team')
	const editing = p.edit ? data.team.find((m) => m.id === p.edit) : undefined
	const target = p.id ? data.team.find((m) => m.id === p.id) : undefined
	const reply = replyFor(actionData, 'team-create')
	return (
		<div>
			<Toolbar summary={`${data.team.length} site admins`} addTo={href('team', { new: 1 })} addLabel="Add Team Member" />
			<Table columns={['Member', 'Permissions', 'Status', 'Last sign-in']}>
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
							<RowLink to={href('team', { edit: m.id })} label={`Edit ${m.email}`}>
								Edit
							</RowLink>
							{m.id !== data.selfId ? (
								<RowLink to={href('team', { confirm: 'delete', id: m.id })} label={`Delete ${m.email}`} variant="destructive">
									Delete
								</RowLink>
							) : null}
						</Td>
					</tr>
				))}
			</Table>
			{p.new ? (
				<FormDialog title="Add Team Member" closeTo={close} size="2xl" intent="team-create" checkboxes={ADMIN_FLAGS} reply={reply} submitLabel="Add Team Member">
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
				</FormDialog>
			) : null}
			{editing ? (
				<FormDialog
					title="Edit Team Member"
					closeTo={close}
					size="2xl"
					intent="team-update"
					id={editing.id}
					checkboxes={[...ADMIN_FLAGS, 'isActive']}
					reply={replyFor(actionData, 'team-update', editing.id)}
					submitLabel="Save Changes"
				>
					<TextField idPrefix="edit-member" label="Email" name="email" type="email" required defaultValue={editing.email} reply={replyFor(actionData, 'team-update', editing.id)} />
					<div className="grid gap-3 sm:grid-cols-2">
						<TextField idPrefix="edit-member" label="First name" name="firstName" required defaultValue={editing.firstName} reply={replyFor(actionData, 'team-update', editing.id)} />
						<TextField idPrefix="edit-member" label="Last name" name="lastName" required defaultValue={editing.lastName} reply={replyFor(actionData, 'team-update', editing.id)} />
					</div>
					<Checkbox label="Active" name="isActive" defaultChecked={editing.isActive} />
					<FlagBoxes permissions={editing.permissions} />
				</FormDialog>
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
