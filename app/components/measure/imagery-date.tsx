// "Imagery: <source>, <month year>" over the map (issue 18 §5), once the
// server's capture-date look-up streams in; nothing while it is pending, when
// the provider gives no date (Google, Mapbox), or on a layer from another
// provider than the one the date is of.
import { Suspense } from 'react'
import { Await } from 'react-router'
import { imageryCaption } from '~/lib/imagery-date.ts'

export type ImageryInfoData = { source: string; captured: string | null } | null

export function ImageryDate({ info, source }: { info: Promise<ImageryInfoData> | ImageryInfoData; source: string }) {
	return (
		<Suspense fallback={null}>
			<Await resolve={info} errorElement={null}>
				{(resolved: ImageryInfoData) => {
					const caption = resolved && resolved.source === source ? imageryCaption(resolved.source, resolved.captured) : null
					return caption ? (
						<p
							data-testid="imagery-date"
							className="pointer-events-none absolute bottom-9 left-2 z-10 rounded bg-white/90 px-2 py-0.5 text-xs text-gray-800 shadow dark:bg-gray-900/90 dark:text-gray-200"
						>
							{caption}
						</p>
					) : null
				}}
			</Await>
		</Suspense>
	)
}
