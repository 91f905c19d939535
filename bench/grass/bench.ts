// npm run bench:grass — lawn detection accuracy and speed on synthetic yard
// scenes with per-pixel truth. Prints a table, then (last line) one JSON
// object with the figures. Timing covers the pipeline from decoded pixels to
// lat/lng polygons with areas (tile fetch and JPEG decode excluded), one core.
import { measureLawn, segment, warmUpGrassDetection } from '../../app/grass/detect.ts'
import { groundPixelAreaM2, project } from '../../app/lib/web-mercator.ts'
import { resolvedScale } from '../../app/grass/resolution.ts'
import { rasterize } from '../../app/grass/vectorize.ts'
import { processCpuMs } from './cpu.ts'
import { quantile } from './stats.ts'
import { generateScene, type SceneOptions } from './scene.ts'
import { OOD, OOD_SUITES, TEST, TUNE, TUNE_DARK, TUNE_DORMANT, TUNE_HAZE, TUNE_SHADE } from './suites.ts'

type Row = { iou: number; precision: number; recall: number; areaErr: number; ms: number; cpuMs: number; bestMs: number; bestCpuMs: number }

/**
 * Timed runs a scene (`GRASS_BENCH_RUNS`, default 3): the first is the one
 * scored and the single-run figures; the others only time the same
 * (deterministic) detection again, for each scene's least-disturbed run —
 * on a shared machine other tenants only ever add time.
 */
const RUNS = Math.max(1, Number(process.env.GRASS_BENCH_RUNS ?? 3))

type Scene = Awaited<ReturnType<typeof generateScene>>

