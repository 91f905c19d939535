// Surfaces on /measure (issue 32): the picker of what the next shape is (one
// tap, in the drawing bar on a phone and under the tools elsewhere), the
// legend of the map's colours, and the figures per surface.
import type { TotalsBySurface } from '~/lib/shapes.ts'
import { AREA_SURFACES, LINE_SURFACES, SURFACE_COLORS, SURFACE_LABELS, SURFACES, surfaceFigures, type Surface } from '~/lib/surfaces.ts'
import type { displayUnits } from '~/lib/units.ts'
import { cn } from '~/utils/cn.ts'

export function Swatch({ surface }: { surface: Surface }) {
	return <span aria-hidden className="inline-block h-3 w-3 shrink-0 rounded-sm border border-black/20" style={{ backgroundColor: SURFACE_COLORS[surface] }} />
}

/**
 * One tap picks the surface of the next area (or line). `row` keeps it to one
 * line of smaller chips (the phone's drawing bar): wrapped, it would double the
 * bar's height, and the map keeps the corners being placed above the bar, so a
 * taller bar pans the map under the thumb (docs/decisions.md, issue 32).
 */
export function SurfacePicker({
	kind,
	value,
	onChange,
	dark = false,
	row = false,
	className,
}: {
	kind: 'area' | 'line'
	value: Surface
	onChange: (surface: Surface) => void
	dark?: boolean
	row?: boolean
	className?: string
}) {
	const options = kind === 'line' ? LINE_SURFACES : AREA_SURFACES
	return (
		<div role="group" aria-label={kind === 'line' ? 'Line surface' : 'Area surface'} className={cn('flex gap-1', row ? 'flex-nowrap overflow-x-auto' : 'flex-wrap', className)}>
			{options.map((surface) => (
				<button
					key={surface}
					type="button"
					aria-pressed={value === surface}
					onClick={() => onChange(surface)}
					className={cn(
						'inline-flex min-h-9 shrink-0 items-center rounded-full border text-xs font-medium max-md:min-h-11',
						row ? 'gap-1 px-1.5' : 'gap-1.5 px-2.5',
						value === surface
							? dark
								? 'border-white bg-white text-gray-900'
								: 'border-brand-700 bg-brand-700 text-white'
							: dark
								? 'border-white/30 bg-white/10'
								: 'border-gray-300 dark:border-gray-600',
					)}
				>
					<Swatch surface={surface} />
					{SURFACE_LABELS[surface]}
				</button>
			))}
		</div>
	)
}

/** The map's colours: one swatch per surface. */
export function SurfaceLegend({ className }: { className?: string }) {
	return (
		<ul aria-label="Surface colours" className={cn('flex flex-wrap gap-x-3 gap-y-1 text-xs text-gray-700 dark:text-gray-300', className)}>
			{SURFACES.map((surface) => (
				<li key={surface} className="inline-flex items-center gap-1">
					<Swatch surface={surface} />
					{SURFACE_LABELS[surface]}
				</li>
			))}
		</ul>
	)
}

export function SurfaceTotals({ totals, units, className, testId }: { totals: TotalsBySurface | null | undefined; units: ReturnType<typeof displayUnits>; className?: string; testId?: string }) {
	const rows = surfaceFigures(totals, units)
	if (!rows.length) return null
	return (
		<dl className={cn('grid grid-cols-[auto_1fr] gap-x-2 text-sm', className)} data-testid={testId}>
			{rows.map((r) => (
				<div key={r.surface} className="contents" data-surface={r.surface}>
					<dt className="inline-flex items-center gap-1.5 text-gray-600 dark:text-gray-400">
						<Swatch surface={r.surface} />
						{r.label}
					</dt>
					<dd>{r.figure}</dd>
				</div>
			))}
		</dl>
	)
}
