import { expect, test } from 'vitest'
import { boxMean, halve, rng } from './raster.ts'
import { guidedUpsample, guideOf, upsample } from './segment.ts'

test('the guided filter’s full-resolution pass equals upsampling the coefficients and the guide separately, to the bit', () => {
	const next = rng(21)
	for (const [width, height] of [[40, 30], [7, 5], [2, 9], [1, 1]] as const) {
		const image = { width, height, data: Uint8Array.from({ length: width * height * 3 }, () => Math.floor(next() * 256)) }
		const small = halve(image)
		const n = small.width * small.height
		const p = Float32Array.from({ length: n }, () => (next() < 0.5 ? 0.05 : 0.95))
		// the filter written out with full-size arrays
		const I = guideOf(small)
		const Ip = new Float32Array(n)
		const II = new Float32Array(n)
		for (let i = 0; i < n; i++) (Ip[i] = I[i]! * p[i]!), (II[i] = I[i]! * I[i]!)
		const [mI, mp, mIp, mII] = [I, p, Ip, II].map((v) => boxMean(v, small.width, small.height, 1)) as [Float32Array, Float32Array, Float32Array, Float32Array]
		for (let i = 0; i < n; i++) {
			const ai = (mIp[i]! - mI[i]! * mp[i]!) / (mII[i]! - mI[i]! * mI[i]! + 1e-4)
			Ip[i] = ai
			II[i] = mp[i]! - ai * mI[i]!
		}
		const A = upsample(boxMean(Ip, small.width, small.height, 1), small.width, small.height, width, height)
		const B = upsample(boxMean(II, small.width, small.height, 1), small.width, small.height, width, height)
		const full = guideOf(image)
		const want = A.map((a, i) => {
			const q = a * full[i]! + B[i]!
			return q < 0 ? 0 : q > 1 ? 1 : q
		})
		expect(Array.from(guidedUpsample(p, small, image, 1, 1e-4))).toEqual(Array.from(want))
	}
})
