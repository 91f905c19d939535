import { expect, test } from 'vitest'
import { branchPixels, compileGbdt, generateGbdt, scoreAll, scoreAllInterpreted, scoreAt, TREES_PER_CHUNK, type GbdtJson } from './gbdt.ts'
import modelJson from './model.json'
import { rng } from './raster.ts'
import { FEATURE_NAMES } from './features.ts'


/** Made-up feature columns: values around the thresholds' range (hue on 0–360). */
const randomColumns = (seed: number, n: number) => {
	const next = rng(seed)
	return FEATURE_NAMES.map((_, f) => Float32Array.from({ length: n }, () => (f === 7 ? next() * 360 : next() * 1.2)))
}

/**
 * The lawn model's sums walked tree by tree, rounded to float32 after every
 * chunk of trees, stopping at the first check beyond `exit.margin` if given;
 * with how many pixels stopped early.
 */
function referenceSums(compiled: ReturnType<typeof compileGbdt>, columns: Float32Array[], n: number, exit?: { fromTree: number; margin: number }) {
	const { depth, internal, feature, threshold, leaf, trees } = compiled
	const sums = new Float32Array(n)
	let exited = 0
	for (let p = 0; p < n; p++) {
		let s = Math.fround(compiled.base)
		for (let k = 0; k < trees; k++) {
			let node = 0
			for (let d = 0; d < depth; d++) node = 2 * node + (columns[feature[k * internal + node]!]![p]! > threshold[k * internal + node]! ? 2 : 1)
			s += leaf[k * (internal + 1) + node - internal]!
			if ((k + 1) % TREES_PER_CHUNK !== 0) continue
			s = Math.fround(s)
			if (exit && k + 1 >= exit.fromTree && k + 1 < trees && Math.abs(s) >= exit.margin) {
				exited++
				break
			}
		}
		sums[p] = s
	}
	return { sums, exited }
}

test('the generated evaluator gives the array walk’s scores to the bit', () => {
	const file = modelJson as unknown as { excluded: Record<string, GbdtJson> }
	const next = rng(9)
	const n = 5000
	// values around the thresholds' range, some exactly on a threshold
	const columns = FEATURE_NAMES.map((_, f) => Float32Array.from({ length: n }, () => (f === 7 ? next() * 360 : next() * 1.2)))
	for (const model of Object.values(file.excluded)) {
		const compiled = compileGbdt(model, FEATURE_NAMES)
		for (let i = 0; i < 200; i++) columns[compiled.feature[i % compiled.feature.length]!]![i] = compiled.threshold[i % compiled.threshold.length]!
		const want = scoreAllInterpreted(compiled, columns, new Float32Array(n))
		expect(Array.from(scoreAll(compiled, columns, new Float32Array(n)))).toEqual(Array.from(want))
	}
})

test('scoring listed pixels in place gives the scores of the gathered pixels to the bit', () => {
	const file = modelJson as unknown as { excluded: Record<string, GbdtJson> }
	const n = 4000
	const columns = randomColumns(12, n)
	const pick = rng(13)
	// scattered, repeated and out-of-order pixels
	const at = Int32Array.from({ length: 1500 }, (_, j) => (j < 10 ? n - 1 - j : Math.floor(pick() * n)))
	const gathered = columns.map((column) => Float32Array.from(at, (p) => column[p]!))
	for (const model of Object.values(file.excluded)) {
		const compiled = compileGbdt(model, FEATURE_NAMES)
		const want = scoreAll(compiled, gathered, new Float32Array(at.length))
		expect(Array.from(scoreAt(compiled, columns, at, new Float32Array(at.length)))).toEqual(Array.from(want))
		expect(Array.from(scoreAt(compiled, columns, at.subarray(0, 0), new Float32Array(0)))).toEqual([])
	}
})

