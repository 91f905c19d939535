// A homeowner's contact details on a public form (accepting a shared estimate,
// requesting a widget quote): name, e-mail, phone, an optional message and the
// contact form's honeypot (the bot check's no-JavaScript half).
import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { ErrorList, Field, inputClass } from '~/components/ui/field.tsx'
import { cn } from '~/utils/cn.ts'

type ContactFieldSet = { name: FieldMetadata<string>; email: FieldMetadata<string>; phone: FieldMetadata<string>; message: FieldMetadata<string> }

export function ContactFields({ fields, honeypotId, compact = false }: { fields: ContactFieldSet; honeypotId: string; compact?: boolean }) {
	return (
		<>
			<Field label="Your name" inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }} errors={fields.name.errors} />
			<div className={cn('grid sm:grid-cols-2', compact ? 'gap-3' : 'gap-4')}>
				<Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} errors={fields.email.errors} />
				<Field label="Phone" inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }} errors={fields.phone.errors} />
			</div>
			<div className="space-y-1">
				<label htmlFor={fields.message.id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
					Message (optional)
				</label>
				<textarea {...getTextareaProps(fields.message)} rows={compact ? 2 : 3} className={inputClass} />
				<ErrorList id={fields.message.errorId} errors={fields.message.errors} />
			</div>
			<div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
				<label htmlFor={honeypotId}>Website</label>
				<input id={honeypotId} name="website" type="text" tabIndex={-1} autoComplete="off" />
			</div>
		</>
	)
}
