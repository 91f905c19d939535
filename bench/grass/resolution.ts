// npm run bench:grass resolution [fit] — what the imagery resolves, read off its pixels
// (app/grass/resolution.ts), on real imagery served as tile servers serve it: each crop of
// ../shared/realgrass as it is, and upsampled 2×, 3×, 4.85× (0.6 m NAIP as zoom-20 tiles at
// 34° N) and 8× with a linear or cubic kernel, the centre 768 × 768 kept (a detection's
// window), JPEG-compressed at quality 80 as tiles are. Per set and way of serving: the
// resolution it reads against the source's own, and the share of windows a result would call
// rough for resolution (app/lib/ai-result.ts ROUGH_OUTLINE) against the share it should.
//
// The fit (RESOLUTION_FIT) is chosen on naip-ca's training and tuning towns (every third crop);
// Long Beach, flair2 and houston-uav are only judged. `fit` searches the grid again and prints
// the best pair. Prints a table, then (last line) one JSON object.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { DISTANCES, RESOLUTION_FIT, resolvedScale, scaleOfStructure, structureFunction } from '../../app/grass/resolution.ts'
import { ROUGH_OUTLINE } from '../../app/lib/ai-result.ts'
import { processCpuMs } from './cpu.ts'
import { realgrassDir } from './real.ts'
import { quantile } from './stats.ts'

type Way = { factor: number; kernel: 'linear' | 'cubic' | null }
const WAYS: Way[] = [
	{ factor: 1, kernel: null },
	{ factor: 2, kernel: 'linear' },
	{ factor: 3, kernel: 'cubic' },
	{ factor: 4.85, kernel: 'cubic' },
	{ factor: 4.85, kernel: 'linear' },
	{ factor: 8, kernel: 'cubic' },
]
const WINDOW = 768
const FITTING_TOWNS = ['bishop', 'chico', 'claremont', 'eureka', 'riverside']

type Item = { set: string; file: string; mpp: number }
type Measured = Item & { way: Way; s: number[]; scale: number; cpuMs: number }

function items(dataDir: string): Item[] {
	const names = fs.readdirSync(path.join(dataDir, 'naip-ca')).filter((f) => /^[a-z_]+_\d+_\d+\.png$/.test(f)).sort()
	const out: Item[] = []
	const byTown = new Map<string, string[]>()
	for (const f of names) {
		const town = f.replace(/_\d+_\d+\.png$/, '')
		byTown.set(town, [...(byTown.get(town) ?? []), f])
	}
	for (const [town, files] of byTown) {
		const fitting = FITTING_TOWNS.includes(town)
		files.forEach((f, i) => {
			if (!fitting || i % 3 === 0) out.push({ set: fitting ? 'naip-ca fitting towns' : `naip-ca ${town.replace('_', ' ')}`, file: path.join(dataDir, 'naip-ca', f), mpp: 0.6 })
		})
	}
	for (const source of ['flair2', 'houston-uav']) {
		const manifest = JSON.parse(fs.readFileSync(path.join(dataDir, source, 'manifest.json'), 'utf8')) as { files: { name: string; mpp: number }[] }
		for (const f of manifest.files) out.push({ set: source, file: path.join(dataDir, source, `${f.name}.png`), mpp: f.mpp })
	}
	return out
}

/** The crop as a tile server would send it: upsampled by `way`, the centre window, through JPEG. */
async function served(file: string, way: Way) {
	let image = sharp(file).removeAlpha()
	if (way.kernel) {
		const meta = await sharp(file).metadata()
		const width = Math.round(meta.width! * way.factor)
		const height = Math.round(meta.height! * way.factor)
		const big = await image.resize(width, height, { kernel: way.kernel }).raw().toBuffer()
		const w = Math.min(WINDOW, width)
		const h = Math.min(WINDOW, height)
		image = sharp(big, { raw: { width, height, channels: 3 } }).extract({ left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2), width: w, height: h })
	}
	const jpeg = await image.jpeg({ quality: 80 }).toBuffer()
	const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true })
	return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }
}

