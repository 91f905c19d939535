// npm run calibrate:grass — fits what the shipped detector's lawn probability
// means on REAL imagery: segmentLawn on the tune split of our labelled NAIP
// crops (Claremont; never the test split) at 0.6, 0.3 and 0.15 m a pixel, the share of labelled pixels that
// are lawn per probability bin, made monotone (pool adjacent violators), and
// writes the knots to app/grass/calibration-knots.ts. The confidence /measure, the
// API and the CLI show is that calibrated figure (issue 29 item 5).
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { CALIBRATION_BINS, isotonicKnots } from '../app/grass/calibration.ts'
import { segment } from '../app/grass/detect.ts'
import { readLabel, readPairs, readRgb, realgrassDir, TILE_UPSAMPLINGS, upsampleCrop } from '../bench/grass/real.ts'

const OUT = path.resolve('app/grass/calibration-knots.ts')

/** Per-bin pixel counts and lawn counts of the shipped detector on the tune split, and the monotone knots they give. */
export async function fitLawnCalibration(dataDir = realgrassDir()) {
	const pairs = readPairs('tune', dataDir)
	const count = new Float64Array(CALIBRATION_BINS)
	const lawn = new Float64Array(CALIBRATION_BINS)
	const add = (probability: Float32Array, label: Uint8Array) => {
		for (let i = 0; i < label.length; i++) {
			const l = label[i]!
			if (l === 0) continue
			const b = Math.min(CALIBRATION_BINS - 1, Math.floor(probability[i]! * CALIBRATION_BINS))
			count[b]!++
			if (l === 1) lawn[b]!++
		}
	}
	for (const pair of pairs) {
		for (const scale of TILE_UPSAMPLINGS) {
			const { image, label } = await upsampleCrop(await readRgb(pair.image), await readLabel(pair.label), scale)
			const { probability } = await segment(image, { mpp: pair.mpp / scale })
			add(probability, label.data)
		}
	}
	const knots = isotonicKnots(count, lawn).map((k) => Math.round(k * 10000) / 10000)
	return { crops: pairs.length, count, lawn, knots }
}

async function main() {
	const dataDir = realgrassDir()
	if (!fs.existsSync(path.join(dataDir, 'naip-ca'))) {
		console.error(`The real imagery is not there: expected ${dataDir} (../shared/realgrass beside the checkout, or set REALGRASS_DIR).`)
		process.exit(1)
	}
	const { crops, count, lawn, knots } = await fitLawnCalibration(dataDir)
	console.log('raw probability   pixels     lawn share   calibrated')
	for (let b = 0; b < CALIBRATION_BINS; b++) {
		const share = count[b] ? lawn[b]! / count[b]! : NaN
		console.log(`${(b / CALIBRATION_BINS).toFixed(2)}–${((b + 1) / CALIBRATION_BINS).toFixed(2)}   ${String(count[b]).padStart(9)}   ${share.toFixed(3).padStart(10)}   ${knots[b]!.toFixed(3).padStart(10)}`)
	}
	fs.writeFileSync(
		OUT,
		`// Written by \`npm run calibrate:grass\` (scripts/grass-calibrate.ts): the share of labelled pixels that are lawn\n// per bin of the detector's raw lawn probability (${CALIBRATION_BINS} bins), made monotone, on the tune split\n// (Claremont, ${crops} crops, each at 1×, 2× and 4×) of our labelled NAIP imagery. Do not edit by hand.\nexport const LAWN_CALIBRATION_KNOTS: readonly number[] = [${knots.join(', ')}]\n`,
	)
	console.log(JSON.stringify({ calibration: 'grass', crops, knots }))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
