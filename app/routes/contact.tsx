import type { Route } from './+types/contact'
import { Page } from '~/components/page.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Contact Sales | Yardstick' }]

export default function Screen() {
	return <Page title="Contact Sales" />
}
