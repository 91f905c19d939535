// `npm run grass -- detect`: spawned as a user runs it, on PNGs made here.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { generateScene } from '../bench/grass/scene.ts'

let dir: string
let scenePng: string
let sceneSize: { width: number; height: number }

beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grass-cli-'))
	const scene = await generateScene({ seed: 77, zoom: 20, size: 192 })
	sceneSize = { width: scene.image.width, height: scene.image.height }
	scenePng = path.join(dir, 'yard.png')
	await sharp(Buffer.from(scene.image.data), { raw: { width: scene.image.width, height: scene.image.height, channels: 3 } })
		.png()
		.toFile(scenePng)
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const run = (...args: string[]) => {
	const result = spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/grass.ts', ...args], { encoding: 'utf8', timeout: 60_000 })
	return { code: result.status, stderr: result.stderr, stdout: result.stdout }
}

test('detect writes an 8-bit single-channel PNG the size of the input with only 0 and 255', async () => {
	const out = path.join(dir, 'mask.png')
	const { code, stderr, stdout } = run('detect', scenePng, '--mpp', '0.12', '--out', out)
	expect(stderr).toBe('')
	expect(code).toBe(0)
	// what the server's result says too: how much is lawn, what the imagery resolves (as sharp as its
	// pixels here), the calibrated confidence; a sharp, confident result is not called rough
	expect(stdout).toMatch(/^Lawn on \d+\.\d % of the image \([\d,]+ m²\); the imagery resolves 0\.12 m a pixel; mean confidence (7[0-9]|[89]\d) %\n$/)
	const meta = await sharp(out).metadata()
	expect(meta).toMatchObject({ format: 'png', width: sceneSize.width, height: sceneSize.height, channels: 1, depth: 'uchar' })
	const { data } = await sharp(out).raw().toBuffer({ resolveWithObject: true })
	const values = new Set(data)
	expect([...values].sort((a, b) => a - b)).toEqual([0, 255])
	expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
}, 60_000)

test('imagery coarser than its pixels (enlarged 5×, as a tile server serves 0.6 m imagery) is read as such, and the outline called rough', async () => {
	const { data, info } = await sharp(scenePng).removeAlpha().raw().toBuffer({ resolveWithObject: true })
	const small = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).resize(Math.round(info.width / 5), Math.round(info.height / 5), { kernel: 'cubic' }).raw().toBuffer({ resolveWithObject: true })
	const coarse = path.join(dir, 'coarse.png')
	await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 3 } }).resize(info.width, info.height, { kernel: 'cubic' }).png().toFile(coarse)
	const { code, stdout } = run('detect', coarse, '--mpp', '0.12', '--out', path.join(dir, 'coarse-mask.png'))
	expect(code).toBe(0)
	const resolves = Number(/the imagery resolves ([\d.]+) m a pixel/.exec(stdout)?.[1])
	expect(resolves).toBeGreaterThan(0.4)
	expect(resolves).toBeLessThan(0.9)
	expect(stdout).toContain('\nRough outline: check it against the imagery before quoting.\n')
}, 60_000)

test('--seeds: a "Not lawn" tap on detected lawn takes lawn away', async () => {
	const plain = path.join(dir, 'plain.png')
	expect(run('detect', scenePng, '--mpp', '0.12', '--out', plain).code).toBe(0)
	// one byte a pixel, as written (sharp's default decoding gives three channels)
	const { data, info } = await sharp(plain).extractChannel(0).raw().toBuffer({ resolveWithObject: true })
	// a lawn pixel whose 7×7 neighbourhood is all lawn
	let tap: { x: number; y: number } | undefined
	for (let y = 10; y < info.height - 10 && !tap; y += 3) {
		for (let x = 10; x < info.width - 10 && !tap; x += 3) {
			let all = true
			for (let dy = -3; dy <= 3 && all; dy++) for (let dx = -3; dx <= 3 && all; dx++) all = data[(y + dy) * info.width + x + dx] === 255
			if (all) tap = { x, y }
		}
	}
	expect(tap).toBeDefined()
	const seeds = path.join(dir, 'seeds.json')
	fs.writeFileSync(seeds, JSON.stringify({ lawn: [], other: [tap] }))
	const corrected = path.join(dir, 'corrected.png')
	expect(run('detect', scenePng, '--mpp', '0.12', '--out', corrected, '--seeds', seeds).code).toBe(0)
	const after = await sharp(corrected).extractChannel(0).raw().toBuffer()
	expect(after[tap!.y * info.width + tap!.x]).toBe(0)
	const lawn = (d: Buffer) => d.reduce((s, v) => s + (v ? 1 : 0), 0)
	expect(lawn(after)).toBeLessThan(lawn(data))
}, 60_000)

test('bad input: a clear message, exit code 2 and no output file', async () => {
	const corrupt = path.join(dir, 'corrupt.png')
	const png = fs.readFileSync(scenePng)
	// a PNG signature and header, then garbage
	fs.writeFileSync(corrupt, Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]))
	const text = path.join(dir, 'notes.png')
	fs.writeFileSync(text, 'hello, not an image')
	const jpeg = path.join(dir, 'photo.jpg')
	await sharp(scenePng).jpeg().toFile(jpeg)
	const badSeeds = path.join(dir, 'bad-seeds.json')
	fs.writeFileSync(badSeeds, JSON.stringify({ other: [{ x: 5000, y: 1 }] }))

	const out = path.join(dir, 'never.png')
	const cases: [string[], RegExp][] = [
		[['detect', path.join(dir, 'missing.png'), '--mpp', '0.3', '--out', out], /Input file not found: .*missing\.png/],
		[['detect', corrupt, '--mpp', '0.3', '--out', out], /corrupt\.png is (a corrupt PNG|not a PNG image)/],
		[['detect', text, '--mpp', '0.3', '--out', out], /notes\.png is not a PNG image/],
		[['detect', jpeg, '--mpp', '0.3', '--out', out], /photo\.jpg is a jpeg image, not a PNG/],
		[['detect', scenePng, '--mpp', '0', '--out', out], /--mpp must be a positive number of metres per pixel, not "0"/],
		[['detect', scenePng, '--mpp', '-1', '--out', out], /--mpp must be a positive number/],
		[['detect', scenePng, '--mpp', 'abc', '--out', out], /--mpp must be a positive number of metres per pixel, not "abc"/],
		[['detect', scenePng, '--out', out], /--mpp \(metres per pixel\) is required/],
		[['detect', scenePng, '--mpp', '0.3'], /--out MASK\.png is required/],
		[['detect', '--mpp', '0.3', '--out', out], /No input image given/],
		[['segment', scenePng], /Unknown command "segment"/],
		[['detect', scenePng, '--mpp', '0.3', '--out', out, '--seeds', badSeeds], /other\[0\] \(5000, 1\) is outside the 192×192 image/],
	]
	for (const [args, message] of cases) {
		const { code, stderr } = run(...args)
		expect(code, args.join(' ')).toBe(2)
		expect(stderr, args.join(' ')).toMatch(message)
		expect(stderr).toContain('Usage: npm run grass -- detect IN.png --mpp')
		expect(fs.existsSync(out)).toBe(false)
	}
	expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
	// twelve runs of the command, about a second each on an idle machine
}, 180_000)
