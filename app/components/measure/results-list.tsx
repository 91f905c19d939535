// The "Measurement Results" list of /measure: saved measurements of the address
// (view, rename, edit, share, delete; rename and delete post without JavaScript) and
// the pending shapes of the current job.
import { useRef } from 'react'
import { Form, Link } from 'react-router'
import { inputClass } from '~/components/ui/field.tsx'
import { formatArea, formatLength, type displayUnits } from '~/lib/units.ts'
import type { LocalShape } from '~/map/measure-map.client.tsx'
import type { ApiMeasurement } from '~/services/measurements.server.ts'
import { cn } from '~/utils/cn.ts'

export function ResultsList({
	className,
	saved,
	local,
	units,
	viewingId,
	allowAiTraining,
	onView,
	onEdit,
	onRemoveLocal,
	savedTotals,
}: {
	className?: string
	saved: ApiMeasurement[]
	local: LocalShape[]
	units: ReturnType<typeof displayUnits>
	viewingId: string | null
	allowAiTraining: boolean
	onView: (id: string) => void
	onEdit: (m: ApiMeasurement) => void
	onRemoveLocal: (id: string) => void
	savedTotals: { sqft: number; feet: number }
}) {
	const figure = (sqft: number, feet: number, linear: boolean) => (linear ? formatLength(feet, units.length) : formatArea(sqft, units.area))
	return (
		<section aria-labelledby="results-heading" className={className}>
			<div className="flex items-baseline justify-between">
				<h2 id="results-heading" className="text-sm font-semibold">
					Measurement Results
				</h2>
				{saved.length ? (
					<span className="text-sm" data-testid="results-total">
						Total {formatArea(savedTotals.sqft, units.area)}
						{savedTotals.feet > 0 ? ` · ${formatLength(savedTotals.feet, units.length)}` : ''}
					</span>
				) : null}
			</div>
			{saved.length === 0 && local.length === 0 ? (
				<div className="mt-2 rounded-md border border-dashed border-gray-300 p-4 text-center text-sm dark:border-gray-700">
					<p className="font-medium">No measurements yet</p>
					<p className="text-gray-600 dark:text-gray-400">Use the tools above to measure grass areas</p>
				</div>
			) : (
				<ul className="mt-2 space-y-2" aria-label="Measurements">
					{saved.map((m, i) => (
						<SavedItem key={m.id} m={m} index={i} viewing={viewingId === m.id} allowAiTraining={allowAiTraining} figure={figure(m.total_area_sqft, m.total_distance_feet, m.is_linear_measurement)} onView={onView} onEdit={onEdit} />
					))}
					{local.map((s, i) => (
						<li key={s.id} className="flex items-center justify-between rounded-md border border-orange-300 bg-orange-50 px-3 py-2 text-sm dark:border-orange-800 dark:bg-orange-950/40">
							<span>
								<span className="font-medium">Shape #{i + 1} (drawing)</span>{' '}
								<span className="rounded bg-orange-200 px-1.5 py-0.5 text-xs text-orange-900">Pending</span>
								{s.measurement_type === 'ai' ? <span className="ml-1 rounded bg-blue-100 px-1.5 py-0.5 text-xs text-blue-800">AI</span> : null}
								{s.label ? <span className="block text-xs text-gray-600 dark:text-gray-400">{s.label}</span> : null}
								<span className="block text-gray-700 dark:text-gray-300">
									{Object.keys(s.problems).length ? Object.values(s.problems)[0] : figure(s.area_sqft, s.distance_feet, s.type === 'polyline')}
								</span>
							</span>
							<button type="button" className="text-xs text-red-700 underline max-md:inline-flex max-md:min-h-11 max-md:min-w-11 max-md:items-center max-md:justify-center dark:text-red-400" onClick={() => onRemoveLocal(s.id)} aria-label={`Remove Shape #${i + 1}`}>
								Remove
							</button>
						</li>
					))}
				</ul>
			)}
		</section>
	)
}

function SavedItem({
	m,
	index,
	viewing,
	allowAiTraining,
	figure,
	onView,
	onEdit,
}: {
	m: ApiMeasurement
	index: number
	viewing: boolean
	allowAiTraining: boolean
	figure: string
	onView: (id: string) => void
	onEdit: (m: ApiMeasurement) => void
}) {
	const label = m.label || `Area #${index + 1}`
	const renameRef = useRef<HTMLDetailsElement>(null)
	return (
		<li className={cn('rounded-md border px-3 py-2 text-sm', viewing ? 'border-blue-500 bg-blue-50 dark:bg-blue-950/40' : 'border-gray-200 dark:border-gray-700')}>
			<div className="flex items-start justify-between gap-2">
				<button type="button" className="text-left" onClick={() => onView(m.id)}>
					<span className="font-medium">{label}</span>
					{m.measurement_type === 'ai' ? <span className="ml-1 rounded bg-blue-100 px-1.5 text-xs text-blue-800">AI</span> : null}
					{allowAiTraining && m.is_training_data === 'true' ? <span className="ml-1 rounded bg-purple-100 px-1.5 text-xs text-purple-800">AI Training</span> : null}
					<span className="block text-gray-700 dark:text-gray-300">
						{figure} · {m.shape_count} shape{m.shape_count === 1 ? '' : 's'}
					</span>
				</button>
				<div className="flex shrink-0 gap-2 text-xs">
					<button type="button" className="underline max-md:inline-flex max-md:min-h-11 max-md:min-w-11 max-md:items-center max-md:justify-center" onClick={() => onEdit(m)}>
						Edit
					</button>
					{/* issue 19: the share dialog lives on the dashboard */}
					<Link
						to={`/dashboard?${new URLSearchParams({ dialog: 'share', id: m.id })}`}
						className="underline max-md:inline-flex max-md:min-h-11 max-md:min-w-11 max-md:items-center max-md:justify-center"
						aria-label={`Share ${label} with customer`}
					>
						Share
					</Link>
					<Form
						method="post"
						onSubmit={(e) => {
							if (!confirm('This measurement will be permanently deleted. This action cannot be undone.')) e.preventDefault()
						}}
					>
						<input type="hidden" name="intent" value="delete" />
						<input type="hidden" name="id" value={m.id} />
						<button type="submit" className="text-red-700 underline max-md:inline-flex max-md:min-h-11 max-md:min-w-11 max-md:items-center max-md:justify-center dark:text-red-400" aria-label={`Delete ${label}`}>
							Delete
						</button>
					</Form>
				</div>
			</div>
			{/* a disclosure, so renaming works without JavaScript too */}
			<details ref={renameRef} className="mt-1">
				<summary className="cursor-pointer text-xs underline max-md:flex max-md:min-h-11 max-md:items-center">Rename</summary>
				<Form method="post" className="mt-1 flex gap-1" onSubmit={() => renameRef.current?.removeAttribute('open')}>
					<input type="hidden" name="intent" value="rename" />
					<input type="hidden" name="id" value={m.id} />
					<input name="label" defaultValue={label} aria-label="Measurement name" className={cn(inputClass, 'py-1')} required />
					<button type="submit" className="rounded bg-brand-700 px-2 text-white" aria-label="Save name">
						✓
					</button>
					<button type="button" className="rounded border px-2" aria-label="Cancel rename" onClick={() => renameRef.current?.removeAttribute('open')}>
						✕
					</button>
				</Form>
			</details>
		</li>
	)
}
