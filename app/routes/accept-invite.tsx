// /accept-invite?token=… (spec 2 §2): the invited person sets a password; the
// account is created in the inviting organization. Works without JavaScript:
// the form posts to the action and the success screen redirects with a meta refresh.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { Form, data, useNavigate, useNavigation } from 'react-router'
import type { Route } from './+types/accept-invite'
import { useToast } from '~/components/toaster.tsx'
import { Button, ButtonLink } from '~/components/ui/button.tsx'
import { ErrorList, Field } from '~/components/ui/field.tsx'
import { AcceptInviteFormSchema } from '~/lib/schemas/account.ts'
import { LIMITS, hit } from '~/services/rate-limit.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { acceptInvitation, findInvitation } from '~/services/team.server.ts'
import { HttpError } from '~/utils/http.server.ts'

export const WELCOME_REDIRECT_MS = 2000

export const meta: Route.MetaFunction = () => [{ title: 'Accept Invitation | Yardstick' }]

export async function loader({ request }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const invitation = token ? await findInvitation(token) : null
	return { token, invitation }
}

type ActionData = { result: SubmissionResult<string[]>; accepted?: { email: string }; error?: string }

export async function action({ request }: Route.ActionArgs) {
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: AcceptInviteFormSchema })
	if (submission.status !== 'success') {
		return data<ActionData>({ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) }, { status: 400 })
	}
	try {
		await hit(LIMITS.resetIp, clientIp(request))
		const { user } = await acceptInvitation(submission.value)
		return data<ActionData>({ result: submission.reply({ resetForm: true }), accepted: { email: user.email } })
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		return data<ActionData>(
			{ result: submission.reply({ formErrors: [error.message], hideFields: ['password', 'confirmPassword'] }), error: error.message },
			{ status: error.status },
		)
	}
}

export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
	const toast = useToast()
	const navigate = useNavigate()
	const accepted = actionData?.accepted
	const signInUrl = accepted ? `/auth?email=${encodeURIComponent(accepted.email)}` : '/auth'
	useEffect(() => {
		if (actionData?.error) toast({ title: 'Failed to accept invitation', description: actionData.error || 'Please try again', type: 'destructive' })
		if (!accepted) return
		toast({ title: 'Welcome', description: 'Your account is ready. Sign in with your new password.', type: 'success' })
		const timer = setTimeout(() => navigate(signInUrl), WELCOME_REDIRECT_MS)
		return () => clearTimeout(timer)
	}, [actionData, accepted, navigate, signInUrl, toast])

	if (accepted) {
		return (
			<Card>
				<meta httpEquiv="refresh" content={`${WELCOME_REDIRECT_MS / 1000};url=${signInUrl}`} />
				<h1 className="text-2xl font-bold">Welcome</h1>
				<p className="mt-2 text-gray-600 dark:text-gray-400">Your account is ready. Taking you to sign in…</p>
			</Card>
		)
	}
	if (!loaderData.token || !loaderData.invitation) {
		return (
			<Card>
				<h1 className="text-2xl font-bold">Invalid Invitation</h1>
				<p className="mt-2 text-gray-600 dark:text-gray-400">This invitation link is invalid or missing a token.</p>
				<ButtonLink to="/" className="mt-6">
					Go to Home
				</ButtonLink>
			</Card>
		)
	}
	return <AcceptForm token={loaderData.token} invitation={loaderData.invitation} result={actionData?.result} />
}

function Card({ children }: { children: React.ReactNode }) {
	return <div className="mx-auto my-16 max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-sm dark:border-gray-700 dark:bg-gray-900">{children}</div>
}

function AcceptForm({
	token,
	invitation,
	result,
}: {
	token: string
	invitation: { email: string; firstName: string | null; organizationName: string }
	result?: SubmissionResult<string[]>
}) {
	const [form, fields] = useForm({
		id: 'accept-invite',
		lastResult: result,
		constraint: getZodConstraint(AcceptInviteFormSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: AcceptInviteFormSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const pending = useNavigation().state === 'submitting'
	return (
		<Card>
			<h1 className="text-2xl font-bold">Accept Invitation</h1>
			<p className="mt-2 text-gray-600 dark:text-gray-400">
				Join <strong>{invitation.organizationName}</strong> as {invitation.email}. Choose a password to finish.
			</p>
			<Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
				<input type="hidden" name="token" value={token} />
				<Field label="Password" inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }} errors={fields.password.errors} />
				<Field
					label="Confirm Password"
					inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
					errors={fields.confirmPassword.errors}
				/>
				<ErrorList id={form.errorId} errors={form.errors} />
				<Button type="submit" className="w-full" disabled={pending}>
					{pending ? 'Accepting...' : 'Accept Invitation'}
				</Button>
			</Form>
		</Card>
	)
}
