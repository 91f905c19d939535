// npx tsx bench/grass/same.ts save|compare <file> [tune|test] — same-result
// check for speed work: runs the detection on the seeds, saves its outputs
// (polygons in pixels and lat/lng, areas, confidences, excluded areas, the
// segmentation's mask) or compares them with saved ones: per scene the IoU of
// the rasterised polygons, |Δ area|, confidences to 4 decimals.
// `npx tsx bench/grass/same.ts stages [tune|test]` prints per-stage CPU time.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { detectOnImage, measureLawn, segment, warmUpGrassDetection } from '../../app/grass/detect.ts'
import { groundPixelAreaM2, project } from '../../app/lib/web-mercator.ts'
import type { RgbImage } from '../../app/lib/rgb-image.ts'
import { threadCpuMs } from '../../app/grass/segment.ts'
import { rasterize } from '../../app/grass/vectorize.ts'
import { generateScene, type SceneOptions } from './scene.ts'
import { TEST, TUNE } from './suites.ts'

const CACHE = '/tmp/grass-speed-scenes'

type Cached = { image: RgbImage; mpp: number; lat: number; georef: { left: number; top: number; zoom: number }; zoom: number }

async function scene(options: SceneOptions): Promise<Cached> {
	mkdirSync(CACHE, { recursive: true })
	const file = `${CACHE}/${options.seed}-${options.zoom}-${options.ood ?? ''}.json`
	if (existsSync(file)) {
		const meta = JSON.parse(readFileSync(file, 'utf8'))
		const data = new Uint8Array(readFileSync(`${file}.rgb`))
		return { ...meta, image: { width: meta.width, height: meta.height, data } }
	}
	const s = await generateScene(options)
	const { width, height } = s.image
	const c = project(s.center, s.zoom)
	const georef = { left: Math.round(c.x - width / 2), top: Math.round(c.y - height / 2), zoom: s.zoom }
	const meta = { width, height, mpp: s.mpp, lat: s.center.lat, georef, zoom: s.zoom }
	writeFileSync(file, JSON.stringify(meta))
	writeFileSync(`${file}.rgb`, s.image.data)
	return { ...meta, image: s.image }
}

const [mode = 'compare', fileArg = '/tmp/grass-speed-baseline.json', which = 'tune'] = process.argv.slice(2)
const seeds = (mode === 'stages' ? fileArg : which) === 'test' ? TEST : TUNE

if (mode === 'stages') {
	// per-stage CPU (median over the seeds), after the server's warm-up
	const stages: Record<string, number[]> = {}
	const add = (k: string, v: number) => (stages[k] ??= []).push(v)
	await warmUpGrassDetection()
	const totals: number[] = []
	for (const options of seeds) {
		const s = await scene(options)
		// the pipeline's own laps, in CPU time of this thread (V8's compiler threads not counted)
		const t0 = threadCpuMs()
		const segmentation = await segment(s.image, { mpp: s.mpp, timings: add })
		const t1 = threadCpuMs()
		measureLawn(segmentation, { mpp: s.mpp, pixelAreaM2: groundPixelAreaM2(s.lat, s.zoom), georef: s.georef, minAreaM2: 0, timings: add })
		const t2 = threadCpuMs()
		add('segmentLawn total', t1 - t0)
		add('measureLawn total', t2 - t1)
		totals.push(t2 - t0)
	}
	const q = (v: number[], f: number) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil(f * v.length) - 1)]!
	for (const [k, v] of Object.entries(stages)) console.log(`${k.padEnd(22)} p50 ${q(v, 0.5).toFixed(1).padStart(7)} ms  p95 ${q(v, 0.95).toFixed(1).padStart(7)} ms`)
	console.log(`${'pipeline (seg+measure)'.padEnd(22)} p50 ${q(totals, 0.5).toFixed(1).padStart(7)} ms  p95 ${q(totals, 0.95).toFixed(1).padStart(7)} ms  (${seeds.length} scenes)`)
	process.exit(0)
}

type Out = {
	seed: number
	maskHash: string
	probHash: string
	areas: { areaM2: number; confidence: number; outer: number[]; holes: number[][]; pixels: { outer: number[]; holes: number[][] } }[]
	excluded: { type: string; areaM2: number }[]
}

const flat = (r: { x: number; y: number }[]) => r.flatMap((p) => [p.x, p.y])
const flatLL = (r: { lat: number; lng: number }[]) => r.flatMap((p) => [p.lat, p.lng])
const unflat = (a: number[]) => Array.from({ length: a.length / 2 }, (_, i) => ({ x: a[2 * i]!, y: a[2 * i + 1]! }))

