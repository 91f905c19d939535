// Plain map layers for tests: GET /{layer}/{z}/{x}/{y}.png answers a
// 256×256 PNG. Each map type has its own colour, so a test can tell which
// imagery the map asked for. `render` can replace the default tiles.
import http from 'node:http'
import sharp from 'sharp'

export type TileRenderer = (layer: string, z: number, x: number, y: number) => Promise<Buffer | null>

const COLOURS: Record<string, { r: number; g: number; b: number }> = {
	satellite: { r: 52, g: 110, b: 48 },
	hybrid: { r: 70, g: 100, b: 60 },
	terrain: { r: 200, g: 190, b: 160 },
	roadmap: { r: 235, g: 235, b: 230 },
}

const plain = new Map<string, Promise<Buffer>>()
function plainTile(layer: string) {
	let tile = plain.get(layer)
	if (!tile) {
		const background = COLOURS[layer] ?? { r: 128, g: 128, b: 128 }
		tile = sharp({ create: { width: 256, height: 256, channels: 3, background } }).png().toBuffer()
		plain.set(layer, tile)
	}
	return tile
}

export async function startLayerTileServer(options: { render?: TileRenderer } = {}) {
	const requests: string[] = []
	const server = http.createServer(async (req, res) => {
		// CORS as public tile servers do it (the map loads tiles with crossOrigin)
		if (req.method === 'OPTIONS') {
			res
				.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET' })
				.end()
			return
		}
		const match = /^\/(\w+)\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '')
		if (!match) {
			res.writeHead(404).end()
			return
		}
		requests.push(req.url!)
		const [, layer, z, x, y] = match
		try {
			const png = (await options.render?.(layer!, Number(z), Number(x), Number(y))) ?? (await plainTile(layer!))
			res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*', 'cache-control': 'no-store' }).end(png)
		} catch {
			res.writeHead(500).end()
		}
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : 0
	const base = `http://127.0.0.1:${port}`
	return {
		base,
		requests,
		template: (layer: string) => `${base}/${layer}/{z}/{x}/{y}.png`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
