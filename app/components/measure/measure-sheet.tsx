// The /measure panel. On screens of 768 px and wider it is the side panel of
// spec 1 (unchanged); on narrower screens it is a bottom sheet over the map
// with three heights (issue 21): collapsed (one row: the current job's area and
// Save; the address floats over the top of the map, issue 31), half (the tools)
// and full (results, map view, units, export). The
// heights and the phone order of the sections are CSS (app.css, `max-md:`
// classes), so the server render is already right; JavaScript only switches
// `data-state`. While a shape is being drawn a floating Done / Undo / Cancel bar
// sits on top of the sheet.
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react'
import { cn } from '~/utils/cn.ts'

export type SheetState = 'collapsed' | 'half' | 'full'

const ORDER: SheetState[] = ['collapsed', 'half', 'full']
const PHONE_QUERY = '(max-width: 767.98px)'

/** True on screens narrower than 768 px (after hydration; the server renders the CSS-only layout). */
export function usePhone() {
	return useSyncExternalStore(
		(change) => {
			const query = window.matchMedia(PHONE_QUERY)
			query.addEventListener('change', change)
			return () => query.removeEventListener('change', change)
		},
		() => window.matchMedia(PHONE_QUERY).matches,
		() => false,
	)
}

export function MeasureSheet({
	state,
	onStateChange,
	drawBar,
	children,
	sheetRef,
	anchorKey,
}: {
	/** when it changes (e.g. an AI result arrives), the half sheet scrolls to its first anchor again */
	anchorKey?: string
	state: SheetState
	onStateChange: (state: SheetState) => void
	/** the floating drawing bar, shown above the sheet on phones */
	drawBar?: ReactNode
	children: ReactNode
	sheetRef?: RefObject<HTMLElement | null>
}) {
	const bodyId = useId()
	const body = useRef<HTMLDivElement>(null)
	// collapsed shows the top of the panel (the job's area and Save); half brings the tools to the top
	useEffect(() => {
		const el = body.current
		if (!el || !window.matchMedia(PHONE_QUERY).matches) return
		if (state === 'collapsed') el.scrollTop = 0
		// the first anchor on screen (phones reorder visually): the AI result when there is one, else the tools
		const anchors = state === 'half' ? Array.from(el.querySelectorAll<HTMLElement>('[data-sheet-anchor=half]')) : []
		const top = Math.min(...anchors.map((a) => a.getBoundingClientRect().top))
		if (anchors.length) el.scrollTop += top - el.getBoundingClientRect().top - 8
	}, [state, anchorKey])
	return (
		<aside
			ref={sheetRef}
			aria-label="Measurement panel"
			data-state={state}
			className={cn(
				'measure-sheet w-full shrink-0 overflow-y-auto border-r border-gray-200 p-4 lg:w-96 dark:border-gray-800',
				// in the flow at the bottom of the screen, not positioned: the floating address bar inside it is placed
				// over the top of the map (the screen is its containing block); z-index still lifts a flex item
				'max-md:mt-auto max-md:z-20 max-md:flex max-md:flex-col max-md:overflow-visible max-md:rounded-t-2xl max-md:border-t max-md:border-r-0 max-md:bg-white max-md:p-0 max-md:shadow-[0_-4px_16px_rgba(0,0,0,0.15)] max-md:dark:bg-gray-950',
			)}
		>
			{drawBar ? (
				<div className="relative md:hidden">
					<div className="absolute inset-x-2 bottom-full mb-2">{drawBar}</div>
				</div>
			) : null}
			<SheetHandle state={state} onStateChange={onStateChange} bodyId={bodyId} />
			<div
				ref={body}
				id={bodyId}
				className="md:space-y-5 max-md:flex max-md:min-h-0 max-md:flex-1 max-md:flex-col max-md:gap-4 max-md:overflow-y-auto max-md:overscroll-contain max-md:px-4 max-md:pb-4"
			>
				{children}
			</div>
		</aside>
	)
}

/**
 * The grip at the top of the sheet: a button that names the next height
 * ("Show tools", "Show all", "Show less") and a "Hide tools" button back to
 * collapsed. Keyboard: Enter/Space, or Arrow Up/Down on the grip. Touch: tap,
 * or swipe the grip up or down.
 */
