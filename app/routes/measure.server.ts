// /measure's server half (STYLE.md: a route's server-only helpers in a
// `*.server.ts` sibling): the loader (address, saved measurements, imagery
// layers) and the action (search, "I'm at the property", rename, delete,
// combine as form posts; save and update as JSON from the map).
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import type { Route } from './+types/measure'
import type { Approximate } from '~/components/measure/approximate-location.tsx'
import { getEnv } from '~/env.server.ts'
import { getGeocoder } from '~/integrations/geocoder.server.ts'
import { imageryInfoOrNull } from '~/integrations/imagery-info.server.ts'
import { getSatelliteImagery } from '~/integrations/satellite.server.ts'
import { parsePrecision } from '~/lib/geocode-precision.ts'
import { imageryProviderName } from '~/lib/imagery-providers.ts'
import { MeasureFormSchema, SaveIntent } from '~/lib/schemas/measure-screen.ts'
import type { DisplayUnit } from '~/lib/units.ts'
import type { LayerConfig, MapType } from '~/map/measure-map.client.tsx'
import { requireActor } from '~/services/auth.server.ts'
import {
	combineMeasurements,
	createMeasurement,
	deleteMeasurement,
	getMeasurement,
	listMeasurements,
	setShapeSurface,
	updateMeasurement,
	type ApiMeasurement,
} from '~/services/measurements.server.ts'
import { listPrices } from '~/services/price-list.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { incrementSearch } from '~/services/usage.server.ts'
import { HttpError } from '~/utils/http.server.ts'

function coordinate(value: string | null, limit: number) {
	if (value === null || value.trim() === '') return null
	const n = Number(value)
	return Number.isFinite(n) && Math.abs(n) <= limit ? n : null
}

export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireActor(request)
	const url = new URL(request.url)
	let address = url.searchParams.get('address')?.trim() || null
	const lat = coordinate(url.searchParams.get('lat'), 90)
	const lng = coordinate(url.searchParams.get('lng'), 180)
	const viewingId = url.searchParams.get('id')
	if (viewingId && !address && user.organizationId) {
		// a deep link without its address: take it from the measurement (404s stay quiet)
		address = await getMeasurement(user, viewingId).then((m) => m.address, () => null)
	}
	const measurements: ApiMeasurement[] =
		address && user.organizationId ? (await listMeasurements(user, { address, page: 1, limit: 500 })).measurements : []
	const env = getEnv()
	// the satellite provider and its required credit; its template carries its browser key, if any (satellite.server.ts)
	const satellite = await getSatelliteImagery().resolve({ signal: request.signal })
	const layers: LayerConfig = {
		satellite: satellite.template,
		hybrid: env.HYBRID_TILE_URL,
		terrain: env.TERRAIN_TILE_URL,
		roadmap: env.ROADMAP_TILE_URL,
		attribution: env.TILE_ATTRIBUTION,
		attributions: { satellite: satellite.attribution },
		// Google's logo over its layer (its terms); only when the layer is Google's now (not USGS meanwhile)
		logos: satellite.logo ? { satellite: satellite.logo } : undefined,
		maxZoom: env.TILE_MAX_ZOOM,
		timeoutMs: env.TILE_FETCH_TIMEOUT_MS,
	}
	const providers = Object.fromEntries(
		(['satellite', 'hybrid', 'terrain', 'roadmap'] as const).map((t) => [t, t === 'satellite' ? satellite.name : imageryProviderName(layers[t])]),
	) as Record<MapType, string>
	// a ZIP or city centroid (issue 18 §2): the notice, until a tap sets the property centre
	const precision = parsePrecision(url.searchParams.get('precision'))
	const approximate: Approximate | null =
		lat !== null && lng !== null && precision && precision !== 'address'
			? { precision, near: url.searchParams.get('near')?.slice(0, 200) || address || '', pinned: url.searchParams.get('centre') === 'set' }
			: null
	const org = user.organization
	const initialUnit = (user.preferredUnit ?? org?.defaultUnit ?? 'sqft') as DisplayUnit
	const center = lat !== null && lng !== null ? { lat, lng } : null
	return {
		address,
		center,
		// streamed: the page does not wait for the provider's metadata service
		imageryInfo: imageryInfoOrNull(center, { signal: request.signal }),
		approximate,
		viewingId,
		measurements,
		layers,
		providers,
		initialMapType: (user.preferredMapType ?? org?.defaultMapType ?? 'hybrid') as MapType,
		initialUnit,
		usage: { used: user.usageStats.searches, limit: user.usageStats.searchLimit },
		allowAiTraining: org?.allowAiTraining ?? false,
		tierId: org?.subscriptionTierId ?? null,
		hasAi: org?.features.hasAiMeasurement ?? false,
		hasOrganization: Boolean(user.organizationId),
		priceList: user.organizationId && measurements.length ? await listPrices(user, user.organizationId) : [],
	}
}

