import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { Form, data, useNavigation } from 'react-router'
import type { Route } from './+types/contact'
import { CaptchaField, useCaptcha } from '~/components/captcha.tsx'
import { useToast } from '~/components/toaster.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList, Field, inputClass } from '~/components/ui/field.tsx'
import { getEnv } from '~/env.server.ts'
import { ContactSchema, INQUIRY_TYPES, LOCATION_RANGES } from '~/lib/schemas/contact.ts'
import { sendSalesInquiry } from '~/services/contact.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { HttpError } from '~/utils/http.server.ts'

export const meta: Route.MetaFunction = () => [
	{ title: 'Contact Sales | Yardstick' },
	{ name: 'description', content: 'Talk to Yardstick sales about franchises, enterprise plans, custom integrations and demos.' },
]

export function loader() {
	return { salesEmail: getEnv().SALES_INBOX }
}

export async function action({ request }: Route.ActionArgs) {
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: ContactSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	try {
		await sendSalesInquiry(submission.value, clientIp(request))
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		return data(
			{ result: submission.reply({ formErrors: [error.message] }), toast: { title: 'Failed to send message. Please try again or contact us directly.', description: error.message } },
			{ status: error.status },
		)
	}
	return redirectWithToast('/contact', {
		title: 'Message Sent',
		description: 'Thank you for your inquiry. Our sales team will contact you within 24 hours.',
		type: 'success',
	})
}

const selectClass = `${inputClass} appearance-auto`

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
	const [form, fields] = useForm({
		id: 'contact-form',
		lastResult: actionData?.result,
		constraint: getZodConstraint(ContactSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const captcha = useCaptcha()
	const toast = useToast()
	const failure = (actionData as { toast?: { title: string; description: string } } | undefined)?.toast ?? null
	useEffect(() => {
		if (failure) toast({ ...failure, type: 'destructive' })
	}, [failure, toast])
	const navigation = useNavigation()
	const sending = navigation.state === 'submitting'
	return (
		<div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1fr_22rem]">
			<section>
				<h1 className="text-3xl font-bold tracking-tight">Contact Sales</h1>
				<p className="mt-2 text-gray-700 dark:text-gray-300">Tell us about your business and we will get back to you within 24 hours.</p>
				<Form method="post" className="mt-8 space-y-4" {...getFormProps(form)}>
					<div className="grid gap-4 sm:grid-cols-2">
						<Field label="First name" inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }} errors={fields.firstName.errors} />
						<Field label="Last name" inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }} errors={fields.lastName.errors} />
						<Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} errors={fields.email.errors} />
						<Field label="Phone" inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }} errors={fields.phone.errors} />
					</div>
					<Field label="Company" inputProps={{ ...getInputProps(fields.company, { type: 'text' }), autoComplete: 'organization' }} errors={fields.company.errors} />
					<div className="grid gap-4 sm:grid-cols-2">
						<div className="space-y-1">
							<label htmlFor={fields.inquiryType.id} className="block text-sm font-medium">
								Inquiry type
							</label>
							<select {...getSelectProps(fields.inquiryType)} className={selectClass} defaultValue="">
								<option value="" disabled>
									Select an inquiry type
								</option>
								{INQUIRY_TYPES.map((t) => (
									<option key={t.value} value={t.value}>
										{t.label}
									</option>
								))}
							</select>
							<ErrorList id={fields.inquiryType.errorId} errors={fields.inquiryType.errors} />
						</div>
						<div className="space-y-1">
							<label htmlFor={fields.locations.id} className="block text-sm font-medium">
								Number of locations
							</label>
							<select {...getSelectProps(fields.locations)} className={selectClass} defaultValue="">
								<option value="" disabled>
									Select a range
								</option>
								{LOCATION_RANGES.map((r) => (
									<option key={r} value={r}>
										{r}
									</option>
								))}
							</select>
							<ErrorList id={fields.locations.errorId} errors={fields.locations.errors} />
						</div>
					</div>
					<div className="space-y-1">
						<label htmlFor={fields.message.id} className="block text-sm font-medium">
							Message
						</label>
						<textarea {...getTextareaProps(fields.message)} rows={5} className={inputClass} />
						<ErrorList id={fields.message.errorId} errors={fields.message.errors} />
					</div>
					<div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
						<label htmlFor="contact-website">Website</label>
						<input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
					</div>
					<CaptchaField token={captcha.token} state={captcha.state} turnstile={captcha.turnstile} />
					<ErrorList id={form.errorId} errors={form.errors} />
					<Button type="submit" disabled={sending || captcha.state === 'solving'}>
						{sending ? 'Sending...' : 'Send Message'}
					</Button>
				</Form>
			</section>
			<aside className="space-y-6">
				{[
					{ title: 'Franchise-ready', text: 'Multi-location management and consistent measurements across every territory.' },
					{ title: 'Custom integration', text: 'Bring Yardstick measurements into your CRM, estimating or routing software.' },
					{ title: 'Dedicated support', text: 'A named contact for onboarding, training and anything your crews need.' },
				].map((b) => (
					<div key={b.title} className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
						<h2 className="font-semibold">{b.title}</h2>
						<p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{b.text}</p>
					</div>
				))}
				<div className="rounded-lg bg-gray-50 p-4 text-sm dark:bg-gray-900">
					<h2 className="font-semibold">Sales</h2>
					<p className="mt-1">
						<a href={`mailto:${loaderData.salesEmail}`} className="text-brand-700 underline dark:text-brand-500">
							{loaderData.salesEmail}
						</a>
					</p>
					<p className="mt-1 text-gray-700 dark:text-gray-300">Monday-Friday 9 AM-6 PM EST</p>
				</div>
			</aside>
		</div>
	)
}
