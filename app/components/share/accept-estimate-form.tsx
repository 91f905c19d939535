// The customer's "Accept estimate" form on /p/{token} (issue 19): name, e-mail,
// phone and an optional message, with the contact form's bot check (solved
// challenge with JavaScript, honeypot and a per-IP limit without).
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { CaptchaField, useCaptcha } from '~/components/captcha.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList, Field, inputClass } from '~/components/ui/field.tsx'
import { ShareAcceptSchema } from '~/lib/schemas/share.ts'

export function AcceptEstimateForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
	const [form, fields] = useForm({
		id: 'accept-estimate',
		lastResult,
		constraint: getZodConstraint(ShareAcceptSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ShareAcceptSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const captcha = useCaptcha()
	const navigation = useNavigation()
	const sending = navigation.state === 'submitting'
	return (
		<Form method="post" className="space-y-4" {...getFormProps(form)}>
			<Field label="Your name" inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }} errors={fields.name.errors} />
			<div className="grid gap-4 sm:grid-cols-2">
				<Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} errors={fields.email.errors} />
				<Field label="Phone" inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }} errors={fields.phone.errors} />
			</div>
			<div className="space-y-1">
				<label htmlFor={fields.message.id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
					Message (optional)
				</label>
				<textarea {...getTextareaProps(fields.message)} rows={3} className={inputClass} />
				<ErrorList id={fields.message.errorId} errors={fields.message.errors} />
			</div>
			<div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
				<label htmlFor="accept-website">Website</label>
				<input id="accept-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
			</div>
			<CaptchaField token={captcha.token} state={captcha.state} turnstile={captcha.turnstile} />
			<ErrorList id={form.errorId} errors={form.errors} />
			<Button type="submit" className="w-full sm:w-auto" disabled={sending || captcha.state === 'solving'}>
				{sending ? 'Sending...' : 'Accept estimate'}
			</Button>
		</Form>
	)
}
