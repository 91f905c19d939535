import { describe, expect, test } from 'vitest'
import { MORE_TRAIN, OOD, TEST, TRAIN, TUNE, TUNE_DARK, TUNE_DORMANT, TUNE_HAZE, TUNE_SHADE } from '../../bench/grass/suites.ts'

// The CNN trainer mixes in generated yards (export-synthetic.ts: TRAIN, or
// MORE_TRAIN with --more) and chooses on TUNE; none of them may share a seed
// with the scenes the synthetic benchmark measures.
describe('generated-yard seed sets', () => {
	const sets: Record<string, number[]> = {
		TRAIN: TRAIN.map((s) => s.seed),
		MORE_TRAIN: MORE_TRAIN(5000).map((s) => s.seed),
		TUNE: TUNE.map((s) => s.seed),
		TEST: TEST.map((s) => s.seed),
		OOD: Object.values(OOD).flatMap((suite) => suite.map((s) => s.seed)),
		TUNE_SHADE: TUNE_SHADE.map((s) => s.seed),
		TUNE_DORMANT: TUNE_DORMANT.map((s) => s.seed),
		TUNE_HAZE: TUNE_HAZE.map((s) => s.seed),
		TUNE_DARK: TUNE_DARK.map((s) => s.seed),
	}

	test('no two sets share a seed', () => {
		const owner = new Map<number, string>()
		const clashes: string[] = []
		for (const [name, seeds] of Object.entries(sets)) {
			for (const seed of new Set(seeds)) {
				const other = owner.get(seed)
				if (other) clashes.push(`${seed}: ${other} and ${name}`)
				owner.set(seed, name)
			}
		}
		expect(clashes).toEqual([])
	})

	test('MORE_TRAIN gives the count asked for, distinct seeds, every fourth scene darkened like TRAIN', () => {
		const more = MORE_TRAIN(400)
		expect(more).toHaveLength(400)
		expect(new Set(more.map((s) => s.seed)).size).toBe(400)
		const shaded = more.filter((s) => s.shadowScale !== undefined)
		expect(shaded).toHaveLength(100)
		for (const s of shaded) {
			expect(s.shadowScale).toBeGreaterThanOrEqual(0.3)
			expect(s.shadowScale).toBeLessThanOrEqual(0.8)
		}
	})
})
