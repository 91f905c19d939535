import type { Route } from './+types/index'
import type { RouteHandle } from '~/utils/route-handle.ts'
import { useOptionalUser } from '~/utils/user.ts'
import { ButtonLink } from '~/components/ui/button.tsx'

export const handle: RouteHandle = { header: 'landing' }

export const meta: Route.MetaFunction = () => [
	{ title: 'Yardstick — AI-powered property measurement for outdoor pros' },
	{ name: 'description', content: 'Measure lawns and property areas on satellite imagery and quote outdoor jobs without driving there.' },
]

export default function Landing() {
	const user = useOptionalUser()
	return (
		<section className="bg-gradient-to-b from-brand-50 to-white px-4 py-20 text-center dark:from-gray-900 dark:to-gray-950">
			<h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">Accurate Measurements. Bigger Profits.</h1>
			<p className="mx-auto mt-6 max-w-2xl text-lg text-gray-700 dark:text-gray-300">
				Measure lawns, beds and fence lines on satellite imagery, let AI find the grass, and send the quote without driving
				to the property.
			</p>
			<div className="mt-10 flex flex-wrap justify-center gap-4">
				{user ? (
					<>
						<ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
						<ButtonLink to="/measure" variant="secondary">
							Start Measuring
						</ButtonLink>
					</>
				) : (
					<>
						<ButtonLink to="/checkout/BETA">Become a Founding Member</ButtonLink>
						<ButtonLink to="/auth" variant="secondary">
							Sign In
						</ButtonLink>
					</>
				)}
			</div>
		</section>
	)
}
