import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useState } from 'react'
import { Form, Link, data, redirect, useNavigation, useSearchParams } from 'react-router'
import type { Route } from './+types/auth'
import { CaptchaField, useCaptcha } from '~/components/captcha.tsx'
import { Button } from '~/components/ui/button.tsx'
import { CodeField } from '~/components/ui/code-field.tsx'
import { ErrorList, Field } from '~/components/ui/field.tsx'
import { useToast } from '~/components/toaster.tsx'
import { homeForRole } from '~/lib/roles.ts'
import { ForgotPasswordSchema, LoginSchema, RegisterSchema, ResendVerificationSchema, ResetPasswordSchema } from '~/lib/schemas/auth.ts'
import { forgotPassword, register, resendVerification, resetPassword } from '~/services/account.server.ts'
import { LoginTwoFactorResendSchema, LoginTwoFactorSchema } from '~/lib/schemas/settings.ts'
import { UNVERIFIED_LOGIN, login, requireAnonymous, type LoginResult } from '~/services/auth.server.ts'
import { CODE_SENT, INVALID_CODE, LOGIN_CHALLENGE_INVALID, resendLoginChallenge, startLoginChallenge, verifyLoginChallenge } from '~/services/two-factor.server.ts'
import { clientIp, createSession } from '~/services/session.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { HttpError, badRequest } from '~/utils/http.server.ts'
import { safeRedirect } from '~/utils/redirect.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Sign in | Yardstick' }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAnonymous(request)
	return null
}

type Intent = 'login' | 'register' | 'forgot' | 'reset' | 'resend' | 'verify-2fa' | 'resend-2fa'
type ActionData = {
	intent: Intent
	result: SubmissionResult<string[]>
	toast?: { title: string; description: string; type?: 'destructive' | 'success' }
	unverifiedEmail?: string
	/** the password was right and two-factor is on: ask for the e-mailed code */
	twoFactor?: { challengeToken: string }
}

function fail(intent: Intent, result: SubmissionResult<string[]>, status: number, toast?: ActionData['toast'], extra?: Partial<ActionData>) {
	return data<ActionData>({ intent, result, toast, ...extra }, { status })
}