export type ActionToast = { title: string; description: string; type?: 'destructive' | 'success' }

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireActor(request)
	const fail = (error: unknown, title: string, fallback: string) => {
		if (!(error instanceof HttpError)) throw error
		return data({ toast: { title, description: error.message || fallback, type: 'destructive' } as ActionToast, fields: error.fields }, { status: error.status })
	}

	// saving shapes from the map: JSON through the same services as /api/measurements
	if (request.headers.get('content-type')?.includes('application/json')) {
		const json = await request.json().catch(() => null)
		const body = SaveIntent.safeParse(json)
		if (!body.success) {
			const updating = (json as { intent?: string } | null)?.intent === 'update'
			const detail = body.error.issues[0]?.message
			return data(
				{ toast: { title: updating ? 'Update Failed' : 'Save Failed', description: detail ?? (updating ? 'Failed to update measurement' : 'Failed to save measurement'), type: 'destructive' } as ActionToast },
				{ status: 400 },
			)
		}
		if (body.data.intent === 'save') {
			try {
				const saved = await createMeasurement(user, body.data.measurement)
				return { saved, toast: { title: 'Measurement Saved', description: 'Your measurement has been saved successfully.', type: 'success' } as ActionToast }
			} catch (error) {
				return fail(error, 'Save Failed', 'Failed to save measurement')
			}
		}
		try {
			const saved = await updateMeasurement(user, body.data.id, body.data.measurement)
			return { saved, toast: { title: 'Measurement Updated', description: 'Measurement updated successfully.', type: 'success' } as ActionToast }
		} catch (error) {
			return fail(error, 'Update Failed', 'Failed to update measurement')
		}
	}

	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: MeasureFormSchema })
	if (submission.status !== 'success') {
		const message = Object.values(submission.error ?? {}).flat()[0] ?? 'Please check the form'
		const title = formData.get('intent') === 'locate' ? 'Location Unavailable' : 'Address Required'
		return data({ toast: { title, description: message, type: 'destructive' } as ActionToast }, { status: 400 })
	}
	const form = submission.value
	const back = new URL(request.url)
	switch (form.intent) {
		case 'search': {
			try {
				await incrementSearch(user)
			} catch (error) {
				return fail(error, 'Usage Limit Reached', 'You have reached your search limit for this month.')
			}
			const params = new URLSearchParams({ address: form.address })
			// spec 1 §5: if geocoding fails, only the text is passed on
			const place = await getGeocoder()
				.geocode(form.place_id || form.address, { signal: request.signal })
				.catch((error) => {
					console.warn('Geocoding failed', error instanceof Error ? error.message : error)
					return null
				})
			if (place) {
				params.set('lat', String(place.lat))
				params.set('lng', String(place.lng))
				// only a ZIP or city centroid: the page asks for a tap on the property (issue 18 §2)
				if (place.precision !== 'address') {
					params.set('precision', place.precision)
					params.set('near', place.matched)
				}
			}
			return redirect(`/measure?${params}`)
		}
		case 'locate': {
			// "I'm at the property" (issue 21 §3): the nearest address, accepted, is chosen like a search,
			// with the property centre where the device is
			try {
				await incrementSearch(user)
			} catch (error) {
				return fail(error, 'Usage Limit Reached', 'You have reached your search limit for this month.')
			}
			const params = new URLSearchParams({ address: form.address, lat: form.lat.toFixed(7), lng: form.lng.toFixed(7) })
			if (form.precision !== 'address') {
				params.set('precision', form.precision)
				params.set('near', form.address)
			}
			return redirect(`/measure?${params}`)
		}
		case 'rename':
			try {
				await updateMeasurement(user, form.id, { label: form.label })
				return redirectWithToast(back.pathname + back.search, { title: 'Measurement Updated', description: 'Measurement updated successfully.', type: 'success' })
			} catch (error) {
				return fail(error, 'Update Failed', 'Failed to update measurement')
			}
		case 'surface':
			try {
				await setShapeSurface(user, form.id, form.shape, form.surface)
				return redirectWithToast(back.pathname + back.search, { title: 'Measurement Updated', description: 'Measurement updated successfully.', type: 'success' })
			} catch (error) {
				return fail(error, 'Update Failed', 'Failed to update measurement')
			}
		case 'delete':
			try {
				await deleteMeasurement(user, form.id)
				if (back.searchParams.get('id') === form.id) back.searchParams.delete('id')
				return redirectWithToast(back.pathname + back.search, { title: 'Measurement Deleted', description: 'Measurement deleted successfully.', type: 'success' })
			} catch (error) {
				return fail(error, 'Delete Failed', 'Failed to delete measurement')
			}
		case 'combine': {
			const combined = await combineMeasurements(user, form.address)
			if (!combined) return { toast: null }
			back.searchParams.set('id', combined.id)
			return redirectWithToast(back.pathname + back.search, { title: 'Measurements Combined', description: `${combined.label} now holds ${combined.shape_count} shapes.`, type: 'success' })
		}
	}
}

