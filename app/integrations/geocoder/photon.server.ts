// -- Photon (komoot/photon API) --
import { z } from 'zod'
import type { Precision } from '~/lib/geocode-precision.ts'
import { isInUnitedStates } from '~/lib/us-bounds.ts'
import { STATE_CODES } from './gazetteer.server.ts'
import { expectShape, getJson, joinUrl, optionalText } from './http.server.ts'
import type { PlaceIds } from './place-ids.server.ts'
import { suggestion, type Search, type Suggestion } from './types.server.ts'

// the United States with Alaska and Hawaii; the country code filters the rest
const US_BBOX = '-179.2,18.8,-66.9,71.5'
const PhotonReply = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })
const PhotonFeature = z.object({
	geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number()) }),
	properties: z.object({
		name: optionalText,
		housenumber: optionalText,
		street: optionalText,
		city: optionalText,
		district: optionalText,
		county: optionalText,
		state: optionalText,
		postcode: optionalText,
		countrycode: optionalText,
		osm_type: optionalText,
		type: optionalText,
		osm_id: z.union([z.number(), z.string()]).optional().catch(undefined),
	}),
})

export function photonSearch(baseUrl: string, timeoutMs: number, places: PlaceIds): Search {
	return async (query, limit, signal) => {
		const url = joinUrl(baseUrl, 'api')
		url.searchParams.set('q', query)
		// some results are dropped below (outside the US), so ask for more
		url.searchParams.set('limit', String(Math.min(limit * 2, 20)))
		url.searchParams.set('lang', 'en')
		url.searchParams.set('bbox', US_BBOX)
		url.searchParams.append('layer', 'house')
		url.searchParams.append('layer', 'street')
		const reply = expectShape('photon', PhotonReply, await getJson('photon', url, timeoutMs, signal))
		const out: Suggestion[] = []
		for (const raw of reply.features) {
			const place = photonPlace(raw)
			if (!place) continue
			const { lat, lng, line, secondary, description, precision } = place
			out.push(suggestion(places.encode({ provider: 'photon', lat, lng, address: description, precision }), line, secondary, description))
		}
		return out
	}
}

const PHOTON_PLACES = new Set(['city', 'district', 'locality', 'county', 'postcode'])

/** A Photon feature as a US place ("12 Main St, Austin, TX 78701, USA"); null when it is not one (abroad, no street or name). */
export function photonPlace(raw: unknown) {
	const feature = PhotonFeature.safeParse(raw)
	if (!feature.success) return null
	const p = feature.data.properties
	if (p.countrycode?.toUpperCase() !== 'US') return null
	const line = p.street ? [p.housenumber, p.street].filter(Boolean).join(' ') : p.name
	if (!line) return null
	const state = (p.state && STATE_CODES.get(p.state.toUpperCase())) ?? p.state
	const secondary = [p.city ?? p.district ?? p.county, [state, p.postcode].filter(Boolean).join(' '), 'USA'].filter(Boolean).join(', ')
	const [lng, lat] = feature.data.geometry.coordinates
	if (!isInUnitedStates(lat, lng)) return null
	// a house, else a street (searches ask only for those layers); a reverse lookup may land on a place
	const precision: Precision = p.housenumber ? 'address' : p.type && PHOTON_PLACES.has(p.type) ? (p.type === 'postcode' ? 'postcode' : 'city') : 'street'
	return { lat, lng, line, secondary, description: `${line}, ${secondary}`, precision }
}
