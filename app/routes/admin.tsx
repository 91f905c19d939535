import { data } from 'react-router'
import type { Route } from './+types/admin'
import { Page } from '~/components/page.tsx'
import { isAdminRole } from '~/lib/roles.ts'
import { requireUser } from '~/services/auth.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Admin Panel | Yardstick' }]

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	if (!isAdminRole(user.role)) return data({ allowed: false }, { status: 403 })
	return { allowed: true }
}

export default function Admin({ loaderData }: Route.ComponentProps) {
	if (!loaderData.allowed) {
		return (
			<Page title="Admin Panel">
				<p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
					Access denied. You need admin privileges to view this page.
				</p>
			</Page>
		)
	}
	return <Page title="Admin Panel" />
}
