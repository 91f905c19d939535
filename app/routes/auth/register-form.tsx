// Create Account: name, e-mail, password and the captcha.
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { CaptchaField, useCaptcha } from '~/components/captcha.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList, Field } from '~/components/ui/field.tsx'
import { RegisterSchema } from '~/lib/schemas/auth.ts'
import { resultFor, usePendingIntent, withoutIntent } from '~/utils/forms.ts'
import type { ActionData } from './shared.ts'

export function RegisterForm({ actionData }: { actionData?: ActionData }) {
	const [form, fields] = useForm({
		id: 'register-form',
		lastResult: resultFor(actionData, 'register'),
		constraint: getZodConstraint(RegisterSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: RegisterSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const pending = usePendingIntent('register')
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
