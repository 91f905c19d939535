// The pending shapes' totals for the panel. The figures need app/lib/shapes.ts
// (overlaps are unioned with turf, areas are geodesic): about 26 kB of
// compressed JavaScript that the map island loads anyway. The route asks for
// it only once there is a shape, so it is not among the scripts a phone
// fetches before its first paint (issue 21 §5).
import { useEffect, useMemo, useState } from 'react'
import type { Shape, Totals, TotalsBySurface } from '~/lib/shapes.ts'

type ShapesModule = typeof import('~/lib/shapes.ts')

/** `calculating`: there are shapes, and the module that measures them is still loading (the figures would read 0) */
export type PendingTotals = Totals & { totals_by_surface: TotalsBySurface; calculating?: boolean }

export const NO_TOTALS: PendingTotals = {
	totals_by_surface: {},
	total_area_sqft: 0,
	total_area_acres: 0,
	total_area_sqm: 0,
	total_distance_feet: 0,
	total_distance_yards: 0,
	total_distance_meters: 0,
	shape_count: 0,
	is_linear_measurement: false,
}

let loaded: ShapesModule | null = null
export const loadShapes = () => import('~/lib/shapes.ts').then((m) => (loaded = m))

export function usePendingTotals(shapes: readonly Shape[]): PendingTotals {
	const [lib, setLib] = useState<ShapesModule | null>(loaded)
	useEffect(() => {
		if (shapes.length && !lib) void loadShapes().then(setLib)
	}, [shapes.length, lib])
	return useMemo(() => {
		if (!shapes.length) return NO_TOTALS
		if (!lib) return { ...NO_TOTALS, calculating: true }
		return { ...lib.computeTotals(shapes), totals_by_surface: lib.computeTotalsBySurface(shapes) }
	}, [lib, shapes])
}
