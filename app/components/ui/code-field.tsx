import { getInputProps, type FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Field } from './field.tsx'

/** The 6-digit code input of two-factor (spec 2 §5: digits only, at most 6). */
export function CodeField({ field, onCode, hint }: { field: FieldMetadata<string>; onCode: (digits: string) => void; hint?: ReactNode }) {
	return (
		<Field
			label="Verification code"
			inputProps={{
				...getInputProps(field, { type: 'text' }),
				inputMode: 'numeric',
				autoComplete: 'one-time-code',
				maxLength: 6,
				onInput: (e) => {
					const digits = e.currentTarget.value.replace(/\D/g, '').slice(0, 6)
					e.currentTarget.value = digits
					onCode(digits)
				},
			}}
			errors={field.errors}
			hint={hint}
		/>
	)
}