test('the generated lawn evaluator keeps the sum in float32 after every five trees', () => {
	const compiled = compileGbdt((modelJson as unknown as { lawn: GbdtJson }).lawn, FEATURE_NAMES)
	const n = 3000
	const columns = randomColumns(10, n)
	expect(TREES_PER_CHUNK).toBe(5)
	expect(Array.from(generateGbdt(compiled).scoreAll(columns, new Float32Array(n)))).toEqual(Array.from(referenceSums(compiled, columns, n).sums))
})

test('the warm-up pixels take every branch that a real pixel can take', () => {
	const file = modelJson as unknown as { lawn: GbdtJson }
	const compiled = compileGbdt(file.lawn, FEATURE_NAMES)
	const { depth, internal, feature, threshold, trees } = compiled
	const leaves = internal + 1
	const columns = branchPixels(compiled)
	let reachable = 0
	for (let k = 0; k < trees; k++) {
		for (let target = 0; target < leaves; target++) {
			// the leaf's path, as bounds per feature: unreachable when a lower bound meets an upper one
			const lo = new Map<number, number>()
			const hi = new Map<number, number>()
			let node = 0
			for (let d = 0; d < depth; d++) {
				const at = k * internal + node
				const right = (target >> (depth - 1 - d)) & 1
				const f = feature[at]!
				if (right) lo.set(f, Math.max(lo.get(f) ?? -Infinity, threshold[at]!))
				else hi.set(f, Math.min(hi.get(f) ?? Infinity, threshold[at]!))
				node = 2 * node + 1 + right
			}
			if ([...lo].some(([f, l]) => l >= (hi.get(f) ?? Infinity))) continue
			reachable++
			const p = k * leaves + target
			let reached = 0
			for (let d = 0; d < depth; d++) reached = 2 * reached + (columns[feature[k * internal + reached]!]![p]! > threshold[k * internal + reached]! ? 2 : 1)
			expect(reached - internal, `tree ${k} leaf ${target}`).toBe(target)
		}
	}
	expect(reachable).toBeGreaterThan(trees * leaves * 0.5)
})

test('with an early exit a pixel keeps its sum from the first check at which it is beyond the margin', () => {
	const compiled = compileGbdt((modelJson as unknown as { lawn: GbdtJson }).lawn, FEATURE_NAMES)
	const n = 4000
	const columns = randomColumns(12, n)
	const exit = { fromTree: 15, margin: 2 }
	const { sums, exited } = referenceSums(compiled, columns, n, exit)
	expect(exited).toBeGreaterThan(n / 10)
	expect(exited).toBeLessThan(n)
	expect(Array.from(generateGbdt(compiled).scoreAll(columns, new Float32Array(n), exit))).toEqual(Array.from(sums))
})

test('a correction model continues from the given log-odds', () => {
	const file = modelJson as unknown as { lawn: GbdtJson }
	const compiled = compileGbdt(file.lawn, FEATURE_NAMES)
	const next = rng(13)
	const n = 2000
	const columns = randomColumns(14, n)
	const start = Float32Array.from({ length: n }, () => next() * 6 - 3)
	const generated = generateGbdt(compiled)
	const plain = generated.scoreAll(columns, new Float32Array(n))
	const continued = generated.scoreAll(columns, new Float32Array(n), undefined, start)
	for (let p = 0; p < n; p++) expect(continued[p]).toBeCloseTo(plain[p]! + start[p]!, 4)
	// with an exit, pixels that start far from the decision stop at the first check
	const exit = { fromTree: 15, margin: 2.5 }
	const sure = generated.scoreAll(columns, new Float32Array(n), exit, Float32Array.from({ length: n }, () => 40))
	const partial = generateGbdt(compileGbdt({ ...file.lawn, trees: file.lawn.trees.slice(0, 15) }, FEATURE_NAMES)).scoreAll(columns, new Float32Array(n))
	for (let p = 0; p < n; p++) expect(sure[p]).toBeCloseTo(partial[p]! + 40, 3)
})
