// Gradient-boosted decision trees (complete binary trees of fixed depth) over
// the per-pixel features. The models are trained offline by
// `npm run train:grass` on the benchmark's tuning seeds only and shipped as
// JSON (app/grass/model.json). Inference is pure and allocation-free per pixel.

export type GbdtJson = {
	depth: number
	base: number
	/** feature names, in the order the trees index them */
	features: string[]
	trees: { f: number[]; t: number[]; leaf: number[] }[]
}

export type CompiledGbdt = {
	depth: number
	base: number
	trees: number
	internal: number
	feature: Int32Array
	threshold: Float32Array
	leaf: Float32Array
}

export function compileGbdt(model: GbdtJson, featureNames: readonly string[]): CompiledGbdt {
	const internal = 2 ** model.depth - 1
	const leaves = 2 ** model.depth
	const feature = new Int32Array(model.trees.length * internal)
	const threshold = new Float32Array(model.trees.length * internal)
	const leaf = new Float32Array(model.trees.length * leaves)
	model.trees.forEach((tree, k) => {
		for (let i = 0; i < internal; i++) {
			const name = model.features[tree.f[i]!]
			const index = name === undefined ? -1 : featureNames.indexOf(name)
			if (index < 0) throw new Error(`Model feature ${name} is not computed`)
			feature[k * internal + i] = index
			threshold[k * internal + i] = tree.t[i]!
		}
		for (let i = 0; i < leaves; i++) leaf[k * leaves + i] = tree.leaf[i]!
	})
	return { depth: model.depth, base: model.base, trees: model.trees.length, internal, feature, threshold, leaf }
}

const literal = (v: number) => {
	if (Object.is(v, -0)) return '(-0)'
	const s = String(v)
	return v < 0 ? `(${s})` : s
}

export const sigmoid = (x: number) => 1 / (1 + Math.exp(-x))

/**
 * Raw scores of every pixel, reading the feature columns directly (no
 * interleaving copy): the base, then each tree's leaf added in turn with the
 * sum kept in float32 after every tree. Runs as generated code (the model's
 * thresholds and leaves as constants, made on the first call and kept with
 * the model); `scoreAllInterpreted` is the same sum walking the arrays.
 */
export function scoreAll(model: CompiledGbdt, columns: readonly Float32Array[], out: Float32Array): Float32Array {
	let evaluate = stepwise.get(model)
	if (!evaluate) stepwise.set(model, (evaluate = generateStepwise(model)))
	evaluate(columns, out)
	return out
}

/**
 * Raw scores of the pixels `at` lists (out[j] for pixel at[j]), read where
 * they lie in the full columns (no gathering copy): the same sums as
 * `scoreAll` over the gathered values, to the bit.
 */
export function scoreAt(model: CompiledGbdt, columns: readonly Float32Array[], at: Int32Array, out: Float32Array): Float32Array {
	let evaluate = stepwiseAt.get(model)
	if (!evaluate) stepwiseAt.set(model, (evaluate = generateStepwise(model, true)))
	evaluate(columns, out, at)
	return out
}

export function scoreAllInterpreted(model: CompiledGbdt, columns: readonly Float32Array[], out: Float32Array): Float32Array {
	const { depth, internal, feature, threshold, leaf, trees } = model
	const leaves = internal + 1
	const n = out.length
	out.fill(model.base)
	// tree-major: one tree's few nodes stay in cache while it sweeps the pixels
	for (let k = 0; k < trees; k++) {
		const offset = k * internal
		const leafOffset = k * leaves - internal
		for (let p = 0; p < n; p++) {
			let node = 0
			for (let d = 0; d < depth; d++) {
				const at = offset + node
				node = 2 * node + (columns[feature[at]!]![p]! > threshold[at]! ? 2 : 1)
			}
			out[p]! += leaf[leafOffset + node]!
		}
	}
	return out
}

/**
 * Runs a freshly generated evaluator on made-up pixels so that every branch
 * of every tree has run before V8 optimises the function: a branch that never
 * ran has no type feedback, and the optimised code bails out the first time a
 * real image takes it (then runs unoptimised again for a few detections).
 * One pixel per reachable leaf of every tree, its values on that leaf's path
 * (the upper bound of each feature's interval, or just above the lower one),
 * the features off the path random near thresholds; then random pixels.
 * Deterministic; the scores are thrown away.
 */
