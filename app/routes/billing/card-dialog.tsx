import type { InputHTMLAttributes } from 'react'
import { Form } from 'react-router'
import { Dialog } from '~/components/ui/dialog.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'

export function CardDialog({ fields, hosted }: { fields?: Record<string, string>; hosted: boolean }) {
	if (hosted) {
		// Stripe mode: the card is typed on Stripe's page, never on ours (a redirect there and back)
		return (
			<Dialog title="Add Card" closeTo="/billing">
				<p className="mb-3 text-sm text-gray-600 dark:text-gray-400">
					You enter the card on Stripe's secure page and come back here. The new card becomes your default. Open invoices are charged to it right away.
				</p>
				<Form method="post" encType="multipart/form-data">
					<SubmitRow closeTo="/billing" intent="card" label="Add Card" pendingLabel="Opening Stripe..." />
				</Form>
			</Dialog>
		)
	}
	const field = (name: string, label: string, props: InputHTMLAttributes<HTMLInputElement>) => (
		<div>
			<label htmlFor={`card-${name}`} className="mb-1 block text-sm font-medium">
				{label}
			</label>
			<input
				id={`card-${name}`}
				name={name}
				required
				className={inputClass}
				aria-invalid={fields?.[name] ? true : undefined}
				aria-describedby={fields?.[name] ? `card-${name}-error` : undefined}
				{...props}
			/>
			{fields?.[name] ? (
				<p id={`card-${name}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
					{fields[name]}
				</p>
			) : null}
		</div>
	)
	return (
		<Dialog title="Add Card" closeTo="/billing">
			<p className="mb-3 text-sm text-gray-600 dark:text-gray-400">The new card becomes your default. Open invoices are charged to it right away.</p>
			<Form method="post" encType="multipart/form-data" className="space-y-3">
				{field('cardholderName', 'Cardholder Name', { autoComplete: 'cc-name', maxLength: 100 })}
				{field('cardNumber', 'Card Number', { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 19, placeholder: '1234 5678 9012 3456' })}
				<div className="grid grid-cols-3 gap-3">
					{field('expiryMonth', 'Month (MM)', { autoComplete: 'cc-exp-month', inputMode: 'numeric', maxLength: 2, placeholder: 'MM' })}
					{field('expiryYear', 'Year (YY)', { autoComplete: 'cc-exp-year', inputMode: 'numeric', maxLength: 2, placeholder: 'YY' })}
					{field('cvv', 'CVV', { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 })}
				</div>
				<SubmitRow closeTo="/billing" intent="card" label="Add Card" pendingLabel="Adding..." />
			</Form>
		</Dialog>
	)
}
