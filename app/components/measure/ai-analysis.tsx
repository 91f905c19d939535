// The AI processing modal (spec 1 §2, §4) driven by the real pipeline: the
// server streams its steps (text/event-stream) and Cancel Analysis aborts the
// request, which stops the server's work between steps.
import { useCallback, useRef, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { Modal } from '~/components/ui/dialog.tsx'
import type { LatLng } from '~/lib/geodesy.ts'

export const AI_STEPS = ['Loading satellite imagery', 'Detecting property boundaries', 'AI analyzing grass vs hardscapes', 'Calculating grass measurements'] as const

export type GrassArea = { id: string; area_sqft: number; coordinates: LatLng[]; holes?: LatLng[][]; ai_confidence?: number; confidence?: number }
export type AiResult = {
	grassAreas: GrassArea[]
	learnedFromSamples: number
	excludedFeatures: { type?: string; area_sqft?: number }[] | string[]
	/** issue 17 item 6: what the imagery was and how sure the result is */
	imagery?: { zoom: number; metresPerPixel: number; groundMetresPerPixel?: number; source?: string }
	meanConfidence?: number | null
	roughOutline?: boolean
}

type Events = { onResult: (result: AiResult) => void; onFailure: (message: string) => void; onCancel: () => void }

/** Reads `event:`/`data:` blocks from a text/event-stream body. */
async function* events(body: ReadableStream<Uint8Array>) {
	const reader = body.getReader()
	const decoder = new TextDecoder()
	let buffer = ''
	for (;;) {
		const { value, done } = await reader.read()
		if (done) break
		buffer += decoder.decode(value, { stream: true })
		let split: number
		while ((split = buffer.indexOf('\n\n')) >= 0) {
			const block = buffer.slice(0, split)
			buffer = buffer.slice(split + 2)
			const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message'
			const data = /^data: (.*)$/m.exec(block)?.[1]
			if (data) yield { event, data: JSON.parse(data) as unknown }
		}
	}
}

export function useAiAnalysis({ onResult, onFailure, onCancel }: Events) {
	const [open, setOpen] = useState(false)
	const [step, setStep] = useState(-1)
	const controller = useRef<AbortController | null>(null)

	const start = useCallback(
		async (address: string | null, center: LatLng) => {
			const abort = new AbortController()
			controller.current = abort
			setOpen(true)
			setStep(0)
			try {
				const res = await fetch('/api/ai-measure', {
					method: 'POST',
					headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
					body: JSON.stringify({ address: address ?? undefined, propertyCenter: center }),
					signal: abort.signal,
				})
				if (!res.ok || !res.body) {
					const text = await res.text()
					const message = (() => {
						try {
							return (JSON.parse(text) as { error?: string }).error ?? text
						} catch {
							return text
						}
					})()
					throw Object.assign(new Error(`AI prediction failed: ${res.status} ${message}`), { userMessage: message, status: res.status })
				}
				for await (const { event, data } of events(res.body)) {
					if (event === 'step') setStep((data as { index: number }).index)
					else if (event === 'result') {
						setStep(AI_STEPS.length)
						onResult(data as AiResult)
						return
					} else if (event === 'error') {
						const { error, status } = data as { error: string; status?: number }
						throw Object.assign(new Error(`AI prediction failed: ${status ?? ''} ${error}`), { userMessage: error, status })
					}
				}
				throw Object.assign(new Error('AI prediction failed: the analysis ended early'), { userMessage: 'The analysis ended early.' })
			} catch (error) {
				if (abort.signal.aborted) return
				console.error(error)
				onFailure((error as { userMessage?: string }).userMessage ?? 'The analysis failed.')
			} finally {
				if (controller.current === abort) {
					controller.current = null
					setOpen(false)
				}
			}
		},
		[onResult, onFailure],
	)

	const cancel = useCallback(() => {
		controller.current?.abort()
		controller.current = null
		setOpen(false)
		onCancel()
	}, [onCancel])

	return { open, step, start, cancel }
}

export function AiModal({ step, onCancel }: { step: number; onCancel: () => void }) {
	const progress = Math.min(100, Math.max(0, step) * 25)
	return (
		<Modal labelledBy="ai-title" size="md">
			<h2 id="ai-title" className="text-lg font-semibold">
				AI Analyzing Property
			</h2>
			<div className="mt-4 h-2 rounded-full bg-gray-200 dark:bg-gray-800" role="progressbar" aria-label="Analysis progress" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
				<div className="h-2 rounded-full bg-blue-600 transition-all" style={{ width: `${progress}%` }} />
			</div>
			<ol className="mt-4 space-y-2 text-sm">
				{AI_STEPS.map((name, i) => (
					<li key={name} className="flex items-center gap-2" aria-current={i === step ? 'step' : undefined}>
						<span aria-hidden="true" className="w-4 text-center">
							{i < step ? '✓' : i === step ? '●' : '○'}
						</span>
						<span className={i <= step ? 'font-medium' : 'text-gray-500 dark:text-gray-400'}>{name}</span>
					</li>
				))}
			</ol>
			<Button type="button" variant="secondary" className="mt-6 w-full" onClick={onCancel}>
				Cancel Analysis
			</Button>
		</Modal>
	)
}
