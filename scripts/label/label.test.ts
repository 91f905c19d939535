// The labelling tool (scripts/label/label.py, run by Debian's /usr/bin/python3
// with numpy, Pillow and SciPy) on a small made-up crop with a known answer.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'label-tool-'))
const images = path.join(root, 'realgrass', 'naip-ca')
const labels = path.join(root, 'labels')
const tool = (...args: string[]) =>
	execFileSync('/usr/bin/python3', ['scripts/label/label.py', ...args], {
		env: { ...process.env, REALGRASS_DIR: path.join(root, 'realgrass'), LABELS_DIR: labels, LABEL_VIEWS: path.join(root, 'views') },
		encoding: 'utf8',
	})
const readLabel = async (file: string) => new Uint8Array(await sharp(file).extractChannel(0).raw().toBuffer())
const count = (label: Uint8Array, value: number) => label.reduce((n, v) => n + (v === value ? 1 : 0), 0)

beforeAll(async () => {
	fs.mkdirSync(images, { recursive: true })
	fs.mkdirSync(path.join(labels, 'ops'), { recursive: true })
	// 32 × 32: the left half vegetation (bright near-infrared, dark red), the right half a grey roof
	const rgb = Buffer.alloc(32 * 32 * 3)
	const nir = Buffer.alloc(32 * 32)
	for (let y = 0; y < 32; y++) {
		for (let x = 0; x < 32; x++) {
			const i = y * 32 + x
			const veg = x < 16
			rgb.set(veg ? [40, 90, 30] : [150, 150, 150], i * 3)
			nir[i] = veg ? 200 : 140
		}
	}
	await sharp(rgb, { raw: { width: 32, height: 32, channels: 3 } }).png().toFile(path.join(images, 'town_2020_1.png'))
	await sharp(nir, { raw: { width: 32, height: 32, channels: 1 } }).png().toFile(path.join(images, 'town_2020_1.nir.png'))
	fs.writeFileSync(path.join(images, 'manifest.json'), JSON.stringify({ files: [{ name: 'town_2020_1', city: 'long_beach', mpp: 0.6, centre: { lat: 33.8, lng: -118.2 } }] }))
})

afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

test('ops paint classes: vegetation starts as tree, the rest as paved; scopes keep each edit to its side of the near-infrared boundary', async () => {
	const ops = {
		ops: [
			// a lawn drawn generously over both halves: only the vegetated half takes it
			{ c: 'lawn', in: 'veg', rect: [0, 0, 24, 16] },
			{ c: 'other', in: 'all', rect: [24, 24, 32, 32] },
			{ c: 'ignore', in: 'all', circle: [4, 28, 1] },
		],
	}
	fs.writeFileSync(path.join(labels, 'ops', 'town_2020_1.a.json'), JSON.stringify(ops))
	expect(tool('apply', 'town_2020_1')).toContain('wrote')
	const label = await readLabel(path.join(labels, 'town_2020_1.label.png'))
	expect(label.length).toBe(32 * 32)
	expect(label[0]).toBe(1) // lawn (vegetated, inside the rectangle)
	expect(label[20 * 32 + 20]).toBe(3) // roof, outside every edit
	expect(label[4 * 32 + 20]).toBe(3) // inside the lawn rectangle but not vegetated: stays paved
	expect(label[20 * 32 + 4]).toBe(2) // vegetated, not painted: tree
	expect(label[28 * 32 + 28]).toBe(4) // other
	expect(count(label, 1)).toBe(16 * 16)
	expect(count(label, 0)).toBeGreaterThan(0)
	expect(count(label, 0)).toBeLessThanOrEqual(9)
	// the view for the labeller is written at 3× zoom: imagery | label over it
	const view = await sharp(path.join(root, 'views', 'town_2020_1.a.view.png')).metadata()
	expect([view.width, view.height]).toEqual([32 * 3 * 2, 32 * 3])
})

test('two passes are compared by lawn IoU; the manifest splits by town', async () => {
	const second = { ops: [{ c: 'lawn', in: 'veg', rect: [0, 0, 16, 8] }] }
	fs.writeFileSync(path.join(labels, 'ops', 'town_2020_1.b.json'), JSON.stringify(second))
	tool('apply', 'town_2020_1', '--pass', 'b')
	// pass a: 16 × 16 lawn, pass b: 16 × 8 inside it → IoU 0.5 (the ignore disc is outside both)
	expect(tool('agree', 'town_2020_1')).toContain('pooled lawn IoU 0.500 over 1 crops')
	tool('manifest')
	const manifest = JSON.parse(fs.readFileSync(path.join(labels, 'manifest.json'), 'utf8'))
	expect(manifest.files).toEqual([expect.objectContaining({ name: 'town_2020_1', split: 'test', label: 'town_2020_1.label.png', secondPass: 'second/town_2020_1.b.label.png' })])
})

test('a quarter view at 6× zoom shows that quarter of the crop; any pass letter is compared by name', async () => {
	const pixel = async (file: string, x: number, y: number) => {
		const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true })
		return [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
	}
	// quarter 0 is the top left (vegetation), quarter 1 the top right (the grey roof): 16 × 16 crop pixels each
	expect(tool('view', 'town_2020_1', '--quad', '0')).toContain('town_2020_1.a.q0.view.png')
	tool('view', 'town_2020_1', '--quad', '1')
	for (const q of [0, 1]) {
		const view = await sharp(path.join(root, 'views', `town_2020_1.a.q${q}.view.png`)).metadata()
		expect([view.width, view.height]).toEqual([16 * 6 * 2, 16 * 6])
	}
	const [r0, g0] = await pixel(path.join(root, 'views', 'town_2020_1.a.q0.view.png'), 40, 50)
	const [r1, g1, b1] = await pixel(path.join(root, 'views', 'town_2020_1.a.q1.view.png'), 40, 50)
	expect(g0).toBeGreaterThan(r0! + 30)
	expect(Math.max(r1!, g1!, b1!) - Math.min(r1!, g1!, b1!)).toBeLessThan(8)
	expect(() => tool('view', 'town_2020_1', '--quad', '4')).toThrow(/--quad is 0/)

	// a third pass, c: 16 × 4 lawn inside pass a's 16 × 16 → IoU 0.25
	fs.writeFileSync(path.join(labels, 'ops', 'town_2020_1.c.json'), JSON.stringify({ ops: [{ c: 'lawn', in: 'veg', rect: [0, 0, 16, 4] }] }))
	tool('apply', 'town_2020_1', '--pass', 'c')
	expect(tool('agree', 'town_2020_1', '--passes', 'a,c')).toContain('pooled lawn IoU 0.250 over 1 crops')
	// without names, every crop that has the second named pass
	expect(tool('agree', '--passes', 'a,c')).toContain('pooled lawn IoU 0.250 over 1 crops')
	expect(() => tool('apply', 'town_2020_1', '--pass', 'C1')).toThrow(/one lower-case letter/)
})

test('an ops file with a bad shape is refused with a message, and no label is written', () => {
	fs.writeFileSync(path.join(labels, 'ops', 'town_2020_1.a.json'), JSON.stringify({ ops: [{ c: 'lawn', poly: [[0, 0], [1, 1]] }] }))
	fs.rmSync(path.join(labels, 'town_2020_1.label.png'))
	expect(() => tool('apply', 'town_2020_1')).toThrow(/polygon needs 3 points/)
	expect(fs.existsSync(path.join(labels, 'town_2020_1.label.png'))).toBe(false)
})
