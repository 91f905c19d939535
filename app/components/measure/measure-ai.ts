// /measure's AI flow (spec 1 §4 "AI analysis", §8): the tier checks behind
// "AI Auto-Measure Grass", the modal's run, its result loaded as local shapes
// (then the one-tap corrections), the sample area when the AI fails, and the
// cancel toast.
import { useCallback, type RefObject } from 'react'
import type { LatLng } from '~/lib/geodesy.ts'
import type { MapController } from '~/map/measure-map.client.tsx'
import { useAiAnalysis, type AiResult } from './ai-analysis.tsx'
import { useAiCorrections } from './ai-corrections.tsx'
import { AI_SURFACE } from '~/lib/surfaces.ts'

type Toast = (t: { title: string; description: string; type?: 'destructive' | 'success' }) => void

export function useMeasureAi({
	controller,
	toast,
	address,
	center,
	tierId,
	hasAi,
}: {
	controller: RefObject<MapController | null>
	toast: Toast
	address: string | null
	center: LatLng | null
	tierId: string | null
	hasAi: boolean
}) {
	const corrections = useAiCorrections({ controller, toast })
	const onResult = useCallback(
		(result: AiResult) => {
			controller.current?.loadLocal(
				result.grassAreas.map((area) => ({
					type: 'polygon' as const,
					coordinates: area.coordinates,
					// trees and beds inside a lawn come back as holes; area_sqft is net of them
					...(area.holes?.length ? { holes: area.holes } : {}),
					measurement_type: 'ai' as const,
					// the AI finds grass: its areas are lawn (issue 32)
					surface: AI_SURFACE,
					ai_confidence: area.ai_confidence ?? area.confidence,
				})),
			)
			const total = Math.round(result.grassAreas.reduce((s, a) => s + a.area_sqft, 0)).toLocaleString('en-US')
			const excluded = result.excludedFeatures.length > 0 ? ' Excluded hardscapes and non-grass features.' : ''
			toast({ title: 'AI Analysis Complete', description: `Found ${result.grassAreas.length} grass areas totaling ${total} sq ft.${excluded}`, type: 'success' })
			if (center) corrections.start(address, center, result)
		},
		[toast, corrections.start, address, center, controller],
	)
	const onFailure = useCallback(
		async (message: string) => {
			if (!center) return
			const { squareAround } = await import('~/lib/geodesy.ts')
			// spec 1 §8: a sample front-yard area of 400 to 999 sq ft near the centre, said to be a sample
			const sqft = 400 + Math.floor(Math.random() * 600)
			controller.current?.loadLocal([
				{ type: 'polygon', coordinates: squareAround(center, sqft / 10.763910416709722, 8), measurement_type: 'ai', surface: AI_SURFACE, label: 'Sample area (AI unavailable)' },
			])
			toast({ title: 'AI Unavailable', description: `${message} A sample front-yard area was added instead; adjust it to the real lawn before saving.`, type: 'destructive' })
		},
		[center, toast, controller],
	)
	const onCancel = useCallback(() => toast({ title: 'Analysis Cancelled', description: 'AI measurement process has been stopped.', type: 'destructive' }), [toast])
	const ai = useAiAnalysis({ onResult, onFailure, onCancel })

	/** "AI Auto-Measure Grass": true when the analysis started */
	const run = () => {
		if (tierId === 'beta-plan') {
			toast({ title: 'Feature Under Development', description: 'Coming soon! This feature is currently under development and being trained to accurately measure turf.' })
		} else if (!tierId || tierId === 'starter') {
			toast({ title: 'AI Measurement Not Available', description: 'Upgrade to Pro or higher to access AI-powered measurements', type: 'destructive' })
		} else if (!hasAi) {
			toast({ title: 'AI Measurement Not Available', description: 'AI measurements are not available on your current plan', type: 'destructive' })
		} else if (!center) {
			toast({ title: 'Location Needed', description: 'Choose the address from the suggestions so the AI knows where the property is.', type: 'destructive' })
		} else {
			void ai.start(address, center)
			return true
		}
		return false
	}
	return { ai, corrections, run }
}
