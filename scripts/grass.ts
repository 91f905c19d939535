// `npm run grass -- detect IN.png --mpp M --out MASK.png [--seeds seeds.json]`:
// the lawn mask of an image file, by segment() exactly as the server runs
// it (without the organisation's learned adjustments, which belong to a
// place). Writes an 8-bit single-channel PNG the size of the input, 255 = lawn,
// 0 = not; written to a temporary file and renamed, so a failed run leaves
// nothing. Then one line on stdout: the share of the image called lawn, what the
// imagery resolves (read off its pixels, app/grass/resolution.ts), the calibrated mean
// confidence, and the rough-outline warning where the server would show it.
// Bad input: a message on stderr and exit code 2.
// seeds.json (optional, simulated taps): {"lawn":[{"x":..,"y":..}],"other":[...]} in image pixels.
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { z } from 'zod'
import { calibratedConfidence } from '../app/grass/calibration.ts'
import { resolvedScale } from '../app/grass/resolution.ts'
import { isRoughOutline, ROUGH_OUTLINE_TEXT } from '../app/lib/ai-result.ts'

const USAGE = 'Usage: npm run grass -- detect IN.png --mpp METRES_PER_PIXEL --out MASK.png [--seeds seeds.json]'

class UsageError extends Error {}

const point = z.strictObject({ x: z.number(), y: z.number() })
const SeedsFile = z.strictObject({ lawn: z.array(point).max(1000).default([]), other: z.array(point).max(1000).default([]) })

function parseArgs(argv: string[]) {
	const [command, ...rest] = argv
	if (command !== 'detect') throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.')
	const options: Record<string, string> = {}
	const positional: string[] = []
	for (let i = 0; i < rest.length; i++) {
		const arg = rest[i]!
		if (arg.startsWith('--')) {
			const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined]
			if (!['mpp', 'out', 'seeds'].includes(name)) throw new UsageError(`Unknown option --${name}.`)
			const value = inline ?? rest[++i]
			if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value.`)
			options[name] = value
		} else positional.push(arg)
	}
	if (positional.length !== 1) throw new UsageError(positional.length ? 'Give exactly one input image.' : 'No input image given.')
	if (options.mpp === undefined) throw new UsageError('--mpp (metres per pixel) is required.')
	const mpp = Number(options.mpp)
	if (!/^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(options.mpp) || !Number.isFinite(mpp) || mpp <= 0) {
		throw new UsageError(`--mpp must be a positive number of metres per pixel, not "${options.mpp}".`)
	}
	if (!options.out) throw new UsageError('--out MASK.png is required.')
	return { input: positional[0]!, mpp, out: options.out, seeds: options.seeds }
}

async function readPng(file: string) {
	const bytes = await fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
		throw new UsageError(error.code === 'ENOENT' ? `Input file not found: ${file}` : `Cannot read ${file}: ${error.message}`)
	})
	const format = await sharp(bytes)
		.metadata()
		.then((m) => m.format)
		.catch(() => null)
	if (format !== 'png') throw new UsageError(format ? `${file} is a ${format} image, not a PNG.` : `${file} is not a PNG image (corrupt or another kind of file).`)
	try {
		const { data, info } = await sharp(bytes).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
		if (info.channels !== 3) throw new Error(`${info.channels} channels after conversion`)
		return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }
	} catch (error) {
		throw new UsageError(`${file} is a corrupt PNG: ${(error as Error).message}`)
	}
}

async function readSeeds(file: string | undefined, width: number, height: number) {
	if (file === undefined) return null
	const text = await fs.readFile(file, 'utf8').catch(() => {
		throw new UsageError(`Seeds file not found: ${file}`)
	})
	let json: unknown
	try {
		json = JSON.parse(text)
	} catch {
		throw new UsageError(`${file} is not JSON.`)
	}
	const parsed = SeedsFile.safeParse(json)
	if (!parsed.success) {
		const issue = parsed.error.issues[0]!
		throw new UsageError(`${file}: ${issue.path.join('.') || 'seeds'}: ${issue.message} (expected {"lawn":[{"x":..,"y":..}],"other":[...]} in image pixels).`)
	}
	for (const kind of ['lawn', 'other'] as const) {
		parsed.data[kind].forEach((p, i) => {
			if (p.x < 0 || p.y < 0 || p.x >= width || p.y >= height) throw new UsageError(`${file}: ${kind}[${i}] (${p.x}, ${p.y}) is outside the ${width}×${height} image.`)
		})
	}
	return parsed.data
}

export async function detect(argv: string[]): Promise<void> {
	const args = parseArgs(argv)
	const image = await readPng(args.input)
	const seeds = await readSeeds(args.seeds, image.width, image.height)
	// the detector (its model files, the trees) loads only for input that passed: a usage error answers at once
	const { segment } = await import('../app/grass/detect.ts')
	const { lawn, probability } = await segment(image, { mpp: args.mpp, seeds })
	const pixels = Buffer.alloc(lawn.data.length)
	let count = 0
	let confidence = 0
	for (let i = 0; i < pixels.length; i++) {
		if (!lawn.data[i]) continue
		pixels[i] = 255
		count++
		confidence += calibratedConfidence(probability[i]!)
	}
	const out = path.resolve(args.out)
	const tmp = `${out}.${process.pid}.tmp`
	try {
		await sharp(pixels, { raw: { width: lawn.width, height: lawn.height, channels: 1 } })
			.toColourspace('b-w')
			.png()
			.toFile(tmp)
		await fs.rename(tmp, out)
	} catch (error) {
		await fs.rm(tmp, { force: true })
		throw new UsageError(`Cannot write ${args.out}: ${(error as Error).message}`)
	}
	console.log(summary(count, lawn.data.length, args.mpp, args.mpp * resolvedScale(image), count ? confidence / count : null))
}

/** "Lawn on 23.4 % of the image (412 m²); the imagery resolves 0.12 m a pixel; mean confidence 87 %", and the warning where due. */
function summary(lawnPixels: number, pixels: number, mpp: number, groundMpp: number, confidence: number | null): string {
	const conf = confidence === null ? null : Math.round(confidence * 100) / 100
	const line = [
		`Lawn on ${((lawnPixels / pixels) * 100).toFixed(1)} % of the image (${Math.round(lawnPixels * mpp * mpp).toLocaleString('en-US')} m²)`,
		`the imagery resolves ${groundMpp.toFixed(2)} m a pixel`,
		...(conf === null ? [] : [`mean confidence ${Math.round(conf * 100)} %`]),
	].join('; ')
	return isRoughOutline(groundMpp, conf) ? `${line}\n${ROUGH_OUTLINE_TEXT}` : line
}

try {
	await detect(process.argv.slice(2))
} catch (error) {
	if (error instanceof UsageError) {
		console.error(`grass: ${error.message}\n${USAGE}`)
		process.exit(2)
	}
	throw error
}
