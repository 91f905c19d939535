// -- Mapbox Search, Geocoding API v6 (forward) --
import { z } from 'zod'
import type { Precision } from '~/lib/geocode-precision.ts'
import { isInUnitedStates } from '~/lib/us-bounds.ts'
import { expectShape, getJson, joinUrl, optionalText } from './http.server.ts'
import type { PlaceIds } from './place-ids.server.ts'
import { suggestion, type Search, type Suggestion } from './types.server.ts'

const MapboxReply = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })
const MapboxFeature = z.object({
	geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number()) }),
	properties: z.object({
		feature_type: z.string(),
		name: z.string().min(1),
		place_formatted: optionalText,
		full_address: optionalText,
		context: z.object({ country: z.object({ country_code: z.string() }).optional() }).optional(),
	}),
})
const MAPBOX_PRECISION: Record<string, Precision> = { address: 'address', secondary_address: 'address', street: 'street', postcode: 'postcode', place: 'city', locality: 'city', neighborhood: 'city' }

export function mapboxSearch({ url: baseUrl, token }: { url: string; token: string }, timeoutMs: number, places: PlaceIds): Search {
	return async (query, limit, signal) => {
		const url = joinUrl(baseUrl, 'forward')
		url.searchParams.set('q', query)
		url.searchParams.set('country', 'us')
		url.searchParams.set('types', 'address,street,postcode,place,locality')
		url.searchParams.set('autocomplete', 'true')
		url.searchParams.set('limit', String(limit))
		url.searchParams.set('language', 'en')
		url.searchParams.set('access_token', token)
		const reply = expectShape('mapbox', MapboxReply, await getJson('mapbox', url, timeoutMs, signal))
		const out: Suggestion[] = []
		for (const raw of reply.features) {
			const place = mapboxPlace(raw)
			if (!place) continue
			const { lat, lng, name, secondary, description, precision } = place
			out.push(suggestion(places.encode({ provider: 'mapbox', lat, lng, address: description, precision }), name, secondary, description))
		}
		return out
	}
}

/** A Mapbox v6 feature as a US place of a type we keep; null otherwise. */
export function mapboxPlace(raw: unknown) {
	const feature = MapboxFeature.safeParse(raw)
	if (!feature.success) return null
	const p = feature.data.properties
	const precision = MAPBOX_PRECISION[p.feature_type]
	if (!precision || (p.context?.country && p.context.country.country_code.toUpperCase() !== 'US')) return null
	const [lng, lat] = feature.data.geometry.coordinates
	if (!isInUnitedStates(lat, lng)) return null
	const secondary = p.place_formatted ?? ''
	const description = p.full_address ?? [p.name, secondary].filter(Boolean).join(', ')
	return { lat, lng, name: p.name, secondary, description, precision }
}
