// npm run train:grass — trains the boosted-tree models of app/grass/model.json
// on the TRAIN scenes only (bench/grass/suites.ts: a seed range of its own,
// with shadow-depth augmentation); never on TUNE (held out for choosing), TEST
// or the OOD suites — and, for the lawn passes, on our labels of the REAL NAIP
// crops of the train split (Chico, Riverside, Eureka, Bishop; never the tune
// or test towns) from ../shared/realgrass, at their own 0.6 m and upsampled
// 2× and 4× as map tiles show them. Deterministic.
import fs from 'node:fs'
import path from 'node:path'
import { CONTEXT_NAMES, computeFeatures, contextFeatures, FEATURE_NAMES } from '../../app/grass/features.ts'
import { firstPass, setFirstPassModel, WORK_SCALE } from '../../app/grass/segment.ts'
import { sigmoid, type GbdtJson } from '../../app/grass/gbdt.ts'
import { halveWithTexture, rng, type FineTexture } from '../../app/grass/raster.ts'
import type { RgbImage } from '../../app/lib/rgb-image.ts'
import { EXCLUDED_TYPES } from '../../app/grass/segment-types.ts'
import { CLASS_GROUP, generateScene } from './scene.ts'
import { TRAIN } from './suites.ts'
import { readLabel, readPairs, readRgb, realgrassDir, TILE_UPSAMPLINGS, upsampleCrop } from './real.ts'

/** Model sizes and sampling; chosen on the tuning seeds (`npm run bench:grass tune`). */
const CONFIG = {
	randomPerScene: 5000,
	boundaryPerScene: 3000,
	lawn: { depth: 6, rounds: 60, lr: 0.25 },
	context: { depth: 5, rounds: 40, lr: 0.25 },
	/** rows per round (stochastic boosting): faster and less over-fitted */
	subsample: 0.5,
	/** the second pass's trees continue from the first pass's log-odds (segment.ts adds them) instead of starting over */
	residual: true,
	/**
	 * real labelled crops (train split), lawn passes only: each at these upsamplings (0.6, 0.3 and
	 * 0.15 m a pixel; bicubic, as tiles upsample NAIP), this many random pixels and 0.6 × as many at
	 * the label's lawn edges. Chosen on the tune split (Claremont): 0.6 m alone gave tune IoU 0.481
	 * at 0.6 m but 0.299 upsampled 2×; with 2× and 4× 0.479 / 0.494 / 0.508 at 1× / 2× / 4×.
	 * 4,500 random pixels a crop (was 3,000) once the season-augmented yards joined (suites.ts), so
	 * the real crops keep their weight: tune IoU at threshold 0.5, before morphology, 1× / 2× / 4×
	 * 0.473 / 0.466 / 0.499 (3,000 with them: 0.460 / 0.459 / 0.485; without them 0.474 / 0.481 / 0.497).
	 */
	real: { scales: TILE_UPSAMPLINGS, randomPerCrop: 4500, boundaryShare: 0.6 },
}

type Data = { x: Float32Array[]; lawn: Uint8Array; group: Int8Array; n: number; picked: number[][]; small: { image: RgbImage; mpp: number; fine: FineTexture }[] }

/**
 * The label of each working (halved, segment.ts WORK_SCALE) pixel: the majority
 * of the full pixels it covers that have one (`at` gives 1 lawn, 0 not, null
 * unlabelled); 255 where fewer than `minLabelled` of them have one.
 */
function workingLabels(W: number, H: number, width: number, height: number, at: (i: number) => 0 | 1 | null, minLabelled = 1): Uint8Array {
	const truth = new Uint8Array(width * height)
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			let t = 0
			let c = 0
			for (let dy = 0; dy < WORK_SCALE; dy++) {
				for (let dx = 0; dx < WORK_SCALE; dx++) {
					const X = x * WORK_SCALE + dx
					const Y = y * WORK_SCALE + dy
					if (X >= W || Y >= H) continue
					const v = at(Y * W + X)
					if (v === null) continue
					c++
					t += v
				}
			}
			truth[y * width + x] = c < minLabelled ? 255 : 2 * t >= c ? 1 : 0
		}
	}
	return truth
}

