// npm run train:grass — trains the boosted-tree models of app/grass/model.json
// on the TUNE scenes only (never on TEST or the OOD suites). Deterministic.
import fs from 'node:fs'
import { CONTEXT_NAMES, contextFeatures, FEATURE_NAMES } from '../../app/grass/features.ts'
import { firstPass, setFirstPassModel, WORK_SCALE, workingFeatures } from '../../app/grass/segment.ts'
import { sigmoid, type GbdtJson } from '../../app/grass/gbdt.ts'
import { rng } from '../../app/grass/raster.ts'
import { EXCLUDED_TYPES } from '../../app/grass/segment-types.ts'
import { CLASS_GROUP, generateScene } from './scene.ts'
import { TUNE } from './suites.ts'

type Data = { x: Float32Array[]; lawn: Uint8Array; group: Int8Array; n: number; picked: number[][] }

async function collect(): Promise<Data> {
	const cols: number[][] = FEATURE_NAMES.map(() => [])
	const lawn: number[] = []
	const group: number[] = []
	const picked: number[][] = []
	for (const options of TUNE) {
		const scene = await generateScene(options)
		// the model sees the halved image (segment.ts, WORK_SCALE): label each
		// working pixel by the majority of the full pixels it covers
		const f = workingFeatures(scene.image, scene.mpp)
		const { width, height } = f
		const W = scene.image.width
		const H = scene.image.height
		const truth = new Uint8Array(width * height)
		for (let y = 0; y < height; y++) {
			for (let x = 0; x < width; x++) {
				let t = 0
				let c = 0
				for (let dy = 0; dy < WORK_SCALE; dy++) {
					for (let dx = 0; dx < WORK_SCALE; dx++) {
						const X = x * WORK_SCALE + dx
						const Y = y * WORK_SCALE + dy
						if (X < W && Y < H) (t += scene.truth[Y * W + X]!), c++
					}
				}
				truth[y * width + x] = 2 * t >= c ? 1 : 0
			}
		}
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
		for (let k = 0; k < 7000; k++) take(Math.floor(pick() * width * height))
		// and pixels near the truth's edges, where the outline is decided
		let boundary = 0
		for (let tries = 0; boundary < 4000 && tries < 200_000; tries++) {
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
	return { x: cols.map((c) => Float32Array.from(c)), lawn: Uint8Array.from(lawn), group: Int8Array.from(group), n: lawn.length, picked }
}

function binEdges(values: Float32Array, index: Int32Array, bins: number): number[] {
	const sample = Array.from(index.length > 40_000 ? index.filter((_, i) => i % Math.ceil(index.length / 40_000) === 0) : index, (i) => values[i]!)
	sample.sort((a, b) => a - b)
	const edges: number[] = []
	for (let b = 1; b < bins; b++) {
		const v = sample[Math.floor((b / bins) * sample.length)]!
		if (edges.length === 0 || v > edges[edges.length - 1]!) edges.push(v)
	}
	return edges
}

function train(data: Data, rows: Int32Array, y: Uint8Array, { depth, rounds, lr, lambda = 1, bins = 64, names = FEATURE_NAMES }: { depth: number; rounds: number; lr: number; lambda?: number; bins?: number; names?: readonly string[] }): GbdtJson {
	const F = names.length
	const n = rows.length
	const edges = names.map((_, f) => binEdges(data.x[f]!, rows, bins))
	const binned = names.map((_, f) => {
		const e = edges[f]!
		const out = new Uint8Array(n)
		for (let i = 0; i < n; i++) {
			const v = data.x[f]![rows[i]!]!
			let lo = 0
			let hi = e.length
			while (lo < hi) {
				const mid = (lo + hi) >> 1
				if (e[mid]! < v) lo = mid + 1
				else hi = mid
			}
			out[i] = lo // number of edges below v: v > edges[b] ⇔ bin > b
		}
		return out
	})
	let positives = 0
	for (let i = 0; i < n; i++) positives += y[rows[i]!]!
	const prior = Math.min(0.999, Math.max(0.001, positives / n))
	const base = Math.log(prior / (1 - prior))
	const score = new Float64Array(n).fill(base)
	const grad = new Float64Array(n)
	const hess = new Float64Array(n)
	const node = new Int32Array(n)
	const trees: GbdtJson['trees'] = []
	const internal = 2 ** depth - 1
	for (let round = 0; round < rounds; round++) {
		for (let i = 0; i < n; i++) {
			const p = 1 / (1 + Math.exp(-score[i]!))
			grad[i] = p - y[rows[i]!]!
			hess[i] = Math.max(1e-6, p * (1 - p))
		}
		node.fill(0)
		const f: number[] = new Array(internal).fill(0)
		const t: number[] = new Array(internal).fill(1e30)
		for (let d = 0; d < depth; d++) {
			const first = 2 ** d - 1
			const count = 2 ** d
			const G = new Float64Array(count * F * bins)
			const Hs = new Float64Array(count * F * bins)
			for (let i = 0; i < n; i++) {
				const local = node[i]! - first
				const g = grad[i]!
				const h = hess[i]!
				for (let k = 0; k < F; k++) {
					const at = (local * F + k) * bins + binned[k]![i]!
					G[at]! += g
					Hs[at]! += h
				}
			}
			for (let local = 0; local < count; local++) {
				let best = 0
				let bestF = 0
				let bestB = -1
				for (let k = 0; k < F; k++) {
					const off = (local * F + k) * bins
					let gt = 0
					let ht = 0
					for (let b = 0; b < bins; b++) (gt += G[off + b]!), (ht += Hs[off + b]!)
					if (ht < 1e-3) continue
					const parent = (gt * gt) / (ht + lambda)
					let gl = 0
					let hl = 0
					for (let b = 0; b < Math.min(bins - 1, edges[k]!.length); b++) {
						gl += G[off + b]!
						hl += Hs[off + b]!
						const gr = gt - gl
						const hr = ht - hl
						if (hl < 1 || hr < 1) continue
						const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parent
						if (gain > best) (best = gain), (bestF = k), (bestB = b)
					}
				}
				if (bestB >= 0) {
					f[first + local] = bestF
					t[first + local] = edges[bestF]![bestB]!
				}
			}
			for (let i = 0; i < n; i++) {
				const at = node[i]!
				node[i] = 2 * at + (binned[f[at]!]![i]! > (t[at]! >= 1e30 ? Infinity : edges[f[at]!]!.indexOf(t[at]!)) ? 2 : 1)
			}
		}
		const leaves = internal + 1
		const G = new Float64Array(leaves)
		const Hs = new Float64Array(leaves)
		for (let i = 0; i < n; i++) {
			G[node[i]! - internal]! += grad[i]!
			Hs[node[i]! - internal]! += hess[i]!
		}
		const leaf = Array.from({ length: leaves }, (_, l) => (-G[l]! / (Hs[l]! + lambda)) * lr)
		for (let i = 0; i < n; i++) score[i]! += leaf[node[i]! - internal]!
		trees.push({ f, t: t.map((v) => (v >= 1e30 ? 1e30 : Number(v.toPrecision(7)))), leaf: leaf.map((v) => Number(v.toPrecision(6))) })
	}
	let correct = 0
	for (let i = 0; i < n; i++) correct += (score[i]! > 0 ? 1 : 0) === y[rows[i]!] ? 1 : 0
	console.log(`  trained ${rounds}×depth ${depth}: training accuracy ${(correct / n).toFixed(4)}`)
	return { depth, base: Number(base.toPrecision(6)), features: [...names], trees }
}

const started = performance.now()
const data = await collect()
console.log(`${data.n} samples from ${TUNE.length} tuning scenes`)
const all = Int32Array.from({ length: data.n }, (_, i) => i)
const lawn = train(data, all, data.lawn, { depth: 5, rounds: 45, lr: 0.35 })

// the contextual second pass: the same tuning pixels, now with the first
// pass's probabilities around them (the scenes are generated again: the same
// seeds give the same scenes)
setFirstPassModel(lawn)
const ctxCols: number[][] = CONTEXT_NAMES.map(() => [])
for (const [s, options] of TUNE.entries()) {
	const scene = await generateScene(options)
	const f = workingFeatures(scene.image, scene.mpp)
	const p1 = firstPass(f)
	for (let p = 0; p < p1.length; p++) p1[p] = sigmoid(p1[p]!)
	const values = contextFeatures(f, p1)
	for (const p of data.picked[s]!) CONTEXT_NAMES.forEach((_, k) => ctxCols[k]!.push(values[k]![p]!))
	process.stdout.write('.')
}
process.stdout.write('\n')
const ctxData: Data = { ...data, x: ctxCols.map((c) => Float32Array.from(c)) }
const context = train(ctxData, all, data.lawn, { depth: 4, rounds: 30, lr: 0.3, names: CONTEXT_NAMES })
const nonLawn = all.filter((i) => data.group[i]! >= 0)
const excluded = Object.fromEntries(
	EXCLUDED_TYPES.map((type, k) => {
		const y = Uint8Array.from(data.group, (g) => (g === k ? 1 : 0))
		return [type, train(data, nonLawn, y, { depth: 4, rounds: 20, lr: 0.3 })]
	}),
)
fs.writeFileSync(new URL('../../app/grass/model.json', import.meta.url), JSON.stringify({ trainedOn: { scenes: TUNE.length, samples: data.n }, lawn, context, excluded }))
console.log(`wrote app/grass/model.json in ${((performance.now() - started) / 1000).toFixed(1)} s`)
