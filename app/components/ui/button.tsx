import { type ComponentProps } from 'react'
import { Link } from 'react-router'
import { cn } from '~/utils/cn.ts'

const variants = {
	primary: 'bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-600',
	secondary:
		'border border-gray-300 bg-white text-gray-900 hover:bg-gray-50 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700',
	ghost: 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800',
	destructive: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600',
	link: 'text-brand-700 underline-offset-4 hover:underline dark:text-brand-500',
} as const

export type ButtonVariant = keyof typeof variants

export function buttonClass(variant: ButtonVariant = 'primary', className?: string) {
	return cn(
		'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
		variants[variant],
		className,
	)
}

export function Button({ variant, className, ...props }: ComponentProps<'button'> & { variant?: ButtonVariant }) {
	return <button className={buttonClass(variant, className)} {...props} />
}

export function ButtonLink({ variant, className, ...props }: ComponentProps<typeof Link> & { variant?: ButtonVariant }) {
	return <Link className={buttonClass(variant, className)} {...props} />
}
