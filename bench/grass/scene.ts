// Procedural suburban yard scenes with per-pixel truth, rendered the way
// aerial imagery looks at web-mercator zoom 19/20: streets, sidewalks, lots with
// houses (pitched roofs), driveways, walkways, mulch beds with shrubs, trees
// with textured crowns, pools, bare soil, lawns with mowing stripes and dry
// patches, sun-angle shadows, haze/colour cast, sensor noise, blur and JPEG.
// The same (seed, options) always gives the same scene.
import sharp from 'sharp'
import { rng } from '../../app/grass/raster.ts'
import type { RgbImage } from '../../app/lib/rgb-image.ts'
import { metresPerPixel } from '../../app/lib/web-mercator.ts'

export const CLASS = {
	LAWN: 0,
	DRY: 1,
	SOIL: 2,
	MULCH: 3,
	STREET: 4,
	CONCRETE: 5,
	ASPHALT: 6,
	ROOF: 7,
	WATER: 8,
	TREE: 9,
	SHRUB: 10,
	LINE: 11,
} as const

/** Which excluded-feature group each class belongs to (lawn classes: null). */
export const CLASS_GROUP: readonly (string | null)[] = [
	null,
	null,
	'bare_soil',
	'bare_soil',
	'pavement',
	'pavement',
	'pavement',
	'building',
	'water',
	'tree_canopy',
	'tree_canopy',
	'pavement',
]

export type Ood = 'smooth-trees' | 'dark-shadows' | 'dormant' | 'haze' | 'low-res'

export type SceneOptions = {
	seed: number
	zoom: 19 | 20
	size?: number
	ood?: Ood | null
	center?: { lat: number; lng: number }
	/** skip JPEG/blur/noise (unit tests that want exact colours) */
	clean?: boolean
	/** training augmentation only (never set for tuning/test/OOD scenes): shadows this many times darker or lighter */
	shadowScale?: number
	/** training augmentation only (season): lawns this far from green to straw (0–1) instead of the usual 0–0.35; the layout is the seed's own */
	dormancy?: number
	/** training augmentation only (haze): a veil this thick (0–1) with the haze suite's colour cast, instead of the usual 0–0.08; the layout is the seed's own */
	haze?: number
}

export type Scene = {
	image: RgbImage
	/** 1 where the ground truth is lawn (grass, including dry/dormant and shaded grass) */
	truth: Uint8Array
	classes: Uint8Array
	center: { lat: number; lng: number }
	zoom: number
	mpp: number
	jpegQuality: number
	/** the JPEG bytes of `image` (what a tile server would serve) */
	jpeg: Buffer
}

type Rgb = [number, number, number]

// ---- noise -----------------------------------------------------------------

function hash2(ix: number, iy: number, seed: number): number {
	let h = (Math.imul(ix, 374761393) + Math.imul(iy, 668265263) + Math.imul(seed, 2147483647)) | 0
	h = Math.imul(h ^ (h >>> 13), 1274126177)
	h ^= h >>> 16
	return (h >>> 0) / 4294967296
}

/** Smooth value noise in [0,1] with features of about `scale` metres. */
function noise(u: number, v: number, scale: number, seed: number): number {
	const x = u / scale
	const y = v / scale
	const ix = Math.floor(x)
	const iy = Math.floor(y)
	const fx = x - ix
	const fy = y - iy
	const sx = fx * fx * (3 - 2 * fx)
	const sy = fy * fy * (3 - 2 * fy)
	const a = hash2(ix, iy, seed)
	const b = hash2(ix + 1, iy, seed)
	const c = hash2(ix, iy + 1, seed)
	const d = hash2(ix + 1, iy + 1, seed)
	return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy
}

const fractal = (u: number, v: number, scale: number, seed: number) =>
	0.6 * noise(u, v, scale, seed) + 0.3 * noise(u, v, scale / 2.1, seed + 17) + 0.1 * noise(u, v, scale / 4.3, seed + 31)

// ---- scene objects -----------------------------------------------------------

type Obj = {
	cls: number
	colour: Rgb
	seed: number
	/** trees/shrubs: centre and radius; roofs: ridge orientation */
	cu?: number
	cv?: number
	r?: number
	ridgeAlongU?: boolean
	u0?: number
	u1?: number
	v0?: number
	v1?: number
	texture?: number
}

const LEVEL_ROOF = 1
const LEVEL_TREE = 2

