import { Form } from 'react-router'
import { Dialog } from '~/components/ui/dialog.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'

export function SupportDialog({ email, fields }: { email: string; fields?: Record<string, string> }) {
	const error = (name: string) =>
		fields?.[name] ? (
			<p id={`${name}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
				{fields[name]}
			</p>
		) : null
	return (
		<Dialog title="Contact Billing Support" closeTo="/billing">
			<Form method="post" encType="multipart/form-data" className="space-y-3">
				<div>
					<label htmlFor="support-subject" className="mb-1 block text-sm font-medium">
						Subject
					</label>
					<input id="support-subject" name="subject" required maxLength={200} className={inputClass} aria-invalid={fields?.subject ? true : undefined} />
					{error('subject')}
				</div>
				<div>
					<label htmlFor="support-body" className="mb-1 block text-sm font-medium">
						Message
					</label>
					<textarea id="support-body" name="body" required rows={5} maxLength={10_000} className={inputClass} aria-invalid={fields?.body ? true : undefined} />
					{error('body')}
				</div>
				<div>
					<label htmlFor="support-reply" className="mb-1 block text-sm font-medium">
						Reply to
					</label>
					<input id="support-reply" name="replyToEmail" type="email" defaultValue={email} className={inputClass} />
					{error('replyToEmail')}
				</div>
				<div>
					<label htmlFor="support-attachments" className="mb-1 block text-sm font-medium">
						Attachments
					</label>
					<input id="support-attachments" name="attachment" type="file" accept="image/*" multiple className="block w-full text-sm" />
					<p className="mt-1 text-xs text-gray-500">Images only, up to 10MB each.</p>
					{error('attachment')}
				</div>
				<SubmitRow closeTo="/billing" intent="support" label="Send Message" pendingLabel="Sending..." />
			</Form>
		</Dialog>
	)
}
