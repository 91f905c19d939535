import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Dialog } from '~/components/ui/dialog.tsx'
import { ErrorList, Field } from '~/components/ui/field.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'
import { InviteSchema } from '~/lib/schemas/account.ts'
import { RoleSelect } from './role-select.tsx'
import { resultFor, withoutIntent } from '~/utils/forms.ts'
import type { ActionData } from './shared.ts'

export function InviteDialog({ close, actionData }: { close: string; actionData?: ActionData }) {
	const [form, fields] = useForm({
		id: 'invite-user',
		lastResult: resultFor(actionData, 'invite'),
		constraint: getZodConstraint(InviteSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData, 'id'), { schema: InviteSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	return (
		<Dialog title="Invite User" closeTo={close} size="md">
			<Form method="post" className="space-y-4" {...getFormProps(form)}>
				<Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoFocus: true }} errors={fields.email.errors} />
				<Field label="First Name" inputProps={getInputProps(fields.firstName, { type: 'text' })} errors={fields.firstName.errors} />
				<Field label="Last Name" inputProps={getInputProps(fields.lastName, { type: 'text' })} errors={fields.lastName.errors} />
				<RoleSelect field={fields.role} placeholder />
				<ErrorList id={form.errorId} errors={form.errors} />
				<SubmitRow closeTo={close} intent="invite" label="Send Invitation" pendingLabel="Sending..." />
			</Form>
		</Dialog>
	)
}
