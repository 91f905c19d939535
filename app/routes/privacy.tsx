import type { Route } from './+types/privacy'
import { PrivacyContent } from '~/components/legal.tsx'

export const meta: Route.MetaFunction = () => [
	{ title: 'Privacy Policy | Yardstick' },
	{ name: 'description', content: 'What Yardstick collects, how it is used and kept safe, your rights, and how long data is kept.' },
]

export default function Privacy() {
	return (
		<div className="mx-auto max-w-3xl px-4 py-12">
			<h1 className="text-3xl font-bold tracking-tight">Privacy Policy</h1>
			<PrivacyContent />
		</div>
	)
}
