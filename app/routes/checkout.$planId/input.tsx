import type { ComponentProps, ChangeEvent } from 'react'
import { inputClass } from '~/components/ui/field.tsx'
import type { Errors } from './shared.ts'

/** A labelled input of the checkout forms; with `onChange` it is controlled (address autocomplete, card number). */
export function Input({ name, label, errors, value, onChange, ...props }: { name: string; label: string; errors: Errors; value?: string; onChange?: (v: string) => void } & Omit<ComponentProps<'input'>, 'onChange' | 'value'>) {
	const id = `checkout-${name}`
	const error = errors[name]?.[0]
	return (
		<div className="space-y-1">
			<label htmlFor={id} className="block text-sm font-medium">
				{label}
			</label>
			<input
				id={id}
				name={name}
				className={inputClass}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `${id}-error` : undefined}
				{...(onChange ? { value: value ?? '', onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value) } : { defaultValue: value })}
				{...props}
			/>
			{error ? (
				<p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
					{error}
				</p>
			) : null}
		</div>
	)
}
