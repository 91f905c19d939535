// The wizard's three steps, the current one marked.
import { cn } from '~/utils/cn.ts'

export function Steps({ step, free }: { step: number; free: boolean }) {
	const labels = ['Customer Info', free ? 'Verify Email' : 'Payment', 'Complete']
	return (
		<ol className="mt-6 flex flex-wrap gap-4" aria-label="Checkout steps">
			{labels.map((label, i) => (
				<li key={label} aria-current={step === i + 1 ? 'step' : undefined} className={cn('flex items-center gap-2 text-sm', step === i + 1 ? 'font-semibold text-brand-700 dark:text-brand-400' : 'text-gray-500')}>
					<span className={cn('flex h-7 w-7 items-center justify-center rounded-full border', step >= i + 1 ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-300')}>{i + 1}</span>
					{label}
				</li>
			))}
		</ol>
	)
}
