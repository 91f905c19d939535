import type { ReactNode } from 'react'

/** The page frame every screen uses: a heading, an optional subtitle, content. */
export function Page({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
	return (
		<div className="mx-auto max-w-7xl px-4 py-10">
			<h1 className="text-3xl font-bold tracking-tight">{title}</h1>
			{subtitle ? <p className="mt-2 text-gray-600 dark:text-gray-400">{subtitle}</p> : null}
			{children ? <div className="mt-8">{children}</div> : null}
		</div>
	)
}
