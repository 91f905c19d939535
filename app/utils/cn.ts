import { twMerge } from 'tailwind-merge'

/**
 * Class names joined, with Tailwind conflicts resolved the way the caller
 * means them: a later class wins over an earlier one of the same kind
 * (`cn(buttonClass(), 'hidden sm:inline-flex')` hides the button on a phone,
 * where joining alone left `inline-flex` and `hidden` to the stylesheet's order).
 */
export function cn(...classes: Array<string | false | null | undefined>) {
	return twMerge(classes.filter(Boolean).join(' '))
}