const outs: Out[] = []
for (const options of seeds) {
	const s = await scene(options)
	const d = await detectOnImage(s.image, { mpp: s.mpp, pixelAreaM2: groundPixelAreaM2(s.lat, s.zoom), georef: s.georef })
	outs.push({
		seed: options.seed,
		maskHash: createHash('sha1').update(d.segmentation.lawn.data).digest('hex'),
		probHash: createHash('sha1').update(new Uint8Array(d.segmentation.probability.buffer)).digest('hex'),
		areas: d.areas.map((a) => ({
			areaM2: a.areaM2,
			confidence: a.confidence,
			outer: flatLL(a.outer),
			holes: a.holes.map(flatLL),
			pixels: { outer: flat(a.pixels.outer), holes: a.pixels.holes.map(flat) },
		})),
		excluded: d.excluded.map((e) => ({ type: e.type, areaM2: e.areaM2 })),
	})
}
if (mode === 'save') {
	writeFileSync(fileArg, JSON.stringify(outs))
	console.log(`saved ${outs.length} scenes to ${fileArg}`)
	process.exit(0)
}
const base: Out[] = JSON.parse(readFileSync(fileArg, 'utf8'))
let identical = 0
let worstIou = 1
let worstArea = 0
let worstAreaRel = 0
let confDiff = 0
let problems = 0
for (let k = 0; k < outs.length; k++) {
	const a = base[k]!
	const b = outs[k]!
	const same = JSON.stringify(a) === JSON.stringify(b)
	if (same) {
		identical++
		continue
	}
	const size = 768
	const ra = rasterize(a.areas.map((x) => ({ outer: unflat(x.pixels.outer), holes: x.pixels.holes.map(unflat) })), size, size).data
	const rb = rasterize(b.areas.map((x) => ({ outer: unflat(x.pixels.outer), holes: x.pixels.holes.map(unflat) })), size, size).data
	let inter = 0
	let union = 0
	for (let i = 0; i < ra.length; i++) (inter += ra[i]! & rb[i]!), (union += ra[i]! | rb[i]!)
	const iou = union ? inter / union : 1
	worstIou = Math.min(worstIou, iou)
	const notes: string[] = []
	if (a.maskHash !== b.maskHash) notes.push('mask differs')
	if (a.probHash !== b.probHash) notes.push('probability differs')
	if (a.areas.length !== b.areas.length) notes.push(`polygons ${a.areas.length} → ${b.areas.length}`)
	for (let i = 0; i < Math.min(a.areas.length, b.areas.length); i++) {
		const da = Math.abs(a.areas[i]!.areaM2 - b.areas[i]!.areaM2)
		worstArea = Math.max(worstArea, da)
		worstAreaRel = Math.max(worstAreaRel, da / a.areas[i]!.areaM2)
		confDiff = Math.max(confDiff, Math.abs(a.areas[i]!.confidence - b.areas[i]!.confidence))
		if (JSON.stringify(a.areas[i]!.pixels) !== JSON.stringify(b.areas[i]!.pixels)) notes.push(`polygon ${i} pixels differ`)
		else if (JSON.stringify(a.areas[i]!.outer) !== JSON.stringify(b.areas[i]!.outer) || JSON.stringify(a.areas[i]!.holes) !== JSON.stringify(b.areas[i]!.holes)) {
			let dl = 0
			a.areas[i]!.outer.forEach((v, j) => (dl = Math.max(dl, Math.abs(v - b.areas[i]!.outer[j]!))))
			notes.push(`polygon ${i} lat/lng differ by ≤ ${dl.toExponential(1)}°`)
		}
	}
	if (JSON.stringify(a.excluded) !== JSON.stringify(b.excluded)) notes.push('excluded differ')
	const rounded = (o: Out) => JSON.stringify(o.areas.map((x) => [x.areaM2.toFixed(4), x.confidence.toFixed(4)]))
	const materially = iou !== 1 || rounded(a) !== rounded(b) || a.maskHash !== b.maskHash || JSON.stringify(a.excluded) !== JSON.stringify(b.excluded)
	if (materially) problems++
	console.log(`seed ${a.seed}: IoU ${iou.toFixed(6)} ${materially ? 'MATERIAL' : 'rounding only'}: ${[...new Set(notes)].slice(0, 6).join('; ')}`)
}
console.log(
	`${outs.length} scenes: ${identical} byte-identical, ${outs.length - identical - problems} differ by rounding only (areas to 4 decimals and confidences equal), ${problems} differ materially; worst IoU ${worstIou}, worst |Δarea| ${worstArea.toExponential(2)} m² (${worstAreaRel.toExponential(2)} relative), worst |Δconfidence| ${confDiff}`,
)
process.exit(problems ? 1 : 0)
