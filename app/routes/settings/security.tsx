// Security: change the password, turn two-factor authentication on or off.
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { CodeField } from '~/components/ui/code-field.tsx'
import { ErrorList, Field } from '~/components/ui/field.tsx'
import { ChangePasswordSchema, TwoFactorCodeSchema } from '~/lib/schemas/settings.ts'
import { useHydrated } from '~/utils/use-hydrated.ts'
import { resultFor, usePendingIntent, withoutIntent } from '~/utils/forms.ts'
import { useLoader, type TabProps } from './shared.ts'

export function SecurityTab({ actionData }: TabProps) {
	return (
		<>
			<ChangePasswordForm actionData={actionData} />
			<TwoFactorSection actionData={actionData} />
		</>
	)
}

function ChangePasswordForm({ actionData }: TabProps) {
	const [form, fields] = useForm({
		id: 'change-password-form',
		lastResult: resultFor(actionData, 'change-password'),
		constraint: getZodConstraint(ChangePasswordSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: ChangePasswordSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const pending = usePendingIntent('change-password')
	return (
		<div>
			<h3 className="text-lg font-semibold">Change Password</h3>
			<Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
				<Field
					label="Current password"
					inputProps={{ ...getInputProps(fields.currentPassword, { type: 'password' }), autoComplete: 'current-password' }}
					errors={fields.currentPassword.errors}
				/>
				<Field
					label="New password"
					inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
					errors={fields.newPassword.errors}
					hint="At least 8 characters."
				/>
				<Field
					label="Confirm new password"
					inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
					errors={fields.confirmPassword.errors}
				/>
				<ErrorList id={form.errorId} errors={form.errors} />
				<Button type="submit" name="intent" value="change-password" disabled={pending}>
					{pending ? 'Changing...' : 'Change Password'}
				</Button>
			</Form>
		</div>
	)
}

function TwoFactorSection({ actionData }: TabProps) {
	const { user, twoFactorChallenge } = useLoader()
	const [form, fields] = useForm({
		id: 'two-factor-form',
		lastResult: resultFor(actionData, '2fa-verify'),
		constraint: getZodConstraint(TwoFactorCodeSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: TwoFactorCodeSchema }),
		shouldValidate: 'onSubmit',
	})
	const [code, setCode] = useState('')
	const hydrated = useHydrated()
	const sending = usePendingIntent('2fa-send')
	const verifying = usePendingIntent('2fa-verify')
	const disabling = usePendingIntent('2fa-disable')
	return (
		<div>
			<h3 className="text-lg font-semibold">Two-Factor Authentication</h3>
			<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
				{user.twoFactorEnabled
					? 'Two-factor authentication is on. Each sign-in asks for a 6-digit code sent to your email.'
					: 'Two-factor authentication is off. Turn it on to be asked for a 6-digit code sent to your email at each sign-in.'}
			</p>
			{user.twoFactorEnabled ? (
				<Form method="post" className="mt-4">
					<Button type="submit" name="intent" value="2fa-disable" variant="destructive" disabled={disabling}>
						{disabling ? 'Disabling...' : 'Disable 2FA'}
					</Button>
				</Form>
			) : (
				<div className="mt-4 space-y-4">
					<Form method="post">
						<Button type="submit" name="intent" value="2fa-send" variant={twoFactorChallenge === 'code-sent' ? 'secondary' : 'primary'} disabled={sending}>
							{sending ? 'Sending...' : twoFactorChallenge === 'code-sent' ? 'Send a New Code' : 'Send Verification Code'}
						</Button>
					</Form>
					{twoFactorChallenge === 'code-sent' || actionData?.intent === '2fa-verify' ? (
						<Form method="post" className="space-y-3" {...getFormProps(form)}>
							<CodeField field={fields.code} onCode={setCode} hint="Enter the 6-digit code we emailed you. It expires in 10 minutes." />
							<ErrorList id={form.errorId} errors={form.errors} />
							<Button type="submit" name="intent" value="2fa-verify" disabled={verifying || (hydrated && code.length !== 6)}>
								{verifying ? 'Verifying...' : 'Verify and Enable 2FA'}
							</Button>
						</Form>
					) : null}
				</div>
			)}
		</div>
	)
}
