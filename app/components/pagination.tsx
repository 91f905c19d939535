// Previous, the page numbers (with gaps) and Next, each a link, so paging
// works without JavaScript. The caller decides which numbers show
// (app/lib/pagination.ts or a fixed window) and wraps the row in its <nav>.
import { Link } from 'react-router'
import type { PageItem } from '~/lib/pagination.ts'
import { cn } from '~/utils/cn.ts'
import { buttonClass } from './ui/button.tsx'

export function PageLinks({
	page,
	pageCount,
	items,
	hrefFor,
	size = 'px-3 py-1 text-xs',
	pageLabel,
	className,
}: {
	page: number
	pageCount: number
	items: readonly PageItem[]
	hrefFor: (page: number) => string
	/** the links' padding and text size */
	size?: string
	/** an accessible name for a page number ("Page 2"); the number itself when absent */
	pageLabel?: (page: number) => string
	className?: string
}) {
	const linkClass = (active: boolean) => buttonClass(active ? 'primary' : 'secondary', size)
	const step = (to: number, text: string, enabled: boolean) =>
		enabled ? (
			<Link to={hrefFor(to)} className={linkClass(false)}>
				{text}
			</Link>
		) : (
			<span aria-disabled="true" className={cn(linkClass(false), 'opacity-50')}>
				{text}
			</span>
		)
	return (
		<div className={cn('flex flex-wrap gap-1', className)}>
			{step(page - 1, 'Previous', page > 1)}
			{items.map((n, i) =>
				n === 'gap' ? (
					<span key={`gap-${i}`} aria-hidden="true" className="px-1 py-1 text-xs text-gray-500">
						…
					</span>
				) : (
					<Link key={n} to={hrefFor(n)} className={linkClass(n === page)} aria-current={n === page ? 'page' : undefined} aria-label={pageLabel?.(n)}>
						{n}
					</Link>
				),
			)}
			{step(page + 1, 'Next', page < pageCount)}
		</div>
	)
}
