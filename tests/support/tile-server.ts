// A local XYZ tile server (GET /{z}/{x}/{y}) speaking the imagery provider's
// protocol, serving JPEG tiles cut from generated yard scenes. Other areas can
// be made to misbehave like a broken provider: garbage bytes, HTTP 500, or no
// answer at all (for timeouts).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { project, TILE_SIZE } from '../../app/lib/web-mercator.ts'
import type { Scene } from '../../bench/grass/scene.ts'

export type Behaviour = 'garbage' | 'error' | 'hang'
/** what the server needs of a scene: its pixels, where they are and at which zoom */
export type TileScene = Pick<Scene, 'image' | 'center' | 'zoom'>
type Placed = { scene: TileScene; left: number; top: number }

export type TileServer = {
	url: string
	/** the SATELLITE_TILE_URL template */
	template: string
	requests: string[]
	close: () => Promise<void>
}

export function placeScene(scene: TileScene): Placed {
	const c = project(scene.center, scene.zoom)
	return { scene, left: Math.round(c.x - scene.image.width / 2), top: Math.round(c.y - scene.image.height / 2) }
}

export async function startTileServer({ scenes, misbehave = [] }: { scenes: TileScene[]; misbehave?: { center: { lat: number; lng: number }; behaviour: Behaviour }[] }): Promise<TileServer> {
	const placed = scenes.map(placeScene)
	const cache = new Map<string, Buffer>()
	const requests: string[] = []
	const hanging = new Set<http.ServerResponse>()

	async function tile(z: number, x: number, y: number): Promise<Buffer | null> {
		const key = `${z}/${x}/${y}`
		const hit = cache.get(key)
		if (hit) return hit
		const ox = x * TILE_SIZE
		const oy = y * TILE_SIZE
		const source = placed.find((p) => p.scene.zoom === z && ox + TILE_SIZE > p.left && ox < p.left + p.scene.image.width && oy + TILE_SIZE > p.top && oy < p.top + p.scene.image.height)
		if (!source) return null
		const pixels = Buffer.alloc(TILE_SIZE * TILE_SIZE * 3, 128)
		const { width, height, data } = source.scene.image
		for (let ty = 0; ty < TILE_SIZE; ty++) {
			const sy = oy + ty - source.top
			if (sy < 0 || sy >= height) continue
			for (let tx = 0; tx < TILE_SIZE; tx++) {
				const sx = ox + tx - source.left
				if (sx < 0 || sx >= width) continue
				const from = (sy * width + sx) * 3
				const to = (ty * TILE_SIZE + tx) * 3
				pixels[to] = data[from]!
				pixels[to + 1] = data[from + 1]!
				pixels[to + 2] = data[from + 2]!
			}
		}
		const jpeg = await sharp(pixels, { raw: { width: TILE_SIZE, height: TILE_SIZE, channels: 3 } }).jpeg({ quality: 92 }).toBuffer()
		cache.set(key, jpeg)
		return jpeg
	}

	const zones = misbehave.map((m) => ({ behaviour: m.behaviour, at: (z: number) => project(m.center, z) }))
	const server = http.createServer((req, res) => {
		// CORS as public tile servers do it: the map loads tiles with crossOrigin
		res.setHeader('access-control-allow-origin', '*')
		if (req.method === 'OPTIONS') return void res.writeHead(204, { 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET' }).end()
		const match = /^\/(\d+)\/(\d+)\/(\d+)(?:\.\w+)?$/.exec(new URL(req.url ?? '/', 'http://tiles').pathname)
		requests.push(req.url ?? '')
		if (!match) return void res.writeHead(404).end()
		const [z, x, y] = match.slice(1).map(Number) as [number, number, number]
		const zone = zones.find((zn) => {
			const c = zn.at(z)
			return Math.abs(c.x - (x + 0.5) * TILE_SIZE) < 3 * TILE_SIZE && Math.abs(c.y - (y + 0.5) * TILE_SIZE) < 3 * TILE_SIZE
		})
		if (zone?.behaviour === 'hang') return void hanging.add(res)
		if (zone?.behaviour === 'error') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream exploded')
		if (zone?.behaviour === 'garbage') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from('<html>not a tile</html>'))
		tile(z, x, y).then(
			(bytes) => (bytes ? res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length }).end(bytes) : res.writeHead(404).end()),
			() => res.writeHead(500).end(),
		)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return {
		url,
		template: `${url}/{z}/{x}/{y}.jpg`,
		requests,
		close: () =>
			new Promise<void>((resolve) => {
				for (const res of hanging) res.destroy()
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}
