// The "Measurement Results" list of /measure: saved measurements of the address
// (view, rename, edit, share, delete; rename and delete post without JavaScript) and
// the pending shapes of the current job.
import { useRef } from 'react'
import { Form, Link } from 'react-router'
import { inputClass } from '~/components/ui/field.tsx'
import { formatArea, formatLength, type displayUnits } from '~/lib/units.ts'
import { SURFACE_LABELS, surfaceOf, surfacesFor, type Surface } from '~/lib/surfaces.ts'
import type { Shape } from '~/lib/shapes.ts'
import { SurfaceTotals, Swatch } from './surface-picker.tsx'
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
	onLocalSurface,
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
	onLocalSurface: (id: string, surface: Surface) => void
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
						<SavedItem key={m.id} m={m} index={i} viewing={viewingId === m.id} allowAiTraining={allowAiTraining} figure={figure(m.total_area_sqft, m.total_distance_feet, m.is_linear_measurement)} units={units} onView={onView} onEdit={onEdit} />
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
								<label className="mt-1 flex items-center gap-1.5 text-xs">
									<Swatch surface={surfaceOf(s)} />
									<span className="sr-only">Surface of Shape #{i + 1}</span>
									<select
										value={surfaceOf(s)}
										onChange={(e) => onLocalSurface(s.id, e.target.value as Surface)}
										className="rounded border border-gray-300 bg-white px-1 py-0.5 max-md:min-h-11 dark:border-gray-600 dark:bg-gray-900"
										aria-label={`Surface of Shape #${i + 1}`}
									>
										{surfacesFor(s.type).map((option) => (
											<option key={option} value={option}>
												{SURFACE_LABELS[option]}
											</option>
										))}
									</select>
								</label>
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
	units,
	onView,
	onEdit,
}: {
	m: ApiMeasurement
	index: number
	viewing: boolean
	allowAiTraining: boolean
	figure: string
	units: ReturnType<typeof displayUnits>
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
			<SurfaceTotals className="mt-1 text-xs" totals={m.totals_by_surface} units={units} testId="saved-surfaces" />
			<SurfaceForms m={m} label={label} units={units} />
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

/** issue 32: each saved shape's surface, changed by a small form per shape (works without JavaScript). */
function SurfaceForms({ m, label, units }: { m: ApiMeasurement; label: string; units: ReturnType<typeof displayUnits> }) {
	return (
		<details className="mt-1">
			<summary className="cursor-pointer text-xs underline max-md:flex max-md:min-h-11 max-md:items-center">Surfaces</summary>
			<ul className="mt-1 space-y-1" aria-label={`Surfaces of ${label}`}>
				{(m.shapes as Shape[]).map((shape, i) => {
					const name = shape.label || `Shape #${i + 1}`
					return (
						<li key={i}>
							<Form method="post" className="flex flex-wrap items-center gap-1 text-xs">
								<input type="hidden" name="intent" value="surface" />
								<input type="hidden" name="id" value={m.id} />
								<input type="hidden" name="shape" value={i} />
								<Swatch surface={surfaceOf(shape)} />
								<span className="min-w-0 flex-1 truncate">
									{name} · {shape.type === 'polyline' ? formatLength(shape.distance_feet, units.length) : formatArea(shape.area_sqft, units.area)}
								</span>
								<select
									name="surface"
									defaultValue={surfaceOf(shape)}
									aria-label={`Surface of ${name}`}
									className="rounded border border-gray-300 bg-white px-1 py-0.5 max-md:min-h-11 dark:border-gray-600 dark:bg-gray-900"
								>
									{surfacesFor(shape.type).map((option) => (
										<option key={option} value={option}>
											{SURFACE_LABELS[option]}
										</option>
									))}
								</select>
								<button type="submit" className="rounded border px-2 py-0.5 max-md:min-h-11" aria-label={`Save surface of ${name}`}>
									Save
								</button>
							</Form>
						</li>
					)
				})}
			</ul>
		</details>
	)
}
