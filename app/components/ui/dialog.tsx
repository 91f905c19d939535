// The one modal shell: a dimmed overlay and a panel with role="dialog",
// labelled by its title. `Dialog` is the server-rendered kind whose open state
// is the URL (?dialog=…): its ✕ is a link back to `closeTo`, so it opens and
// closes without JavaScript; Escape follows that link when scripts run.
import type { KeyboardEvent, ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '~/utils/cn.ts'

const SIZES = { md: 'max-w-md', lg: 'max-w-lg', '2xl': 'max-w-2xl', '3xl': 'max-w-3xl' } as const
export type DialogSize = keyof typeof SIZES

const titleIdOf = (title: string) => `dialog-${title.replace(/\W+/g, '-').toLowerCase()}`

export function Modal({
	labelledBy,
	size = 'lg',
	className,
	onKeyDown,
	children,
}: {
	labelledBy: string
	size?: DialogSize
	/** the panel's layout (default: padded, scrolls when taller than the screen) */
	className?: string
	onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void
	children: ReactNode
}) {
	return (
		<div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4" role="presentation">
			<div
				role="dialog"
				aria-modal="true"
				aria-labelledby={labelledBy}
				className={cn('w-full rounded-xl bg-white shadow-xl dark:bg-gray-900', SIZES[size], className ?? 'max-h-full overflow-y-auto p-6')}
				onKeyDown={onKeyDown}
			>
				{children}
			</div>
		</div>
	)
}

export function Dialog({ title, closeTo, size = 'lg', children }: { title: string; closeTo: string; size?: DialogSize; children: ReactNode }) {
	const titleId = titleIdOf(title)
	return (
		<Modal
			labelledBy={titleId}
			size={size}
			onKeyDown={(event) => {
				if (event.key === 'Escape') (event.currentTarget.querySelector('[data-close]') as HTMLElement | null)?.click()
			}}
		>
			<div className="mb-4 flex items-start justify-between gap-4">
				<h2 id={titleId} className="text-lg font-semibold">
					{title}
				</h2>
				<Link to={closeTo} preventScrollReset replace data-close aria-label="Close" className="rounded px-2 text-gray-500 hover:bg-gray-100 dark:hover:bg-gray-800">
					✕
				</Link>
			</div>
			{children}
		</Modal>
	)
}
