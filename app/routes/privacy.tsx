import type { Route } from './+types/privacy'
import { Page } from '~/components/page.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Privacy Policy | Yardstick' }]

export default function Screen() {
	return <Page title="Privacy Policy" />
}