export function branchPixels(model: CompiledGbdt): Float32Array[] {
	const { depth, internal, feature, threshold, trees } = model
	const leaves = internal + 1
	const columnCount = Math.max(0, ...feature) + 1
	const thresholds: number[][] = Array.from({ length: columnCount }, () => [])
	feature.forEach((f, i) => thresholds[f]!.push(threshold[i]!))
	let state = 0x9e3779b9
	const random = () => {
		state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
		return state / 4294967296
	}
	const targeted = trees * leaves
	const n = targeted + 8192
	const columns = thresholds.map((ts) => {
		const column = new Float32Array(n)
		if (!ts.length) return column
		// just below or above one of the feature's thresholds, or anywhere between two of them
		const sorted = [...new Set(ts)].filter((t) => Math.abs(t) < 1e29).sort((a, b) => a - b)
		const margin = (t: number) => Math.max(1e-3, Math.abs(t) * 1e-3)
		for (let p = 0; p < n; p++) {
			const t = ts[Math.floor(random() * ts.length)]!
			const pick = random()
			if (pick < 0.5 || sorted.length === 0) column[p] = pick < 0.25 ? t - margin(t) : t + margin(t)
			else {
				const i = Math.floor(random() * (sorted.length + 1))
				const lo = i === 0 ? sorted[0]! - 2 * margin(sorted[0]!) : sorted[i - 1]!
				const hi = i === sorted.length ? sorted[sorted.length - 1]! + 2 * margin(sorted[sorted.length - 1]!) : sorted[i]!
				column[p] = lo + (hi - lo) * (0.1 + 0.8 * random())
			}
		}
		return column
	})
	for (let k = 0; k < trees; k++) {
		for (let leafIndex = 0; leafIndex < leaves; leafIndex++) {
			const p = k * leaves + leafIndex
			// walk from the root to this leaf, narrowing each feature's interval (lo, hi]
			const lo = new Map<number, number>()
			const hi = new Map<number, number>()
			let node = 0
			for (let d = 0; d < depth; d++) {
				const at = k * internal + node
				const f = feature[at]!
				const t = threshold[at]!
				const right = (leafIndex >> (depth - 1 - d)) & 1
				if (right) lo.set(f, Math.max(lo.get(f) ?? -Infinity, t))
				else hi.set(f, Math.min(hi.get(f) ?? Infinity, t))
				node = 2 * node + 1 + right
			}
			for (const f of new Set([...lo.keys(), ...hi.keys()])) {
				const a = lo.get(f) ?? -Infinity
				const b = hi.get(f) ?? Infinity
				if (!(a < b)) continue // unreachable leaf: no real pixel takes it either
				const v = Number.isFinite(b) ? b : Math.fround(a + Math.max(1e-3, Math.abs(a) * 1e-3))
				if (v > a && v <= b) columns[f]![p] = v
			}
		}
	}
	return columns
}

function exerciseBranches(model: CompiledGbdt, evaluate: (columns: readonly Float32Array[], out: Float32Array) => unknown) {
	const columns = branchPixels(model)
	for (let k = 0; k < 3; k++) evaluate(columns, new Float32Array(columns[0]!.length))
}

type Stepwise = (columns: readonly Float32Array[], out: Float32Array, at?: Int32Array) => void
const stepwise = new WeakMap<CompiledGbdt, Stepwise>()
const stepwiseAt = new WeakMap<CompiledGbdt, Stepwise>()

/**
 * One pixel at a time through every tree, rounding the running sum to float32
 * after each tree as `scoreAllInterpreted` does; `indexed`: out[j] is pixel at[j]'s.
 */
function generateStepwise(model: CompiledGbdt, indexed = false): Stepwise {
	const { depth, internal, feature, threshold, leaf, trees } = model
	const leaves = internal + 1
	const expr = (k: number, node: number, d: number): string => {
		if (d === depth) return literal(leaf[k * leaves + node - internal]!)
		const at = k * internal + node
		return `(c${feature[at]}[p] > ${literal(threshold[at]!)} ? ${expr(k, 2 * node + 2, d + 1)} : ${expr(k, 2 * node + 1, d + 1)})`
	}
	const used = [...new Set(feature)].sort((a, b) => a - b)
	const load = used.map((f) => `const c${f} = columns[${f}];`).join(' ')
	const sum = Array.from({ length: trees }, (_, k) => `\ts = fround(s + ${expr(k, 0, 0)})`).join('\n')
	const base = Math.fround(model.base)
	const loop = indexed ? 'for (let j = 0; j < n; j++) {\nconst p = at[j]' : 'for (let p = 0; p < n; p++) {\nconst j = p'
	const evaluate = new Function('columns', 'out', 'at', `const fround = Math.fround\n${load}\nconst n = out.length\n${loop}\nlet s = ${literal(base)}\n${sum}\nout[j] = s\n}`) as Stepwise
	if (indexed) {
		exerciseBranches(model, (columns, out) => {
			const at = new Int32Array(out.length)
			for (let p = 0; p < at.length; p++) at[p] = p
			evaluate(columns, out, at)
		})
	} else exerciseBranches(model, evaluate)
	return evaluate
}

