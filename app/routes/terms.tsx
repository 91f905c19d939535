import type { Route } from './+types/terms'
import { Page } from '~/components/page.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Terms of Service | Yardstick' }]

export default function Screen() {
	return <Page title="Terms of Service" />
}
