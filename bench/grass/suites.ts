// Seed sets of the grass benchmark. The model is trained and every threshold
// chosen on TUNE only; TEST and the out-of-distribution suites are only measured.
import type { Ood, SceneOptions } from './scene.ts'

const zoomOf = (seed: number): 19 | 20 => (seed % 2 === 0 ? 19 : 20)
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)

export const TUNE: SceneOptions[] = range(1, 40).map((seed) => ({ seed, zoom: zoomOf(seed) }))
export const TEST: SceneOptions[] = range(10_001, 40).map((seed) => ({ seed, zoom: zoomOf(seed) }))
export const OOD_SUITES: Ood[] = ['smooth-trees', 'dark-shadows', 'dormant', 'haze', 'low-res']
export const OOD: Record<Ood, SceneOptions[]> = Object.fromEntries(
	OOD_SUITES.map((ood, k) => [ood, range(20_001 + k * 100, 12).map((seed) => ({ seed, zoom: zoomOf(seed), ood }))]),
) as Record<Ood, SceneOptions[]>
