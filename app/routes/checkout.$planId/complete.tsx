import { Link } from 'react-router'
import { ButtonLink } from '~/components/ui/button.tsx'

export function Complete({ free, email }: { free: boolean; email: string }) {
	return (
		<section aria-labelledby="complete-title" className="rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm dark:border-gray-700 dark:bg-gray-900">
			<h2 id="complete-title" className="text-2xl font-semibold">
				{free ? 'Verify Your Email' : 'Your Account Is Ready'}
			</h2>
			<p className="mt-3 text-gray-700 dark:text-gray-300">
				{free
					? `We sent a verification link to ${email}. Please verify your email address to activate your account, then sign in.`
					: `Payment received. Your account is ready. We sent a link to ${email} to confirm your email address before your first sign-in.`}
			</p>
			<div className="mt-6 flex justify-center gap-3">
				<ButtonLink to="/measure">Start Measuring</ButtonLink>
				<ButtonLink to="/dashboard" variant="secondary">
					Go to Dashboard
				</ButtonLink>
			</div>
			<p className="mt-4 text-sm">
				<Link to="/auth" className="underline">
					Sign in
				</Link>
			</p>
		</section>
	)
}
