// npm run bench:grass blend [CNN,BIAS ...] — how the lawn CNN is blended into
// the boosted trees' score (segment.ts BLEND: trees × score + cnn × CNN + bias),
// chosen on what may be tuned on only: the tune split (Claremont) at 1×, 2× and
// 4× (the resolutions the map shows NAIP at) and the generated tuning yards.
// The rule (docs/decisions.md, "The lawn CNN joins the trees"): the best mean
// tune IoU among the weights that keep the generated tuning yards ≥ 0.92. Beside
// it, for each pair, the tuning-only dormant, haze and dark-shadow yards (seeds of
// their own, never the out-of-distribution suites'; mask IoU like the tuning yards):
// docs/decisions.md, "What the blend costs the generated renderings".
// Each CNN,BIAS pair (default: a grid around the shipped one) runs the whole
// segmentation; the CNN's log-odds are computed once an image. Prints a
// table, then (last line) one JSON object.
import { cnnLogOdds } from '../../app/grass/cnn.ts'
import { BLEND, segmentLawn } from '../../app/grass/segment.ts'
import { emptyCounts, figures, readLabel, readPairs, readRgb, realgrassDir, score, TILE_UPSAMPLINGS, upsampleCrop } from './real.ts'
import { generateScene } from './scene.ts'
import { TUNE, TUNE_DARK, TUNE_DORMANT, TUNE_HAZE } from './suites.ts'

export const GENERATED_FLOOR = 0.92

export async function runBlendSweep(args: string[]) {
	const combos = (args.length ? args : ['0,0', '0.25,0', '0.35,0', '0.5,0', '0.25,-0.25', '0.35,-0.25', '0.5,-0.25', '0.5,-0.5', '0.75,-0.5']).map((a) => {
		const [cnn, bias] = a.split(',').map(Number)
		if (!Number.isFinite(cnn) || !Number.isFinite(bias)) throw new Error(`Not a CNN,BIAS pair: ${a}`)
		return { cnn: cnn!, bias: bias! }
	})
	const shipped = { ...BLEND }
	// the inputs, each with the CNN's log-odds computed once
	const real: { scale: number; mpp: number; image: Awaited<ReturnType<typeof readRgb>>; label: Uint8Array; cnn: Awaited<ReturnType<typeof cnnLogOdds>> }[] = []
	for (const pair of readPairs('tune', realgrassDir())) {
		const image0 = await readRgb(pair.image)
		const label0 = await readLabel(pair.label)
		for (const scale of TILE_UPSAMPLINGS) {
			const { image, label } = scale === 1 ? { image: image0, label: label0 } : await upsampleCrop(image0, label0, scale)
			const mpp = pair.mpp / scale
			real.push({ scale, mpp, image, label: label.data, cnn: await cnnLogOdds(image, mpp) })
		}
	}
	// the generated tuning yards, then the tuning-only renderings of the dormant, haze and dark-shadow suites
	const sets = { generated: TUNE, dormant: TUNE_DORMANT, haze: TUNE_HAZE, dark: TUNE_DARK }
	const generated: Record<string, { scene: Awaited<ReturnType<typeof generateScene>>; cnn: Awaited<ReturnType<typeof cnnLogOdds>> }[]> = {}
	for (const [name, suite] of Object.entries(sets)) {
		generated[name] = []
		for (const options of suite) {
			const scene = await generateScene(options)
			generated[name]!.push({ scene, cnn: await cnnLogOdds(scene.image, scene.mpp) })
		}
	}
	const rows = []
	for (const combo of combos) {
		Object.assign(BLEND, { trees: 1, cnn: combo.cnn, bias: combo.bias })
		const byScale = new Map<number, ReturnType<typeof emptyCounts>>()
		for (const r of real) {
			const mask = segmentLawn(r.image, { mpp: r.mpp, cnn: r.cnn }).lawn.data
			score(byScale.get(r.scale) ?? byScale.set(r.scale, emptyCounts()).get(r.scale)!, mask, r.label, r.mpp)
		}
		const yards: Record<string, number> = {}
		for (const [name, scenes] of Object.entries(generated)) {
			let sum = 0
			for (const { scene, cnn } of scenes) {
				const mask = segmentLawn(scene.image, { mpp: scene.mpp, cnn }).lawn.data
				let tp = 0
				let fp = 0
				let fn = 0
				for (let i = 0; i < mask.length; i++) {
					const t = scene.truth[i]!
					if (mask[i] && t) tp++
					else if (mask[i]) fp++
					else if (t) fn++
				}
				sum += tp / Math.max(1, tp + fp + fn)
			}
			yards[name] = sum / scenes.length
		}
		const scales = TILE_UPSAMPLINGS.map((s) => figures(byScale.get(s)!))
		rows.push({
			...combo,
			tuneIou: scales.map((f) => f.iou),
			tuneMeanIou: scales.reduce((s, f) => s + f.iou, 0) / scales.length,
			treeAsLawnPct: scales[0]!.treeAsLawnPct,
			generatedIou: yards.generated!,
			dormantIou: yards.dormant!,
			hazeIou: yards.haze!,
			darkIou: yards.dark!,
		})
		const r = rows.at(-1)!
		console.log(`cnn ${String(r.cnn).padStart(5)}  bias ${String(r.bias).padStart(5)}  tune IoU 1×/2×/4× ${r.tuneIou.map((v) => v.toFixed(3)).join(' / ')}  mean ${r.tuneMeanIou.toFixed(3)}  trees→lawn (1×) ${r.treeAsLawnPct.toFixed(1)} %  generated tuning yards ${r.generatedIou.toFixed(3)}, dormant / haze / dark ${[r.dormantIou, r.hazeIou, r.darkIou].map((v) => v.toFixed(3)).join(' / ')}`)
	}
	Object.assign(BLEND, shipped)
	const eligible = rows.filter((r) => r.generatedIou >= GENERATED_FLOOR)
	const best = [...eligible].sort((a, b) => b.tuneMeanIou - a.tuneMeanIou)[0]
	console.log(`\nbest mean tune IoU with the generated tuning yards ≥ ${GENERATED_FLOOR}: ${best ? `cnn ${best.cnn}, bias ${best.bias}` : 'none'} (shipped: cnn ${shipped.cnn}, bias ${shipped.bias})`)
	return { benchmark: 'grass-blend', shipped, rows, best: best ? { cnn: best.cnn, bias: best.bias } : null }
}
