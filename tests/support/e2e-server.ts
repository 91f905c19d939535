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
import { startMailReceiver } from './mail-receiver.ts'
import { startTileServer } from './tile-server.ts'
import { E2E_ENV_FILE, E2E_PORT } from './e2e-env.ts'

const dataDir = path.resolve('tmp/e2e-data')
fs.rmSync(dataDir, { recursive: true, force: true })
fs.mkdirSync(dataDir, { recursive: true })

const db = await prepareDatabase({ dataDir, quiet: true, durable: false })
await seedIfEmpty({ demo: true })
const mail = await startMailReceiver()
const tiles = await startTileServer()

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

const baseURL = `http://127.0.0.1:${E2E_PORT}`
fs.writeFileSync(E2E_ENV_FILE, JSON.stringify({ databaseUrl: db.url, mailApi: `http://127.0.0.1:${mailApiPort}`, baseURL, tiles: tiles.base }))

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
		SATELLITE_TILE_URL: tiles.template('satellite'),
		HYBRID_TILE_URL: tiles.template('hybrid'),
		TERRAIN_TILE_URL: tiles.template('terrain'),
		ROADMAP_TILE_URL: tiles.template('roadmap'),
		TILE_CACHE_DIR: path.join(dataDir, 'tiles'),
		RATE_LIMIT_MULTIPLIER: '1',
		// each test sends its own X-Forwarded-For (tests/support/fixtures.ts), so
		// per-IP rate limits are real but scoped to one test
		TRUST_PROXY: 'true',
	},
})

async function stop() {
	app.kill('SIGTERM')
	mailApi.close()
	await mail.close()
	await tiles.close()
	await db.stop()
	process.exit(0)
}
app.on('exit', (code) => {
	if (code) console.error(`app server exited with ${code}`)
	void stop()
})
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
