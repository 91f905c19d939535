// The lawn CNN (scripts/grass-cnn/train-gpu.py on the CPU: `npm run train:grass-cnn`; trained on our own labels of
// real NAIP crops and the generated training yards), run in Node: the image
// resampled to the model's metres per pixel and normalised, onnxruntime-node's
// forward pass, the lawn-vs-rest log-odds calibrated by the temperature fitted
// on the tune split. The detector blends them into the boosted trees' score
// (segment.ts BLEND, detect.ts segment()); `cnnLawn` (the CNN alone, stretched,
// thresholded, no fragment or hole under 50 sq ft) is what `npm run bench:grass
// real` reports beside it. The numeric steps are pure functions (tested on
// small known images); only `cnnLogOdds()` touches the runtime.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { MIN_FRAGMENT_M2 } from '~/lib/ai-result.ts'
import type { RgbImage } from '~/lib/rgb-image.ts'
import metaJson from './lawn-cnn.json'
import { fillSmallHoles, removeSmallRegions } from './morphology.ts'
import type { Mask } from './raster.ts'
import { processCnnGate, RunGate } from './run-gate.ts'

export { MIN_FRAGMENT_M2 }

export type CnnMeta = {
	workMpp: number
	outputStride: number
	classes: string[]
	mean: number[]
	std: number[]
	temperature: number
	threshold: number
}

export const CNN_META = metaJson as unknown as CnnMeta

/**
 * Source taps and weights along one axis for resampling `inSize` samples to
 * `outSize` (a triangle filter widened by the scale when shrinking, so
 * shrinking averages instead of skipping pixels; plain linear interpolation
 * when enlarging), pixel centres aligned (x + 0.5).
 */
export function axisWeights(inSize: number, outSize: number): { start: Int32Array; count: Int32Array; weights: Float32Array; taps: number } {
	const scale = inSize / outSize
	const support = Math.max(1, scale)
	const taps = Math.ceil(support) * 2 + 1
	const start = new Int32Array(outSize)
	const count = new Int32Array(outSize)
	const weights = new Float32Array(outSize * taps)
	for (let o = 0; o < outSize; o++) {
		const centre = (o + 0.5) * scale
		const lo = Math.max(0, Math.floor(centre - support))
		const hi = Math.min(inSize, Math.ceil(centre + support))
		let sum = 0
		let n = 0
		for (let i = lo; i < hi && n < taps; i++) {
			const w = Math.max(0, 1 - Math.abs((i + 0.5 - centre) / support))
			weights[o * taps + n] = w
			sum += w
			n++
		}
		if (sum === 0) {
			// outside every tap (can only happen at an edge): the nearest sample
			weights[o * taps] = 1
			start[o] = Math.min(inSize - 1, Math.max(0, Math.floor(centre)))
			count[o] = 1
			continue
		}
		for (let k = 0; k < n; k++) weights[o * taps + k]! /= sum
		start[o] = lo
		count[o] = n
	}
	return { start, count, weights, taps }
}

/**
 * The model's input: `image` resampled to `width` × `height`, planar (C, H, W),
 * each channel scaled to 0–1 and normalised by the model's mean and std.
 */
export function toModelInput(image: RgbImage, width: number, height: number, meta: Pick<CnnMeta, 'mean' | 'std'> = CNN_META): Float32Array {
	const ax = axisWeights(image.width, width)
	const ay = axisWeights(image.height, height)
	// rows first: each source row resampled along x into a planar buffer
	const rows = new Float32Array(3 * image.height * width)
	const src = image.data
	for (let y = 0; y < image.height; y++) {
		for (let x = 0; x < width; x++) {
			let r = 0
			let g = 0
			let b = 0
			const s = ax.start[x]!
			for (let k = 0; k < ax.count[x]!; k++) {
				const w = ax.weights[x * ax.taps + k]!
				const o = (y * image.width + s + k) * 3
				r += src[o]! * w
				g += src[o + 1]! * w
				b += src[o + 2]! * w
			}
			const i = y * width + x
			rows[i] = r
			rows[image.height * width + i] = g
			rows[2 * image.height * width + i] = b
		}
	}
	const out = new Float32Array(3 * width * height)
	for (let c = 0; c < 3; c++) {
		const plane = c * image.height * width
		const scale = 1 / (255 * meta.std[c]!)
		const shift = meta.mean[c]! / meta.std[c]!
		for (let y = 0; y < height; y++) {
			const s = ay.start[y]!
			for (let x = 0; x < width; x++) {
				let v = 0
				for (let k = 0; k < ay.count[y]!; k++) v += rows[plane + (s + k) * width + x]! * ay.weights[y * ay.taps + k]!
				out[c * width * height + y * width + x] = v * scale - shift
			}
		}
	}
	return out
}

/** Lawn-vs-rest log-odds per output pixel from the model's class logits (C, H, W): log p(lawn) − log Σ p(other classes). */
export function lawnLogOdds(logits: Float32Array, classes: number, width: number, height: number): Float32Array {
	const n = width * height
	const out = new Float32Array(n)
	for (let i = 0; i < n; i++) {
		const lawn = logits[i]!
		let max = -Infinity
		for (let c = 1; c < classes; c++) max = Math.max(max, logits[c * n + i]!)
		let sum = 0
		for (let c = 1; c < classes; c++) sum += Math.exp(logits[c * n + i]! - max)
		out[i] = lawn - (max + Math.log(sum))
	}
	return out
}

/**
 * A map of `sw` × `sh` values stretched over `width` × `height` pixels
 * (bilinear, pixel centres aligned, edges clamped: as the trainer's
 * `F.interpolate(..., align_corners=False)`).
 */
