// Profile: photo, first and last name; the e-mail is shown read-only.
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList, Field } from '~/components/ui/field.tsx'
import { PHOTO_HINT, ProfileSchema } from '~/lib/schemas/settings.ts'
import { resultFor, usePendingIntent, withoutIntent } from '~/utils/forms.ts'
import { useLoader, type TabProps } from './shared.ts'

export function ProfileTab({ actionData }: TabProps) {
	const { user } = useLoader()
	const [form, fields] = useForm({
		id: 'profile-form',
		lastResult: resultFor(actionData, 'profile'),
		constraint: getZodConstraint(ProfileSchema),
		defaultValue: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData, 'photo'), { schema: ProfileSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const photoErrors = resultFor(actionData, 'profile')?.error?.photo
	const pending = usePendingIntent('profile')
	return (
		<Form method="post" encType="multipart/form-data" className="space-y-5" {...getFormProps(form)}>
			<div className="flex items-center gap-4">
				{user.profileImageUrl ? (
					<img src={user.profileImageUrl} alt="Profile photo" className="h-16 w-16 shrink-0 rounded-full object-cover" />
				) : (
					<span aria-hidden="true" className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800">
						{(user.firstName ?? user.email).slice(0, 1).toUpperCase()}
					</span>
				)}
				<div className="min-w-0 space-y-1">
					<label htmlFor="profile-photo" className="block text-sm font-medium">
						Profile photo
					</label>
					<input
						id="profile-photo"
						name="photo"
						type="file"
						accept="image/jpeg,image/png,image/gif"
						aria-describedby="profile-photo-hint"
						className="w-full text-sm"
					/>
					<p id="profile-photo-hint" className="text-xs text-gray-500 dark:text-gray-400">
						{PHOTO_HINT}
					</p>
					<ErrorList errors={photoErrors} />
				</div>
			</div>
			<div className="grid gap-4 sm:grid-cols-2">
				<Field label="First name" inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }} errors={fields.firstName.errors} />
				<Field label="Last name" inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }} errors={fields.lastName.errors} />
			</div>
			<Field
				label="Email"
				inputProps={{ id: 'profile-email', type: 'email', value: user.email, readOnly: true, 'aria-readonly': true, className: 'bg-gray-50 dark:bg-gray-800' }}
				hint="Your email cannot be changed here. Contact support to change it."
			/>
			<ErrorList id={form.errorId} errors={form.errors} />
			<Button type="submit" name="intent" value="profile" disabled={pending}>
				{pending ? 'Saving...' : 'Save Profile'}
			</Button>
		</Form>
	)
}
