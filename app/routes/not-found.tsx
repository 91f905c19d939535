// Any unknown path: a friendly page that goes home after 8 seconds, with or
// without JavaScript (meta refresh).
import { useEffect } from 'react'
import { data, useNavigate } from 'react-router'
import type { Route } from './+types/not-found'
import { ButtonLink } from '~/components/ui/button.tsx'

export const NOT_FOUND_REDIRECT_SECONDS = 8

export const loader = () => data(null, { status: 404 })
export const action = () => data(null, { status: 404 })

export const meta: Route.MetaFunction = () => [
	{ title: 'Page not found | Yardstick' },
	{ httpEquiv: 'refresh', content: `${NOT_FOUND_REDIRECT_SECONDS};url=/` },
]

export default function NotFound() {
	const navigate = useNavigate()
	useEffect(() => {
		const timer = setTimeout(() => navigate('/'), NOT_FOUND_REDIRECT_SECONDS * 1000)
		return () => clearTimeout(timer)
	}, [navigate])
	return (
		<div className="mx-auto max-w-xl px-4 py-24 text-center">
			<p className="text-6xl font-bold text-brand-600">404</p>
			<h1 className="mt-4 text-3xl font-bold">Page not found</h1>
			<p className="mt-4 text-gray-600 dark:text-gray-400">
				We couldn't find that page. You will be taken home in {NOT_FOUND_REDIRECT_SECONDS} seconds.
			</p>
			<ButtonLink to="/" className="mt-8">
				Go to Home Page
			</ButtonLink>
		</div>
	)
}
