// Imagery failures a user can see (issue 18 §4). Each tile layer loads its
// tiles with fetch (bounded by a timeout, so a provider that never answers is a
// failure too, not a blank map forever), and counts what loaded and what
// failed. A layer has failed when tiles failed and none loaded since the last
// start or Retry: DNS, timeouts, 4xx/5xx and bytes that are not an image all
// end the same way. Tiles then stay transparent over the plain grid behind the
// map, so drawing keeps working.
import type ImageTile from 'ol/ImageTile'
import type Tile from 'ol/Tile'
import TileState from 'ol/TileState'
import type TileLayer from 'ol/layer/Tile'
import type XYZ from 'ol/source/XYZ'

export type ImageryWatcher = { retry(type: string): void; dispose(): void }

/** A tile load function: fetch within `timeoutMs`, then hand the bytes to the image (which fails on garbage). */
function fetchTileLoader(timeoutMs: number) {
	return (tile: Tile, src: string) => {
		const image = (tile as ImageTile).getImage() as HTMLImageElement
		const controller = new AbortController()
		const timer = setTimeout(() => controller.abort(), timeoutMs)
		fetch(src, { signal: controller.signal, mode: 'cors', credentials: 'omit' })
			.then(async (response) => {
				if (!response.ok) throw new Error(`HTTP ${response.status}`)
				const url = URL.createObjectURL(await response.blob())
				const release = () => URL.revokeObjectURL(url)
				image.addEventListener('load', release, { once: true })
				image.addEventListener('error', release, { once: true })
				image.src = url
			})
			.catch(() => tile.setState(TileState.ERROR))
			.finally(() => clearTimeout(timer))
	}
}

export function watchImagery(
	layers: Record<string, TileLayer>,
	{ timeoutMs, onChange }: { timeoutMs: number; onChange: (type: string, failed: boolean) => void },
): ImageryWatcher {
	const counts = new Map<string, { loaded: number; failed: number; pending: number; reported: boolean }>()
	const unlisten: (() => void)[] = []
	for (const [type, layer] of Object.entries(layers)) {
		const source = layer.getSource() as XYZ
		source.setTileLoadFunction(fetchTileLoader(timeoutMs))
		const count = { loaded: 0, failed: 0, pending: 0, reported: false }
		counts.set(type, count)
		const report = () => {
			// every tile asked for so far failed (or at least four did while the rest are still out)
			const failed = count.failed > 0 && count.loaded === 0 && (count.pending === 0 || count.failed >= 4)
			if (failed !== count.reported) {
				count.reported = failed
				onChange(type, failed)
			}
		}
		const start = () => void count.pending++
		const end = () => {
			count.pending = Math.max(0, count.pending - 1)
			count.loaded++
			report()
		}
		const error = () => {
			count.pending = Math.max(0, count.pending - 1)
			count.failed++
			report()
		}
		source.on('tileloadstart', start)
		source.on('tileloadend', end)
		source.on('tileloaderror', error)
		unlisten.push(() => {
			source.un('tileloadstart', start)
			source.un('tileloadend', end)
			source.un('tileloaderror', error)
		})
	}
	return {
		retry(type) {
			const count = counts.get(type)
			const source = layers[type]?.getSource()
			if (!count || !source) return
			Object.assign(count, { loaded: 0, failed: 0, pending: 0 })
			// the message goes while the tiles are asked for again, and comes back if they fail again
			if (count.reported) {
				count.reported = false
				onChange(type, false)
			}
			source.refresh()
		},
		dispose() {
			for (const off of unlisten) off()
		},
	}
}
