// Drawing with one thumb (issue 21 §2): while a tool is active on a phone, this
// bar floats just above the bottom sheet with the drawing notice, the live
// figure and three 44 px buttons: Undo (the last point), Cancel and Done.
import type { Surface } from '~/lib/surfaces.ts'
import type { Tool } from '~/map/measure-map.client.tsx'
import { SurfacePicker } from './surface-picker.tsx'

const NEEDED: Record<Tool, number> = { polygon: 3, hole: 3, polyline: 2, rectangle: 2, circle: 2 }

export function DrawBar({
	tool,
	toolName,
	points,
	live,
	onUndo,
	onCancel,
	onDone,
	surface,
	onSurface,
}: {
	tool: Tool
	toolName: string
	/** vertices placed so far in the shape being drawn */
	points: number
	live: string | null
	onUndo: () => void
	onCancel: () => void
	onDone: () => void
	/** issue 32: what the shape being drawn is; one tap changes it */
	surface?: Surface
	onSurface?: (surface: Surface) => void
}) {
	// a rectangle or a circle ends on its second tap; Done is for shapes of any number of points
	const twoTaps = tool === 'rectangle' || tool === 'circle'
	const button = 'min-h-11 min-w-11 rounded-md px-3 text-sm font-semibold disabled:opacity-50'
	return (
		<div role="group" aria-label="Drawing" className="rounded-xl bg-gray-900/95 p-2 text-white shadow-lg" data-testid="draw-bar">
			<div role="status" className="px-1 pb-2 text-xs">
				<p className="text-sm font-semibold">Drawing Mode Active</p>
				<p>Click on the map to create your {toolName} measurement area</p>
				<p className="text-xs opacity-80" data-testid="draw-points">
					{points === 1 ? '1 point' : `${points} points`}
					{live ? ` · ${live}` : ''}
				</p>
			</div>
			{surface && onSurface && tool !== 'hole' ? (
				<SurfacePicker dark row kind={tool === 'polyline' ? 'line' : 'area'} value={surface} onChange={onSurface} className="pb-2" />
			) : null}
			<div className="grid grid-cols-3 gap-2">
				<button type="button" aria-label="Undo last point" className={`${button} bg-white/15`} disabled={points === 0} onClick={onUndo}>
					Undo
				</button>
				<button type="button" aria-label="Cancel drawing" className={`${button} bg-white/15`} onClick={onCancel}>
					Cancel
				</button>
				<button type="button" className={`${button} bg-brand-600`} disabled={twoTaps || points < NEEDED[tool]} onClick={onDone}>
					Done
				</button>
			</div>
		</div>
	)
}
