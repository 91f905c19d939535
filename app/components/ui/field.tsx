import { type ComponentProps, type ReactNode } from 'react'
import { cn } from '~/utils/cn.ts'

export const inputClass =
	'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100'

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
	if (!errors?.length) return null
	return (
		<ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700 dark:text-red-400">
			{errors.map((e) => (
				<li key={e}>{e}</li>
			))}
		</ul>
	)
}

export function Field({
	label,
	inputProps,
	errors,
	hint,
	className,
}: {
	label: ReactNode
	inputProps: ComponentProps<'input'> & { id: string }
	errors?: string[] | null
	hint?: ReactNode
	className?: string
}) {
	const errorId = errors?.length ? `${inputProps.id}-error` : undefined
	return (
		<div className={cn('space-y-1', className)}>
			<label htmlFor={inputProps.id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
				{label}
			</label>
			<input
				{...inputProps}
				aria-invalid={errorId ? true : undefined}
				aria-describedby={errorId}
				className={cn(inputClass, inputProps.className)}
			/>
			{hint ? <p className="text-xs text-gray-500 dark:text-gray-400">{hint}</p> : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}
