import type { Route } from './+types/about'
import { Page } from '~/components/page.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'About | Yardstick' }]

export default function Screen() {
	return <Page title="About Yardstick" />
}
