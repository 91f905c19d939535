import { Link } from 'react-router'
import type { Route } from './+types/news-updates.$id'
import { Page } from '~/components/page.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'News & Updates | Yardstick' }]

export default function Screen() {
	return (
		<Page title="News & Updates">
			<Link to="/news-updates" className="text-brand-700 underline">
				Back to News & Updates
			</Link>
		</Page>
	)
}
