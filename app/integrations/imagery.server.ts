// Satellite imagery for grass detection and the report map: XYZ tiles
// ({z}/{x}/{y}) of the provider satellite.server.ts chooses (the map's own), each request bounded by TILE_FETCH_TIMEOUT_MS and the
// caller's AbortSignal, cached on disk under TILE_CACHE_DIR, checked to decode
// as a 256-px image, then stitched (sharp) into one window around a point.
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { getEnv } from '~/env.server.ts'
import { TILE_SIZE, windowAround } from '~/lib/web-mercator.ts'
import type { RgbImage } from '~/lib/rgb-image.ts'
import type { LatLng } from '~/lib/geodesy.ts'
import { getSatelliteImagery, type Satellite } from './satellite.server.ts'

export type ImageryErrorKind = 'timeout' | 'unavailable' | 'invalid' | 'not_found'

/** The provider could not give usable imagery; `message` says why, for people. */
export class ImageryError extends Error {
	constructor(
		public kind: ImageryErrorKind,
		message: string,
	) {
		super(message)
		this.name = 'ImageryError'
	}
}

export type Tile = { z: number; x: number; y: number }

const MAX_TILE_BYTES = 4 * 1024 * 1024
const PARALLEL = 4

export function tileCacheDir(): string {
	const env = getEnv()
	return path.resolve(env.TILE_CACHE_DIR ?? path.join(env.DATA_DIR, 'tiles'))
}

export function tileUrl(tile: Tile, template: string): string {
	return template.replace('{z}', String(tile.z)).replace('{x}', String(tile.x)).replace('{y}', String(tile.y))
}

function cachePath(satellite: Satellite, tile: Tile) {
	// one folder per provider, so changing provider never serves stale tiles; named
	// without keys or sessions, so a new Google session reuses what is cached
	const provider = createHash('sha256').update(satellite.cacheKey).digest('hex').slice(0, 16)
	const name = createHash('sha256').update(`${tile.z}/${tile.x}/${tile.y}`).digest('hex').slice(0, 16)
	return path.join(tileCacheDir(), provider, String(tile.z), `${tile.x}-${tile.y}-${name}`)
}

async function assertImage(bytes: Buffer): Promise<void> {
	try {
		const meta = await sharp(bytes).metadata()
		if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) throw new Error(`format ${meta.format}`)
		if (meta.width !== TILE_SIZE || meta.height !== TILE_SIZE) throw new Error(`size ${meta.width}×${meta.height}`)
	} catch (error) {
		throw new ImageryError('invalid', `The imagery provider returned data that is not a map tile image (${(error as Error).message}).`)
	}
}

/** One tile's bytes (JPEG/PNG/WebP), from the disk cache or the provider. */
export async function fetchTile(tile: Tile, { signal, satellite }: { signal?: AbortSignal; satellite?: Satellite } = {}): Promise<Buffer> {
	satellite ??= await getSatelliteImagery().resolve({ signal })
	const url = tileUrl(tile, satellite.template)
	const file = cachePath(satellite, tile)
	const cached = await fs.readFile(file).catch(() => null)
	if (cached) return cached
	signal?.throwIfAborted()

	const timeoutMs = getEnv().TILE_FETCH_TIMEOUT_MS
	const timeout = AbortSignal.timeout(timeoutMs)
	const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
	let bytes: Buffer
	try {
		const response = await fetch(url, { signal: combined, headers: { Accept: 'image/*' } })
		if (response.status === 404) throw new ImageryError('not_found', 'The imagery provider has no imagery for this location at this zoom.')
		if (!response.ok) throw new ImageryError('unavailable', `The imagery provider answered ${response.status}.`)
		const length = Number(response.headers.get('content-length') ?? 0)
		if (length > MAX_TILE_BYTES) throw new ImageryError('invalid', 'The imagery provider sent a tile that is too large.')
		bytes = Buffer.from(await response.arrayBuffer())
		if (bytes.length > MAX_TILE_BYTES) throw new ImageryError('invalid', 'The imagery provider sent a tile that is too large.')
	} catch (error) {
		if (error instanceof ImageryError) throw error
		if (signal?.aborted) throw signal.reason
		if (timeout.aborted) throw new ImageryError('timeout', `The imagery provider did not answer within ${timeoutMs} ms.`)
		throw new ImageryError('unavailable', 'The imagery provider could not be reached.')
	}
	await assertImage(bytes)
	// write-then-rename: a crash never leaves a half tile in the cache
	await fs.mkdir(path.dirname(file), { recursive: true })
	const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
	await fs.writeFile(tmp, bytes)
	await fs.rename(tmp, file).catch(() => fs.rm(tmp, { force: true }))
	return bytes
}

export type ImageryWindow = {
	image: RgbImage
	/** top-left global pixel of the window at `zoom` */
	left: number
	top: number
	zoom: number
	/** the provider the tiles came from */
	satellite?: Satellite
}

/**
 * A `size`×`size` (or `size`×`height`) RGB window centred on `center` at
 * `zoom`, stitched from tiles. With `missingTiles: 'blank'` (the report map)
 * tiles the provider has none of (404) stay grey, unless all of them are missing.
 */
export async function fetchImageryWindow(
	center: LatLng,
	zoom: number,
	size: number,
	{ signal, height = size, missingTiles = 'fail' }: { signal?: AbortSignal; height?: number; missingTiles?: 'fail' | 'blank' } = {},
): Promise<ImageryWindow> {
	const satellite = await getSatelliteImagery().resolve({ signal })
	const window = windowAround(center, zoom, size, height)
	const buffers: (Buffer | null)[] = new Array(window.tiles.length)
	let next = 0
	const worker = async () => {
		while (next < window.tiles.length) {
			const i = next++
			try {
				buffers[i] = await fetchTile(window.tiles[i]!, { signal, satellite })
			} catch (error) {
				if (missingTiles === 'blank' && error instanceof ImageryError && error.kind === 'not_found') buffers[i] = null
				else throw error
			}
		}
	}
	await Promise.all(Array.from({ length: Math.min(PARALLEL, window.tiles.length) }, worker))
	signal?.throwIfAborted()
	if (buffers.every((b) => b === null)) throw new ImageryError('not_found', 'The imagery provider has no imagery for this location at this zoom.')
	try {
		const background = missingTiles === 'blank' ? { r: 200, g: 200, b: 200 } : { r: 0, g: 0, b: 0 }
		const { data } = await sharp({ create: { width: window.cols * TILE_SIZE, height: window.rows * TILE_SIZE, channels: 3, background } })
			.composite(
				window.tiles.flatMap((tile, i) =>
					buffers[i]
						? [{ input: buffers[i], left: (tile.x - window.tiles[0]!.x) * TILE_SIZE, top: (tile.y - window.tiles[0]!.y) * TILE_SIZE }]
						: [],
				),
			)
			.png({ compressionLevel: 0 })
			.toBuffer({ resolveWithObject: true })
		const cropped = await sharp(data)
			.extract({ left: window.left - window.tileOrigin.x, top: window.top - window.tileOrigin.y, width: size, height })
			.removeAlpha()
			.raw()
			.toBuffer({ resolveWithObject: true })
		return {
			image: { width: size, height, data: new Uint8Array(cropped.data.buffer, cropped.data.byteOffset, cropped.data.length) },
			left: window.left,
			top: window.top,
			zoom,
			satellite,
		}
	} catch (error) {
		throw new ImageryError('invalid', `The imagery tiles could not be decoded (${(error as Error).message}).`)
	}
}
