// /auth (spec 1 §2): Sign In, Create Account, Forgot and Reset password, and
// the e-mailed two-factor code — one page whose form is chosen by the URL
// (?mode=register|forgot, ?token=…). Every form posts to this action, so all
// of it works without JavaScript. Each form is one file beside this one; the
// action's intents are in intents.server.ts.
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { Route } from './+types/route'
import { useToast } from '~/components/toaster.tsx'
import { requireAnonymous } from '~/services/auth.server.ts'
import { ForgotForm } from './forgot-form.tsx'
import { handleIntent } from './intents.server.ts'
import { RegisterForm } from './register-form.tsx'
import { ResetForm } from './reset-form.tsx'
import { SignInForm } from './sign-in-form.tsx'
import { TwoFactorStep } from './two-factor-step.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Sign in | Yardstick' }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAnonymous(request)
	return null
}

export async function action({ request }: Route.ActionArgs) {
	await requireAnonymous(request)
	// a clone: the sign-in reads the request's body again (remix-auth's form strategy)
	return handleIntent(request, await request.clone().formData())
}

type Mode = 'signin' | 'register' | 'forgot' | 'reset'

export default function AuthRoute({ actionData }: Route.ComponentProps) {
	const [params] = useSearchParams()
	const token = params.get('token')
	const requested = params.get('mode')
	const mode: Mode = token ? 'reset' : requested === 'register' || requested === 'forgot' ? requested : 'signin'
	const toast = useToast()
	useEffect(() => {
		if (actionData?.toast) toast({ type: 'destructive', ...actionData.toast })
	}, [actionData, toast])

	return (
		<div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2">
			<section className="mx-auto w-full max-w-md">
				{params.get('error') ? (
					<div role="alert" className="mb-6 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
						Authentication failed. Please try again.
					</div>
				) : null}
				{mode !== 'signin' ? (
					<Link to="/auth" className="mb-4 inline-block text-sm text-brand-700 hover:underline dark:text-brand-500">
						← Back
					</Link>
				) : null}
				{mode === 'signin' && actionData?.twoFactor ? <TwoFactorStep actionData={actionData} challengeToken={actionData.twoFactor.challengeToken} /> : null}
				{mode === 'signin' && !actionData?.twoFactor ? <SignInForm actionData={actionData} /> : null}
				{mode === 'register' ? <RegisterForm actionData={actionData} /> : null}
				{mode === 'forgot' ? <ForgotForm actionData={actionData} /> : null}
				{mode === 'reset' && token ? <ResetForm actionData={actionData} token={token} /> : null}
				<p className="mt-8 text-center text-xs text-gray-600 dark:text-gray-400">
					<Link to="/terms" className="underline">Terms of Service</Link> · <Link to="/privacy" className="underline">Privacy Policy</Link> ·{' '}
					<Link to="/" className="underline">Home</Link>
				</p>
			</section>
			<aside className="hidden rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-10 text-white lg:block">
				<h2 className="text-2xl font-bold">Accurate measurements from your desk</h2>
				<p className="mt-4 text-brand-100">
					Measure lawns, beds, driveways and fence lines on satellite imagery with exact geodesic math, and quote the job
					without driving there.
				</p>
				<ul className="mt-6 space-y-2 text-brand-50">
					<li>✓ Multiple map views: satellite, hybrid and terrain</li>
					<li>✓ Areas in sq ft, acres and m², distances in ft, yd and m</li>
					<li>✓ Save measurements per property and export reports</li>
				</ul>
			</aside>
		</div>
	)
}