/**
 * Stop adding trees for a pixel whose sum is already far from the decision:
 * after `fromTree` trees, and after every chunk of trees from then on, a pixel
 * whose |score| is above `margin` (log-odds) keeps that score. The later trees
 * only fine-tune a probability that is already near 0 or 1.
 */
export type EarlyExit = { fromTree: number; margin: number }

/** A model compiled to straight-line JavaScript: thresholds and leaves are constants, no tree arrays to chase. */
export type GeneratedGbdt = {
	/**
	 * scores every pixel of the columns into `out` (all trees, or with an early
	 * exit); with `start`, each pixel's sum starts at base + start[p] (a
	 * correction model continuing from an earlier model's log-odds)
	 */
	scoreAll: (columns: readonly Float32Array[], out: Float32Array, exit?: EarlyExit, start?: Float32Array) => Float32Array
	/** the score of one pixel */
	score: (columns: readonly Float32Array[], p: number) => number
}

type Chunk = (columns: readonly Float32Array[], out: Float32Array, pixels: Int32Array, count: number) => void

/** Trees per generated function (and between early-exit checks). */
export const TREES_PER_CHUNK = 5

/**
 * Generates the evaluator's source from the compiled arrays (thresholds
 * compared as float32, as in `scorePixel`: the same tree paths; the sum is
 * rounded to float32 after every chunk of trees).
 */
export function generateGbdt(model: CompiledGbdt): GeneratedGbdt {
	const { depth, internal, feature, threshold, leaf, trees } = model
	const leaves = internal + 1
	const used = [...new Set(feature)].sort((a, b) => a - b)
	const expr = (k: number, node: number, d: number): string => {
		if (d === depth) return literal(leaf[k * leaves + node - internal]!)
		const at = k * internal + node
		return `(c${feature[at]}[p] > ${literal(threshold[at]!)} ? ${expr(k, 2 * node + 2, d + 1)} : ${expr(k, 2 * node + 1, d + 1)})`
	}
	// one small function a few trees, each with its own loop over the pixels
	// still being scored: small functions are optimised quickly (one huge body
	// would run interpreted for seconds)
	const chunks: Chunk[] = []
	for (let from = 0; from < trees; from += TREES_PER_CHUNK) {
		const ks = Array.from({ length: Math.min(TREES_PER_CHUNK, trees - from) }, (_, i) => from + i)
		const cols = [...new Set(ks.flatMap((k) => Array.from(feature.subarray(k * internal, (k + 1) * internal))))].sort((a, b) => a - b)
		const load = cols.map((f) => `const c${f} = columns[${f}];`).join(' ')
		const sum = ks.map((k) => `\ts += ${expr(k, 0, 0)}`).join('\n')
		chunks.push(new Function('columns', 'out', 'pixels', 'count', `${load}\nfor (let j = 0; j < count; j++) {\nconst p = pixels[j]\nlet s = out[p]\n${sum}\nout[p] = s\n}`) as Chunk)
	}
	const scoreAll = (columns: readonly Float32Array[], out: Float32Array, exit?: EarlyExit, start?: Float32Array) => {
		if (start) for (let p = 0; p < out.length; p++) out[p] = model.base + start[p]!
		else out.fill(model.base)
		const pixels = new Int32Array(out.length)
		for (let p = 0; p < pixels.length; p++) pixels[p] = p
		let count = pixels.length
		for (let c = 0; c < chunks.length; c++) {
			chunks[c]!(columns, out, pixels, count)
			if (exit && (c + 1) * TREES_PER_CHUNK >= exit.fromTree) {
				// keep only the pixels still near the decision, in order
				const margin = exit.margin
				let kept = 0
				for (let j = 0; j < count; j++) {
					const p = pixels[j]!
					const s = out[p]!
					if (s < margin && s > -margin) pixels[kept++] = p
				}
				count = kept
			}
		}
		return out
	}
	exerciseBranches(model, scoreAll)
	const all = Array.from({ length: trees }, (_, k) => `\ts += ${expr(k, 0, 0)}`).join('\n')
	const load = used.map((f) => `const c${f} = columns[${f}];`).join(' ')
	const score = new Function('columns', 'p', `${load}\nlet s = ${literal(model.base)}\n${all}\nreturn s`)
	return { scoreAll, score } as GeneratedGbdt
}
