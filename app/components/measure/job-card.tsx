// "Current Measurement Job" / "Editing Existing Measurement": the pending
// shapes' figures, the AI-training opt-in and Save (spec 1 §2, §4 Saving).
// In the collapsed phone sheet (`peek:`, issue 31) it is one row: the heading
// and the area (and distance) beside Save; the rest shows at the taller heights.
import { Button } from '~/components/ui/button.tsx'
import type { Totals, TotalsBySurface } from '~/lib/shapes.ts'
import { SurfaceTotals } from './surface-picker.tsx'
import { approximatePerimeterFeet, formatArea, formatLength, type displayUnits } from '~/lib/units.ts'
import { cn } from '~/utils/cn.ts'

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
	totals: Pick<Totals, 'total_area_sqft' | 'total_distance_feet'> & { totals_by_surface?: TotalsBySurface; calculating?: boolean }
	units: ReturnType<typeof displayUnits>
	trainingOffered: boolean
	training: boolean
	onTraining: (on: boolean) => void
	saving: boolean
	onSave: () => void
}) {
	return (
		<section aria-labelledby="job-heading" className={cn(className, 'peek:grid peek:grid-cols-[minmax(0,1fr)_auto] peek:items-center peek:gap-x-3')}>
			<h2 id="job-heading" className="text-sm font-semibold peek:col-start-1 peek:text-xs peek:leading-4 peek:text-gray-600 peek:dark:text-gray-400">
				{editing ? 'Editing Existing Measurement' : 'Current Measurement Job'}
			</h2>
			<p className="mt-1 text-sm text-gray-600 max-md:hidden dark:text-gray-400">{address ?? 'No address chosen yet'}</p>
			{live ? (
				<p className="mt-2 text-sm font-medium max-md:hidden" aria-live="polite" data-testid="live-figure">
					{live}
				</p>
			) : null}
			<dl className="mt-2 grid grid-cols-2 gap-x-2 text-sm peek:col-start-1 peek:mt-0 peek:flex peek:flex-wrap peek:gap-x-1.5">
				<dt className="text-gray-600 peek:hidden dark:text-gray-400">Pending shapes</dt>
				<dd data-testid="pending-count" className="peek:hidden">
					{pendingCount}
				</dd>
				<dt className="text-gray-600 dark:text-gray-400">Area</dt>
				{/* while the measuring module loads with the first shape, "…" rather than a wrong 0 */}
				<dd data-testid="pending-area" className="peek:font-semibold" aria-busy={totals.calculating || undefined}>
					{totals.calculating ? '…' : formatArea(totals.total_area_sqft, units.area)}
				</dd>
				{totals.total_distance_feet > 0 ? (
					<>
						<dt className="text-gray-600 dark:text-gray-400">Distance</dt>
						<dd data-testid="pending-distance">{formatLength(totals.total_distance_feet, units.length)}</dd>
					</>
				) : null}
				<dt className="text-gray-600 peek:hidden dark:text-gray-400">Perimeter (approx.)</dt>
				<dd className="peek:hidden">{totals.calculating ? '…' : formatLength(approximatePerimeterFeet(totals.total_area_sqft), units.length)}</dd>
			</dl>
			{/* issue 32: per surface, a bed inside a lawn counted as bed only */}
			<SurfaceTotals className="mt-2 peek:hidden" totals={totals.totals_by_surface} units={units} testId="pending-surfaces" />
			{pendingCount > 0 && trainingOffered ? (
				<label className="mt-2 flex items-center gap-2 text-sm peek:hidden">
					<input type="checkbox" checked={training} onChange={(e) => onTraining(e.target.checked)} />
					Help improve AI training
				</label>
			) : null}
			<Button
				type="button"
				className="mt-3 w-full max-md:mt-2 max-md:min-h-11 peek:col-start-2 peek:row-[1/span_2] peek:mt-0 peek:w-auto"
				disabled={!pendingCount || saving}
				onClick={onSave}
			>
				{saving ? 'Saving...' : editing ? 'Update Combined Measurement' : 'Save Measurement'}
			</Button>
		</section>
	)
}
