// The customer's "Accept estimate" form on /p/{token} (issue 19): name, e-mail,
// phone and an optional message, with the contact form's bot check (solved
// challenge with JavaScript, honeypot and a per-IP limit without).
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { CaptchaField, useCaptcha } from '~/components/captcha.tsx'
import { ContactFields } from '~/components/contact-fields.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList } from '~/components/ui/field.tsx'
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
			<ContactFields fields={fields} honeypotId="accept-website" />
			<CaptchaField token={captcha.token} state={captcha.state} turnstile={captcha.turnstile} />
			<ErrorList id={form.errorId} errors={form.errors} />
			<Button type="submit" className="w-full sm:w-auto" disabled={sending || captcha.state === 'solving'}>
				{sending ? 'Sending...' : 'Accept estimate'}
			</Button>
		</Form>
	)
}
