// "Measurement Tools" (spec 1 §2): the AI button, the four drawing tools,
// Exclude Area, and Undo / Redo of the map's edits.
import { Button } from '~/components/ui/button.tsx'
import type { Surface } from '~/lib/surfaces.ts'
import type { Tool } from '~/map/measure-map.client.tsx'
import { SurfaceLegend, SurfacePicker } from './surface-picker.tsx'
import { cn } from '~/utils/cn.ts'

const TOOLS: { tool: Tool; label: string }[] = [
	{ tool: 'polygon', label: 'Draw Polygon' },
	{ tool: 'rectangle', label: 'Draw Rectangle' },
	{ tool: 'circle', label: 'Draw Circle' },
	{ tool: 'polyline', label: 'Measure Distance' },
]
export const TOOL_NAMES: Record<Tool, string> = { polygon: 'polygon', rectangle: 'rectangle', circle: 'circle', polyline: 'distance', hole: 'excluded area' }

export function ToolsPanel({
	className,
	hasAddress,
	canExclude,
	tool,
	history,
	onAi,
	onTool,
	onUndo,
	onRedo,
	surface,
	onSurface,
}: {
	className?: string
	hasAddress: boolean
	/** a polygon or rectangle to cut a hole in is pending */
	canExclude: boolean
	tool: Tool | null
	history: { canUndo: boolean; canRedo: boolean }
	onAi: () => void
	onTool: (tool: Tool) => void
	onUndo: () => void
	onRedo: () => void
	/** issue 32: the surfaces the next area and the next line get */
	surface: { area: Surface; line: Surface }
	onSurface: (kind: 'area' | 'line', surface: Surface) => void
}) {
	return (
		<section aria-labelledby="tools-heading" className={className} data-sheet-anchor="half">
			<h2 id="tools-heading" className="mb-2 text-sm font-semibold">
				Measurement Tools
			</h2>
			<div className="grid grid-cols-2 gap-2">
				<ToolButton label="AI Auto-Measure Grass" enabled={hasAddress} active={false} onClick={onAi} wide />
				{TOOLS.map((t) => (
					<ToolButton key={t.tool} label={t.label} enabled={hasAddress} active={tool === t.tool} onClick={() => onTool(t.tool)} />
				))}
				<ToolButton
					label="Exclude Area"
					title="Cut a driveway, pool or bed out of a shape"
					enabled={hasAddress && canExclude}
					active={tool === 'hole'}
					onClick={() => onTool('hole')}
				/>
			</div>
			<div className="mt-3 space-y-1 text-xs max-md:hidden">
				<p className="font-medium">{tool === 'polyline' ? 'Next line is' : 'Next area is'}</p>
				{tool === 'polyline' ? (
					<SurfacePicker kind="line" value={surface.line} onChange={(s) => onSurface('line', s)} />
				) : (
					<SurfacePicker kind="area" value={surface.area} onChange={(s) => onSurface('area', s)} />
				)}
				<SurfaceLegend className="pt-1" />
			</div>
			<div className="mt-2 flex gap-2">
				<Button type="button" variant="secondary" className="flex-1 px-2 py-1 max-md:min-h-11" disabled={!history.canUndo} onClick={onUndo} title="Undo (Ctrl+Z)">
					Undo
				</Button>
				<Button type="button" variant="secondary" className="flex-1 px-2 py-1 max-md:min-h-11" disabled={!history.canRedo} onClick={onRedo} title="Redo (Ctrl+Shift+Z)">
					Redo
				</Button>
			</div>
		</section>
	)
}

function ToolButton({ label, enabled, active, onClick, wide, title }: { label: string; enabled: boolean; active: boolean; onClick: () => void; wide?: boolean; title?: string }) {
	return (
		<button
			type="button"
			aria-disabled={!enabled}
			aria-pressed={active}
			title={title}
			onClick={onClick}
			className={cn(
				'rounded-md border px-2 py-2 text-sm font-medium max-md:min-h-11',
				wide && 'col-span-2',
				active ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 dark:border-gray-600',
				!enabled && 'cursor-not-allowed opacity-50',
			)}
		>
			{label}
		</button>
	)
}