export async function runResolutionBenchmark(mode: 'judge' | 'fit') {
	const dataDir = realgrassDir()
	if (!fs.existsSync(path.join(dataDir, 'naip-ca'))) {
		console.error(`No real imagery: expected ${dataDir} with naip-ca/, flair2/ and houston-uav/ (../shared/realgrass beside the checkout, or set REALGRASS_DIR).`)
		process.exit(1)
	}
	const measured: Measured[] = []
	for (const item of items(dataDir)) {
		for (const way of WAYS) {
			const image = await served(item.file, way)
			const cpu = processCpuMs()
			const scale = resolvedScale(image)
			const cpuMs = processCpuMs() - cpu
			measured.push({ ...item, way, s: image.width >= 4 * 24 ? structureFunction(image) : [], scale, cpuMs })
		}
	}
	const fitting = measured.filter((m) => m.set === 'naip-ca fitting towns' && m.s.length)
	const logError = (rows: Measured[], fit: typeof RESOLUTION_FIT) => rows.reduce((sum, m) => sum + Math.abs(Math.log(scaleOfStructure(m.s, DISTANCES, fit) / m.way.factor)), 0) / rows.length
	let best = { ...RESOLUTION_FIT, error: logError(fitting, RESOLUTION_FIT) }
	const shipped = best.error
	if (mode === 'fit') {
		for (let ratio = 2.2; ratio <= 3.6 + 1e-9; ratio += 0.05) {
			for (let scale = 0.8; scale <= 2 + 1e-9; scale += 0.02) {
				const fit = { ratio: Math.round(ratio * 100) / 100, scale: Math.round(scale * 100) / 100 }
				const error = logError(fitting, fit)
				if (error < best.error) best = { ...fit, error }
			}
		}
	}

	const sets = [...new Set(measured.map((m) => m.set))]
	const rows: Record<string, unknown>[] = []
	console.log(`What the imagery resolves (app/grass/resolution.ts, fit ratio ${RESOLUTION_FIT.ratio}, scale ${RESOLUTION_FIT.scale}); rough for resolution above ${ROUGH_OUTLINE.maxMetresPerPixel} m`)
	console.log('set                     served as           n    read / source pixel p5 / p50 / p95   rough: read  should')
	for (const set of sets) {
		for (const way of WAYS) {
			const group = measured.filter((m) => m.set === set && m.way === way)
			if (!group.length) continue
			// what is read, in the source's own pixels (1 = its pixel size found exactly)
			const read = group.map((m) => m.scale / way.factor)
			const tileMpp = (m: Measured) => m.mpp / way.factor
			const rough = group.filter((m) => Math.max(tileMpp(m), m.scale * tileMpp(m)) > ROUGH_OUTLINE.maxMetresPerPixel).length / group.length
			const should = group.filter((m) => m.mpp > ROUGH_OUTLINE.maxMetresPerPixel).length / group.length
			const servedAs = way.kernel ? `${way.factor}× ${way.kernel}` : 'as is'
			const row = { set, servedAs, n: group.length, p5: quantile(read, 0.05), p50: quantile(read, 0.5), p95: quantile(read, 0.95), rough, should }
			rows.push(row)
			console.log(`${set.padEnd(24)}${servedAs.padEnd(20)}${String(group.length).padStart(3)}    ${[row.p5, row.p50, row.p95].map((v) => v.toFixed(2)).join(' / ').padEnd(33)}${(rough * 100).toFixed(0).padStart(5)} %  ${(should * 100).toFixed(0).padStart(4)} %`)
		}
	}
	const judged = measured.filter((m) => m.set !== 'naip-ca fitting towns')
	const wrong = judged.filter((m) => Math.max(m.mpp / m.way.factor, (m.scale * m.mpp) / m.way.factor) > ROUGH_OUTLINE.maxMetresPerPixel !== m.mpp > ROUGH_OUTLINE.maxMetresPerPixel).length
	const cpu = measured.filter((m) => m.way.factor >= 3).map((m) => m.cpuMs)
	console.log(`\nmean |log(read / true)| on the fitting towns: ${shipped.toFixed(3)}${mode === 'fit' ? `; best on the grid: ratio ${best.ratio}, scale ${best.scale} (${best.error.toFixed(3)})` : ''}`)
	console.log(`judged sets: rough-for-resolution wrong on ${wrong} of ${judged.length} windows; CPU per 768² window p50 ${quantile(cpu, 0.5).toFixed(1)} ms, p95 ${quantile(cpu, 0.95).toFixed(1)} ms`)
	return { fit: RESOLUTION_FIT, fittingLogError: Math.round(shipped * 1000) / 1000, ...(mode === 'fit' ? { best } : {}), judgedWindows: judged.length, judgedWrong: wrong, cpuMsP50: quantile(cpu, 0.5), cpuMsP95: quantile(cpu, 0.95), rows }
}
