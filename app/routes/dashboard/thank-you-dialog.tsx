// "Thank You for Contributing!": once per browser session, shortly after the
// dashboard loads, for organizations that share measurements for AI training.
import { useEffect, useState } from 'react'
import { Button } from '~/components/ui/button.tsx'
import { Modal } from '~/components/ui/dialog.tsx'

export const THANK_YOU_DELAY_MS = 1500
const THANK_YOU_KEY = 'yardstick:ai-thank-you-shown'

export function ThankYouDialog() {
	const [open, setOpen] = useState(false)
	useEffect(() => {
		// once per browser session (sessionStorage), shortly after load
		if (window.sessionStorage.getItem(THANK_YOU_KEY)) return
		const timer = setTimeout(() => {
			window.sessionStorage.setItem(THANK_YOU_KEY, '1')
			setOpen(true)
		}, THANK_YOU_DELAY_MS)
		return () => clearTimeout(timer)
	}, [])
	if (!open) return null
	return (
		<Modal labelledBy="thank-you-title" size="md">
			<h2 id="thank-you-title" className="text-lg font-semibold">
				Thank You for Contributing!
			</h2>
			<p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
				Your organization shares verified measurements to help train our AI grass detection, making it more accurate for everyone.
			</p>
			<p className="mt-2 text-sm text-gray-700 dark:text-gray-300">You can change this at any time in Organization Settings.</p>
			<div className="mt-4 flex justify-end">
				<Button type="button" onClick={() => setOpen(false)} autoFocus>
					Got it, thanks!
				</Button>
			</div>
		</Modal>
	)
}
