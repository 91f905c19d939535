import { redirect } from 'react-router'
import type { Route } from './+types/dashboard'
import { Page } from '~/components/page.tsx'
import { isSiteAdmin } from '~/lib/roles.ts'
import { requireUser } from '~/services/auth.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Yardstick' }]

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	if (isSiteAdmin(user.role)) throw redirect('/admin')
	return null
}

export default function Dashboard() {
	return <Page title="Dashboard" subtitle="Manage your property measurements" />
}
