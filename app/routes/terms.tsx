import type { Route } from './+types/terms'
import { TermsContent } from '~/components/legal.tsx'

export const meta: Route.MetaFunction = () => [
	{ title: 'Terms of Service | Yardstick' },
	{ name: 'description', content: 'Yardstick terms: month-to-month, no refunds, data deleted 30 days after cancellation, measurements are estimates.' },
]

export default function Terms() {
	return (
		<div className="mx-auto max-w-3xl px-4 py-12">
			<h1 className="text-3xl font-bold tracking-tight">Terms of Service</h1>
			<TermsContent />
		</div>
	)
}
