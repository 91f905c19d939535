// Writes the benchmark's TRAIN scenes (bench/grass/suites.ts: their own seed
// range, never the tuning, test or OOD seeds) as PNG pairs the CNN trainer
// mixes in beside the real crops, so the model keeps knowing the generated
// yards the synthetic suite measures:
//   node --import tsx scripts/grass-cnn/export-synthetic.ts DIR [COUNT]
// With --tune it writes the tuning scenes instead (for choosing a model on
// generated yards as well as on the tune town; never the test seeds); with
// --more, COUNT further training-style scenes from a seed range no suite uses
// (50001 on): a CNN shown only the 208 training scenes learns them by heart
// (their tree crowns right, an unseen scene's crowns called lawn).
// DIR/<name>.png (RGB), DIR/<name>.label.png (the real labels' codes:
// 1 lawn, 2 tree or shrub, 3 pavement or roof, 4 other), DIR/manifest.json.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { CLASS, generateScene } from '../../bench/grass/scene.ts'
import { MORE_TRAIN, TRAIN, TUNE } from '../../bench/grass/suites.ts'

/** The generated scene's classes in the real labels' codes. */
const CODE: Record<number, number> = Object.fromEntries(
	(
		[
			[1, [CLASS.LAWN, CLASS.DRY]],
			[2, [CLASS.TREE, CLASS.SHRUB]],
			[3, [CLASS.STREET, CLASS.CONCRETE, CLASS.ASPHALT, CLASS.ROOF, CLASS.LINE]],
			[4, [CLASS.SOIL, CLASS.MULCH, CLASS.WATER]],
		] as const
	).flatMap(([code, classes]) => classes.map((c) => [c, code])),
)

const args = process.argv.slice(2)
const tune = args.includes('--tune')
const more = args.includes('--more')
const [dir, countArg] = args.filter((a) => !a.startsWith('--'))
if (!dir) throw new Error('Usage: node --import tsx scripts/grass-cnn/export-synthetic.ts DIR [COUNT] [--tune | --more]')
const split = tune ? 'tune' : 'train'
const count = Number(countArg ?? 60)
fs.mkdirSync(dir, { recursive: true })
const files: { name: string; mpp: number; split: 'train' | 'tune' }[] = []
for (const options of tune ? TUNE.slice(0, count) : more ? MORE_TRAIN(count) : TRAIN.slice(0, count)) {
	const scene = await generateScene(options)
	const name = `synth_${options.seed}${options.shadowScale ? '_shade' : ''}${options.dormancy !== undefined ? '_season' : ''}${options.haze !== undefined ? '_haze' : ''}`
	const { width, height } = scene.image
	const label = Uint8Array.from(scene.classes, (c) => CODE[c] ?? 0)
	await sharp(Buffer.from(scene.image.data), { raw: { width, height, channels: 3 } }).png().toFile(path.join(dir, `${name}.png`))
	await sharp(Buffer.from(label), { raw: { width, height, channels: 1 } }).toColourspace('b-w').png().toFile(path.join(dir, `${name}.label.png`))
	files.push({ name, mpp: scene.mpp, split })
}
fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ source: 'synthetic', files }, null, 1))
console.log(`${files.length} scenes in ${dir}`)
