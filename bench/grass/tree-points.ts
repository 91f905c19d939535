// npm run bench:grass trees DIR — a partial real-imagery check: how many of the
// trees marked in real NAIP crops of six Californian cities (a local copy of the
// public repository jonathanventura/urban-tree-detection-data: images/*.tif,
// csv/*.csv tree points in pixels, test.txt) our detector calls lawn, next to
// an excess-green + Otsu threshold. The annotations carry no licence, so
// nothing of them is kept in this repository or trained on; this only
// measures. Each 0.6 m crop is upsampled ×3 (0.2 m), as a map at zoom 19–20 shows it.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { segment } from '../../app/grass/detect.ts'
import { excessGreenOtsu } from './real.ts'

const NAIP_MPP = 0.6
const UPSAMPLE = 3

export async function runTreePointCheck(dir: string | undefined) {
	if (!dir || !fs.existsSync(path.join(dir, 'test.txt'))) throw new Error('Usage: npm run bench:grass trees DIR (a copy of urban-tree-detection-data with images/, csv/ and test.txt)')
	const names = fs.readFileSync(path.join(dir, 'test.txt'), 'utf8').split('\n').map((s) => s.trim()).filter(Boolean)
	const cities: Record<string, { points: number; ours: number; exg: number }> = {}
	let lawnPixels = 0
	let allPixels = 0
	for (const name of names) {
		const file = path.join(dir, 'images', `${name}.tif`)
		const csv = path.join(dir, 'csv', `${name}.csv`)
		if (!fs.existsSync(file) || !fs.existsSync(csv)) continue
		const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true })
		const image = { width: info.width, height: info.height, data: new Uint8Array(data) }
		const W = info.width * UPSAMPLE
		const H = info.height * UPSAMPLE
		const big = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).resize(W, H, { kernel: 'cubic' }).raw().toBuffer()
		const { lawn } = await segment({ width: W, height: H, data: new Uint8Array(big) }, { mpp: NAIP_MPP / UPSAMPLE })
		const exg = excessGreenOtsu(image)
		const city = name.replace(/_\d+$/, '')
		const c = (cities[city] ??= { points: 0, ours: 0, exg: 0 })
		for (const line of fs.readFileSync(csv, 'utf8').split('\n').slice(1)) {
			const [x, y] = line.split(',').map(Number) as [number, number]
			if (!(x >= 0 && y >= 0 && x < info.width && y < info.height)) continue
			c.points++
			c.ours += lawn.data[Math.floor((y + 0.5) * UPSAMPLE) * W + Math.floor((x + 0.5) * UPSAMPLE)]!
			c.exg += exg[y * info.width + x]!
		}
		for (const v of lawn.data) lawnPixels += v
		allPixels += W * H
	}
	const all = Object.values(cities).reduce((a, c) => ({ points: a.points + c.points, ours: a.ours + c.ours, exg: a.exg + c.exg }), { points: 0, ours: 0, exg: 0 })
	const pct = (a: number, b: number) => Number(((100 * a) / Math.max(1, b)).toFixed(1))
	console.log(`\nTrees marked in real NAIP (test split: ${names.length} crops, ${all.points} trees) that are called lawn\n`)
	console.log('city                 trees  ours %  ExG+Otsu %')
	for (const [city, c] of Object.entries(cities).sort()) console.log(`${city.padEnd(19)} ${String(c.points).padStart(6)}  ${String(pct(c.ours, c.points)).padStart(6)}  ${String(pct(c.exg, c.points)).padStart(10)}`)
	console.log(`${'all'.padEnd(19)} ${String(all.points).padStart(6)}  ${String(pct(all.ours, all.points)).padStart(6)}  ${String(pct(all.exg, all.points)).padStart(10)}`)
	console.log(`(share of all pixels our detector calls lawn: ${pct(lawnPixels, allPixels)} %)`)
	return { benchmark: 'grass-tree-points', crops: names.length, trees: all.points, treesCalledLawnPct: pct(all.ours, all.points), exgTreesCalledGreenPct: pct(all.exg, all.points), lawnSharePct: pct(lawnPixels, allPixels) }
}
