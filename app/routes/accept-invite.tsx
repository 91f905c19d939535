import type { Route } from './+types/accept-invite'
import { Page } from '~/components/page.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Accept Invitation | Yardstick' }]

export default function Screen() {
	return <Page title="Accept Invitation" />
}