function SheetHandle({ state, onStateChange, bodyId }: { state: SheetState; onStateChange: (s: SheetState) => void; bodyId: string }) {
	const start = useRef<{ y: number; id: number } | null>(null)
	const swiped = useRef(false)
	const index = ORDER.indexOf(state)
	const step = useCallback((by: number) => onStateChange(ORDER[Math.max(0, Math.min(ORDER.length - 1, index + by))]!), [index, onStateChange])
	const next: SheetState = state === 'collapsed' ? 'half' : state === 'half' ? 'full' : 'half'
	const label = state === 'collapsed' ? 'Show tools' : state === 'half' ? 'Show all' : 'Show less'
	const [dragY, setDragY] = useState(0)
	return (
		<div
			className="flex shrink-0 touch-none items-stretch gap-1 px-2 pt-1 md:hidden"
			style={dragY ? { transform: `translateY(${Math.max(-40, Math.min(40, dragY))}px)` } : undefined}
			onPointerDown={(e) => {
				start.current = { y: e.clientY, id: e.pointerId }
				swiped.current = false
			}}
			onPointerMove={(e) => {
				if (start.current?.id === e.pointerId) setDragY(e.clientY - start.current.y)
			}}
			onPointerUp={(e) => {
				const from = start.current
				start.current = null
				setDragY(0)
				if (!from || from.id !== e.pointerId) return
				const dy = e.clientY - from.y
				if (Math.abs(dy) < 24) return
				swiped.current = true
				setTimeout(() => (swiped.current = false), 400)
				step(dy < 0 ? 1 : -1)
			}}
			onPointerCancel={() => {
				start.current = null
				setDragY(0)
			}}
		>
			<button
				type="button"
				aria-controls={bodyId}
				aria-expanded={state !== 'collapsed'}
				data-testid="sheet-handle"
				className="flex min-h-11 flex-1 flex-col items-center justify-center gap-1 rounded-md text-xs font-medium text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-300"
				onClick={() => {
					// a swipe already moved the sheet; its pointerup also clicks
					if (swiped.current) {
						swiped.current = false
						return
					}
					onStateChange(next)
				}}
				onKeyDown={(e) => {
					if (e.key === 'ArrowUp') {
						e.preventDefault()
						step(1)
					} else if (e.key === 'ArrowDown') {
						e.preventDefault()
						step(-1)
					}
				}}
			>
				<span aria-hidden="true" className="h-1.5 w-10 rounded-full bg-gray-300 dark:bg-gray-600" />
				{label}
			</button>
			{state !== 'collapsed' ? (
				<button
					type="button"
					aria-controls={bodyId}
					className="min-h-11 rounded-md px-3 text-xs font-medium text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-300"
					onClick={() => onStateChange('collapsed')}
				>
					Hide tools
				</button>
			) : null}
		</div>
	)
}

/** the pixels at the bottom of `map` that `sheet` (and the drawing bar on it) cover, measured now */
function coveredBy(map: HTMLElement, sheet: HTMLElement) {
	const bottom = map.getBoundingClientRect().bottom
	let top = sheet.getBoundingClientRect().top
	const bar = sheet.querySelector('[data-testid=draw-bar]')
	if (bar) top = Math.min(top, bar.getBoundingClientRect().top - 8)
	return Math.max(0, Math.round(bottom - top))
}

/**
 * How many pixels at the bottom of the map the sheet (and the drawing bar on
 * it) cover on a phone, so the map can keep its view in the part above them.
 * 0 on wider screens, where the panel sits beside or above the map.
 * `covered` follows layout through React state; `read` measures it at the
 * moment it is called, for a tap handled before a busy phone has rendered
 * the state's last change (the sheet collapsing as drawing starts).
 */
export function useCoveredHeight(phone: boolean, mapRef: RefObject<HTMLElement | null>, sheetRef: RefObject<HTMLElement | null>) {
	const [covered, setCovered] = useState(0)
	useEffect(() => {
		const map = mapRef.current
		const sheet = sheetRef.current
		if (!phone || !map || !sheet) {
			setCovered(0)
			return
		}
		const measure = () => setCovered(coveredBy(map, sheet))
		measure()
		const resize = new ResizeObserver(measure)
		resize.observe(map)
		resize.observe(sheet)
		// the drawing bar comes and goes inside the sheet
		const mutations = new MutationObserver(() => {
			measure()
			const bar = sheet.querySelector('[data-testid=draw-bar]')
			if (bar) resize.observe(bar)
		})
		mutations.observe(sheet, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] })
		return () => {
			resize.disconnect()
			mutations.disconnect()
		}
	}, [phone, mapRef, sheetRef])
	const read = useCallback(() => {
		const map = mapRef.current
		const sheet = sheetRef.current
		return phone && map && sheet ? coveredBy(map, sheet) : 0
	}, [phone, mapRef, sheetRef])
	return { covered, read }
}
