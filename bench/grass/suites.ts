// Seed sets of the grass benchmark. The model is trained and every threshold
// chosen on TUNE only; TEST and the out-of-distribution suites are only measured.
import { rng } from '../../app/grass/raster.ts'
import type { Ood, SceneOptions } from './scene.ts'

const zoomOf = (seed: number): 19 | 20 => (seed % 2 === 0 ? 19 : 20)
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)

export const TUNE: SceneOptions[] = range(1, 40).map((seed) => ({ seed, zoom: zoomOf(seed) }))
export const TEST: SceneOptions[] = range(10_001, 40).map((seed) => ({ seed, zoom: zoomOf(seed) }))
export const OOD_SUITES: Ood[] = ['smooth-trees', 'dark-shadows', 'dormant', 'haze', 'low-res']
export const OOD: Record<Ood, SceneOptions[]> = Object.fromEntries(
	OOD_SUITES.map((ood, k) => [ood, range(20_001 + k * 100, 12).map((seed) => ({ seed, zoom: zoomOf(seed), ood }))]),
) as Record<Ood, SceneOptions[]>

/**
 * Training scenes (`npm run train:grass`): a seed range of their own
 * (1001–1160, overlapping neither TUNE, TEST nor the OOD suites), so TUNE
 * stays held out for choosing; plus augmented copies of the first 48 with
 * their shadows rendered 0.3–0.8× as bright (`shadowScale`, training only), so
 * shaded lawn is learned from colour ratios and context, not absolute
 * brightness. Chosen on the tuning seeds over no augmentation and over
 * replacing a quarter or half of the scenes by darkened ones (docs/decisions.md).
 * And copies of the next 48 (1049–1096) in another season (`dormancy` 0.35–1,
 * green to straw; the generator's own range is 0–0.35): with real crops in
 * training, brown lawns had stopped being lawn (tune-dormant 0.603; with these
 * 0.881, real tune split within 0.005: docs/decisions.md, issue 29).
 * And copies of the next 48 (1097–1144) under a haze veil 0.1–0.4 thick with
 * the haze suite's colour cast (`haze`; the generator's own veil is 0–0.08):
 * the issue asks for augmentation for haze, and the blend fell under 0.90 on
 * the haze suite (docs/decisions.md, "Haze copies for the trees").
 */
/** Season augmentation (training only): the same layouts, lawns from green to straw. */
const SEASON_AUGMENTED: SceneOptions[] = range(1049, 48).map((seed) => ({ seed, zoom: zoomOf(seed), dormancy: Number((0.35 + 0.65 * rng(seed * 17 + 3)()).toFixed(3)) }))
/** Haze augmentation (training only): the same layouts under a thicker veil with a colour cast. */
const HAZE_AUGMENTED: SceneOptions[] = range(1097, 48).map((seed) => ({ seed, zoom: zoomOf(seed), haze: Number((0.1 + 0.3 * rng(seed * 19 + 5)()).toFixed(3)) }))
export const TRAIN: SceneOptions[] = [
	...range(1001, 160).map((seed) => ({ seed, zoom: zoomOf(seed) })),
	...range(1001, 48).map((seed) => ({ seed, zoom: zoomOf(seed), shadowScale: Number((0.3 + 0.5 * rng(seed * 13 + 1)()).toFixed(3)) })),
	...SEASON_AUGMENTED,
	...HAZE_AUGMENTED,
]
/**
 * More training-style scenes for the lawn CNN (scripts/grass-cnn), from a seed
 * range of their own (50001 on); every fourth with its shadows darkened as in TRAIN.
 */
export const MORE_TRAIN = (count: number): SceneOptions[] =>
	range(50_001, count).map((seed) =>
		seed % 4 === 0 ? { seed, zoom: zoomOf(seed), shadowScale: Number((0.3 + 0.5 * rng(seed * 13 + 1)()).toFixed(3)) } : { seed, zoom: zoomOf(seed) },
	)
/** Tuning-only check of deep shade: other seeds, shadows rendered 0.45× as bright (augmentation-style, not the OOD suite). */
export const TUNE_SHADE: SceneOptions[] = range(3001, 12).map((seed) => ({ seed, zoom: zoomOf(seed), shadowScale: 0.45 }))
/**
 * Tuning-only check of dormant lawn: other seeds (3101–3112) rendered like the
 * dormant suite; used to choose between label schemes (soft labels lost
 * 0.02 IoU here), never trained on. The dormant OOD suite stays unseen.
 */
export const TUNE_DORMANT: SceneOptions[] = range(3101, 12).map((seed) => ({ seed, zoom: zoomOf(seed), ood: 'dormant' }))
/**
 * Tuning-only checks of haze and of dark shadows: other seeds (3201–3212, 3301–3312)
 * rendered like those out-of-distribution suites; `npm run bench:grass blend` reports
 * them with TUNE_DORMANT for every blend it tries (docs/decisions.md, "What the blend
 * costs the generated renderings"). The OOD suites stay unseen.
 */
export const TUNE_HAZE: SceneOptions[] = range(3201, 12).map((seed) => ({ seed, zoom: zoomOf(seed), ood: 'haze' }))
export const TUNE_DARK: SceneOptions[] = range(3301, 12).map((seed) => ({ seed, zoom: zoomOf(seed), ood: 'dark-shadows' }))
