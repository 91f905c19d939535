import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { useToast } from '~/components/toaster.tsx'
import { Button } from '~/components/ui/button.tsx'
import { useHydrated } from '~/utils/use-hydrated.ts'
import type { ActionData } from './shared.ts'

/**
 * The AI training toggle saves on change with JavaScript (optimistically; a
 * failure shows the saved value again, i.e. the toggle reverts) and with a
 * Save button without it.
 */
export function AiTrainingForm({ allowAiTraining }: { allowAiTraining: boolean }) {
	const fetcher = useFetcher<ActionData>()
	const toast = useToast()
	const hydrated = useHydrated()
	// what the toggle shows; a failed save puts back the value it had before the click
	const [shown, setShown] = useState(allowAiTraining)
	const before = useRef(allowAiTraining)
	useEffect(() => setShown(allowAiTraining), [allowAiTraining])
	useEffect(() => {
		if (fetcher.state === 'idle' && fetcher.data?.toast) {
			setShown(before.current)
			toast({ type: 'destructive', ...fetcher.data.toast })
		}
	}, [fetcher.state, fetcher.data, toast])
	return (
		<fetcher.Form method="post" className="space-y-3 border-t border-gray-200 pt-6 dark:border-gray-800">
			<h3 className="text-lg font-semibold">AI Training</h3>
			<label className="flex items-start gap-3">
				<input
					type="checkbox"
					name="allowAiTraining"
					className="mt-1 h-4 w-4 rounded border-gray-300"
					checked={shown}
					onChange={(e) => {
						const next = e.currentTarget.checked
						before.current = !next
						setShown(next)
						if (!hydrated) return
						const form = new FormData()
						form.set('intent', 'ai-training')
						if (next) form.set('allowAiTraining', 'on')
						void fetcher.submit(form, { method: 'post' })
					}}
				/>
				<span>
					<span className="block text-sm font-medium">Allow AI training</span>
					<span className="block text-xs text-gray-500 dark:text-gray-400">
						Let verified measurements from your organization help train the AI grass detection.
					</span>
				</span>
			</label>
			{hydrated ? null : (
				<Button type="submit" name="intent" value="ai-training" variant="secondary">
					Save AI Training Setting
				</Button>
			)}
		</fetcher.Form>
	)
}
