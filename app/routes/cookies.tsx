import type { Route } from './+types/cookies'
import { Page } from '~/components/page.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Cookie Settings | Yardstick' }]

export default function Screen() {
	return <Page title="Cookie Settings" />
}
