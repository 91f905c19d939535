// Team Members (spec 3 §7): site admins and their staff permission flags.
import { Form, Link } from 'react-router'
import { ButtonLink, buttonClass } from '~/components/ui/button.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Dialog } from '~/components/ui/dialog.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'
import { ADMIN_FLAGS, FLAG_LABELS } from '~/lib/admin.ts'
import { Checkbox, ConfirmDialog, FormError, Hidden, SelectField, Td, TextField, Th, Toolbar, formatDateTime, fullName, href, replyFor, tableClass, type SectionProps } from './ui.tsx'

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
						<SubmitRow closeTo={close} label="Add Team Member" />
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
						<SubmitRow closeTo={close} label="Save Changes" />
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