export async function action({ request }: Route.ActionArgs) {
	await requireAnonymous(request)
	const formData = await request.clone().formData()
	const intent = String(formData.get('intent') ?? 'login') as Intent
	formData.delete('intent')
	const ip = clientIp(request)

	if (intent === 'login') {
		const submission = parseWithZod(formData, { schema: LoginSchema })
		if (submission.status !== 'success') return fail(intent, submission.reply({ hideFields: ['password'] }), 400)
		try {
			const result = await login(request)
			if (result.twoFactorRequired) {
				const { challengeToken } = await startLoginChallenge(result)
				return data<ActionData>({ intent: 'verify-2fa', result: submission.reply({ hideFields: ['password'] }), twoFactor: { challengeToken } })
			}
			return await finishLogin(request, result)
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return fail(
				intent,
				submission.reply({ formErrors: [error.message], fieldErrors: error.fields ? mapFields(error.fields) : undefined, hideFields: ['password'] }),
				error.status,
				{ title: 'Login Failed', description: error.message },
				error.message === UNVERIFIED_LOGIN ? { unverifiedEmail: submission.value.email } : undefined,
			)
		}
	}

	if (intent === 'verify-2fa' || intent === 'resend-2fa') {
		const challengeToken = String(formData.get('challengeToken') ?? '')
		if (intent === 'resend-2fa') {
			const submission = parseWithZod(formData, { schema: LoginTwoFactorResendSchema })
			try {
				if (submission.status !== 'success') throw badRequest(LOGIN_CHALLENGE_INVALID)
				const next = await resendLoginChallenge(submission.value.challengeToken, clientIp(request))
				return data<ActionData>({
					intent,
					result: submission.reply({ resetForm: true }),
					twoFactor: next,
					toast: { title: 'Verification Code Sent', description: CODE_SENT, type: 'success' },
				})
			} catch (error) {
				if (!(error instanceof HttpError)) throw error
				return twoFactorFailure(intent, error, challengeToken)
			}
		}
		const submission = parseWithZod(formData, { schema: LoginTwoFactorSchema })
		if (submission.status !== 'success') {
			return data<ActionData>({ intent, result: submission.reply(), twoFactor: { challengeToken } }, { status: 400 })
		}
		try {
			const result = await verifyLoginChallenge(submission.value.challengeToken, submission.value.code, ip)
			return await finishLogin(request, result)
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return twoFactorFailure(intent, error, challengeToken)
		}
	}

	if (intent === 'register') {
		const submission = parseWithZod(formData, { schema: RegisterSchema })
		if (submission.status !== 'success') return fail(intent, submission.reply({ hideFields: ['password'] }), 400)
		try {
			const result = await register(submission.value, ip)
			return redirectWithToast(`/auth?email=${encodeURIComponent(submission.value.email)}`, {
				title: 'Registration Successful',
				description: result.message,
				type: 'success',
			})
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return fail(
				intent,
				submission.reply({ formErrors: [error.message], fieldErrors: error.fields ? mapFields(error.fields) : undefined, hideFields: ['password'] }),
				error.status,
				{ title: 'Registration Failed', description: error.message },
			)
		}
	}

	if (intent === 'forgot') {
		const submission = parseWithZod(formData, { schema: ForgotPasswordSchema })
		if (submission.status !== 'success') {
			return fail(intent, submission.reply(), 400, { title: 'Invalid Email', description: 'Please enter a valid email address.' })
		}
		try {
			const result = await forgotPassword(submission.value, ip)
			return redirectWithToast(`/auth?email=${encodeURIComponent(submission.value.email)}`, {
				title: 'Reset Link Sent',
				description: result.message,
				type: 'success',
			})
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return fail(intent, submission.reply({ formErrors: [error.message] }), error.status, {
				title: 'Failed to Send Reset Link',
				description: 'Please try again.',
			})
		}
	}

	if (intent === 'reset') {
		const submission = parseWithZod(formData, { schema: ResetPasswordSchema })
		if (submission.status !== 'success') return fail(intent, submission.reply({ hideFields: ['password', 'confirmPassword'] }), 400)
		try {
			const result = await resetPassword(submission.value, ip)
			return redirectWithToast('/auth', { title: 'Password Reset Successful', description: result.message, type: 'success' })
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return fail(intent, submission.reply({ formErrors: [error.message], hideFields: ['password', 'confirmPassword'] }), error.status, {
				title: 'Password Reset Failed',
				description: 'Please try again or request a new reset link.',
			})
		}
	}

	if (intent === 'resend') {
		const emailOnly = new FormData()
		emailOnly.set('email', String(formData.get('email') ?? ''))
		const submission = parseWithZod(emailOnly, { schema: ResendVerificationSchema })
		if (submission.status !== 'success') return fail(intent, submission.reply(), 400)
		try {
			const result = await resendVerification(submission.value.email, ip)
			return redirectWithToast(`/auth?email=${encodeURIComponent(submission.value.email)}`, {
				title: 'Verification Email Sent',
				description: result.message,
				type: 'success',
			})
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return fail(intent, submission.reply({ formErrors: [error.message] }), error.status)
		}
	}
	throw redirect('/auth')
}

async function finishLogin(request: Request, result: LoginResult) {
	const session = await createSession(result.userId, { remember: result.remember, replacing: request })
	const to = safeRedirect(result.redirectTo, homeForRole(result.role))
	return redirectWithToast(to, { title: 'Login Successful', description: 'Welcome back!', type: 'success' }, {
		headers: { 'Set-Cookie': session.setCookie },
	})
}

/** A wrong, expired or used-up code keeps the code step (an expired sign-in goes back to the password). */
function twoFactorFailure(intent: Intent, error: HttpError, challengeToken: string) {
	const expired = error.message === LOGIN_CHALLENGE_INVALID
	const result: SubmissionResult<string[]> = {
		status: 'error',
		error: error.fields?.code ? { code: [error.fields.code] } : { '': [error.message] },
	}
	const toast = error.message === INVALID_CODE ? { title: 'Invalid Code', description: 'Please check your code and try again.' } : { title: 'Login Failed', description: error.message }
	return data<ActionData>(
		expired ? { intent: 'login', result: { status: 'error', error: { '': [error.message] } }, toast } : { intent, result, toast, twoFactor: { challengeToken } },
		{ status: error.status },
	)
}

/** The submit buttons carry `intent`; the strict form schemas don't know it. */
function withoutIntent(formData: FormData) {
	formData.delete('intent')
	return formData
}

