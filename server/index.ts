// Production server: `npm start` (after a build) or `npm run serve`.
// With no DATABASE_URL it runs on the embedded PostgreSQL under ./data.
import './production-env.ts'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { prepareDatabase } from './database.ts'
import { seedIfEmpty } from '../prisma/seed.ts'

const dataDir = path.resolve(process.env.DATA_DIR ?? 'data')
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '0.0.0.0'

const db = await prepareDatabase({ dataDir })
const seeded = await seedIfEmpty({ demo: db.embedded || process.env.SEED_DEMO === 'true' })
if (seeded) console.log(seeded)

// @ts-expect-error the build output has no types
const build = await import('../build/server/index.js')

const app = express()
app.disable('x-powered-by')
// TRUST_PROXY: "true", or the number of proxies in front of the app (e.g. "1")
const trustProxy = process.env.TRUST_PROXY
if (trustProxy && trustProxy !== 'false') app.set('trust proxy', /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy === 'true')
app.use(compression())
// a reply sent before the request's body arrived (a 401 ahead of a big upload, a 413):
// the rest of that body is never read, so the connection cannot carry another
// request. Say so in the reply; otherwise it was kept alive and reset under the
// client's next request (found by tests/api/fuzz.spec.ts)
app.use((req, res, next) => {
	const writeHead = res.writeHead
	res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
		if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close')
		return writeHead.apply(this, args)
	} as typeof writeHead
	next()
})
// the client address, from our socket (or the proxy chain we trust), never from the client
app.use((req, _res, next) => {
	req.headers['x-yardstick-client-ip'] = req.ip ?? req.socket.remoteAddress ?? 'unknown'
	next()
})
// security headers on every response, and the cross-site check for cookie-authenticated writes
const { getEnv } = await import('../app/env.server.ts')
const { crossSiteRefusal, securityHeaders } = await import('../app/lib/security.ts')
const env = getEnv()
const { getSatelliteImagery } = await import('../app/integrations/satellite.server.ts')
const tileUrls = [...getSatelliteImagery().origins, env.HYBRID_TILE_URL, env.TERRAIN_TILE_URL, env.ROADMAP_TILE_URL]
app.use((req, res, next) => {
	const nonce = randomBytes(16).toString('base64')
	// entry.server.tsx puts the nonce on React Router's scripts; never taken from the client
	req.headers['x-yardstick-csp-nonce'] = nonce
	res.set(securityHeaders({ nonce, production: env.NODE_ENV === 'production', tileUrls, turnstile: Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY) }))
	const refusal = crossSiteRefusal({
		method: req.method,
		host: req.host,
		origin: req.get('origin'),
		referer: req.get('referer'),
		secFetchSite: req.get('sec-fetch-site'),
		cookieAuthenticated: /(?:^|;\s*)ys_session=/.test(req.get('cookie') ?? '') && !/^bearer\s/i.test(req.get('authorization') ?? ''),
	})
	if (refusal) {
		res.status(403).json({ error: 'Cross-site request refused. Please use Yardstick from its own pages.' })
		return
	}
	next()
})
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
// files of build/client; /api/* never is one (no file-system look-up for API calls)
const publicFiles = express.static('build/client', { maxAge: '1h' })
app.use((req, res, next) => (req.path.startsWith('/api/') ? next() : publicFiles(req, res, next)))
app.all('/{*splat}', createRequestHandler({ build, mode: process.env.NODE_ENV }))
// what Express refuses itself (a path with broken percent-encoding, say): JSON under
// /api like every other API error, and never the error's details
app.use((error: { status?: number; statusCode?: number }, req: express.Request, res: express.Response, next: express.NextFunction) => {
	if (res.headersSent) return next(error)
	const status = error.status ?? error.statusCode ?? 500
	const clientError = status >= 400 && status < 500
	if (!clientError) console.error('Unhandled server error', error)
	const message = clientError ? 'Bad request' : 'Something went wrong on our side. Please try again.'
	if (req.path.startsWith('/api/')) res.status(clientError ? status : 500).json({ error: message })
	else res.status(clientError ? status : 500).type('text/plain').send(message)
})

// background jobs (leases in the database keep each to one run across instances)
if (process.env.JOBS !== 'off') {
	// imported only now: the app's database client reads DATABASE_URL, which prepareDatabase sets
	const { scheduledJobs } = await import('../app/jobs/index.server.ts')
	const { startScheduler } = await import('../app/services/jobs.server.ts')
	startScheduler(scheduledJobs)
}

const server = app.listen(port, host, () => {
	console.log(`Yardstick is running on http://localhost:${port}`)
})

let stopping = false
async function shutdown(signal: string) {
	if (stopping) return
	stopping = true
	console.log(`${signal}: shutting down`)
	server.close()
	server.closeAllConnections?.()
	await db.stop().catch((error) => console.error('Database stop failed', error))
	process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
