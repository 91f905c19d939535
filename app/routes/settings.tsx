import type { Route } from './+types/settings'
import { Page } from '~/components/page.tsx'
import { requireUser } from '~/services/auth.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Yardstick' }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireUser(request)
	return null
}

export default function Screen() {
	return <Page title="Settings" />
}
