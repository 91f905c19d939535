// "Current Measurement Job" / "Editing Existing Measurement": the pending
// shapes' figures, the AI-training opt-in and Save (spec 1 §2, §4 Saving).
import { Button } from '~/components/ui/button.tsx'
import type { Totals } from '~/lib/shapes.ts'
import { approximatePerimeterFeet, formatArea, formatLength, type displayUnits } from '~/lib/units.ts'

export function JobCard({
	className,
	address,
	editing,
	live,
	pendingCount,
	totals,
	units,
	trainingOffered,
	training,
	onTraining,
	saving,
	onSave,
}: {
	className?: string
	address: string | null
	editing: boolean
	/** the figure of the shape being drawn */
	live: string | null
	pendingCount: number
	totals: Pick<Totals, 'total_area_sqft' | 'total_distance_feet'>
	units: ReturnType<typeof displayUnits>
	trainingOffered: boolean
	training: boolean
	onTraining: (on: boolean) => void
	saving: boolean
	onSave: () => void
}) {
	return (
		<section aria-labelledby="job-heading" className={className}>
			<h2 id="job-heading" className="text-sm font-semibold">
				{editing ? 'Editing Existing Measurement' : 'Current Measurement Job'}
			</h2>
			<p className="mt-1 text-sm text-gray-600 max-md:hidden dark:text-gray-400">{address ?? 'No address chosen yet'}</p>
			{live ? (
				<p className="mt-2 text-sm font-medium max-md:hidden" aria-live="polite" data-testid="live-figure">
					{live}
				</p>
			) : null}
			<dl className="mt-2 grid grid-cols-2 gap-x-2 text-sm">
				<dt className="text-gray-600 dark:text-gray-400">Pending shapes</dt>
				<dd data-testid="pending-count">{pendingCount}</dd>
				<dt className="text-gray-600 dark:text-gray-400">Area</dt>
				<dd data-testid="pending-area">{formatArea(totals.total_area_sqft, units.area)}</dd>
				{totals.total_distance_feet > 0 ? (
					<>
						<dt className="text-gray-600 dark:text-gray-400">Distance</dt>
						<dd data-testid="pending-distance">{formatLength(totals.total_distance_feet, units.length)}</dd>
					</>
				) : null}
				<dt className="text-gray-600 dark:text-gray-400">Perimeter (approx.)</dt>
				<dd>{formatLength(approximatePerimeterFeet(totals.total_area_sqft), units.length)}</dd>
			</dl>
			{pendingCount > 0 && trainingOffered ? (
				<label className="mt-2 flex items-center gap-2 text-sm">
					<input type="checkbox" checked={training} onChange={(e) => onTraining(e.target.checked)} />
					Help improve AI training
				</label>
			) : null}
			<Button type="button" className="mt-3 w-full max-md:mt-2 max-md:min-h-11" disabled={!pendingCount || saving} onClick={onSave}>
				{saving ? 'Saving...' : editing ? 'Update Combined Measurement' : 'Save Measurement'}
			</Button>
		</section>
	)
}