function mapFields(fields: Record<string, string>) {
	return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]]))
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

function usePending(intent: Intent) {
	const navigation = useNavigation()
	return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

function lastResultFor(actionData: ActionData | undefined, intent: Intent) {
	return actionData?.intent === intent ? actionData.result : undefined
}

function SignInForm({ actionData }: { actionData?: ActionData }) {
	const [params] = useSearchParams()
	const [showPassword, setShowPassword] = useState(false)
	const [form, fields] = useForm({
		id: 'login-form',
		lastResult: lastResultFor(actionData, 'login'),
		constraint: getZodConstraint(LoginSchema),
		defaultValue: { email: params.get('email') ?? '' },
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: LoginSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const pending = usePending('login')
	return (
		<div>
			<h1 className="text-2xl font-bold">Sign In</h1>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
				New to Yardstick?{' '}
				<Link to="/auth?mode=register" className="font-medium text-brand-700 hover:underline dark:text-brand-500">
					Create Account
				</Link>
			</p>
			<Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
				<input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
				<Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} errors={fields.email.errors} />
				<div className="space-y-1">
					<div className="relative">
						<Field
							label="Password"
							inputProps={{ ...getInputProps(fields.password, { type: showPassword ? 'text' : 'password' }), autoComplete: 'current-password' }}
							errors={fields.password.errors}
						/>
						<button
							type="button"
							onClick={() => setShowPassword((v) => !v)}
							className="absolute top-7 right-2 rounded px-2 py-1 text-xs text-gray-600 dark:text-gray-300"
							aria-controls={fields.password.id}
							aria-pressed={showPassword}
						>
							{showPassword ? 'Hide' : 'Show'}
						</button>
					</div>
				</div>
				<div className="flex items-center justify-between">
					<label className="flex items-center gap-2 text-sm">
						<input {...getInputProps(fields.rememberMe, { type: 'checkbox' })} className="h-4 w-4 rounded border-gray-300" />
						Remember me
					</label>
				</div>
				<ErrorList id={form.errorId} errors={form.errors} />
				{actionData?.unverifiedEmail ? (
					<p className="text-sm">
						<button type="submit" name="intent" value="resend" formNoValidate className="text-brand-700 underline dark:text-brand-500">
							Resend verification email
						</button>
					</p>
				) : null}
				<Button type="submit" name="intent" value="login" className="w-full" disabled={pending}>
					{pending ? 'Signing In...' : 'Sign In'}
				</Button>
				<p className="text-center text-sm">
					<Link
						to="/auth?mode=forgot"
						onClick={(e) => {
							const email = (document.getElementById(fields.email.id) as HTMLInputElement | null)?.value
							if (email) {
								e.preventDefault()
								window.location.assign(`/auth?mode=forgot&email=${encodeURIComponent(email)}`)
							}
						}}
						className="text-brand-700 hover:underline dark:text-brand-500"
					>
						Forgot your password? Reset it here
					</Link>
				</p>
			</Form>
		</div>
	)
}

function RegisterForm({ actionData }: { actionData?: ActionData }) {
	const [form, fields] = useForm({
		id: 'register-form',
		lastResult: lastResultFor(actionData, 'register'),
		constraint: getZodConstraint(RegisterSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: RegisterSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const pending = usePending('register')
	const captcha = useCaptcha()
	return (
		<div>
			<h1 className="text-2xl font-bold">Create Account</h1>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Start measuring properties in minutes.</p>
			<Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
				<div className="grid gap-4 sm:grid-cols-2">
					<Field label="First name" inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }} errors={fields.firstName.errors} />
					<Field label="Last name" inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }} errors={fields.lastName.errors} />
				</div>
				<Field label="Company name (optional)" inputProps={{ ...getInputProps(fields.companyName, { type: 'text' }), autoComplete: 'organization' }} errors={fields.companyName.errors} />
				<Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} errors={fields.email.errors} />
				<Field
					label="Password"
					inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
					errors={fields.password.errors}
					hint="At least 8 characters."
				/>
				<div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
					<label htmlFor="register-website">Website</label>
					<input id="register-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
				</div>
				<div>
					<label className="flex items-start gap-2 text-sm">
						<input {...getInputProps(fields.agreeToTerms, { type: 'checkbox' })} className="mt-0.5 h-4 w-4 rounded border-gray-300" />
						<span>
							I agree to the{' '}
							<Link to="/terms" className="underline" target="_blank">
								Terms of Service
							</Link>{' '}
							and{' '}
							<Link to="/privacy" className="underline" target="_blank">
								Privacy Policy
							</Link>
						</span>
					</label>
					<ErrorList id={fields.agreeToTerms.errorId} errors={fields.agreeToTerms.errors} />
				</div>
				<CaptchaField token={captcha.token} state={captcha.state} turnstile={captcha.turnstile} />
				<ErrorList id={fields.captchaToken.errorId} errors={fields.captchaToken.errors} />
				<ErrorList id={form.errorId} errors={form.errors} />
				<Button type="submit" name="intent" value="register" className="w-full" disabled={pending || captcha.state === 'solving'}>
					{pending ? 'Creating Account...' : 'Create Account'}
				</Button>
			</Form>
		</div>
	)
}

