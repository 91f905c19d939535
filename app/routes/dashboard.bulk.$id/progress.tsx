import type { BatchCounts } from '~/services/bulk-measure.server.ts'

const STATUS_TEXT: Record<string, string> = { running: 'Measuring…', cancelled: 'Cancelled', completed: 'Finished' }

/** The batch's progress bar and its counts. */
export function Progress({ status, counts }: { status: string; counts: BatchCounts }) {
	const done = counts.measured + counts.failed + counts.cancelled
	const percent = counts.total ? Math.round((done / counts.total) * 100) : 100
	const items = [
		['Queued', counts.queued],
		['Geocoded', counts.geocoded],
		['Measured', counts.measured],
		['Failed', counts.failed],
		...(counts.cancelled ? [['Cancelled', counts.cancelled] as const] : []),
	] as const
	return (
		<div>
			<div className="flex justify-between text-sm">
				<span data-testid="bulk-status">{STATUS_TEXT[status] ?? status}</span>
				<span>
					{done.toLocaleString('en-US')} of {counts.total.toLocaleString('en-US')} done
				</span>
			</div>
			<div role="progressbar" aria-label="Batch progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="mt-2 h-3 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700">
				<div className="h-full bg-green-600" style={{ width: `${percent}%` }} />
			</div>
			<dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
				{items.map(([label, value]) => (
					<div key={label} className="rounded-lg border border-gray-200 p-3 dark:border-gray-700">
						<dt className="text-sm text-gray-600 dark:text-gray-400">{label}</dt>
						<dd className="text-2xl font-semibold" data-testid={`count-${label.toLowerCase()}`}>
							{value.toLocaleString('en-US')}
						</dd>
					</div>
				))}
			</dl>
		</div>
	)
}
