// The e-mailed code after a right password when two-factor is on.
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Form, Link } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { CodeField } from '~/components/ui/code-field.tsx'
import { ErrorList } from '~/components/ui/field.tsx'
import { LoginTwoFactorSchema } from '~/lib/schemas/settings.ts'
import { usePendingIntent, withoutIntent } from '~/utils/forms.ts'
import { useHydrated } from '~/utils/use-hydrated.ts'
import type { ActionData } from './shared.ts'

export function TwoFactorStep({ actionData, challengeToken }: { actionData: ActionData; challengeToken: string }) {
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
	const pending = usePendingIntent('verify-2fa')
	const resending = usePendingIntent('resend-2fa')
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
