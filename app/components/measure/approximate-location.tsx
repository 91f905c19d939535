// The notice for a position that is only a ZIP or city centroid (issue 18 §2):
// the property centre is set by a tap on the map (or Enter while the map has
// the keyboard focus, at the map's centre).
import type { Precision } from '~/lib/geocode-precision.ts'

export type Approximate = { precision: Exclude<Precision, 'address'>; near: string; pinned: boolean }

export function ApproximateLocationNotice({ approximate }: { approximate: Approximate }) {
	return (
		<div
			role="status"
			data-testid="approximate-location"
			className="pointer-events-none absolute inset-x-3 bottom-10 z-10 mx-auto max-w-xl rounded-lg border border-amber-300 bg-amber-50/95 px-4 py-2 text-sm text-amber-950 shadow-lg dark:border-amber-700 dark:bg-amber-950/95 dark:text-amber-100"
		>
			{approximate.pinned ? (
				<p>Property centre set. Tap the map again to move it.</p>
			) : (
				<p>
					Approximate location: {approximate.near}. Move the map to the property and tap it to set the property centre.
				</p>
			)}
		</div>
	)
}
