// Sign In: e-mail and password, remember me, and a resend link when the
// e-mail is not verified yet.
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Form, Link, useSearchParams } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList, Field } from '~/components/ui/field.tsx'
import { LoginSchema } from '~/lib/schemas/auth.ts'
import { resultFor, usePendingIntent, withoutIntent } from '~/utils/forms.ts'
import type { ActionData } from './shared.ts'

export function SignInForm({ actionData }: { actionData?: ActionData }) {
	const [params] = useSearchParams()
	const [showPassword, setShowPassword] = useState(false)
	const [form, fields] = useForm({
		id: 'login-form',
		lastResult: resultFor(actionData, 'login'),
		constraint: getZodConstraint(LoginSchema),
		defaultValue: { email: params.get('email') ?? '' },
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: LoginSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const pending = usePendingIntent('login')
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