export async function generateScene(options: SceneOptions): Promise<Scene> {
	const size = options.size ?? 768
	const ood = options.ood ?? null
	const rand = rng(options.seed * 7919 + (options.zoom === 19 ? 1 : 0) * 104729 + 12345)
	const between = (a: number, b: number) => a + (b - a) * rand()
	const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!
	const jitter = (c: Rgb, amount: number): Rgb => {
		const k = 1 + (rand() - 0.5) * 2 * amount
		return [c[0] * k * (1 + (rand() - 0.5) * 0.08), c[1] * k * (1 + (rand() - 0.5) * 0.08), c[2] * k * (1 + (rand() - 0.5) * 0.08)]
	}

	const center = options.center ?? { lat: between(29, 46), lng: between(-121, -75) }
	const mpp = metresPerPixel(center.lat, options.zoom)
	const W = size
	const H = size
	const theta = between(0, Math.PI)
	const cos = Math.cos(theta)
	const sin = Math.sin(theta)

	// sun: azimuth (direction the light comes from) and how long shadows are per metre of height
	const sunAz = between(0, 2 * Math.PI)
	const shadowPerMetre = Math.tan((between(25, 60) * Math.PI) / 180)
	const sunU = Math.cos(sunAz)
	const sunV = Math.sin(sunAz)
	const shadowFactor = (ood === 'dark-shadows' ? between(0.14, 0.24) : between(0.38, 0.6)) * (options.shadowScale ?? 1)

	const drawnDormancy = ood === 'dormant' ? between(0.75, 1) : between(0, 0.35)
	const dormancy = options.dormancy ?? drawnDormancy
	const green: Rgb = jitter(pick<Rgb>([[78, 118, 52], [88, 125, 58], [70, 108, 50], [95, 128, 62]]), 0.1)
	const straw: Rgb = jitter([172, 156, 100], 0.08)
	const lawnBase: Rgb = [0, 1, 2].map((i) => green[i]! * (1 - dormancy) + straw[i]! * dormancy) as Rgb
	const stripeAmp = between(0.03, 0.09)
	const stripeWidth = between(0.7, 1.5)
	const stripeAngle = between(0, Math.PI)
	const treeTexture = ood === 'smooth-trees' ? between(0.02, 0.05) : between(0.25, 0.45)

	// layout in scene metres (u along streets, v across), origin at the image centre
	const classes = new Uint8Array(W * H) // starts as lawn
	const objectOf = new Int32Array(W * H).fill(-1)
	const level = new Uint8Array(W * H)
	const shadow = new Uint8Array(W * H)
	const objects: Obj[] = []
	const extent = (Math.max(W, H) * mpp) / 2 + 40

	const toPixel = (u: number, v: number) => {
		const dx = u * cos - v * sin
		const dy = u * sin + v * cos
		return { x: dx / mpp + W / 2, y: dy / mpp + H / 2 }
	}
	const toScene = (x: number, y: number) => {
		const dx = (x + 0.5 - W / 2) * mpp
		const dy = (y + 0.5 - H / 2) * mpp
		return { u: dx * cos + dy * sin, v: -dx * sin + dy * cos }
	}
	const bboxLoop = (u0: number, u1: number, v0: number, v1: number, fn: (i: number, u: number, v: number) => void) => {
		const corners = [toPixel(u0, v0), toPixel(u1, v0), toPixel(u0, v1), toPixel(u1, v1)]
		const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x))))
		const x1 = Math.min(W - 1, Math.ceil(Math.max(...corners.map((c) => c.x))))
		const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y))))
		const y1 = Math.min(H - 1, Math.ceil(Math.max(...corners.map((c) => c.y))))
		for (let y = y0; y <= y1; y++) {
			for (let x = x0; x <= x1; x++) {
				const { u, v } = toScene(x, y)
				fn(y * W + x, u, v)
			}
		}
	}
	const addObject = (o: Obj) => objects.push(o) - 1
	const paintRect = (u0: number, u1: number, v0: number, v1: number, obj: Obj, lvl = 0) => {
		const id = addObject({ ...obj, u0, u1, v0, v1 })
		bboxLoop(u0, u1, v0, v1, (i, u, v) => {
			if (u >= u0 && u <= u1 && v >= v0 && v <= v1 && level[i]! <= lvl) {
				classes[i] = obj.cls
				objectOf[i] = id
				level[i] = lvl
			}
		})
	}
	const paintBlob = (cu: number, cv: number, r: number, wobble: number, obj: Obj, lvl = 0, rx = 1, ry = 1) => {
		const id = addObject({ ...obj, cu, cv, r })
		const seed = obj.seed
		bboxLoop(cu - r * 1.3 * rx, cu + r * 1.3 * rx, cv - r * 1.3 * ry, cv + r * 1.3 * ry, (i, u, v) => {
			const du = (u - cu) / rx
			const dv = (v - cv) / ry
			const a = Math.atan2(dv, du)
			const edge = r * (1 + wobble * (noise(Math.cos(a) * 3, Math.sin(a) * 3, 1, seed) - 0.5) * 2)
			if (du * du + dv * dv <= edge * edge && level[i]! <= lvl) {
				classes[i] = obj.cls
				objectOf[i] = id
				level[i] = lvl
			}
		})
	}
	const castRect = (u0: number, u1: number, v0: number, v1: number, height: number, caster: number) => {
		const len = height * shadowPerMetre
		const steps = Math.max(2, Math.ceil(len / (mpp * 2)))
		const su = -sunU * len
		const sv = -sunV * len
		const lo = { u: Math.min(u0, u0 + su), v: Math.min(v0, v0 + sv) }
		const hi = { u: Math.max(u1, u1 + su), v: Math.max(v1, v1 + sv) }
		bboxLoop(lo.u, hi.u, lo.v, hi.v, (i, u, v) => {
			for (let s = 0; s <= steps; s++) {
				const t = s / steps
				const pu = u - su * t
				const pv = v - sv * t
				if (pu >= u0 && pu <= u1 && pv >= v0 && pv <= v1) {
					shadow[i] = Math.max(shadow[i]!, caster)
					return
				}
			}
		})
	}
	const castCircle = (cu: number, cv: number, r: number, height: number, caster: number) => {
		const len = height * shadowPerMetre
		const su = cu - sunU * len
		const sv = cv - sunV * len
		// the crown's shadow plus the trunk's thin line back to the tree
		bboxLoop(Math.min(cu, su) - r, Math.max(cu, su) + r, Math.min(cv, sv) - r, Math.max(cv, sv) + r, (i, u, v) => {
			const du = u - su
			const dv = v - sv
			if (du * du + dv * dv <= r * r * 0.9) shadow[i] = Math.max(shadow[i]!, caster)
		})
	}

	// streets every block, lots on both sides
	const blockDepth = between(62, 80)
	const streetWidth = between(7, 10)
	const firstStreet = between(-blockDepth / 2, blockDepth / 2)
	const roofPalette: Rgb[] = [[96, 96, 100], [70, 70, 76], [120, 98, 84], [150, 82, 62], [150, 150, 148], [108, 88, 70]]
	const mulchPalette: Rgb[] = [[95, 62, 42], [70, 48, 36], [122, 70, 52], [150, 145, 138], [60, 52, 46]]
	const streetColour = jitter([80, 80, 84], 0.12)
	const concreteColour = jitter([190, 188, 182], 0.08)
	const soilColour = jitter([138, 110, 82], 0.1)
	let objSeed = options.seed * 1000

	for (let k = -4; k <= 4; k++) {
		const sv = firstStreet + k * blockDepth
		if (sv < -extent - blockDepth || sv > extent + blockDepth) continue
		paintRect(-extent, extent, sv - streetWidth / 2, sv + streetWidth / 2, { cls: CLASS.STREET, colour: streetColour, seed: objSeed++ })
		if (rand() < 0.7) {
			const lineColour: Rgb = rand() < 0.6 ? [205, 172, 64] : [222, 222, 215]
			paintRect(-extent, extent, sv - 0.08, sv + 0.08, { cls: CLASS.LINE, colour: lineColour, seed: objSeed++ })
		}
		for (const side of [-1, 1]) {
			const curb = between(1, 3)
			const walk = rand() < 0.85 ? between(1.2, 1.8) : 0
			const frontEdge = sv + side * (streetWidth / 2 + curb + walk) // where lots begin
			if (walk > 0) {
				const a = sv + side * (streetWidth / 2 + curb)
				paintRect(-extent, extent, Math.min(a, frontEdge), Math.max(a, frontEdge), { cls: CLASS.CONCRETE, colour: jitter(concreteColour, 0.04), seed: objSeed++ })
			}
			const lotDepth = blockDepth / 2 - streetWidth / 2 - curb - walk
			let lu = -extent + between(0, 20)
			while (lu < extent) {
				const lotWidth = between(18, 30)
				const lotLawn = jitter([1, 1, 1], 0.05)
				// each lot its own lawn shade: an object covering the lot
				const lotId = addObject({ cls: CLASS.LAWN, colour: [lawnBase[0] * lotLawn[0], lawnBase[1] * lotLawn[1], lawnBase[2] * lotLawn[2]], seed: objSeed++ })
				const far = frontEdge + side * lotDepth
				bboxLoop(lu, lu + lotWidth, Math.min(frontEdge, far), Math.max(frontEdge, far), (i, u, v) => {
					if (u >= lu && u <= lu + lotWidth && (v - frontEdge) * side >= 0 && (far - v) * side >= 0 && objectOf[i] === -1) objectOf[i] = lotId
				})
				const vAt = (d: number) => frontEdge + side * d // depth into the lot → v
				const span = (d0: number, d1: number) => [Math.min(vAt(d0), vAt(d1)), Math.max(vAt(d0), vAt(d1))] as const

				// dry patches and bare soil first (ground level)
				for (let n = Math.floor(between(0, 5)); n > 0; n--) {
					paintBlob(lu + between(2, lotWidth - 2), vAt(between(2, lotDepth - 2)), between(0.8, 3.5), 0.35, { cls: CLASS.DRY, colour: straw, seed: objSeed++ }, 0, between(0.7, 1.4), between(0.7, 1.4))
				}
				if (rand() < 0.2) paintBlob(lu + between(3, lotWidth - 3), vAt(between(lotDepth * 0.6, lotDepth - 3)), between(1.5, 4), 0.3, { cls: CLASS.SOIL, colour: jitter(soilColour, 0.06), seed: objSeed++ })

				// house, driveway, walk, beds
				const hw = between(9, Math.max(10, Math.min(17, lotWidth - 7)))
				const hd = between(8, 14)
				const setback = between(6, 12)
				const hu0 = lu + between(2.5, Math.max(3, lotWidth - hw - 4))
				const [hv0, hv1] = span(setback, Math.min(lotDepth - 4, setback + hd))
				const driveLeft = rand() < 0.5
				const dw = between(3, 5.5)
				const du0 = driveLeft ? Math.max(lu + 0.5, hu0 - dw - between(0, 1)) : hu0 + hw + between(0, 1)
				const driveMaterial = rand() < 0.65 ? { cls: CLASS.CONCRETE, colour: jitter(concreteColour, 0.06) } : { cls: CLASS.ASPHALT, colour: jitter([88, 86, 88], 0.1) }
				const [dv0, dv1] = span(-(walk + curb + 0.2), setback + hd * 0.6)
				paintRect(du0, du0 + dw, dv0, dv1, { ...driveMaterial, seed: objSeed++ })
				if (rand() < 0.5) {
					const wu = hu0 + hw * between(0.3, 0.7)
					const [wv0, wv1] = span(0, setback)
					paintRect(wu - 0.6, wu + 0.6, wv0, wv1, { cls: CLASS.CONCRETE, colour: jitter(concreteColour, 0.05), seed: objSeed++ })
				}
				const mulch = jitter(pick(mulchPalette), 0.08)
				if (rand() < 0.75) {
					const bedDepth = between(1, 2.5)
					const [bv0, bv1] = span(setback - bedDepth, setback)
					paintRect(hu0, hu0 + hw, bv0, bv1, { cls: CLASS.MULCH, colour: mulch, seed: objSeed++ })
					for (let su = hu0 + between(0.5, 1.5); su < hu0 + hw - 0.5; su += between(1.5, 3)) {
						paintBlob(su, (bv0 + bv1) / 2, between(0.5, 1.1), 0.25, { cls: CLASS.SHRUB, colour: jitter([42, 72, 40], 0.15), seed: objSeed++, texture: 0.25 }, 0)
					}
				}
				if (rand() < 0.3) {
					const bu = lu + between(1, lotWidth - 6)
					const [bv0, bv1] = span(lotDepth - between(2, 4), lotDepth - 0.5)
					paintRect(bu, bu + between(3, 6), bv0, bv1, { cls: CLASS.MULCH, colour: jitter(pick(mulchPalette), 0.08), seed: objSeed++ })
				}
				if (rand() < 0.25 && lotDepth - (setback + hd) > 9) {
					const pw = between(4, 6)
					const pl = between(7, Math.min(12, lotWidth - 6))
					const pu = lu + between(2, Math.max(2.5, lotWidth - pl - 4))
					const [pv0, pv1] = span(setback + hd + 2, setback + hd + 2 + pw + 2.4)
					paintRect(pu, pu + pl + 2.4, pv0, pv1, { cls: CLASS.CONCRETE, colour: jitter(concreteColour, 0.05), seed: objSeed++ })
					paintRect(pu + 1.2, pu + pl + 1.2, pv0 + 1.2, pv1 - 1.2, { cls: CLASS.WATER, colour: jitter([70, 168, 196], 0.1), seed: objSeed++ })
				}
				const roofColour = jitter(pick(roofPalette), 0.1)
				const ridgeAlongU = hw >= hd
				const height = between(4.5, 8)
				paintRect(hu0, hu0 + hw, hv0, hv1, { cls: CLASS.ROOF, colour: roofColour, seed: objSeed++, ridgeAlongU }, LEVEL_ROOF)
				castRect(hu0, hu0 + hw, hv0, hv1, height, LEVEL_ROOF)
				if (rand() < 0.4) {
					// an L wing
					const ww = between(4, 7)
					const [wv0, wv1] = span(setback + hd * 0.3, Math.min(lotDepth - 3, setback + hd + between(2, 6)))
					const wu = rand() < 0.5 ? hu0 : hu0 + hw - ww
					paintRect(wu, wu + ww, wv0, wv1, { cls: CLASS.ROOF, colour: roofColour, seed: objSeed++, ridgeAlongU: false }, LEVEL_ROOF)
					castRect(wu, wu + ww, wv0, wv1, height * 0.9, LEVEL_ROOF)
				}
				// trees, painted last: crowns cover whatever is below
				for (let n = Math.floor(between(0, 3.6)); n > 0; n--) {
					const r = between(2, 6)
					const tu = lu + between(0, lotWidth)
					const tv = vAt(between(-curb - walk + 0.5, lotDepth))
					const tColour = jitter(pick<Rgb>([[46, 76, 38], [56, 86, 42], [40, 66, 46], [66, 88, 44]]), 0.12)
					paintBlob(tu, tv, r, 0.18, { cls: CLASS.TREE, colour: tColour, seed: objSeed++, texture: treeTexture }, LEVEL_TREE)
					castCircle(tu, tv, r, between(6, 15), LEVEL_TREE)
				}
				lu += lotWidth
			}
		}
	}

	// ---- colour ----------------------------------------------------------------
	const raw = new Float32Array(W * H * 3)
	const stripeCos = Math.cos(stripeAngle)
	const stripeSin = Math.sin(stripeAngle)
	const lawnTex = options.seed * 31 + 7
	for (let y = 0; y < H; y++) {
		for (let x = 0; x < W; x++) {
			const i = y * W + x
			const { u, v } = toScene(x, y)
			const cls = classes[i]!
			const id = objectOf[i]!
			const obj = id >= 0 ? objects[id]! : undefined
			let c: Rgb
			let k = 1
			if (cls === CLASS.LAWN || cls === CLASS.DRY) {
				const lawnObj = obj && obj.cls === CLASS.LAWN ? obj : undefined
				const base = lawnObj?.colour ?? lawnBase
				c = [base[0], base[1], base[2]]
				if (cls === CLASS.DRY) {
					const t = 0.45 + 0.45 * noise(u, v, 1.2, obj?.seed ?? 1)
					c = [c[0] * (1 - t) + straw[0] * t, c[1] * (1 - t) + straw[1] * t, c[2] * (1 - t) + straw[2] * t]
				}
				const proj = u * stripeCos + v * stripeSin
				k *= 1 + stripeAmp * Math.tanh(3 * Math.sin((Math.PI * proj) / stripeWidth))
				k *= 0.94 + 0.12 * noise(u, v, 5, lawnTex)
				k *= 0.93 + 0.14 * noise(u, v, 0.18, lawnTex + 1)
			} else if (cls === CLASS.TREE || cls === CLASS.SHRUB) {
				const o = obj!
				c = [o.colour[0], o.colour[1], o.colour[2]]
				const du = (u - o.cu!) / o.r!
				const dv = (v - o.cv!) / o.r!
				const d2 = Math.min(1, du * du + dv * dv)
				const nz = Math.sqrt(1 - d2)
				const lit = Math.max(0, du * sunU + dv * sunV) * 0.7 + nz * 0.6
				k *= 0.55 + 0.55 * lit
				const tex = o.texture ?? 0.3
				const clumps = fractal(u, v, cls === CLASS.TREE ? 0.9 : 0.35, o.seed)
				k *= 1 - tex + 2 * tex * clumps
			} else if (cls === CLASS.ROOF) {
				const o = obj!
				c = [o.colour[0], o.colour[1], o.colour[2]]
				const across = o.ridgeAlongU ? v - (o.v0! + o.v1!) / 2 : u - (o.u0! + o.u1!) / 2
				const facing = o.ridgeAlongU ? sunV : sunU
				k *= across * facing > 0 ? 1.1 : 0.84
				const along = o.ridgeAlongU ? v : u
				k *= 1 + 0.05 * Math.sin((2 * Math.PI * along) / 0.34)
				k *= 0.95 + 0.1 * noise(u, v, 0.5, o.seed)
			} else if (cls === CLASS.WATER) {
				const o = obj!
				c = [o.colour[0], o.colour[1], o.colour[2]]
				k *= 0.93 + 0.12 * noise(u, v, 0.6, o.seed)
			} else {
				const o = obj!
				c = [o.colour[0], o.colour[1], o.colour[2]]
				const grain = cls === CLASS.MULCH ? 0.22 : cls === CLASS.SOIL ? 0.14 : 0.06
				k *= 1 - grain / 2 + grain * noise(u, v, cls === CLASS.MULCH ? 0.15 : 0.4, o.seed)
				if (cls === CLASS.STREET) k *= 0.94 + 0.12 * noise(u, v, 3, o.seed + 5)
			}
			const shaded = shadow[i]! > level[i]!
			const o3 = i * 3
			if (shaded) {
				raw[o3] = c[0] * k * shadowFactor * 0.88
				raw[o3 + 1] = c[1] * k * shadowFactor * 0.95
				raw[o3 + 2] = c[2] * k * shadowFactor * 1.15
			} else {
				raw[o3] = c[0] * k
				raw[o3 + 1] = c[1] * k
				raw[o3 + 2] = c[2] * k
			}
		}
	}

	// atmosphere and camera: colour cast + haze, noise
	const drawnHaze = ood === 'haze' ? between(0.2, 0.35) : between(0, 0.08)
	const haze = options.haze ?? drawnHaze
	const castSpread = ood === 'haze' || options.haze !== undefined ? 0.2 : 0.05
	const gains: Rgb = [1 + (rand() - 0.5) * 2 * castSpread, 1 + (rand() - 0.5) * 2 * castSpread, 1 + (rand() - 0.5) * 2 * castSpread]
	const hazeColour: Rgb = [between(190, 215), between(195, 215), between(205, 230)]
	const noiseSigma = options.clean ? 0 : between(1.5, 4)
	const pixels = Buffer.alloc(W * H * 3)
	const nrand = rng(options.seed + 99)
	for (let i = 0; i < W * H * 3; i++) {
		const ch = i % 3
		let value = raw[i]! * gains[ch]! * (1 - haze) + hazeColour[ch]! * haze
		if (noiseSigma) {
			const g = Math.sqrt(-2 * Math.log(nrand() + 1e-12)) * Math.cos(2 * Math.PI * nrand())
			value += g * noiseSigma
		}
		pixels[i] = Math.max(0, Math.min(255, Math.round(value)))
	}

	const jpegQuality = Math.round(between(30, 90))
	let pipeline = sharp(pixels, { raw: { width: W, height: H, channels: 3 } })
	if (!options.clean) {
		if (ood === 'low-res') {
			const factor = between(2.5, 3.5)
			const small = await pipeline.resize(Math.round(W / factor), Math.round(H / factor), { kernel: 'cubic' }).raw().toBuffer()
			pipeline = sharp(small, { raw: { width: Math.round(W / factor), height: Math.round(H / factor), channels: 3 } }).resize(W, H, { kernel: 'cubic' })
		} else {
			pipeline = pipeline.blur(between(0.4, 1.0))
		}
	}
	const jpeg = await pipeline.jpeg({ quality: options.clean ? 100 : jpegQuality, chromaSubsampling: options.clean ? '4:4:4' : '4:2:0' }).toBuffer()
	const decoded = options.clean ? pixels : await sharp(jpeg).removeAlpha().raw().toBuffer()
	const truth = new Uint8Array(W * H)
	for (let i = 0; i < W * H; i++) truth[i] = classes[i] === CLASS.LAWN || classes[i] === CLASS.DRY ? 1 : 0
	return {
		image: { width: W, height: H, data: new Uint8Array(decoded.buffer, decoded.byteOffset, W * H * 3) },
		truth,
		classes,
		center,
		zoom: options.zoom,
		mpp,
		jpegQuality: options.clean ? 100 : jpegQuality,
		jpeg,
	}
}
