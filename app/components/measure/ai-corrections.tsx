// The AI result on /measure after an analysis (issue 17 items 4 and 6): how
// sure it is and what imagery it saw, a warning when the outline is rough, and
// one-tap corrections — "Lawn here" / "Not lawn" taps that re-run the
// detection for the property with every tap so far and replace the AI shapes
// (one undoable step each, through the map's undo history).
import { useCallback, useRef, useState, type RefObject } from 'react'
import type { AiResult } from '~/components/measure/ai-analysis.tsx'
import { insidePropertyWindow, MAX_SEEDS_PER_KIND, PROPERTY_HALF_SIDE_M, ROUGH_OUTLINE_TEXT } from '~/lib/ai-result.ts'
import type { LatLng } from '~/lib/geodesy.ts'
import type { MapController, SeedKind, Seeds } from '~/map/measure-map.client.tsx'
import { cn } from '~/utils/cn.ts'
import { AI_SURFACE } from '~/lib/surfaces.ts'

type Toast = (t: { title: string; description: string; type?: 'destructive' | 'success' }) => void

/** The honest part of an AI reply; older replies may lack it. */
export type AiResultSummary = Pick<AiResult, 'imagery' | 'meanConfidence' | 'roughOutline'> & { areaCount: number; totalSqft: number }

export const summarise = (result: AiResult): AiResultSummary => ({
	imagery: result.imagery,
	meanConfidence: result.meanConfidence,
	roughOutline: result.roughOutline,
	areaCount: result.grassAreas.length,
	totalSqft: Math.round(result.grassAreas.reduce((s, a) => s + a.area_sqft, 0)),
})

export function useAiCorrections({ controller, toast }: { controller: RefObject<MapController | null>; toast: Toast }) {
	// the property the shown AI result is for; null until a result arrives
	const [subject, setSubject] = useState<{ address: string | null; center: LatLng } | null>(null)
	const [summary, setSummary] = useState<AiResultSummary | null>(null)
	const [mode, setMode] = useState<SeedKind | null>(null)
	const [seeds, setSeeds] = useState<Seeds>({ lawn: [], other: [] })
	const [busy, setBusy] = useState(false)
	const [status, setStatus] = useState('')
	const seedsRef = useRef(seeds)
	seedsRef.current = seeds

	const start = useCallback(
		(address: string | null, center: LatLng, result: AiResult) => {
			controller.current?.clearSeeds()
			setSubject({ address, center })
			setSummary(summarise(result))
			setMode(null)
			setStatus('')
		},
		[controller],
	)

	const reset = useCallback(() => {
		setSubject(null)
		setSummary(null)
		setMode(null)
		setStatus('')
	}, [])

	const tap = useCallback(
		async (kind: SeedKind, at: LatLng) => {
			if (!subject || busy) return
			if (!insidePropertyWindow(subject.center, at)) {
				toast({ title: 'Outside the Property', description: `Tap inside the analysed area, within ${PROPERTY_HALF_SIDE_M} m of the address.`, type: 'destructive' })
				return
			}
			const current = seedsRef.current
			if (current[kind].length >= MAX_SEEDS_PER_KIND) {
				toast({ title: 'Too Many Taps', description: `At most ${MAX_SEEDS_PER_KIND} "${kind === 'lawn' ? 'Lawn here' : 'Not lawn'}" taps per property. Undo one first.`, type: 'destructive' })
				return
			}
			setBusy(true)
			setStatus('Updating the AI result...')
			try {
				const res = await fetch('/api/ai-measure', {
					method: 'POST',
					headers: { 'content-type': 'application/json', accept: 'application/json' },
					body: JSON.stringify({
						address: subject.address ?? undefined,
						propertyCenter: subject.center,
						seeds: { ...current, [kind]: [...current[kind], at] },
					}),
				})
				const body = (await res.json().catch(() => null)) as (AiResult & { error?: string }) | null
				if (!res.ok || !body || !Array.isArray(body.grassAreas)) throw new Error(body?.error ?? `The correction failed (${res.status}).`)
				controller.current?.applyCorrection(
					body.grassAreas.map((area) => ({
						type: 'polygon' as const,
						coordinates: area.coordinates,
						...(area.holes?.length ? { holes: area.holes } : {}),
						measurement_type: 'ai' as const,
						surface: AI_SURFACE,
						ai_confidence: area.ai_confidence ?? area.confidence,
					})),
					{ kind, at },
				)
				const next = summarise(body)
				setSummary(next)
				setStatus(`Updated: ${next.areaCount} grass areas totaling ${next.totalSqft.toLocaleString('en-US')} sq ft.`)
			} catch (error) {
				setStatus('')
				toast({ title: 'Correction Failed', description: (error as Error).message, type: 'destructive' })
			} finally {
				setBusy(false)
			}
		},
		[subject, busy, toast, controller],
	)

	return { active: subject !== null, summary, mode, setMode, seeds, setSeeds, busy, status, start, reset, tap }
}

