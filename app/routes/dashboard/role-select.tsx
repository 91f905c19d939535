import { getSelectProps } from '@conform-to/react'
import { ErrorList, inputClass } from '~/components/ui/field.tsx'

/** Member or Account Admin, for the invite and edit-user dialogs. */
export function RoleSelect({ field, placeholder }: { field: Parameters<typeof getSelectProps>[0]; placeholder?: boolean }) {
	const errorId = field.errors?.length ? `${field.id}-error` : undefined
	return (
		<div className="space-y-1">
			<label htmlFor={field.id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
				Role
			</label>
			<select {...getSelectProps(field)} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} className={inputClass}>
				{placeholder ? <option value="">Select a role</option> : null}
				<option value="member">Member</option>
				<option value="account_admin">Account Admin</option>
			</select>
			<ErrorList id={errorId} errors={field.errors} />
		</div>
	)
}
