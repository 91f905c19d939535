import { Badge } from '~/components/ui/badge.tsx'
import { ButtonLink } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import { fullName } from '~/lib/names.ts'
import { roleLabel } from '~/lib/roles.ts'
import type { DashboardQuery } from '~/lib/schemas/account.ts'
import type { ClientUser } from '~/services/users.server.ts'
import { hrefWith } from './shared.ts'

export function AccountCard({ user, query }: { user: ClientUser; query: DashboardQuery }) {
	const name = fullName(user) || user.email
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
