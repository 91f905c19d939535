// -- the offline gazetteer (zipcodes: US ZIP centroids with city and state) --
import type { Precision } from '~/lib/geocode-precision.ts'
import type { PlaceIds } from './place-ids.server.ts'
import { suggestion, type Search, type Suggestion } from './types.server.ts'

const US_STATES: Record<string, string> = {
	AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
	DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
	IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
	MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
	NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
	NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
	RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
	VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
}
/** upper-case state name or code → code */
export const STATE_CODES = new Map<string, string>(Object.entries(US_STATES).flatMap(([code, name]) => [[code, code], [name.toUpperCase(), code]]))

type ZipPlace = { zip: string; city: string; state: string; lat: number; lng: number }
type CityPlace = { key: string; city: string; state: string; lat: number; lng: number; zipCount: number }
type Gazetteer = { zips: Map<string, ZipPlace>; zipList: string[]; cities: CityPlace[]; cityKeys: string[] }

const cityKey = (name: string) => name.toUpperCase().replace(/[.']/g, '').replace(/\s+/g, ' ').trim()

let gazetteer: Promise<Gazetteer> | undefined
/** Built once, on first use (the data is 5 MB of JavaScript). */
export function loadGazetteer(): Promise<Gazetteer> {
	gazetteer ??= import('zipcodes').then(({ default: zipcodes }) => {
		const zips = new Map<string, ZipPlace>()
		const byCity = new Map<string, { city: string; state: string; lat: number; lng: number; n: number }>()
		for (const code of Object.values(zipcodes.codes)) {
			// the 50 states and DC (not territories, not military post offices)
			if (code.country !== 'US' || !US_STATES[code.state]) continue
			if (!Number.isFinite(code.latitude) || !Number.isFinite(code.longitude) || (code.latitude === 0 && code.longitude === 0)) continue
			zips.set(code.zip, { zip: code.zip, city: code.city, state: code.state, lat: code.latitude, lng: code.longitude })
			const key = `${cityKey(code.city)}|${code.state}`
			const city = byCity.get(key) ?? { city: code.city, state: code.state, lat: 0, lng: 0, n: 0 }
			city.lat += code.latitude
			city.lng += code.longitude
			city.n += 1
			byCity.set(key, city)
		}
		const cities = [...byCity.entries()]
			.map(([key, c]) => ({ key, city: c.city, state: c.state, lat: c.lat / c.n, lng: c.lng / c.n, zipCount: c.n }))
			.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
		return { zips, zipList: [...zips.keys()].sort(), cities, cityKeys: cities.map((c) => c.key) }
	})
	return gazetteer
}

function lowerBound(sorted: string[], value: string): number {
	let lo = 0
	let hi = sorted.length
	while (lo < hi) {
		const mid = (lo + hi) >>> 1
		if (sorted[mid]! < value) lo = mid + 1
		else hi = mid
	}
	return lo
}

/** Cities whose name starts with `prefix` (upper-cased key), optionally in one state: bigger ones (more ZIPs) first. */
function citiesByPrefix(g: Gazetteer, prefix: string, state?: (code: string) => boolean): CityPlace[] {
	const found: CityPlace[] = []
	for (let i = lowerBound(g.cityKeys, prefix); i < g.cities.length && g.cityKeys[i]!.startsWith(prefix); i++) {
		const city = g.cities[i]!
		if (!state || state(city.state)) found.push(city)
	}
	const exact = (c: CityPlace) => (c.key.startsWith(`${prefix}|`) ? 0 : 1)
	return found.sort((x, y) => exact(x) - exact(y) || y.zipCount - x.zipCount || x.key.localeCompare(y.key))
}

function findCity(g: Gazetteer, name: string, state?: string): CityPlace | undefined {
	return citiesByPrefix(g, `${cityKey(name)}|`, state ? (code) => code === state : undefined)[0]
}

/** A ZIP in the text: the last 5-digit group, unless it leads an address ("12345 Main St" is a house number). */
function findZip(text: string): { zip: string; rest: string } | undefined {
	const matches = [...text.matchAll(/\b(\d{5})(?:-\d{4})?\b/g)]
	const last = matches.at(-1)
	if (!last || (last.index === 0 && /^\d{5}\s+[A-Za-z]/.test(text))) return undefined
	const rest = (text.slice(0, last.index) + text.slice(last.index + last[0].length)).replace(/\s*,\s*(,\s*)*/g, ', ')
	return { zip: last[1]!, rest: rest.replace(/^[\s,]+|[\s,]+$/g, '') }
}

/** Splits "…, City, ST" / "… City ST" / "…, City, State" into street part, city and state. */
function parsePlace(g: Gazetteer, text: string) {
	const segments = text.split(',').map((s) => s.trim()).filter(Boolean)
	let state: string | undefined
	let statePrefix: string | undefined
	const last = segments.at(-1)
	// a lone "Washington" or "New York" is a city being looked for, not a state
	if (last && segments.length >= 2 && STATE_CODES.has(last.toUpperCase())) {
		state = STATE_CODES.get(last.toUpperCase())
		segments.pop()
	} else if (last) {
		const words = last.split(' ')
		for (let k = Math.min(3, words.length - 1); k >= 1 && !state; k--) {
			const tail = words.slice(-k).join(' ').toUpperCase()
			if (STATE_CODES.has(tail)) {
				state = STATE_CODES.get(tail)
				segments[segments.length - 1] = words.slice(0, -k).join(' ')
			}
		}
		// "Austin, T" while typing: a state still being written
		if (!state && segments.length >= 2 && /^[A-Za-z][A-Za-z ]{0,12}$/.test(last)) {
			const upper = last.toUpperCase()
			if ([...STATE_CODES.keys()].some((name) => name.startsWith(upper))) {
				statePrefix = upper
				segments.pop()
			}
		}
	}
	// the city: the longest run of trailing words of the last segment that names one
	let city: CityPlace | undefined
	let street = segments.slice(0, -1)
	const cityPart = segments.at(-1) ?? ''
	const words = cityPart.split(' ').filter(Boolean)
	for (let k = Math.min(5, words.length); k >= 1 && !city; k--) {
		city = statePrefix ? undefined : findCity(g, words.slice(-k).join(' '), state)
		if (city) street = [...street, words.slice(0, -k).join(' ')].filter(Boolean)
	}
	return { state, statePrefix, city, cityPart, street: city ? street : segments }
}

export function gazetteerSearch(places: PlaceIds): Search {
	return async (query, limit) => {
		const g = await loadGazetteer()
		const out: Suggestion[] = []
		const zipSuggestion = (z: ZipPlace) => {
			const description = `${z.city}, ${z.state} ${z.zip}, USA`
			return suggestion(places.encode({ provider: 'gazetteer', lat: z.lat, lng: z.lng, address: description, precision: 'postcode' }), z.zip, `${z.city}, ${z.state}, USA`, description)
		}
		const citySuggestion = (c: CityPlace) => {
			const description = `${c.city}, ${c.state}, USA`
			return suggestion(places.encode({ provider: 'gazetteer', lat: c.lat, lng: c.lng, address: description, precision: 'city' }), c.city, `${c.state}, USA`, description)
		}
		/** the user's own text, placed at the ZIP or city it names */
		const typedAddress = (at: { lat: number; lng: number }, where: string, precision: Precision) => {
			const [main = query, ...rest] = query.split(',').map((s) => s.trim())
			const place = places.encode({ provider: 'gazetteer', lat: at.lat, lng: at.lng, address: query, precision, matched: where })
			return suggestion(place, main, rest.join(', ') || where, query)
		}

		const zipHit = findZip(query)
		const zip = zipHit ? g.zips.get(zipHit.zip) : undefined
		if (zipHit && !zip) return [] // a ZIP that does not exist (or is outside the states)
		if (zip && zipHit) {
			const place = zipHit.rest ? parsePlace(g, zipHit.rest) : undefined
			if (place?.street.length) out.push(typedAddress(zip, zipSuggestion(zip).description, 'postcode'))
			out.push(zipSuggestion(zip))
			return out
		}

		// 3 or 4 digits: ZIP codes being typed
		if (/^\d{3,4}$/.test(query)) {
			for (let i = lowerBound(g.zipList, query); i < g.zipList.length && g.zipList[i]!.startsWith(query) && out.length < limit; i++) {
				out.push(zipSuggestion(g.zips.get(g.zipList[i]!)!))
			}
			return out
		}

		const place = parsePlace(g, query)
		if (place.city) {
			if (place.street.length) out.push(typedAddress(place.city, citySuggestion(place.city).description, 'city'))
			const sameName = citiesByPrefix(g, `${place.city.key.split('|')[0]}|`, place.state ? (code) => code === place.state : undefined)
			out.push(...sameName.slice(0, limit).map(citySuggestion))
			return out
		}
		// a city name being typed, perhaps with a state (or the start of one)
		if (place.street.length <= 1 && place.cityPart.length >= 1) {
			const prefix = cityKey(place.cityPart)
			const inState = place.state
				? (code: string) => code === place.state
				: place.statePrefix
					? (code: string) => code.startsWith(place.statePrefix!) || US_STATES[code]!.toUpperCase().startsWith(place.statePrefix!)
					: undefined
			if (prefix.length >= 1) out.push(...citiesByPrefix(g, prefix, inState).slice(0, limit).map(citySuggestion))
		}
		return out
	}
}
