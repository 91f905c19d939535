// "Map View" (satellite, hybrid, terrain, roadmap) and "Unit of Measure" (spec 1 §2, §9).
import { DISPLAY_UNITS, type DisplayUnit } from '~/lib/units.ts'
import type { MapType } from '~/map/measure-map.client.tsx'
import { cn } from '~/utils/cn.ts'

const MAP_TYPES: { value: MapType; label: string }[] = [
	{ value: 'satellite', label: 'Satellite' },
	{ value: 'hybrid', label: 'Hybrid' },
	{ value: 'terrain', label: 'Terrain' },
	{ value: 'roadmap', label: 'Roadmap' },
]

export function MapViewPicker({ className, mapType, onChange }: { className?: string; mapType: MapType; onChange: (type: MapType) => void }) {
	return (
		<section aria-labelledby="mapview-heading" className={className}>
			<h2 id="mapview-heading" className="mb-2 text-sm font-semibold">
				Map View
			</h2>
			<div className="grid grid-cols-4 gap-1" role="group" aria-label="Map View">
				{MAP_TYPES.map((m) => (
					<button
						key={m.value}
						type="button"
						aria-pressed={mapType === m.value}
						onClick={() => onChange(m.value)}
						className={cn('rounded-md border px-1 py-1.5 text-xs max-md:min-h-11', mapType === m.value ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 dark:border-gray-600')}
					>
						{m.label}
					</button>
				))}
			</div>
		</section>
	)
}

export function UnitPicker({ className, unit, onChange }: { className?: string; unit: DisplayUnit; onChange: (unit: DisplayUnit) => void }) {
	return (
		<fieldset className={className}>
			<legend className="mb-2 text-sm font-semibold">Unit of Measure</legend>
			<div className="grid grid-cols-3 gap-1 text-sm">
				{DISPLAY_UNITS.map((u) => (
					<label key={u.value} className="flex items-center gap-1.5 max-md:min-h-11">
						<input type="radio" name="unit" value={u.value} checked={unit === u.value} onChange={() => onChange(u.value)} />
						{u.label}
					</label>
				))}
			</div>
		</fieldset>
	)
}
