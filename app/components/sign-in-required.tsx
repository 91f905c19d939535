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
