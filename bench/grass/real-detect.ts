// The real benchmark's detector: the file command (`npm run grass -- detect`,
// scripts/grass.ts) on a PNG, as a user of the command runs it; its mask read back.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'

export type PixelSeeds = { lawn: { x: number; y: number }[]; other: { x: number; y: number }[] }

const run = promisify(execFile)
let count = 0

export async function detectFile(imageFile: string, mpp: number, tmp: string, seeds?: PixelSeeds): Promise<Uint8Array> {
	const out = path.join(tmp, `mask-${++count}.png`)
	const args = ['--import', 'tsx', 'scripts/grass.ts', 'detect', imageFile, '--mpp', String(mpp), '--out', out]
	if (seeds) {
		const file = path.join(tmp, `seeds-${count}.json`)
		fs.writeFileSync(file, JSON.stringify(seeds))
		args.push('--seeds', file)
	}
	await run(process.execPath, args, { maxBuffer: 1 << 20 })
	const { data } = await sharp(out).extractChannel(0).raw().toBuffer({ resolveWithObject: true })
	fs.rmSync(out)
	return Uint8Array.from(data, (v) => (v > 127 ? 1 : 0))
}
