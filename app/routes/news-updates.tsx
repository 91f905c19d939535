import type { Route } from './+types/news-updates'
import { Page } from '~/components/page.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'News & Updates | Yardstick' }]

export default function Screen() {
	return <Page title="News & Updates" />
}
