// Detection end to end through the imagery integration (a local XYZ tile
// server cut from generated scenes), learning from a verified correction, and
// cancellation between steps. Real PostgreSQL (tests/setup).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { generateScene, type Scene } from '../../bench/grass/scene.ts'
import { startTileServer, type TileServer } from '../../tests/support/tile-server.ts'
import { propertyRoi } from './detect.ts'
import { groundPixelAreaM2, project } from '~/lib/web-mercator.ts'
import { SQFT_PER_M2, toGeoPolygons, traceMask } from './vectorize.ts'

// two dormant-lawn yards 220 m apart: the same learning cell
const HERE = { lat: 39.7342, lng: -104.9853 }
const NEARBY = { lat: 39.7362, lng: -104.9853 }
let tiles: TileServer
let here: Scene
let nearby: Scene
let cacheDir: string
let modules: {
	pipeline: typeof import('./pipeline.server.ts')
	learning: typeof import('./learning.server.ts')
	db: typeof import('~/db.server.ts')
}

beforeAll(async () => {
	here = await generateScene({ seed: 501, zoom: 20, ood: 'dormant', center: HERE })
	nearby = await generateScene({ seed: 502, zoom: 20, ood: 'dormant', center: NEARBY })
	tiles = await startTileServer({ scenes: [here, nearby], misbehave: [{ center: { lat: 44, lng: -100 }, behaviour: 'hang' }] })
	cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-tiles-'))
	// env is read once, on first use: set it before the modules load
	process.env.SATELLITE_TILE_URL = tiles.template
	process.env.TILE_CACHE_DIR = cacheDir
	process.env.TILE_FETCH_TIMEOUT_MS = '800'
	modules = { pipeline: await import('./pipeline.server.ts'), learning: await import('./learning.server.ts'), db: await import('~/db.server.ts') }
})

afterAll(async () => {
	await modules?.db.prisma.aiLearningPattern.deleteMany({ where: { location_area: modules.learning.cellKey(HERE) } })
	await tiles?.close()
	fs.rmSync(cacheDir, { recursive: true, force: true })
})

/** The scene's true lawn in the property window: sq ft and outlines in lat/lng. */
function truthOf(scene: Scene) {
	const { width, height } = scene.image
	const roi = propertyRoi(width, height, scene.mpp)
	const data = new Uint8Array(width * height)
	let pixels = 0
	for (let y = roi.y0; y < roi.y1; y++) for (let x = roi.x0; x < roi.x1; x++) pixels += data[y * width + x] = scene.truth[y * width + x]!
	const c = project(scene.center, scene.zoom)
	const georef = { left: Math.round(c.x - width / 2), top: Math.round(c.y - height / 2), zoom: scene.zoom }
	const outlines = toGeoPolygons(traceMask({ width, height, data }, 0.35), georef)
	return { sqft: pixels * groundPixelAreaM2(scene.center.lat, scene.zoom) * SQFT_PER_M2, outlines }
}

const total = (r: { grassAreas: { area_sqft: number }[] }) => r.grassAreas.reduce((s, a) => s + a.area_sqft, 0)

test('a verified correction moves later detections nearby toward the truth', async () => {
	const { detectGrass } = modules.pipeline
	const truthHere = truthOf(here)
	const truthNearby = truthOf(nearby)
	const before = await detectGrass(NEARBY)
	expect(before.learnedFromSamples).toBe(0)
	const errorBefore = Math.abs(total(before) - truthNearby.sqft)

	const recorded = await modules.learning.recordVerifiedSample({
		center: HERE,
		polygons: truthHere.outlines.map((o) => o.outer),
		holes: truthHere.outlines.flatMap((o) => o.holes),
	})
	expect(recorded).toMatchObject({ locationArea: modules.learning.cellKey(HERE), sampleCount: 1 })
	expect(recorded.agreement).toBeGreaterThan(0)
	const row = await modules.db.prisma.aiLearningPattern.findFirstOrThrow({ where: { location_area: recorded.locationArea } })
	expect(row.sample_count).toBe(1)
	expect(row.accuracy_score).toBeCloseTo(recorded.agreement, 6)

	const after = await detectGrass(NEARBY)
	expect(after.learnedFromSamples).toBe(1)
	const errorAfter = Math.abs(total(after) - truthNearby.sqft)
	expect(errorAfter).toBeLessThan(errorBefore)
}, 90_000) // several whole detections (seconds of CPU each): a machine shared with other work stretches them

test('steps are reported in order and an abort stops the work between steps', async () => {
	const { detectGrass, AI_STEPS } = modules.pipeline
	const seen: string[] = []
	const abort = new AbortController()
	const run = detectGrass(HERE, {
		signal: abort.signal,
		onStep: (index, name) => {
			seen.push(name)
			if (index === 1) abort.abort(new Error('Analysis cancelled'))
		},
	})
	await expect(run).rejects.toThrow('Analysis cancelled')
	expect(seen).toEqual(AI_STEPS.slice(0, 2))
})

test('imagery that never arrives fails with a timeout error, not a hang', async () => {
	const started = Date.now()
	await expect(modules.pipeline.detectGrass({ lat: 44, lng: -100 })).rejects.toMatchObject({ name: 'ImageryError', kind: 'timeout' })
	expect(Date.now() - started).toBeLessThan(5_000)
})
