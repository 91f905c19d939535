// The /auth action's intents, one handler each: sign in (and its e-mailed
// two-factor code), create an account, forgot and reset the password, resend
// the verification e-mail. Each parses with the same zod schema and calls the
// same service as its /api/auth/* path; the service keeps the rules.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { homeForRole } from '~/lib/roles.ts'
import { ForgotPasswordSchema, LoginSchema, RegisterSchema, ResendVerificationSchema, ResetPasswordSchema } from '~/lib/schemas/auth.ts'
import { LoginTwoFactorResendSchema, LoginTwoFactorSchema } from '~/lib/schemas/settings.ts'
import { forgotPassword, register, resendVerification, resetPassword } from '~/services/account.server.ts'
import { UNVERIFIED_LOGIN, login, type LoginResult } from '~/services/auth.server.ts'
import { clientIp, createSession } from '~/services/session.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { CODE_SENT, INVALID_CODE, LOGIN_CHALLENGE_INVALID, resendLoginChallenge, startLoginChallenge, verifyLoginChallenge } from '~/services/two-factor.server.ts'
import { HttpError, badRequest } from '~/utils/http.server.ts'
import { safeRedirect } from '~/utils/redirect.ts'
import type { ActionData, Intent } from './shared.ts'

type Context = { request: Request; formData: FormData; ip: string }

function fail(intent: Intent, result: SubmissionResult<string[]>, status: number, toast?: ActionData['toast'], extra?: Partial<ActionData>) {
	return data<ActionData>({ intent, result, toast, ...extra }, { status })
}

const HANDLERS: Record<Intent, (c: Context) => Promise<Response | ReturnType<typeof data<ActionData>>>> = {
	async login({ request, formData }) {
		const submission = parseWithZod(formData, { schema: LoginSchema })
		if (submission.status !== 'success') return fail('login', submission.reply({ hideFields: ['password'] }), 400)
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
				'login',
				submission.reply({ formErrors: [error.message], fieldErrors: error.fields ? mapFields(error.fields) : undefined, hideFields: ['password'] }),
				error.status,
				{ title: 'Login Failed', description: error.message },
				error.message === UNVERIFIED_LOGIN ? { unverifiedEmail: submission.value.email } : undefined,
			)
		}
	},
	async 'resend-2fa'({ request, formData }) {
		const challengeToken = String(formData.get('challengeToken') ?? '')
		const submission = parseWithZod(formData, { schema: LoginTwoFactorResendSchema })
		try {
			if (submission.status !== 'success') throw badRequest(LOGIN_CHALLENGE_INVALID)
			const next = await resendLoginChallenge(submission.value.challengeToken, clientIp(request))
			return data<ActionData>({
				intent: 'resend-2fa',
				result: submission.reply({ resetForm: true }),
				twoFactor: next,
				toast: { title: 'Verification Code Sent', description: CODE_SENT, type: 'success' },
			})
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return twoFactorFailure('resend-2fa', error, challengeToken)
		}
	},
	async 'verify-2fa'({ request, formData, ip }) {
		const challengeToken = String(formData.get('challengeToken') ?? '')
		const submission = parseWithZod(formData, { schema: LoginTwoFactorSchema })
		if (submission.status !== 'success') {
			return data<ActionData>({ intent: 'verify-2fa', result: submission.reply(), twoFactor: { challengeToken } }, { status: 400 })
		}
		try {
			const result = await verifyLoginChallenge(submission.value.challengeToken, submission.value.code, ip)
			return await finishLogin(request, result)
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return twoFactorFailure('verify-2fa', error, challengeToken)
		}
	},
	async register({ formData, ip }) {
		const submission = parseWithZod(formData, { schema: RegisterSchema })
		if (submission.status !== 'success') return fail('register', submission.reply({ hideFields: ['password'] }), 400)
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
				'register',
				submission.reply({ formErrors: [error.message], fieldErrors: error.fields ? mapFields(error.fields) : undefined, hideFields: ['password'] }),
				error.status,
				{ title: 'Registration Failed', description: error.message },
			)
		}
	},
	async forgot({ formData, ip }) {
		const submission = parseWithZod(formData, { schema: ForgotPasswordSchema })
		if (submission.status !== 'success') {
			return fail('forgot', submission.reply(), 400, { title: 'Invalid Email', description: 'Please enter a valid email address.' })
		}
		try {
			const result = await forgotPassword(submission.value, ip) // its e-mail goes on after the answer
			return redirectWithToast(`/auth?email=${encodeURIComponent(submission.value.email)}`, {
				title: 'Reset Link Sent',
				description: result.message,
				type: 'success',
			})
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return fail('forgot', submission.reply({ formErrors: [error.message] }), error.status, {
				title: 'Failed to Send Reset Link',
				description: 'Please try again.',
			})
		}
	},
	async reset({ formData, ip }) {
		const submission = parseWithZod(formData, { schema: ResetPasswordSchema })
		if (submission.status !== 'success') return fail('reset', submission.reply({ hideFields: ['password', 'confirmPassword'] }), 400)
		try {
			const result = await resetPassword(submission.value, ip)
			return redirectWithToast('/auth', { title: 'Password Reset Successful', description: result.message, type: 'success' })
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return fail('reset', submission.reply({ formErrors: [error.message], hideFields: ['password', 'confirmPassword'] }), error.status, {
				title: 'Password Reset Failed',
				description: 'Please try again or request a new reset link.',
			})
		}
	},
	async resend({ formData, ip }) {
		const emailOnly = new FormData()
		emailOnly.set('email', String(formData.get('email') ?? ''))
		const submission = parseWithZod(emailOnly, { schema: ResendVerificationSchema })
		if (submission.status !== 'success') return fail('resend', submission.reply(), 400)
		try {
			const result = await resendVerification(submission.value.email, ip)
			return redirectWithToast(`/auth?email=${encodeURIComponent(submission.value.email)}`, {
				title: 'Verification Email Sent',
				description: result.message,
				type: 'success',
			})
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return fail('resend', submission.reply({ formErrors: [error.message] }), error.status)
		}
	},
}

/** Runs the form's intent (sign-in when none); an unknown one goes back to /auth. */
export async function handleIntent(request: Request, formData: FormData) {
	const intent = String(formData.get('intent') ?? 'login') as Intent
	formData.delete('intent')
	if (!Object.hasOwn(HANDLERS, intent)) throw redirect('/auth')
	return HANDLERS[intent]({ request, formData, ip: clientIp(request) })
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

function mapFields(fields: Record<string, string>) {
	return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]]))
}