async function collect(): Promise<Data> {
	const cols: number[][] = FEATURE_NAMES.map(() => [])
	const lawn: number[] = []
	const group: number[] = []
	const picked: number[][] = []
	const smalls: Data['small'] = []
	for (const options of TRAIN) {
		const scene = await generateScene(options)
		// the model sees the halved image (segment.ts, WORK_SCALE): label each
		// working pixel by the majority of the full pixels it covers
		const { small, fine } = halveWithTexture(scene.image)
		smalls.push({ image: small, mpp: scene.mpp * WORK_SCALE, fine })
		const f = computeFeatures(small, scene.mpp * WORK_SCALE, fine)
		const { width, height } = f
		const W = scene.image.width
		const H = scene.image.height
		const truth = workingLabels(W, H, width, height, (i) => (scene.truth[i] ? 1 : 0))
		const pick = rng(options.seed * 31 + 5)
		const mine: number[] = []
		picked.push(mine)
		const take = (p: number) => {
			mine.push(p)
			FEATURE_NAMES.forEach((_, k) => cols[k]!.push(f.values[k]![p]!))
			lawn.push(truth[p]!)
			const x = p % width
			const y = (p - x) / width
			const g = CLASS_GROUP[scene.classes[y * WORK_SCALE * W + x * WORK_SCALE]!]
			group.push(g ? EXCLUDED_TYPES.indexOf(g as (typeof EXCLUDED_TYPES)[number]) : -1)
		}
		for (let k = 0; k < CONFIG.randomPerScene; k++) take(Math.floor(pick() * width * height))
		// and pixels near the truth's edges, where the outline is decided
		let boundary = 0
		for (let tries = 0; boundary < CONFIG.boundaryPerScene && tries < 200_000; tries++) {
			const x = 1 + Math.floor(pick() * (width - 2))
			const y = 1 + Math.floor(pick() * (height - 2))
			const p = y * width + x
			const t = truth[p]
			if (truth[p - 1] !== t || truth[p + 1] !== t || truth[p - width] !== t || truth[p + width] !== t) {
				take(p)
				boundary++
			}
		}
		process.stdout.write('.')
	}
	process.stdout.write('\n')
	// real imagery: our labels of the naip-ca train split (never tune or test), lawn passes only
	if (!fs.existsSync(path.join(realgrassDir(), 'naip-ca'))) throw new Error(`The real imagery is not there: expected ${realgrassDir()} (../shared/realgrass beside the checkout, or set REALGRASS_DIR).`)
	const crops = readPairs('train').flatMap((pair) => CONFIG.real.scales.map((scale) => ({ ...pair, scale })))
	for (const [k, pair] of crops.entries()) {
		let image = await readRgb(pair.image)
		let label = await readLabel(pair.label)
		let mpp = pair.mpp
		if (pair.scale !== 1) {
			;({ image, label } = await upsampleCrop(image, label, pair.scale))
			mpp = mpp / pair.scale
		}
		const { small, fine } = halveWithTexture(image)
		smalls.push({ image: small, mpp: mpp * WORK_SCALE, fine })
		const f = computeFeatures(small, mpp * WORK_SCALE, fine)
		const { width, height } = f
		const W = image.width
		// 1 lawn, 0 not, 255 mostly unlabelled (ignore pixels are not counted)
		const truth = workingLabels(W, image.height, width, height, (i) => (label.data[i] === 0 ? null : label.data[i] === 1 ? 1 : 0), 2)
		const pick = rng(100_003 + k * 31)
		const mine: number[] = []
		picked.push(mine)
		const take = (p: number) => {
			if (truth[p] === 255) return false
			mine.push(p)
			FEATURE_NAMES.forEach((_, j) => cols[j]!.push(f.values[j]![p]!))
			lawn.push(truth[p]!)
			group.push(-1)
			return true
		}
		for (let j = 0; j < CONFIG.real.randomPerCrop; j++) take(Math.floor(pick() * width * height))
		let boundary = 0
		for (let tries = 0; boundary < CONFIG.real.randomPerCrop * CONFIG.real.boundaryShare && tries < 200_000; tries++) {
			const x = 1 + Math.floor(pick() * (width - 2))
			const y = 1 + Math.floor(pick() * (height - 2))
			const p = y * width + x
			const t = truth[p]
			if (t !== 255 && (truth[p - 1] !== t || truth[p + 1] !== t || truth[p - width] !== t || truth[p + width] !== t) && take(p)) boundary++
		}
		process.stdout.write('r')
	}
	process.stdout.write('\n')
	return { x: cols.map((c) => Float32Array.from(c)), lawn: Uint8Array.from(lawn), group: Int8Array.from(group), n: lawn.length, picked, small: smalls }
}

function binEdges(values: Float32Array, index: Int32Array, bins: number): number[] {
	const step = Math.ceil(index.length / 60_000)
	const sample: number[] = []
	for (let i = 0; i < index.length; i += step) sample.push(values[index[i]!]!)
	sample.sort((a, b) => a - b)
	const edges: number[] = []
	for (let b = 1; b < bins; b++) {
		const v = sample[Math.floor((b / bins) * sample.length)]!
		if (edges.length === 0 || v > edges[edges.length - 1]!) edges.push(v)
	}
	return edges
}