export function stretch(z: Float32Array, sw: number, sh: number, width: number, height: number): Float32Array {
	const out = new Float32Array(width * height)
	const sx = sw / width
	const sy = sh / height
	const x0 = new Int32Array(width)
	const fx = new Float32Array(width)
	for (let x = 0; x < width; x++) {
		const u = Math.min(sw - 1, Math.max(0, (x + 0.5) * sx - 0.5))
		x0[x] = sw === 1 ? 0 : Math.min(sw - 2, Math.floor(u))
		fx[x] = sw === 1 ? 0 : u - x0[x]!
	}
	const stepX = sw > 1 ? 1 : 0
	for (let y = 0; y < height; y++) {
		const v = Math.min(sh - 1, Math.max(0, (y + 0.5) * sy - 0.5))
		const j = sh === 1 ? 0 : Math.min(sh - 2, Math.floor(v))
		const fy = sh === 1 ? 0 : v - j
		const r0 = j * sw
		const r1 = sh > 1 ? r0 + sw : r0
		for (let x = 0; x < width; x++) {
			const i = x0[x]!
			const a = z[r0 + i]! + (z[r0 + i + stepX]! - z[r0 + i]!) * fx[x]!
			const b = z[r1 + i]! + (z[r1 + i + stepX]! - z[r1 + i]!) * fx[x]!
			out[y * width + x] = a + (b - a) * fy
		}
	}
	return out
}

/** The model's working size for an image of `width` × `height` pixels at `mpp`. */
export function workSize(width: number, height: number, mpp: number, meta: Pick<CnnMeta, 'workMpp'> = CNN_META) {
	const f = mpp / meta.workMpp
	return { width: Math.max(8, Math.round(width * f)), height: Math.max(8, Math.round(height * f)) }
}

type OrtModule = typeof import('onnxruntime-node')
let session: Promise<{ ort: OrtModule; session: import('onnxruntime-node').InferenceSession }> | undefined

/** The ONNX session, made once per thread (one intra-op thread: the detection pool runs one detection per core). */
function model() {
	session ??= (async () => {
		const ort = await import('onnxruntime-node')
		// beside this module when run from source (the detection workers, scripts); from the server's bundle, the source's copy
		const file = [fileURLToPath(new URL('./lawn-cnn.onnx', import.meta.url)), path.resolve('app/grass/lawn-cnn.onnx')].find((f) => fs.existsSync(f))
		if (!file) throw new Error('The lawn model app/grass/lawn-cnn.onnx is missing.')
		// onnxruntime's memory arena: without it, under the server's MALLOC_MMAP_THRESHOLD_ (server/malloc-env.mjs)
		// every layer's buffers were mapped and faulted in afresh — a pass over 256 × 256 took ~200 ms, over
		// 384 × 384 ~500 ms; with it 19 and 44 ms, the pool's memory with it 1.46× (target 1.5×; docs/decisions.md)
		const s = await ort.InferenceSession.create(file, { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all', enableCpuMemArena: true, enableMemPattern: false })
		return { ort, session: s }
	})()
	return session
}

/**
 * The model's calibrated lawn log-odds (divided by the temperature fitted on
 * the tune split) for `image` at `mpp` metres per pixel, on the model's output
 * grid (half its working resolution); `stretch` takes them to any grid.
 */
export async function cnnLogOdds(image: RgbImage, mpp: number, gate?: RunGate | null): Promise<{ data: Float32Array; width: number; height: number }> {
	const work = workSize(image.width, image.height, mpp)
	const input = toModelInput(image, work.width, work.height)
	// the session's creation and the pass, through the process's gate and the task's (run-gate.ts):
	// no thread is terminated while onnxruntime works for it
	const gates = gate ? [processCnnGate(), gate] : [processCnnGate()]
	const result = await RunGate.through(gates, async () => {
		const { ort, session } = await model()
		return session.run({ image: new ort.Tensor('float32', input, [1, 3, work.height, work.width]) })
	})
	const logits = result.logits!
	const [, classes, height, width] = logits.dims as number[]
	const z = lawnLogOdds(logits.data as Float32Array, classes!, width!, height!)
	const scale = 1 / CNN_META.temperature
	for (let i = 0; i < z.length; i++) z[i]! *= scale
	return { data: z, width: width!, height: height! }
}

/** Lawn where the probability is above the threshold chosen on the tune split; fragments and holes under 50 sq ft go. */
export function lawnMask(probability: Float32Array, width: number, height: number, mpp: number, threshold = CNN_META.threshold): Mask {
	const data = new Uint8Array(width * height)
	for (let i = 0; i < data.length; i++) data[i] = probability[i]! > threshold ? 1 : 0
	const mask = { width, height, data }
	const minPixels = MIN_FRAGMENT_M2 / (mpp * mpp)
	removeSmallRegions(mask, minPixels)
	fillSmallHoles(mask, minPixels)
	return mask
}

/** The candidate's calibrated lawn probability per pixel of `image` and its cleaned-up lawn mask. */
export async function cnnLawn(image: RgbImage, mpp: number): Promise<{ probability: Float32Array; lawn: Mask }> {
	const z = await cnnLogOdds(image, mpp)
	const probability = stretch(z.data, z.width, z.height, image.width, image.height)
	for (let i = 0; i < probability.length; i++) probability[i] = 1 / (1 + Math.exp(-probability[i]!))
	return { probability, lawn: lawnMask(probability, image.width, image.height, mpp) }
}
