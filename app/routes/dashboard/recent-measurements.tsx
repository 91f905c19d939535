// Recent Measurements: search (as you type, or Apply without JavaScript),
// sort, the list and its pages, all in the URL query.
import { useRef } from 'react'
import { Form, useNavigation, useSubmit } from 'react-router'
import { PageLinks } from '~/components/pagination.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button, ButtonLink } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { pageItems } from '~/lib/pagination.ts'
import { MEASUREMENT_SORTS, type DashboardQuery } from '~/lib/schemas/account.ts'
import { MeasurementRow } from './measurement-row.tsx'
import { resultFor } from '~/utils/forms.ts'
import { hrefWith, type ActionData, type LoaderData } from './shared.ts'

export function RecentMeasurements({ loaderData, actionData }: { loaderData: LoaderData; actionData?: ActionData }) {
	const { list, query, ui, user } = loaderData
	const submit = useSubmit()
	const navigation = useNavigation()
	const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/dashboard' && !navigation.formData
	const badge = list ? `${list.matching} of ${list.total}` : '0 of 0'

	return (
		<Card title="Recent Measurements" labelledBy="recent-measurements" action={<Badge tone="brand">{badge}</Badge>}>
			<Form method="get" action="/dashboard" className="mb-4 flex flex-wrap items-end gap-2" role="search" aria-label="Measurements">
				{/* the Leads list keeps its filter and page */}
				{query.leadStatus ? <input type="hidden" name="leadStatus" value={query.leadStatus} /> : null}
				{query.leadPage > 1 ? <input type="hidden" name="leadPage" value={query.leadPage} /> : null}
				<label className="min-w-48 flex-1">
					<span className="sr-only">Search measurements</span>
					<input
						type="search"
						name="q"
						defaultValue={query.q}
						placeholder="Search measurements..."
						aria-label="Search measurements"
						className={inputClass}
						onChange={(event) => {
							const form = event.currentTarget.form
							clearTimeout(searchTimer.current)
							searchTimer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 300)
						}}
					/>
				</label>
				<label>
					<span className="sr-only">Sort measurements</span>
					<select
						name="sort"
						defaultValue={query.sort}
						aria-label="Sort measurements"
						className={inputClass}
						onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
					>
						{MEASUREMENT_SORTS.map((s) => (
							<option key={s.value} value={s.value}>
								{s.label}
							</option>
						))}
					</select>
				</label>
				<Button type="submit" variant="secondary">
					Apply
				</Button>
			</Form>

			{loading ? <p className="mb-2 text-sm text-gray-500">Loading measurements...</p> : null}

			{!list || list.total === 0 ? (
				<div className="py-10 text-center">
					<p className="font-medium">No measurements yet</p>
					<ButtonLink to="/measure" className="mt-4">
						Start Your First Measurement
					</ButtonLink>
				</div>
			) : list.matching === 0 ? (
				<div className="py-10 text-center">
					<p className="font-medium">No measurements found</p>
					<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Try different search terms</p>
				</div>
			) : (
				<>
					<ul aria-label="Measurements" className="divide-y divide-gray-200 dark:divide-gray-700">
						{list.measurements.map((m) => (
							<MeasurementRow
								key={m.id}
								measurement={m}
								query={query}
								renaming={ui.rename === m.id}
								renameResult={ui.rename === m.id ? resultFor(actionData, 'rename') : undefined}
								showTraining={Boolean(user.organization?.allowAiTraining) && m.is_training_data === 'true'}
								share={loaderData.shares[m.id]}
							/>
						))}
					</ul>
					<Pagination query={query} page={list.page} pageCount={list.pageCount} matching={list.matching} pageSize={list.pageSize} />
				</>
			)}
		</Card>
	)
}

function Pagination({ query, page, pageCount, matching, pageSize }: { query: DashboardQuery; page: number; pageCount: number; matching: number; pageSize: number }) {
	const first = (page - 1) * pageSize + 1
	const last = Math.min(matching, page * pageSize)
	return (
		<nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3">
			<p className="text-sm text-gray-600 dark:text-gray-400">
				Showing {first}-{last} of {matching}
			</p>
			{pageCount > 1 ? (
				<PageLinks page={page} pageCount={pageCount} items={pageItems(page, pageCount)} hrefFor={(n) => hrefWith(query, { page: n })} pageLabel={(n) => `Page ${n}`} />
			) : null}
		</nav>
	)
}
