import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Dialog } from '~/components/ui/dialog.tsx'
import { Field } from '~/components/ui/field.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'
import { ChangePasswordSchema } from '~/lib/schemas/settings.ts'
import { resultFor, withoutIntent } from '~/utils/forms.ts'
import type { ActionData } from './shared.ts'

export function ChangePasswordDialog({ close, actionData }: { close: string; actionData?: ActionData }) {
	const [form, fields] = useForm({
		id: 'change-password',
		lastResult: resultFor(actionData, 'changePassword'),
		constraint: getZodConstraint(ChangePasswordSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData, 'id'), { schema: ChangePasswordSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<Dialog title="Change Password" closeTo={close} size="md">
			<Form method="post" className="space-y-4" {...getFormProps(form)}>
				<Field label="Current Password" inputProps={{ ...getInputProps(fields.currentPassword, { type: 'password' }), autoComplete: 'current-password', autoFocus: true }} errors={fields.currentPassword.errors} />
				<Field label="New Password" inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }} errors={fields.newPassword.errors} />
				<Field label="Confirm New Password" inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }} errors={fields.confirmPassword.errors} />
				<SubmitRow closeTo={close} intent="changePassword" label="Change Password" pendingLabel="Changing..." />
			</Form>
		</Dialog>
	)
}