export function AiResultPanel({ corrections, onPick, className }: { corrections: ReturnType<typeof useAiCorrections>; onPick?: () => void; className?: string }) {
	const { summary, mode, setMode, seeds, busy, status } = corrections
	if (!summary) return null
	const confidence = summary.meanConfidence
	return (
		<section aria-labelledby="ai-result-heading" data-sheet-anchor="half" className={cn(className, 'rounded-lg border border-blue-200 bg-blue-50/60 p-3 text-sm dark:border-blue-900 dark:bg-blue-950/30')}>
			<h2 id="ai-result-heading" className="font-semibold">
				AI Result
			</h2>
			<dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2">
				<dt className="text-gray-600 dark:text-gray-400">Mean confidence</dt>
				<dd data-testid="ai-confidence">{confidence === null || confidence === undefined ? 'No grass found' : `${Math.round(confidence * 100)}%`}</dd>
				<dt className="text-gray-600 dark:text-gray-400">Imagery</dt>
				<dd data-testid="ai-imagery">
					{summary.imagery?.source ?? 'Unknown'}
					{summary.imagery ? ` · ${(summary.imagery.groundMetresPerPixel ?? summary.imagery.metresPerPixel).toFixed(2)} m per pixel` : ''}
				</dd>
			</dl>
			{summary.roughOutline ? (
				<p role="note" className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-2 py-1.5 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
					{ROUGH_OUTLINE_TEXT}
				</p>
			) : null}
			<div className="mt-3" role="group" aria-label="Correct the AI result">
				<p className="text-gray-700 dark:text-gray-300">Is the AI wrong somewhere? Pick one, then tap the map there.</p>
				<div className="mt-2 grid grid-cols-2 gap-2">
					{(
						[
							['lawn', 'Lawn here', 'border-green-700 bg-green-700 text-white'],
							['other', 'Not lawn', 'border-red-700 bg-red-700 text-white'],
						] as const
					).map(([kind, label, activeClass]) => (
						<button
							key={kind}
							type="button"
							aria-pressed={mode === kind}
							onClick={() => {
								onPick?.()
								setMode(mode === kind ? null : kind)
							}}
							className={cn('min-h-11 rounded-md border px-3 py-2 font-medium', mode === kind ? activeClass : 'border-gray-300 bg-white dark:border-gray-600 dark:bg-gray-900')}
						>
							{label}
						</button>
					))}
				</div>
				{seeds.lawn.length + seeds.other.length > 0 ? (
					<p className="mt-2 text-gray-600 dark:text-gray-400" data-testid="ai-taps">
						Taps: {seeds.lawn.length} Lawn here · {seeds.other.length} Not lawn (Undo takes the last one back)
					</p>
				) : null}
				<p className={cn('mt-1 min-h-5', busy && 'animate-pulse')} role="status" aria-live="polite" data-testid="ai-correction-status">
					{status}
				</p>
			</div>
		</section>
	)
}
