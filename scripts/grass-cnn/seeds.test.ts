import { describe, expect, test } from 'vitest'
import { generateScene } from '../../bench/grass/scene.ts'
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

	test("TRAIN's haze copies keep their seed's layout under a thicker veil with a colour cast", async () => {
		const hazy = TRAIN.filter((s) => s.haze !== undefined)
		expect(hazy.map((s) => s.seed)).toEqual(Array.from({ length: 48 }, (_, i) => 1097 + i))
		for (const s of hazy) {
			expect(s.haze).toBeGreaterThanOrEqual(0.1)
			expect(s.haze).toBeLessThanOrEqual(0.4)
		}
		const copy = hazy.find((s) => s.haze! > 0.3)!
		const [plain, veiled] = await Promise.all([generateScene({ seed: copy.seed, zoom: copy.zoom, size: 128 }), generateScene({ ...copy, size: 128 })])
		expect(veiled.classes).toEqual(plain.classes)
		expect(veiled.truth).toEqual(plain.truth)
		// a veil lifts the dark pixels and flattens the contrast
		const stats = (data: ArrayLike<number>) => {
			let sum = 0
			let sq = 0
			for (let i = 0; i < data.length; i++) {
				sum += data[i]!
				sq += data[i]! * data[i]!
			}
			const mean = sum / data.length
			return { mean, sd: Math.sqrt(sq / data.length - mean * mean) }
		}
		const a = stats(plain.image.data)
		const b = stats(veiled.image.data)
		expect(b.mean).toBeGreaterThan(a.mean + 10)
		expect(b.sd).toBeLessThan(a.sd * 0.8)
	})
})
