// One local server speaking the keyed imagery providers' protocols, for tests
// (never the real services):
//   Esri World Imagery   GET  /esri/World_Imagery/MapServer/tile/{z}/{y}/{x}?token=KEY
//                        GET  /esri/World_Imagery/MapServer/identify?geometry=lng,lat&…&f=json  (capture dates: SRC_DATE)
//   USGS metadata        GET  /usgs/USGSImageryOnly/MapServer/identify?…&f=json
//   Mapbox Satellite     GET  /mapbox/v4/mapbox.satellite/{z}/{x}/{y}.jpg90?access_token=TOKEN
//   Google Map Tiles     POST /google/v1/createSession?key=KEY  → { session, expiry, tileWidth, … }
//                        GET  /google/v1/2dtiles/{z}/{x}/{y}?session=S&key=KEY
//   Google Places (New)  POST /places/v1/places:autocomplete (one US address prediction), for the suggestion credit
//                        GET  /google/tile/v1/viewport?session=S&key=KEY&zoom&north&south&east&west → { copyright, maxZoomRects }
//   Google logo          GET  /google/logo.png (stands in for Google's official logo image: a LOGO_COLOUR PNG, LOGO_SIZE px, transparent corners)
// Each provider's tiles have their own colour, so a test can tell whose tiles
// it got. `misbehave` makes one route answer like a broken provider.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

export const KEYS = { esri: 'esri-browser-key', mapbox: 'pk.mapbox-public-token', google: 'google-tiles-browser-key' } as const
export const COLOURS = { esri: { r: 10, g: 120, b: 200 }, mapbox: { r: 200, g: 60, b: 60 }, google: { r: 240, g: 200, b: 20 } } as const
export const GOOGLE_SESSION = 'session-token-abcdef123456'
export const GOOGLE_COPYRIGHT = 'Map data ©2026 Google, Imagery ©2026 Maxar Technologies'
/** the path of the stand-in Google logo (GOOGLE_LOGO_URL = url + this) */
export const GOOGLE_LOGO_PATH = '/google/logo.png'
/** the official logo's size; a colour no tile has, so a picture shows where it is */
export const LOGO_SIZE = { width: 59, height: 18 } as const
export const LOGO_COLOUR = { r: 230, g: 0, b: 230 } as const

export type Misbehaviour = 'hang' | 'error' | 'garbage' | 'huge' | 'wrong-shape'
export type Route = 'places-autocomplete' | 'esri-tile' | 'esri-identify' | 'usgs-identify' | 'mapbox-tile' | 'google-session' | 'google-tile' | 'google-viewport' | 'google-logo'

export type ImageryProviderServer = {
	url: string
	requests: { method: string; url: URL; route: Route | null }[]
	/** the identify reply for a service ('esri' | 'usgs'); null → no results */
	dates: { esri: unknown; usgs: unknown }
	misbehave: Partial<Record<Route, Misbehaviour>>
	close(): Promise<void>
}

const tiles = new Map<string, Promise<Buffer>>()
function tile(provider: keyof typeof COLOURS) {
	let t = tiles.get(provider)
	if (!t) {
		t = sharp({ create: { width: 256, height: 256, channels: 3, background: COLOURS[provider] } }).jpeg().toBuffer()
		tiles.set(provider, t)
	}
	return t
}

let logo: Promise<Buffer> | undefined
/** a PNG with transparency, as Google's logo is: LOGO_COLOUR, its four corner pixels transparent */
function logoPng() {
	logo ??= (() => {
		const { width, height } = LOGO_SIZE
		const data = Buffer.alloc(width * height * 4)
		for (let i = 0; i < width * height; i++) data.set([LOGO_COLOUR.r, LOGO_COLOUR.g, LOGO_COLOUR.b, 255], i * 4)
		for (const [x, y] of [[0, 0], [width - 1, 0], [0, height - 1], [width - 1, height - 1]] as const) data[(y * width + x) * 4 + 3] = 0
		return sharp(data, { raw: { width, height, channels: 4 } }).png().toBuffer()
	})()
	return logo
}

