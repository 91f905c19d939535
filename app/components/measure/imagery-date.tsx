// "Imagery: <source>, <month year>" over the map (issue 18 §5), and Google's
// copyright line for the area where Google is the provider, once the
// server's capture-date look-up streams in; nothing while it is pending, when
// the provider gives no date (Google, Mapbox), or on a layer from another
// provider than the one the date is of.
import { Suspense } from 'react'
import { Await } from 'react-router'
import { imageryCaption } from '~/lib/imagery-date.ts'

export type ImageryInfoData = { source: string; captured: string | null; copyright?: string | null } | null

/** bottomInset: the height of the map the phone's sheet covers; the lines sit above it (and above a provider's logo) */
export function ImageryDate({ info, source, bottomInset = 0 }: { info: Promise<ImageryInfoData> | ImageryInfoData; source: string; bottomInset?: number }) {
	return (
		<Suspense fallback={null}>
			<Await resolve={info} errorElement={null}>
				{(resolved: ImageryInfoData) => {
					const ours = resolved && resolved.source === source ? resolved : null
					const caption = ours ? imageryCaption(ours.source, ours.captured) : null
					// Google's terms: the copyright line of the area shown, beside its credit
					const copyright = ours?.copyright ?? null
					if (!caption && !copyright) return null
					return (
						<div style={{ bottom: bottomInset + 36 }} className="pointer-events-none absolute left-2 z-10 flex flex-col items-start gap-1 text-xs text-gray-800 dark:text-gray-200">
							{copyright ? (
								<p data-testid="imagery-copyright" className="rounded bg-white/90 px-2 py-0.5 shadow dark:bg-gray-900/90">
									{copyright}
								</p>
							) : null}
							{caption ? (
								<p data-testid="imagery-date" className="rounded bg-white/90 px-2 py-0.5 shadow dark:bg-gray-900/90">
									{caption}
								</p>
							) : null}
						</div>
					)
				}}
			</Await>
		</Suspense>
	)
}
