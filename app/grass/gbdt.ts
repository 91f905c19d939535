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

/** Features pixel-major (all features of a pixel side by side), for cache-friendly scoring. */
export function interleave(values: readonly Float32Array[]): Float32Array {
	const count = values.length
	const n = values[0]?.length ?? 0
	const out = new Float32Array(n * count)
	for (let f = 0; f < count; f++) {
		const column = values[f]!
		for (let p = 0, at = f; p < n; p++, at += count) out[at] = column[p]!
	}
	return out
}

/** The raw score (log-odds) of pixel `p`; `rows` from `interleave`, `count` features a pixel. */
export function scorePixel(model: CompiledGbdt, rows: Float32Array, count: number, p: number): number {
	const { depth, internal, feature, threshold, leaf } = model
	const leaves = internal + 1
	const base = p * count
	let sum = model.base
	for (let k = 0; k < model.trees; k++) {
		const offset = k * internal
		let node = 0
		for (let d = 0; d < depth; d++) {
			const at = offset + node
			node = 2 * node + (rows[base + feature[at]!]! > threshold[at]! ? 2 : 1)
		}
		sum += leaf[k * leaves + node - internal]!
	}
	return sum
}

export const sigmoid = (x: number) => 1 / (1 + Math.exp(-x))
