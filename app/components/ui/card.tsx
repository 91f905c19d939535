import type { ReactNode } from 'react'

/** A titled panel of the signed-in screens (dashboard, billing). */
export function Card({ title, action, children, labelledBy }: { title: ReactNode; action?: ReactNode; children: ReactNode; labelledBy?: string }) {
	const id = labelledBy ?? (typeof title === 'string' ? `card-${title.toLowerCase().replace(/\W+/g, '-')}` : undefined)
	return (
		<section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-700 dark:bg-gray-900">
			<div className="mb-4 flex items-center justify-between gap-3">
				<h2 id={id} className="text-lg font-semibold">
					{title}
				</h2>
				{action}
			</div>
			{children}
		</section>
	)
}
