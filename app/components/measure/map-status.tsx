// What the map says over itself: "Drawing Mode Active" on larger screens (the
// phone's drawing bar says it there), the AI-correction prompt, and the
// same-size placeholder while the map island loads.
import type { SeedKind, Tool } from '~/map/measure-map.client.tsx'
import { TOOL_NAMES } from './tools-panel.tsx'

// on a phone, below the floating address bar (issue 31)
const BANNER = 'absolute top-3 phone-js:top-[4.25rem] left-1/2 z-10 -translate-x-1/2 rounded-lg bg-gray-900/90 px-4 py-2 text-center text-sm text-white shadow-lg'

export function MapStatus({ tool, phone, correction }: { tool: Tool | null; phone: boolean; correction: SeedKind | null }) {
	if (tool) {
		if (phone) return null
		return (
			<div role="status" className={BANNER}>
				<p className="font-semibold">Drawing Mode Active</p>
				<p>Click on the map to create your {TOOL_NAMES[tool]} measurement area</p>
				{tool === 'polyline' ? <p className="text-xs opacity-80">Double-click to finish the line</p> : null}
			</div>
		)
	}
	if (!correction) return null
	return (
		<div role="status" className={BANNER}>
			<p className="font-semibold">{correction === 'lawn' ? 'Lawn here' : 'Not lawn'}</p>
			<p>Tap the map where the AI got it wrong</p>
		</div>
	)
}

export function MapPlaceholder() {
	return (
		<div className="absolute inset-0 flex items-center justify-center bg-gray-100 text-gray-600 dark:bg-gray-900 dark:text-gray-400">
			Loading satellite imagery...
		</div>
	)
}
