// A real labelled crop as map imagery (issue 29 item 7): one of the NAIP crops in
// ../shared/realgrass/naip-ca (0.6 m a pixel), upsampled as a tile server upsamples
// imagery to the map's zoom, placed at the crop's own centre for the local tile
// server, with our label's lawn inside the detection's property window as the truth.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { propertyRoi } from '../../app/grass/detect.ts'
import { SQFT_PER_M2 } from '../../app/grass/vectorize.ts'
import { metresPerPixel, unproject } from '../../app/lib/web-mercator.ts'
import { WINDOW_PX } from '../../app/grass/imagery-window.server.ts'
import { LABEL, realgrassDir } from '../../bench/grass/real.ts'
import { placeScene } from './tile-server.ts'

export type RealScene = {
	name: string
	center: { lat: number; lng: number }
	zoom: number
	mpp: number
	image: { width: number; height: number; data: Uint8Array }
	/** the label upsampled the same way (nearest), one class code a pixel */
	label: Uint8Array
	/** our label's lawn inside the property window a detection measures */
	truthSqft: number
}

/**
 * The real crop the e2e stack serves: of the Long Beach (test split) crops, the one with the most
 * labelled lawn in its property window (34 % of it), chosen by that rule and not by how the detector
 * does on it.
 */
export const REAL_CROP = 'long_beach_2020_57'

type ManifestFile = { name: string; split: string; mpp: number; image: string; label: string; centre: { lat: number; lng: number } }

const LABELS = path.resolve('bench/grass/real/naip-ca')

/** `name` (a naip-ca crop with our label) at `zoom`, or an error naming the folder the imagery should be in. */
export async function realScene(name: string, zoom = 20): Promise<RealScene> {
	const manifest = JSON.parse(fs.readFileSync(path.join(LABELS, 'manifest.json'), 'utf8')) as { files: ManifestFile[] }
	const file = manifest.files.find((f) => f.name === name)
	if (!file) throw new Error(`${name} is not in bench/grass/real/naip-ca/manifest.json`)
	const imagePath = path.join(realgrassDir(), file.image)
	if (!fs.existsSync(imagePath)) throw new Error(`The real imagery is not there: expected ${imagePath} (../shared/realgrass beside the checkout, or set REALGRASS_DIR).`)
	const mpp = metresPerPixel(file.centre.lat, zoom)
	const source = await sharp(imagePath).metadata()
	const width = Math.round((source.width! * file.mpp) / mpp)
	const height = Math.round((source.height! * file.mpp) / mpp)
	const image = new Uint8Array(await sharp(imagePath).removeAlpha().toColourspace('srgb').resize(width, height, { kernel: 'cubic' }).raw().toBuffer())
	const label = new Uint8Array(await sharp(path.join(LABELS, file.label)).extractChannel(0).resize(width, height, { kernel: 'nearest' }).raw().toBuffer())
	if (width < WINDOW_PX || height < WINDOW_PX) throw new Error(`${name} is smaller than a detection window at zoom ${zoom}`)
	// the detection's window is WINDOW_PX square around the centre; its property window is the middle of that
	const roi = propertyRoi(WINDOW_PX, WINDOW_PX, mpp)
	const left = Math.round(width / 2 - WINDOW_PX / 2)
	const top = Math.round(height / 2 - WINDOW_PX / 2)
	let lawn = 0
	for (let y = roi.y0; y < roi.y1; y++) for (let x = roi.x0; x < roi.x1; x++) if (label[(top + y) * width + left + x] === LABEL.LAWN) lawn++
	return { name, center: file.centre, zoom, mpp, image: { width, height, data: image }, label, truthSqft: lawn * mpp * mpp * SQFT_PER_M2 }
}

/**
 * Places inside our label's lawn in the property window (on a grid of `step` pixels), deepest first (farthest from anything
 * that is not lawn, in pixels: a city-block distance), as the lat/lng a tap there sends; for
 * tests that tap a lawn the detector missed.
 */
export function deepLawnPoints(scene: RealScene, count = 3000, step = 4): { lat: number; lng: number; depth: number }[] {
	const { width, height } = scene.image
	const roi = propertyRoi(WINDOW_PX, WINDOW_PX, scene.mpp)
	const left = Math.round(width / 2 - WINDOW_PX / 2) + roi.x0
	const top = Math.round(height / 2 - WINDOW_PX / 2) + roi.y0
	const w = roi.x1 - roi.x0
	const h = roi.y1 - roi.y0
	const depth = new Int32Array(w * h)
	for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) depth[y * w + x] = scene.label[(top + y) * width + left + x] === LABEL.LAWN ? 1 << 20 : 0
	// two passes of the city-block distance to the nearest pixel that is not lawn (the window's edge counts as not lawn)
	const at = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 0 : depth[y * w + x]!)
	for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (depth[y * w + x]) depth[y * w + x] = Math.min(depth[y * w + x]!, at(x - 1, y) + 1, at(x, y - 1) + 1)
	for (let y = h - 1; y >= 0; y--) for (let x = w - 1; x >= 0; x--) if (depth[y * w + x]) depth[y * w + x] = Math.min(depth[y * w + x]!, at(x + 1, y) + 1, at(x, y + 1) + 1)
	// every `step`-th pixel each way: the whole lawn, not only the middle of the largest one
	const order = [...depth.keys()].filter((i) => depth[i]! > 0 && (i % w) % step === 0 && Math.floor(i / w) % step === 0).sort((a, b) => depth[b]! - depth[a]! || a - b)
	// the scene's pixels sit where the tile server puts them
	const placed = placeScene(scene)
	return order.slice(0, count).map((i) => ({ ...unproject(placed.left + left + (i % w) + 0.5, placed.top + top + Math.floor(i / w) + 0.5, scene.zoom), depth: depth[i]! }))
}
