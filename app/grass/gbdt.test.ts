import { expect, test } from 'vitest'
import { compileGbdt, scoreAll, scoreAllInterpreted, type GbdtJson } from './gbdt.ts'
import modelJson from './model.json'
import { rng } from './raster.ts'
import { FEATURE_NAMES } from './features.ts'

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
