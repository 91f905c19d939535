// The sections as tabs (a select on small screens). Each tab is a link to
// /admin?tab=…; without JavaScript the select's Go button submits it.
import { Form, Link, useNavigate } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { SECTION_LABELS, type AdminSection } from '~/lib/admin.ts'
import { cn } from '~/utils/cn.ts'
import { href } from './ui.tsx'

export function SectionTabs({ sections, tab }: { sections: AdminSection[]; tab: AdminSection }) {
	const navigate = useNavigate()
	return (
		<div className="mt-8">
			{/* small screens: a select; without JavaScript the Go button submits it */}
			<Form method="get" action="/admin" className="flex gap-2 md:hidden">
				<label htmlFor="admin-section" className="sr-only">
					Section
				</label>
				<select id="admin-section" name="tab" defaultValue={tab} className={inputClass} onChange={(e) => navigate(href(e.target.value as AdminSection))}>
					{sections.map((s) => (
						<option key={s} value={s}>
							{SECTION_LABELS[s]}
						</option>
					))}
				</select>
				<noscript>
					<Button type="submit" variant="secondary">
						Go
					</Button>
				</noscript>
			</Form>
			<nav aria-label="Admin sections" className="hidden border-b border-gray-200 md:block dark:border-gray-700">
				<ul className="-mb-px flex flex-wrap gap-1">
					{sections.map((s) => (
						<li key={s}>
							<Link
								to={href(s)}
								aria-current={s === tab ? 'page' : undefined}
								className={cn(
									'inline-block border-b-2 px-3 py-2 text-sm font-medium',
									s === tab ? 'border-brand-700 text-brand-700 dark:border-brand-500 dark:text-brand-500' : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100',
								)}
							>
								{SECTION_LABELS[s]}
							</Link>
						</li>
					))}
				</ul>
			</nav>
		</div>
	)
}
