// "I'm at the property" (issue 21 §3): a button on the map that asks the
// browser for the device's position (spec 1 §7's geolocation rules: timeout
// 10 s, a position up to 5 minutes old), centres the map there and offers
// the nearest address (GET /api/geocode/reverse, the configured geocoder).
// Accepting posts the `locate` intent: the address is chosen like a search,
// with the property centre at the device's position. Denied, unavailable or
// too slow: one short message, the screen stays as it was, nothing retries
// by itself (the button can be pressed again).
import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import type { Precision } from '~/lib/geocode-precision.ts'
import type { LatLng } from '~/lib/geodesy.ts'

export const LOCATE_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 5 * 60 * 1000 }

export const LOCATE_MESSAGES = {
	denied: 'Location is turned off for this site. Search for the address instead.',
	unavailable: 'Your location is not available right now. Search for the address instead.',
	timeout: 'Finding your location took too long. Search for the address instead.',
	lookup: 'We could not look up the nearest address. Search for it instead.',
} as const

type Place = { address: string; precision: Precision }
type State =
	| { kind: 'idle' }
	| { kind: 'locating' }
	| { kind: 'looking-up'; at: LatLng }
	| { kind: 'offer'; at: LatLng; place: Place }
	| { kind: 'message'; text: string }

function positionMessage(error: GeolocationPositionError) {
	if (error.code === error.PERMISSION_DENIED) return LOCATE_MESSAGES.denied
	if (error.code === error.TIMEOUT) return LOCATE_MESSAGES.timeout
	return LOCATE_MESSAGES.unavailable
}

async function nearestAddress(at: LatLng, signal: AbortSignal): Promise<Place | string> {
	try {
		const res = await fetch(`/api/geocode/reverse?lat=${at.lat.toFixed(7)}&lng=${at.lng.toFixed(7)}`, { headers: { accept: 'application/json' }, signal })
		const body = (await res.json().catch(() => null)) as ({ address?: string; precision?: Precision; error?: string; fields?: Record<string, string | string[]> } | null)
		if (res.ok && body?.address && body.precision) return { address: body.address, precision: body.precision }
		// outside the US: the API's own words
		if (res.status === 400 && body?.fields) return `${Object.values(body.fields).flat()[0] ?? LOCATE_MESSAGES.lookup}.`
		return LOCATE_MESSAGES.lookup
	} catch {
		return LOCATE_MESSAGES.lookup
	}
}

export function LocateControl({ onCentre }: { onCentre: (at: LatLng) => void }) {
	const [state, setState] = useState<State>({ kind: 'idle' })
	const request = useRef<AbortController | null>(null)
	useEffect(() => () => request.current?.abort(), [])

	const locate = () => {
		request.current?.abort()
		const controller = new AbortController()
		request.current = controller
		if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
			setState({ kind: 'message', text: LOCATE_MESSAGES.unavailable })
			return
		}
		setState({ kind: 'locating' })
		navigator.geolocation.getCurrentPosition(
			async (position) => {
				if (controller.signal.aborted) return
				const at = { lat: position.coords.latitude, lng: position.coords.longitude }
				onCentre(at)
				setState({ kind: 'looking-up', at })
				const found = await nearestAddress(at, controller.signal)
				if (controller.signal.aborted) return
				setState(typeof found === 'string' ? { kind: 'message', text: found } : { kind: 'offer', at, place: found })
			},
			(error) => {
				if (!controller.signal.aborted) setState({ kind: 'message', text: positionMessage(error) })
			},
			LOCATE_OPTIONS,
		)
	}
	const dismiss = () => {
		request.current?.abort()
		setState({ kind: 'idle' })
	}
	const busy = state.kind === 'locating' || state.kind === 'looking-up'

	return (
		<>
			<button
				type="button"
				onClick={locate}
				aria-busy={busy}
				aria-label="I'm at the property"
				title="Centre the map on where you are and use the nearest address"
				className="absolute top-3 right-3 z-20 flex size-11 items-center justify-center rounded-full border border-gray-300 bg-white text-gray-900 shadow-lg hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100"
			>
				<svg aria-hidden="true" viewBox="0 0 24 24" className={busy ? 'size-6 animate-pulse' : 'size-6'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
					<circle cx="12" cy="12" r="7" />
					<circle cx="12" cy="12" r="2.5" fill="currentColor" />
					<path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
				</svg>
			</button>
			{state.kind === 'idle' ? null : (
				<div
					role="status"
					data-testid="locate-panel"
					className="absolute top-16 phone-js:top-[4.25rem] right-3 left-14 z-20 mx-auto max-w-sm rounded-lg border border-gray-200 bg-white p-3 text-sm text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
				>
					{busy ? <p>{state.kind === 'locating' ? 'Finding your location…' : 'Looking up the nearest address…'}</p> : null}
					{state.kind === 'message' ? (
						<div className="flex items-center gap-2">
							<p className="flex-1">{state.text}</p>
							<Button type="button" variant="secondary" className="min-h-11" onClick={dismiss}>
								Dismiss
							</Button>
						</div>
					) : null}
					{state.kind === 'offer' ? (
						<Form method="post" preventScrollReset>
							<input type="hidden" name="intent" value="locate" />
							<input type="hidden" name="address" value={state.place.address} />
							<input type="hidden" name="lat" value={state.at.lat.toFixed(7)} />
							<input type="hidden" name="lng" value={state.at.lng.toFixed(7)} />
							<input type="hidden" name="precision" value={state.place.precision} />
							<p className="font-semibold">Nearest address</p>
							<p data-testid="nearest-address">{state.place.address}</p>
							{state.place.precision === 'address' ? null : <p className="text-gray-600 dark:text-gray-400">Only the area is known; you can tap the property on the map afterwards.</p>}
							<div className="mt-2 flex gap-2">
								<Button type="submit" className="min-h-11 flex-1">
									Use this address
								</Button>
								<Button type="button" variant="secondary" className="min-h-11" onClick={dismiss}>
									Not now
								</Button>
							</div>
						</Form>
					) : null}
				</div>
			)}
		</>
	)
}
