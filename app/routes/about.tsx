import type { Route } from './+types/about'
import { ButtonLink } from '~/components/ui/button.tsx'

export const meta: Route.MetaFunction = () => [
	{ title: 'About | Yardstick' },
	{ name: 'description', content: 'Yardstick helps outdoor-service contractors measure properties from satellite imagery and quote jobs without driving there.' },
]

export default function About() {
	return (
		<div className="mx-auto max-w-3xl px-4 py-12">
			<h1 className="text-3xl font-bold tracking-tight">About Yardstick</h1>
			<div className="mt-6 space-y-4 text-lg text-gray-800 dark:text-gray-200">
				<p>
					Yardstick is an AI-powered property measurement tool for outdoor pros: landscapers, lawn care and mowing crews, fence installers, painters,
					pest control, sod, mulch and rock, pressure washing, irrigation, driveway pavers and general contractors — from owner-operators to
					franchises.
				</p>
				<p>
					Type a US address, see the property on satellite imagery, outline the lawn or let grass detection find it, and get exact square footage,
					acreage and distances. Save measurements per property with your team and export them to quote the job without driving there.
				</p>
				<p>
					Our figures are computed on the same WGS84 ellipsoid GPS uses, so the numbers you quote are the numbers on the ground — still estimates, so
					check anything critical on site.
				</p>
			</div>
			<div className="mt-10 flex flex-wrap gap-3">
				<ButtonLink to="/checkout/BETA">Become a Founding Member</ButtonLink>
				<ButtonLink to="/contact" variant="secondary">
					Contact Sales
				</ButtonLink>
			</div>
		</div>
	)
}