function ForgotForm({ actionData }: { actionData?: ActionData }) {
	const [params] = useSearchParams()
	const [form, fields] = useForm({
		id: 'forgot-form',
		lastResult: lastResultFor(actionData, 'forgot'),
		constraint: getZodConstraint(ForgotPasswordSchema),
		defaultValue: { email: params.get('email') ?? '' },
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: ForgotPasswordSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const pending = usePending('forgot')
	return (
		<div>
			<h1 className="text-2xl font-bold">Forgot Password</h1>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">We will e-mail you a link to choose a new password.</p>
			<Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
				<Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} errors={fields.email.errors} />
				<ErrorList id={form.errorId} errors={form.errors} />
				<Button type="submit" name="intent" value="forgot" className="w-full" disabled={pending}>
					{pending ? 'Sending...' : 'Send Reset Link'}
				</Button>
			</Form>
		</div>
	)
}

function ResetForm({ actionData, token }: { actionData?: ActionData; token: string }) {
	const [form, fields] = useForm({
		id: 'reset-form',
		lastResult: lastResultFor(actionData, 'reset'),
		constraint: getZodConstraint(ResetPasswordSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: ResetPasswordSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const pending = usePending('reset')
	return (
		<div>
			<h1 className="text-2xl font-bold">Reset Password</h1>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Choose a new password for your account.</p>
			<Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
				<input type="hidden" name="token" value={token} />
				<Field label="New password" inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }} errors={fields.password.errors} />
				<Field
					label="Confirm new password"
					inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
					errors={fields.confirmPassword.errors}
				/>
				<ErrorList id={form.errorId} errors={form.errors} />
				<Button type="submit" name="intent" value="reset" className="w-full" disabled={pending}>
					{pending ? 'Resetting...' : 'Reset Password'}
				</Button>
			</Form>
		</div>
	)
}

function useHydrated() {
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])
	return hydrated
}

function TwoFactorStep({ actionData, challengeToken }: { actionData: ActionData; challengeToken: string }) {
	const [form, fields] = useForm({
		id: 'two-factor-form',
		lastResult: actionData.intent === 'verify-2fa' ? actionData.result : undefined,
		constraint: getZodConstraint(LoginTwoFactorSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: LoginTwoFactorSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const [code, setCode] = useState('')
	const hydrated = useHydrated()
	const pending = usePending('verify-2fa')
	const resending = usePending('resend-2fa')
	return (
		<div>
			<h1 className="text-2xl font-bold">Two-Factor Verification</h1>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
				We sent a 6-digit code to your email. Enter it to finish signing in. The code expires in 10 minutes.
			</p>
			<Form method="post" className="mt-6 space-y-4" {...getFormProps(form)} key={challengeToken}>
				<input type="hidden" name="challengeToken" value={challengeToken} />
				<CodeField field={fields.code} onCode={setCode} />
				<ErrorList id={form.errorId} errors={form.errors} />
				<Button type="submit" name="intent" value="verify-2fa" className="w-full" disabled={pending || (hydrated && code.length !== 6)}>
					{pending ? 'Verifying...' : 'Verify'}
				</Button>
				<div className="flex items-center justify-between text-sm">
					<button type="submit" name="intent" value="resend-2fa" formNoValidate disabled={resending} className="text-brand-700 underline dark:text-brand-500">
						Send a new code
					</button>
					<Link to="/auth" reloadDocument className="text-brand-700 hover:underline dark:text-brand-500">
						Back to sign in
					</Link>
				</div>
			</Form>
		</div>
	)
}
