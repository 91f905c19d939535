import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Dialog } from '~/components/ui/dialog.tsx'
import { ErrorList, Field } from '~/components/ui/field.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'
import { EditUserSchema } from '~/lib/schemas/account.ts'
import type { TeamMember } from '~/services/team.server.ts'
import { RoleSelect } from './role-select.tsx'
import { resultFor, withoutIntent } from '~/utils/forms.ts'
import type { ActionData } from './shared.ts'

export function EditUserDialog({ close, actionData, member }: { close: string; actionData?: ActionData; member?: TeamMember }) {
	const [form, fields] = useForm({
		id: `edit-user-${member?.id ?? 'none'}`,
		lastResult: resultFor(actionData, 'editUser'),
		defaultValue: member
			? { firstName: member.firstName ?? '', lastName: member.lastName ?? '', email: member.email, role: member.role, maxSearchesPerMonth: String(member.maxSearchesPerMonth) }
			: undefined,
		constraint: getZodConstraint(EditUserSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData, 'id'), { schema: EditUserSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	if (!member) {
		return (
			<Dialog title="Edit User" closeTo={close} size="md">
				<p>User not found</p>
			</Dialog>
		)
	}
	return (
		<Dialog title="Edit User" closeTo={close} size="md">
			<Form method="post" className="space-y-4" {...getFormProps(form)}>
				<input type="hidden" name="id" value={member.id} />
				<Field label="First Name" inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoFocus: true }} errors={fields.firstName.errors} />
				<Field label="Last Name" inputProps={getInputProps(fields.lastName, { type: 'text' })} errors={fields.lastName.errors} />
				<Field label="Email" inputProps={getInputProps(fields.email, { type: 'email' })} errors={fields.email.errors} />
				<RoleSelect field={fields.role} />
				<Field
					label="Monthly Search Limit"
					inputProps={{ ...getInputProps(fields.maxSearchesPerMonth, { type: 'number' }), min: 0, max: 10_000 }}
					errors={fields.maxSearchesPerMonth.errors}
				/>
				<ErrorList id={form.errorId} errors={form.errors} />
				<SubmitRow closeTo={close} intent="editUser" label="Save Changes" pendingLabel="Saving..." />
			</Form>
		</Dialog>
	)
}
