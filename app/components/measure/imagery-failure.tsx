// When a tile layer cannot be loaded (issue 18 §4): say from where, offer Retry
// and the other layers; a plain grid stands in for the imagery so drawing
// keeps working.
import type { MapType } from '~/map/measure-map.client.tsx'
import { imageryFailureMessage } from '~/lib/imagery-providers.ts'

const LABELS: Record<MapType, string> = { satellite: 'Satellite', hybrid: 'Hybrid', terrain: 'Terrain', roadmap: 'Roadmap' }

export function ImageryGrid() {
	return (
		<div
			aria-hidden
			data-testid="imagery-grid"
			className="absolute inset-0 bg-gray-100 dark:bg-gray-900"
			style={{
				backgroundImage: 'linear-gradient(rgba(100,116,139,0.35) 1px, transparent 1px), linear-gradient(90deg, rgba(100,116,139,0.35) 1px, transparent 1px)',
				backgroundSize: '32px 32px',
			}}
		/>
	)
}

export function ImageryFailure({
	provider,
	current,
	failed,
	onRetry,
	onSwitch,
}: {
	provider: string
	current: MapType
	failed: ReadonlySet<MapType>
	onRetry: () => void
	onSwitch: (type: MapType) => void
}) {
	const others = (Object.keys(LABELS) as MapType[]).filter((t) => t !== current && !failed.has(t))
	return (
		<div role="alert" className="absolute inset-x-3 top-3 z-20 phone-js:top-[4.25rem] mx-auto max-w-xl rounded-lg border border-red-300 bg-white/95 px-4 py-3 text-sm text-gray-900 shadow-lg dark:border-red-800 dark:bg-gray-900/95 dark:text-gray-100">
			<p className="font-semibold">{imageryFailureMessage(provider)}</p>
			<p className="mt-0.5 text-gray-700 dark:text-gray-300">You can keep drawing on the grid; areas and lengths do not depend on the imagery.</p>
			<div className="mt-2 flex flex-wrap gap-2">
				<button type="button" onClick={onRetry} className="rounded-md bg-brand-700 px-3 py-1.5 font-medium text-white">
					Retry
				</button>
				{others.map((t) => (
					<button key={t} type="button" onClick={() => onSwitch(t)} className="rounded-md border border-gray-300 px-3 py-1.5 dark:border-gray-600">
						Switch to {LABELS[t]}
					</button>
				))}
			</div>
		</div>
	)
}