async function evaluate(scene: Scene): Promise<Row> {
	const { width, height } = scene.image
	const c = project(scene.center, scene.zoom)
	const georef = { left: Math.round(c.x - width / 2), top: Math.round(c.y - height / 2), zoom: scene.zoom }
	// a detection: segmentation, reading what the imagery resolves, measuring to it (as the detection worker does)
	const detect = async () => {
		const segmentation = await segment(scene.image, { mpp: scene.mpp })
		const resolvedPx = resolvedScale(scene.image)
		return measureLawn(segmentation, { mpp: scene.mpp, pixelAreaM2: groundPixelAreaM2(scene.center.lat, scene.zoom), georef, minAreaM2: 0, resolvedPx })
	}
	const cpu = processCpuMs()
	const started = performance.now()
	const detection = await detect()
	const ms = performance.now() - started
	const cpuMs = processCpuMs() - cpu
	let bestMs = ms
	let bestCpuMs = cpuMs
	for (let run = 1; run < RUNS; run++) {
		const c0 = processCpuMs()
		const t0 = performance.now()
		await detect()
		bestMs = Math.min(bestMs, performance.now() - t0)
		bestCpuMs = Math.min(bestCpuMs, processCpuMs() - c0)
	}
	const predicted = rasterize(
		detection.areas.map((a) => a.pixels),
		width,
		height,
	)
	let tp = 0
	let fp = 0
	let fn = 0
	let truthPixels = 0
	for (let i = 0; i < width * height; i++) {
		const t = scene.truth[i]!
		const p = predicted.data[i]!
		truthPixels += t
		if (t && p) tp++
		else if (p) fp++
		else if (t) fn++
	}
	const truthM2 = truthPixels * groundPixelAreaM2(scene.center.lat, scene.zoom)
	const detectedM2 = detection.areas.reduce((s, a) => s + a.areaM2, 0)
	return {
		iou: tp / Math.max(1, tp + fp + fn),
		precision: tp / Math.max(1, tp + fp),
		recall: tp / Math.max(1, tp + fn),
		areaErr: (Math.abs(detectedM2 - truthM2) / truthM2) * 100,
		ms,
		cpuMs,
		bestMs,
		bestCpuMs,
	}
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length

function summarise(rows: Row[]) {
	const iou = rows.map((r) => r.iou)
	return {
		scenes: rows.length,
		iouMean: mean(iou),
		iouP10: quantile(iou, 0.1),
		iouWorst: Math.min(...iou),
		precision: mean(rows.map((r) => r.precision)),
		recall: mean(rows.map((r) => r.recall)),
		areaErrPct: mean(rows.map((r) => r.areaErr)),
		...percentiles('ms', rows.map((r) => r.ms)),
		...percentiles('cpuMs', rows.map((r) => r.cpuMs)),
		...percentiles('bestMs', rows.map((r) => r.bestMs)),
		...percentiles('bestCpuMs', rows.map((r) => r.bestCpuMs)),
	}
}

const percentiles = <K extends string>(key: K, values: number[]) =>
	({ [`${key}P50`]: quantile(values, 0.5), [`${key}P95`]: quantile(values, 0.95) }) as Record<`${K}P50` | `${K}P95`, number>

async function run(suite: SceneOptions[]) {
	// the suite's scenes first, then the detections back to back: the timings
	// do not pick up the scene generator's own work and garbage
	const scenes: Scene[] = []
	for (const options of suite) scenes.push(await generateScene(options))
	const rows: Row[] = []
	for (const scene of scenes) rows.push(await evaluate(scene))
	return summarise(rows)
}

const only = process.argv[2]
// real labelled imagery (bench/grass/real): a benchmark of its own; real-train scores the
// crops the detector learned from (how well it fits its own labels: a diagnostic, never a target)
const REAL_SPLITS = { real: 'test', 'real-tune': 'tune', 'real-train': 'train' } as const
if (only && only in REAL_SPLITS) {
	const { runRealBenchmark } = await import('./real.ts')
	const result = await runRealBenchmark(REAL_SPLITS[only as keyof typeof REAL_SPLITS])
	console.log(JSON.stringify(result))
	process.exit(result.images ? 0 : 1)
}
if (only === 'blend') {
	// how the CNN is blended into the trees, chosen on the tune split and the generated tuning yards
	const { runBlendSweep } = await import('./blend.ts')
	console.log(JSON.stringify(await runBlendSweep(process.argv.slice(3))))
	process.exit(0)
}
if (only === 'resolution') {
	// what the imagery resolves, read off real imagery served as tile servers serve it
	const { runResolutionBenchmark } = await import('./resolution.ts')
	console.log(JSON.stringify(await runResolutionBenchmark(process.argv[3] === 'fit' ? 'fit' : 'judge')))
	process.exit(0)
}
if (only === 'trees') {
	// real NAIP with tree points (a local copy of a public dataset, not kept here)
	const { runTreePointCheck } = await import('./tree-points.ts')
	console.log(JSON.stringify(await runTreePointCheck(process.argv[3])))
	process.exit(0)
}
// warm the JIT so the first timed scenes are not a compile: the production
// server's start-up warm-up, then one scene
await warmUpGrassDetection()
await evaluate(await generateScene({ seed: 999_999, zoom: 20, size: 384 }))
const results: Record<string, ReturnType<typeof summarise>> = {}
// `tune` measures the tuning seeds (what changes are chosen on); never part of the default run
if (only === 'tune') results.tune = await run(TUNE)
// `tune-shade`: tuning-only deep-shade check (own seeds, shadows rendered darker), for the shade augmentation
if (only === 'tune-shade') results['tune-shade'] = await run(TUNE_SHADE)
// `tune-dormant`: tuning-only dormant-lawn check (own seeds)
if (only === 'tune-dormant') results['tune-dormant'] = await run(TUNE_DORMANT)
// `tune-haze`, `tune-dark`: tuning-only haze and dark-shadow checks (own seeds, rendered like those suites)
if (only === 'tune-haze') results['tune-haze'] = await run(TUNE_HAZE)
if (only === 'tune-dark') results['tune-dark'] = await run(TUNE_DARK)
if (!only || only === 'test') results.test = await run(TEST)
for (const ood of OOD_SUITES) if (!only || only === ood) results[ood] = await run(OOD[ood])

const f = (v: number, d = 3) => v.toFixed(d)
console.log('\nGrass detection benchmark (synthetic scenes, 768×768, zoom 19/20; test seeds only)\n')
console.log('suite          scenes  IoU mean  IoU p10  IoU worst  precision  recall  |area err| %  p50 ms  p95 ms  cpu p50  cpu p95  best cpu p50  best cpu p95')
for (const [name, s] of Object.entries(results)) {
	console.log(
		`${name.padEnd(14)} ${String(s.scenes).padStart(6)}  ${f(s.iouMean).padStart(8)}  ${f(s.iouP10).padStart(7)}  ${f(s.iouWorst).padStart(9)}  ${f(s.precision).padStart(9)}  ${f(s.recall).padStart(6)}  ${f(s.areaErrPct, 2).padStart(12)}  ${f(s.msP50, 0).padStart(6)}  ${f(s.msP95, 0).padStart(6)}  ${f(s.cpuMsP50, 0).padStart(7)}  ${f(s.cpuMsP95, 0).padStart(7)}  ${f(s.bestCpuMsP50, 0).padStart(12)}  ${f(s.bestCpuMsP95, 0).padStart(12)}`,
	)
}
const round = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Number(v.toFixed(4))]))
const targets = results.test
	? {
			testIouMean: results.test.iouMean >= 0.95,
			testAreaErr: results.test.areaErrPct <= 3,
			oodIouMean: OOD_SUITES.every((s) => !results[s] || results[s].iouMean >= 0.9),
			// the issue's targets are on the test seeds; an OOD suite's p95 of 12 scenes is its slowest one
			p95WallMs: results.test.msP95 <= 300,
			p95CpuMs: results.test.cpuMsP95 <= 300,
			p95BestCpuMs: results.test.bestCpuMsP95 <= 300,
		}
	: undefined
console.log(`\nms = wall clock, cpu = CPU time of the thread running the pipeline (V8's background compiler threads not counted; on a shared machine wall time includes waiting for a core); best cpu = each scene's least-disturbed of ${RUNS} runs`)
console.log(`targets (test seeds): IoU ≥ 0.95, |area err| ≤ 3 %, each OOD IoU ≥ 0.90, p95 ≤ 300 ms${targets ? ` → ${JSON.stringify(targets)}` : ''}`)
console.log(JSON.stringify({ benchmark: 'grass', suites: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, round(v)])), targets }))