/**
 * Histogram gradient boosting of complete depth-`depth` trees (log loss).
 * Rows binned once (row-major bytes); per level only the smaller child of
 * each pair is histogrammed, its sibling is the parent minus it; each round
 * sees a deterministic random `subsample` of the rows.
 */
function train(data: Data, rows: Int32Array, y: Uint8Array, { depth, rounds, lr, lambda = 1, bins = 64, names = FEATURE_NAMES, subsample = CONFIG.subsample, seed = 1, init }: { depth: number; rounds: number; lr: number; lambda?: number; bins?: number; names?: readonly string[]; subsample?: number; seed?: number; init?: Float32Array }): GbdtJson {
	const F = names.length
	const n = rows.length
	const edges = names.map((_, f) => binEdges(data.x[f]!, rows, bins))
	const binned = new Uint8Array(n * F)
	for (let k = 0; k < F; k++) {
		const e = edges[k]!
		const col = data.x[k]!
		for (let i = 0; i < n; i++) {
			const v = col[rows[i]!]!
			let lo = 0
			let hi = e.length
			while (lo < hi) {
				const mid = (lo + hi) >> 1
				if (e[mid]! < v) lo = mid + 1
				else hi = mid
			}
			binned[i * F + k] = lo // number of edges below v: v > edges[b] ⇔ bin > b
		}
	}
	const label = new Uint8Array(n)
	let positives = 0
	for (let i = 0; i < n; i++) (label[i] = y[rows[i]!]!), (positives += label[i]!)
	const prior = Math.min(0.999, Math.max(0.001, positives / n))
	// with `init` (a score per data row, e.g. the first pass's log-odds) the trees continue from it: base 0
	const base = init ? 0 : Math.log(prior / (1 - prior))
	const score = new Float64Array(n).fill(base)
	if (init) for (let i = 0; i < n; i++) score[i] = init[rows[i]!]!
	const grad = new Float64Array(n)
	const hess = new Float64Array(n)
	const node = new Int32Array(n)
	const trees: GbdtJson['trees'] = []
	const internal = 2 ** depth - 1
	const stride = F * bins * 2
	const draw = rng(seed * 7 + 3)
	let active = new Int32Array(n)
	for (let round = 0; round < rounds; round++) {
		let m = 0
		for (let i = 0; i < n; i++) if (subsample >= 1 || draw() < subsample) active[m++] = i
		const act = active.subarray(0, m)
		for (const i of act) {
			const p = 1 / (1 + Math.exp(-score[i]!))
			grad[i] = p - label[i]!
			hess[i] = Math.max(1e-6, p * (1 - p))
		}
		for (const i of act) node[i] = 0
		const fIdx: number[] = new Array(internal).fill(0)
		const bIdx: number[] = new Array(internal).fill(-1)
		let parentHist = new Float64Array(stride)
		for (let d = 0; d < depth; d++) {
			const first = 2 ** d - 1
			const count = 2 ** d
			const hist = new Float64Array(count * stride)
			// which node of each sibling pair to histogram (the one with fewer rows)
			const sizes = new Int32Array(count)
			for (const i of act) sizes[node[i]! - first]!++
			const build = new Uint8Array(count)
			if (d === 0) build[0] = 1
			else for (let l = 0; l < count; l += 2) build[sizes[l]! <= sizes[l + 1]! ? l : l + 1] = 1
			for (const i of act) {
				const local = node[i]! - first
				if (!build[local]) continue
				const g = grad[i]!
				const h = hess[i]!
				const off = local * stride
				const rb = i * F
				for (let k = 0; k < F; k++) {
					const at = off + (k * bins + binned[rb + k]!) * 2
					hist[at]! += g
					hist[at + 1]! += h
				}
			}
			if (d > 0) {
				for (let l = 0; l < count; l += 2) {
					const built = build[l] ? l : l + 1
					const other = built === l ? l + 1 : l
					const po = (l >> 1) * stride
					const bo = built * stride
					const oo = other * stride
					for (let j = 0; j < stride; j++) hist[oo + j] = parentHist[po + j]! - hist[bo + j]!
				}
			}
			for (let local = 0; local < count; local++) {
				let best = 0
				let bestF = 0
				let bestB = -1
				const off = local * stride
				for (let k = 0; k < F; k++) {
					const fo = off + k * bins * 2
					let gt = 0
					let ht = 0
					for (let b = 0; b < bins; b++) (gt += hist[fo + 2 * b]!), (ht += hist[fo + 2 * b + 1]!)
					if (ht < 1e-3) continue
					const parent = (gt * gt) / (ht + lambda)
					let gl = 0
					let hl = 0
					const last = Math.min(bins - 1, edges[k]!.length)
					for (let b = 0; b < last; b++) {
						gl += hist[fo + 2 * b]!
						hl += hist[fo + 2 * b + 1]!
						const gr = gt - gl
						const hr = ht - hl
						if (hl < 1 || hr < 1) continue
						const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parent
						if (gain > best) (best = gain), (bestF = k), (bestB = b)
					}
				}
				if (bestB >= 0) (fIdx[first + local] = bestF), (bIdx[first + local] = bestB)
			}
			for (const i of act) {
				const at = node[i]!
				const b = bIdx[at]!
				node[i] = 2 * at + (b >= 0 && binned[i * F + fIdx[at]!]! > b ? 2 : 1)
			}
			parentHist = hist
		}
		const leaves = internal + 1
		const G = new Float64Array(leaves)
		const Hs = new Float64Array(leaves)
		for (const i of act) {
			G[node[i]! - internal]! += grad[i]!
			Hs[node[i]! - internal]! += hess[i]!
		}
		const leaf = Array.from({ length: leaves }, (_, l) => Number(((-G[l]! / (Hs[l]! + lambda)) * lr).toPrecision(6)))
		// every row (not only this round's) moves by the tree
		for (let i = 0; i < n; i++) {
			let at = 0
			for (let d = 0; d < depth; d++) {
				const b = bIdx[at]!
				at = 2 * at + (b >= 0 && binned[i * F + fIdx[at]!]! > b ? 2 : 1)
			}
			score[i]! += leaf[at - internal]!
		}
		trees.push({
			f: fIdx,
			t: bIdx.map((b, at) => (b < 0 ? 1e30 : Number(edges[fIdx[at]!]![b]!.toPrecision(7)))),
			leaf,
		})
	}
	let correct = 0
	for (let i = 0; i < n; i++) correct += (score[i]! > 0 ? 1 : 0) === label[i] ? 1 : 0
	console.log(`  trained ${rounds}×depth ${depth}: training accuracy ${(correct / n).toFixed(4)}`)
	return { depth, base: Number(base.toPrecision(6)), features: [...names], trees }
}