function routeOf(method: string, path: string): Route | null {
	if (method === 'GET' && /^\/esri\/World_Imagery\/MapServer\/tile\/\d+\/\d+\/\d+$/.test(path)) return 'esri-tile'
	if (method === 'GET' && path === '/esri/World_Imagery/MapServer/identify') return 'esri-identify'
	if (method === 'GET' && path === '/usgs/USGSImageryOnly/MapServer/identify') return 'usgs-identify'
	if (method === 'GET' && /^\/mapbox\/v4\/mapbox\.satellite\/\d+\/\d+\/\d+\.jpg90$/.test(path)) return 'mapbox-tile'
	if (method === 'POST' && path === '/google/v1/createSession') return 'google-session'
	if (method === 'GET' && /^\/google\/v1\/2dtiles\/\d+\/\d+\/\d+$/.test(path)) return 'google-tile'
	if (method === 'GET' && path === '/google/tile/v1/viewport') return 'google-viewport'
	if (method === 'GET' && path === GOOGLE_LOGO_PATH) return 'google-logo'
	if (method === 'POST' && path === '/places/v1/places:autocomplete') return 'places-autocomplete'
	return null
}

export async function startImageryProviderServer(): Promise<ImageryProviderServer> {
	const hanging = new Set<http.ServerResponse>()
	const state: Omit<ImageryProviderServer, 'url' | 'close'> = { requests: [], dates: { esri: null, usgs: null }, misbehave: {} }
	const json = (res: http.ServerResponse, body: unknown, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
	const identify = (attributes: unknown) => ({ results: attributes ? [{ layerId: 0, layerName: 'Metadata', value: '1', displayFieldName: 'NICE_NAME', attributes }] : [] })
	const server = http.createServer(async (req, res) => {
		// CORS as the providers do it (the map loads tiles with crossOrigin, through fetch)
		res.setHeader('access-control-allow-origin', '*')
		if (req.method === 'OPTIONS') return void res.writeHead(204, { 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST' }).end()
		const url = new URL(req.url ?? '/', 'http://providers')
		const route = routeOf(req.method ?? 'GET', url.pathname)
		state.requests.push({ method: req.method ?? 'GET', url, route })
		req.resume()
		const bad = route ? state.misbehave[route] : undefined
		if (bad === 'hang') return void hanging.add(res)
		if (bad === 'error') return void res.writeHead(500).end('upstream exploded')
		if (bad === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"session": [oops')
		if (bad === 'huge') return json(res, { padding: 'x'.repeat(1_100_000) })
		if (bad === 'wrong-shape') return json(res, { hello: 'world' })
		const image = async (provider: keyof typeof COLOURS) => {
			const bytes = await tile(provider)
			res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length }).end(bytes)
		}
		switch (route) {
			case 'esri-tile':
				return url.searchParams.get('token') === KEYS.esri ? image('esri') : json(res, { error: { code: 498, message: 'Invalid token.' } }, 498)
			case 'esri-identify':
				return json(res, identify(state.dates.esri))
			case 'usgs-identify':
				return json(res, identify(state.dates.usgs))
			case 'mapbox-tile':
				return url.searchParams.get('access_token') === KEYS.mapbox ? image('mapbox') : json(res, { message: 'Not Authorized - Invalid Token' }, 401)
			case 'google-session':
				if (url.searchParams.get('key') !== KEYS.google) return json(res, { error: { code: 403, status: 'PERMISSION_DENIED' } }, 403)
				return json(res, { session: GOOGLE_SESSION, expiry: String(Math.floor(Date.now() / 1000) + 14 * 24 * 3600), tileWidth: 256, imageFormat: 'jpeg', tileHeight: 256 })
			case 'google-tile':
				return url.searchParams.get('key') === KEYS.google && url.searchParams.get('session') === GOOGLE_SESSION ? image('google') : json(res, { error: { code: 400 } }, 400)
			case 'places-autocomplete':
				return json(res, {
					suggestions: [
						{
							placePrediction: {
								placeId: 'ChIJlocal1100',
								text: { text: '1100 Congress Ave, Austin, TX 78701, USA' },
								structuredFormat: { mainText: { text: '1100 Congress Ave' }, secondaryText: { text: 'Austin, TX 78701, USA' } },
								types: ['street_address', 'geocode'],
							},
						},
					],
				})
			case 'google-viewport':
				if (url.searchParams.get('key') !== KEYS.google || url.searchParams.get('session') !== GOOGLE_SESSION) return json(res, { error: { code: 400 } }, 400)
				return json(res, { copyright: GOOGLE_COPYRIGHT, maxZoomRects: [{ maxZoom: 22, north: 90, south: -90, east: 180, west: -180 }] })
			case 'google-logo': {
				const bytes = await logoPng()
				return void res.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length }).end(bytes)
			}
			default:
				res.writeHead(404).end()
		}
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return Object.assign(state, {
		url,
		close: () =>
			new Promise<void>((resolve) => {
				for (const res of hanging) res.destroy()
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	})
}
