// Reset password: the new password, from the e-mailed link's token.
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList, Field } from '~/components/ui/field.tsx'
import { ResetPasswordSchema } from '~/lib/schemas/auth.ts'
import { resultFor, usePendingIntent, withoutIntent } from '~/utils/forms.ts'
import type { ActionData } from './shared.ts'

export function ResetForm({ actionData, token }: { actionData?: ActionData; token: string }) {
	const [form, fields] = useForm({
		id: 'reset-form',
		lastResult: resultFor(actionData, 'reset'),
		constraint: getZodConstraint(ResetPasswordSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: ResetPasswordSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const pending = usePendingIntent('reset')
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
