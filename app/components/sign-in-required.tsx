import { isRouteErrorResponse } from 'react-router'
import { ButtonLink } from './ui/button.tsx'

/** What a signed-out visitor sees on /dashboard and /settings (spec 2 §2). */
export function SignInRequired({ title, message, redirectTo }: { title: string; message: string; redirectTo: string }) {
	return (
		<div className="mx-auto max-w-xl px-4 py-24 text-center">
			<h1 className="text-3xl font-bold">{title}</h1>
			<p className="mt-4 text-gray-700 dark:text-gray-300">{message}</p>
			<ButtonLink to={`/api/login?redirectTo=${encodeURIComponent(redirectTo)}`} className="mt-8">
				Log In
			</ButtonLink>
		</div>
	)
}

/** The error boundary of a signed-in screen: signed out (401) asks to log in; anything else says so. */
export function SignedInScreenError({ error, title, message, redirectTo }: { error: unknown; title: string; message: string; redirectTo: string }) {
	if (isRouteErrorResponse(error) && error.status === 401) {
		return <SignInRequired title={title} message={message} redirectTo={redirectTo} />
	}
	return (
		<div className="mx-auto max-w-xl px-4 py-24 text-center">
			<h1 className="text-3xl font-bold">Something went wrong</h1>
			<p className="mt-4 text-gray-700 dark:text-gray-300">Please try again.</p>
		</div>
	)
}
