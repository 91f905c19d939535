// Team Management (account admins): members with edit, password reset and
// remove; pending invitations with cancel; Invite User opens its dialog.
import { Form, Link } from 'react-router'
import { Badge } from '~/components/ui/badge.tsx'
import { ButtonLink, buttonClass } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import { fullName } from '~/lib/names.ts'
import { roleLabel } from '~/lib/roles.ts'
import { formatDate, hrefWith, type LoaderData } from './shared.ts'

const MEMBERS_SHOWN = 3
const INVITATIONS_SHOWN = 2

export function TeamManagement({ loaderData }: { loaderData: LoaderData }) {
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
						const name = fullName(m) || m.email
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
