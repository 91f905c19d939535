// Forgot password: the e-mail to send a reset link to.
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useSearchParams } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList, Field } from '~/components/ui/field.tsx'
import { ForgotPasswordSchema } from '~/lib/schemas/auth.ts'
import { resultFor, usePendingIntent, withoutIntent } from '~/utils/forms.ts'
import type { ActionData } from './shared.ts'

export function ForgotForm({ actionData }: { actionData?: ActionData }) {
	const [params] = useSearchParams()
	const [form, fields] = useForm({
		id: 'forgot-form',
		lastResult: resultFor(actionData, 'forgot'),
		constraint: getZodConstraint(ForgotPasswordSchema),
		defaultValue: { email: params.get('email') ?? '' },
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: ForgotPasswordSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const pending = usePendingIntent('forgot')
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
