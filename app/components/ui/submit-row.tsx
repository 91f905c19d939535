// The bottom row of a dialog's form: Cancel (a link back to where the dialog
// was opened from, so it works without JavaScript) and the submit button.
// With `intent`, the button carries it (name="intent") and shows
// `pendingLabel` while that intent is being sent.
import { useNavigation } from 'react-router'
import { cn } from '~/utils/cn.ts'
import { Button, ButtonLink } from './button.tsx'

export function SubmitRow({
	closeTo,
	label,
	pendingLabel,
	intent,
	variant = 'primary',
	cancelLabel = 'Cancel',
	className,
}: {
	closeTo: string
	label: string
	pendingLabel?: string
	intent?: string
	variant?: 'primary' | 'destructive'
	cancelLabel?: string
	/** the row's spacing above (default `pt-2`) */
	className?: string
}) {
	const navigation = useNavigation()
	const pending = pendingLabel !== undefined && intent !== undefined && navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
	return (
		<div className={cn('flex justify-end gap-2', className ?? 'pt-2')}>
			<ButtonLink to={closeTo} preventScrollReset variant="secondary">
				{cancelLabel}
			</ButtonLink>
			<Button type="submit" name={intent ? 'intent' : undefined} value={intent} variant={variant} disabled={pending}>
				{pending ? pendingLabel : label}
			</Button>
		</div>
	)
}
