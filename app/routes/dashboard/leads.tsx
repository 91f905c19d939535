// Leads (issue 19 item 4): the organization's leads from the quote widget and
// accepted estimates, newest first, for every member. The status filter is a
// GET form (leadStatus, leadPage in the URL, beside the measurements' query);
// a lead's status select and "Open in Measure" post to the dashboard's action
// (intents leadStatus and openLead), so all of it works without JavaScript.
import { Form, useNavigation, useSubmit } from 'react-router'
import { PageLinks } from '~/components/pagination.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from '~/lib/leads.ts'
import { pageItems } from '~/lib/pagination.ts'
import { LEAD_STATUSES } from '~/lib/quote-widget.ts'
import type { DashboardQuery } from '~/lib/schemas/account.ts'
import { formatArea } from '~/lib/units.ts'
import type { DashboardLead, dashboardLeads } from '~/services/leads.server.ts'
import { cn } from '~/utils/cn.ts'
import { useHydrated } from '~/utils/use-hydrated.ts'
import { formatDate, hrefWith } from './shared.ts'

export const LEADS_PAGE_SIZE = 10

type LeadsPage = Awaited<ReturnType<typeof dashboardLeads>>

const STATUS_TONES = { new: 'blue', contacted: 'amber', won: 'green', lost: 'gray' } as const

export function LeadsPanel({ leads, query }: { leads: LeadsPage; query: DashboardQuery }) {
	const submit = useSubmit()
	const filterLabel = query.leadStatus ? LEAD_STATUS_LABELS[query.leadStatus] : null
	return (
		<Card title="Leads" labelledBy="leads-heading" action={<Badge tone="brand">{`${leads.matching} of ${leads.total}`}</Badge>}>
			<Form method="get" action="/dashboard" className="mb-4 flex flex-wrap items-end gap-2" role="search" aria-label="Leads">
				{/* the measurements list keeps its state */}
				{query.q ? <input type="hidden" name="q" value={query.q} /> : null}
				{query.sort !== 'newest' ? <input type="hidden" name="sort" value={query.sort} /> : null}
				{query.page > 1 ? <input type="hidden" name="page" value={query.page} /> : null}
				<label className="min-w-40">
					<span className="sr-only">Filter leads by status</span>
					<select
						name="leadStatus"
						defaultValue={query.leadStatus ?? ''}
						aria-label="Filter leads by status"
						className={inputClass}
						onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
					>
						<option value="">All</option>
						{LEAD_STATUSES.map((s) => (
							<option key={s} value={s}>
								{LEAD_STATUS_LABELS[s]}
							</option>
						))}
					</select>
				</label>
				<Button type="submit" variant="secondary">
					Filter
				</Button>
			</Form>

			{leads.total === 0 ? (
				<div className="py-8 text-center">
					<p className="font-medium">No leads yet</p>
					<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Requests from your quote widget and accepted estimates appear here.</p>
				</div>
			) : leads.matching === 0 ? (
				<div className="py-8 text-center">
					<p className="font-medium">No {filterLabel?.toLowerCase()} leads</p>
				</div>
			) : (
				<>
					<ul aria-label="Leads" className="divide-y divide-gray-200 dark:divide-gray-700">
						{leads.leads.map((lead) => (
							<LeadRow key={lead.id} lead={lead} />
						))}
					</ul>
					<nav aria-label="Leads pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
						<p className="text-sm text-gray-600 dark:text-gray-400">
							Showing {(leads.page - 1) * leads.pageSize + 1}-{Math.min(leads.matching, leads.page * leads.pageSize)} of {leads.matching}
						</p>
						{leads.pageCount > 1 ? (
							<PageLinks
								page={leads.page}
								pageCount={leads.pageCount}
								items={pageItems(leads.page, leads.pageCount)}
								hrefFor={(n) => hrefWith(query, { leadPage: n })}
								pageLabel={(n) => `Leads page ${n}`}
							/>
						) : null}
					</nav>
				</>
			)}
		</Card>
	)
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

function LeadRow({ lead }: { lead: DashboardLead }) {
	const submit = useSubmit()
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const busy = (intent: string) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && navigation.formData.get('id') === lead.id
	const title = lead.address ?? 'No address given'
	return (
		<li className="py-3" aria-label={`${lead.name}, ${title}`}>
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div className="min-w-0 flex-1 basis-64">
					<div className="flex flex-wrap items-center gap-2">
						<span className="font-medium break-words">{title}</span>
						<Badge>{LEAD_SOURCE_LABELS[lead.source]}</Badge>
						<Badge tone={STATUS_TONES[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</Badge>
					</div>
					<p className="mt-1 flex flex-wrap gap-x-3 text-sm text-gray-700 dark:text-gray-300">
						<span>Lawn area: {lead.areaSqft === null ? 'Not measured' : formatArea(lead.areaSqft, 'sqft')}</span>
						<span>Price quoted: {lead.priceQuoted ?? 'No price'}</span>
					</p>
					<p className="mt-1 flex flex-wrap gap-x-3 text-sm">
						<span className="font-medium">{lead.name}</span>
						<a href={`mailto:${lead.email}`} className="break-all text-brand-700 hover:underline dark:text-brand-500">
							{lead.email}
						</a>
						<a href={telHref(lead.phone)} className="text-brand-700 hover:underline dark:text-brand-500">
							{lead.phone}
						</a>
					</p>
					{lead.message ? <p className="mt-1 line-clamp-3 text-sm text-gray-600 italic dark:text-gray-400">“{lead.message}”</p> : null}
					<p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
						<time dateTime={lead.createdAt}>{formatDate(lead.createdAt)}</time>
					</p>
				</div>
				<div className="flex flex-wrap items-center gap-2">
					<Form method="post" action="/dashboard" preventScrollReset className="flex items-center gap-1">
						<input type="hidden" name="intent" value="leadStatus" />
						<input type="hidden" name="id" value={lead.id} />
						<select
							key={lead.status}
							name="status"
							defaultValue={lead.status}
							aria-label={`Status of the lead from ${lead.name}`}
							className={cn(inputClass, 'w-auto py-1 text-sm max-md:min-h-11')}
							disabled={busy('leadStatus')}
							onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
						>
							{LEAD_STATUSES.map((s) => (
								<option key={s} value={s}>
									{LEAD_STATUS_LABELS[s]}
								</option>
							))}
						</select>
						{/* without JavaScript the choice is saved with this button; with it, on change */}
						{hydrated ? null : (
							<Button type="submit" variant="secondary" className="px-3 py-1 text-xs max-md:min-h-11">
								Save status
							</Button>
						)}
					</Form>
					<Form method="post" action="/dashboard">
						<input type="hidden" name="intent" value="openLead" />
						<input type="hidden" name="id" value={lead.id} />
						<Button type="submit" variant="secondary" className="px-3 py-1 text-xs max-md:min-h-11" disabled={busy('openLead')}>
							{busy('openLead') ? 'Opening...' : 'Open in Measure'}
						</Button>
					</Form>
				</div>
			</div>
		</li>
	)
}