const started = performance.now()
const data = await collect()
const seconds = () => ((performance.now() - started) / 1000).toFixed(1)
console.log(`${data.n} samples from ${TRAIN.length} training scenes and ${data.small.length - TRAIN.length} real crops (train split × upsamplings) (${seconds()} s)`)
const all = Int32Array.from({ length: data.n }, (_, i) => i)
const lawn = train(data, all, data.lawn, { ...CONFIG.lawn, seed: 1 })
console.log(`  (${seconds()} s)`)

// the contextual second pass: the same training pixels, now with the first
// pass's probabilities around them
setFirstPassModel(lawn)
const ctxCols: number[][] = CONTEXT_NAMES.map(() => [])
const firstScores: number[] = []
for (const [s, { image, mpp, fine }] of data.small.entries()) {
	const f = computeFeatures(image, mpp, fine)
	const p1 = firstPass(f)
	if (CONFIG.residual) for (const p of data.picked[s]!) firstScores.push(p1[p]!)
	for (let p = 0; p < p1.length; p++) p1[p] = sigmoid(p1[p]!)
	const values = contextFeatures(f, p1)
	for (const p of data.picked[s]!) CONTEXT_NAMES.forEach((_, k) => ctxCols[k]!.push(values[k]![p]!))
	process.stdout.write('.')
}
process.stdout.write('\n')
const ctxData: Data = { ...data, x: ctxCols.map((c) => Float32Array.from(c)) }
const context = train(ctxData, all, data.lawn, { ...CONFIG.context, names: CONTEXT_NAMES, seed: 2, init: CONFIG.residual ? Float32Array.from(firstScores) : undefined })
console.log(`  (${seconds()} s)`)

const nonLawn = all.filter((i) => data.group[i]! >= 0)
const excluded = Object.fromEntries(
	EXCLUDED_TYPES.map((type, k) => {
		const y = Uint8Array.from(data.group, (g) => (g === k ? 1 : 0))
		return [type, train(data, nonLawn, y, { depth: 4, rounds: 20, lr: 0.3, seed: 3 + k })]
	}),
)
fs.writeFileSync(process.env.GRASS_OUT ?? new URL('../../app/grass/model.json', import.meta.url), JSON.stringify({ trainedOn: { scenes: TRAIN.length, realCrops: data.small.length - TRAIN.length, samples: data.n }, lawn, context, contextAddsFirstPass: CONFIG.residual, excluded }))
console.log(`wrote app/grass/model.json in ${seconds()} s`)
