// The whole stack for Playwright, started as its webServer: a fresh embedded
// PostgreSQL (migrated and seeded with demo data), a real SMTP receiver with a
// small HTTP API for reading mail, and the production build of the app.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { seedIfEmpty } from '../../prisma/seed.ts'
import { prepareDatabase } from '../../server/database.ts'
import { freePort } from '../../server/embedded-postgres.ts'
import { propertyRoi } from '../../app/grass/detect.ts'
import { groundPixelAreaM2 } from '../../app/lib/web-mercator.ts'
import { SQFT_PER_M2 } from '../../app/grass/vectorize.ts'
import { generateScene } from '../../bench/grass/scene.ts'
import { startMailReceiver } from './mail-receiver.ts'
import { E2E_ENV_FILE, E2E_PORT, type GrassFixture } from './e2e-env.ts'
import { startCensusServer } from './census-server.ts'
import { startLayerTileServer } from './layer-tile-server.ts'
import { deepLawnPoints, REAL_CROP, realScene } from './real-scene.ts'
import { startTileServer } from './tile-server.ts'

const dataDir = path.resolve('tmp/e2e-data')
fs.rmSync(dataDir, { recursive: true, force: true })
fs.mkdirSync(dataDir, { recursive: true })

const db = await prepareDatabase({ dataDir, quiet: true, durable: false })
await seedIfEmpty({ demo: true })
const mail = await startMailReceiver()
// hybrid, terrain and roadmap: plain layers, one colour each
const layers = await startLayerTileServer()

// street addresses: a local server speaking the US Census geocoder's protocol
// (the default geocoding chain), never the real one
const census = await startCensusServer()

const mailApiPort = await freePort()
const mailApi = http.createServer((req, res) => {
	const url = new URL(req.url ?? '/', 'http://localhost')
	if (req.method === 'DELETE') {
		mail.messages.length = 0
		res.writeHead(204).end()
		return
	}
	const to = url.searchParams.get('to')?.toLowerCase()
	const list = to ? mail.messages.filter((m) => m.to.includes(to)) : mail.messages
	res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list))
})
await new Promise<void>((resolve) => mailApi.listen(mailApiPort, '127.0.0.1', resolve))

// satellite imagery: a local XYZ tile server cut from a generated yard scene
const scene = await generateScene({ seed: 4242, zoom: 20, center: { lat: 39.7392, lng: -104.9903 } })
const roi = propertyRoi(scene.image.width, scene.image.height, scene.mpp)
let truthPixels = 0
for (let y = roi.y0; y < roi.y1; y++) for (let x = roi.x0; x < roi.x1; x++) truthPixels += scene.truth[y * scene.image.width + x]!
// and a real labelled crop (Long Beach, the test split; REAL_CROP says why this one)
const real = await realScene(REAL_CROP).catch((error: Error) => ({ error: error.message }))
const grass: GrassFixture = {
	center: scene.center,
	truthSqft: truthPixels * groundPixelAreaM2(scene.center.lat, scene.zoom) * SQFT_PER_M2,
	garbageCenter: { lat: 38.5, lng: -98.5 },
	errorCenter: { lat: 35.1, lng: -90.1 },
	hangCenter: { lat: 41.2, lng: -100.3 },
	real: 'error' in real ? real : { name: real.name, center: real.center, truthSqft: real.truthSqft, deepLawn: deepLawnPoints(real).map(({ lat, lng }) => ({ lat, lng })) },
}
const tiles = await startTileServer({
	scenes: 'error' in real ? [scene] : [scene, real],
	misbehave: [
		{ center: grass.garbageCenter, behaviour: 'garbage' },
		{ center: grass.errorCenter, behaviour: 'error' },
		{ center: grass.hangCenter, behaviour: 'hang' },
	],
})

const baseURL = `http://127.0.0.1:${E2E_PORT}`
fs.writeFileSync(E2E_ENV_FILE, JSON.stringify({ databaseUrl: db.url, mailApi: `http://127.0.0.1:${mailApiPort}`, baseURL, grass, tiles: layers.base, satelliteTiles: tiles.url }))

const app = spawn(path.resolve('node_modules/.bin/tsx'), ['server/index.ts'], {
	stdio: 'inherit',
	env: {
		...process.env,
		NODE_ENV: 'production',
		DATABASE_URL: db.url,
		SESSION_SECRET: 'e2e-session-secret-0123456789abcdef',
		DATA_DIR: dataDir,
		PORT: String(E2E_PORT),
		HOST: '127.0.0.1',
		APP_URL: baseURL,
		SMTP_URL: mail.url,
		// imagery from the local tile server, never from the internet
		HYBRID_TILE_URL: layers.template('hybrid'),
		TERRAIN_TILE_URL: layers.template('terrain'),
		ROADMAP_TILE_URL: layers.template('roadmap'),
		RATE_LIMIT_MULTIPLIER: '1',
		// each test sends its own X-Forwarded-For (tests/support/fixtures.ts), so
		// per-IP rate limits are real but scoped to one test
		TRUST_PROXY: 'true',
		SATELLITE_TILE_URL: tiles.template,
		TILE_CACHE_DIR: path.join(dataDir, 'tiles'),
		TILE_FETCH_TIMEOUT_MS: '1500',
		CENSUS_GEOCODER_URL: census.url,
		GEOCODER_TIMEOUT_MS: '1500',
	},
})

async function stop() {
	app.kill('SIGTERM')
	mailApi.close()
	await tiles.close()
	await layers.close()
	await census.close()
	await mail.close()
	await db.stop()
	process.exit(0)
}
app.on('exit', (code) => {
	if (code) console.error(`app server exited with ${code}`)
	void stop()
})
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
