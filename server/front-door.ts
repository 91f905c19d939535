// The production server's front door: a plain `node:http` listener, our few
// middlewares and React Router's request handler, without Express (issue 20:
// Express + @react-router/express cost about 40 % of the framework's floor per
// request; docs/decisions.md "A lighter front door" has the measurements).
//
// Per request, in order: the `Connection: close` guard for unread bodies, the
// client address (from the socket or the proxies we trust), a CSP nonce and the
// security headers, the cross-site refusal, compression (bodies over 1 kB of
// compressible types), static files of build/client (never for /api/*), the
// shared public pages (server/page-cache.ts), then React Router. Errors the app
// did not answer itself become a 400/500 without details: JSON under /api/,
// plain text elsewhere.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node'
import compression from 'compression'
import proxyaddr from 'proxy-addr'
import { createRequestHandler, type ServerBuild } from 'react-router'
import serveStatic from 'serve-static'
import { BODY_TOO_LARGE, MALFORMED_BODY, UNSUPPORTED_BODY, bodyLimit, pageBodyKind } from '../app/lib/body-limits.ts'
import { sessionCredential } from '../app/lib/credentials.ts'
import { crossSiteRefusal, securityHeadersFor } from '../app/lib/security.ts'
import { cachedPage, rememberPage, sharedPageKey } from './page-cache.ts'

type Next = (error?: unknown) => void
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void

export type FrontDoorOptions = {
	build: ServerBuild
	mode?: string
	/** TRUST_PROXY: "true", or the number of proxies in front of the app (e.g. "1") */
	trustProxy?: string
	production: boolean
	tileUrls: string[]
	/** images loaded straight from a provider besides tiles (Google's logo): CSP img-src only */
	imageUrls?: string[]
	turnstile: boolean
	/** hosted payment pages a form may be redirected to (issue 30) */
	paymentPageUrls?: string[]
	/** build/client */
	publicDir: string
}

/** Which hops of X-Forwarded-For we believe, as Express's `trust proxy` setting did. */
export function trustFunction(setting: string | undefined): (address: string, hop: number) => boolean {
	if (!setting || setting === 'false') return () => false
	if (/^\d+$/.test(setting)) {
		const hops = Number(setting)
		return (_address, hop) => hop < hops
	}
	return () => setting === 'true'
}

/** The first value of a comma-separated forwarding header. */
function firstValue(value: string | string[] | undefined): string | undefined {
	const text = Array.isArray(value) ? value[0] : value
	return text?.split(',')[0]?.trim() || undefined
}

/** host[:port] for the request URL: X-Forwarded-Host only from a trusted proxy, never anything but a host name and port. */
function requestHost(req: IncomingMessage, trusted: boolean): string {
	const raw = (trusted ? firstValue(req.headers['x-forwarded-host']) : undefined) ?? req.headers.host ?? ''
	return /^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.test(raw) ? raw : 'localhost'
}

class BadRequest extends Error {}

/**
 * The body of a request, read whole but never past `limit` bytes: null when it is
 * longer (the rest stays unread; the reply closes the connection).
 */
function readBounded(req: IncomingMessage, limit: number): Promise<Buffer | null> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = []
		let total = 0
		const done = (value: Buffer | null) => {
			req.off('data', onData)
			req.off('end', onEnd)
			req.off('error', onError)
			if (value === null) req.pause()
			resolve(value)
		}
		const onData = (chunk: Buffer) => {
			total += chunk.length
			if (total > limit) return done(null)
			chunks.push(chunk)
		}
		const onEnd = () => done(Buffer.concat(chunks, total))
		const onError = (error: unknown) => {
			req.off('data', onData)
			req.off('end', onEnd)
			reject(error)
		}
		req.on('data', onData)
		req.on('end', onEnd)
		req.on('error', onError)
	})
}

/** After a 413, what we discard of the body (unread, unstored) before we cut the connection. */
const DRAIN_BYTES = 4 * 1024 * 1024
const DRAIN_MS = 10_000

/**
 * 413 before the body is read: JSON under /api/, a short page elsewhere. The rest
 * of the body is discarded, never stored, for at most DRAIN_BYTES or DRAIN_MS: closing
 * at once, with the client still sending, makes the kernel reset the connection and
 * drop our answer before the client reads it; a client that sends more is cut off.
 */
function sendTooLarge(req: IncomingMessage, res: ServerResponse, limitBytes: number) {
	const api = (req.url ?? '').startsWith('/api/')
	const kB = Math.round(limitBytes / 1024)
	const detail = kB >= 1024 ? `${Math.round(kB / 1024)} MB` : `${kB} kB`
	lingering.add(res)
	res.statusCode = 413
	res.setHeader('Cache-Control', 'no-store')
	let drained = 0
	const cut = () => req.socket.destroy()
	const timer = setTimeout(cut, DRAIN_MS)
	timer.unref()
	req.on('data', (chunk: Buffer) => {
		drained += chunk.length
		if (drained > DRAIN_BYTES) cut()
	})
	req.on('end', () => clearTimeout(timer))
	req.on('close', () => clearTimeout(timer))
	req.resume()
	if (api) {
		res.setHeader('Content-Type', 'application/json; charset=utf-8')
		res.end(JSON.stringify({ error: `${BODY_TOO_LARGE} The limit is ${detail}.` }))
		return
	}
	res.setHeader('Content-Type', 'text/html; charset=utf-8')
	res.end(
		`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Too large | Yardstick</title></head><body><main><h1>Too large</h1><p>${BODY_TOO_LARGE} The limit is ${detail}. Please go back and send less.</p><p><a href="/">Go to Home Page</a></p></main></body></html>`,
	)
}
/** Why a page action cannot read this body (null: it can). Uploads' parts are checked by their services. */
async function pageBodyRefusal(pathname: string, contentType: string | undefined, body: Buffer | undefined): Promise<{ status: number; message: string } | null> {
	const kind = pageBodyKind(pathname, contentType)
	if (!kind) return { status: 415, message: UNSUPPORTED_BODY }
	if (!body) return null
	try {
		if (kind === 'json') JSON.parse(body.toString('utf8'))
		else if (kind === 'multipart') await new Response(new Uint8Array(body), { headers: { 'content-type': contentType! } }).formData()
		return null
	} catch {
		return { status: 400, message: MALFORMED_BODY }
	}
}

/** A short page for a refused page post (no stack trace, no log: it is the client's error). */
function sendPlainPage(res: ServerResponse, status: number, message: string) {
	res.statusCode = status
	res.setHeader('Cache-Control', 'no-store')
	res.setHeader('Content-Type', 'text/html; charset=utf-8')
	res.end(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Bad request | Yardstick</title></head><body><main><h1>Bad request</h1><p>${message}</p><p><a href="/">Go to Home Page</a></p></main></body></html>`)
}

/** Replies whose unread body is drained (sendTooLarge), not cut with Connection: close. */
const lingering = new WeakSet<ServerResponse>()

function toFetchRequest(req: IncomingMessage, res: ServerResponse, url: URL, own: Record<string, string>, body?: Buffer): Request {
	const headers = new Headers()
	const raw = req.rawHeaders
	for (let i = 0; i < raw.length; i += 2) {
		const name = raw[i]!
		// our own x-yardstick-* headers are set below, never taken from the client
		if (name.length > 12 && name.slice(0, 12).toLowerCase() === 'x-yardstick-') continue
		headers.append(name, raw[i + 1]!)
	}
	for (const [name, value] of Object.entries(own)) headers.set(name, value)
	const controller = new AbortController()
	res.on('close', () => {
		if (!res.writableFinished) controller.abort()
	})
	const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
	if (body) init.body = new Uint8Array(body) as Uint8Array<ArrayBuffer>
	else if (req.method !== 'GET' && req.method !== 'HEAD') {
		init.body = createReadableStreamFromReadable(req)
		init.duplex = 'half'
	}
	return new Request(url, init)
}

/**
 * A header the route sets replaces the front door's of the same name (a page may
 * loosen its own policy), and one it sets empty removes it (the quote widget's
 * X-Frame-Options); Set-Cookie and a route's repeated headers add up.
 */
function setRouteHeaders(res: ServerResponse, headers: Iterable<[string, string]>) {
	const seen = new Set<string>()
	for (const [name, value] of headers) {
		if (value === '' && !seen.has(name)) res.removeHeader(name)
		else if (name === 'set-cookie' || seen.has(name)) res.appendHeader(name, value)
		else res.setHeader(name, value)
		seen.add(name)
	}
}

async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
	if (res.destroyed || res.writableEnded) {
		await response.body?.cancel()
		return
	}
	res.statusCode = response.status
	if (response.statusText) res.statusMessage = response.statusText
	setRouteHeaders(res, response.headers)
	if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) res.flushHeaders()
	if (!response.body) {
		res.end()
		return
	}
	try {
		await writeReadableStreamToWritable(response.body, res)
	} catch (error) {
		if (!res.destroyed && !res.writableEnded) throw error
	}
}

function sendError(req: IncomingMessage, res: ServerResponse, status: number) {
	if (res.headersSent) {
		res.destroy()
		return
	}
	const clientError = status >= 400 && status < 500
	const message = clientError ? 'Bad request' : 'Something went wrong on our side. Please try again.'
	const api = (req.url ?? '').startsWith('/api/')
	res.statusCode = status
	res.setHeader('Content-Type', api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8')
	res.end(api ? JSON.stringify({ error: message }) : message)
}

export function createFrontDoor(options: FrontDoorOptions): RequestListener {
	const handleRequest = createRequestHandler(options.build, options.mode)
	const trust = trustFunction(options.trustProxy)
	const assets = serveStatic(options.publicDir, { immutable: true, maxAge: '1y', index: false }) as unknown as Middleware
	const publicFiles = serveStatic(options.publicDir, { maxAge: '1h' }) as unknown as Middleware
	const compress = compression() as unknown as Middleware
	const headersFor = securityHeadersFor({ production: options.production, tileUrls: options.tileUrls, imageUrls: options.imageUrls, turnstile: options.turnstile, paymentPageUrls: options.paymentPageUrls })

	async function app(req: IncomingMessage, res: ServerResponse, own: Record<string, string>) {
		let url: URL
		try {
			const trusted = trust(req.socket.remoteAddress ?? '', 0)
			const protocol = (trusted ? firstValue(req.headers['x-forwarded-proto']) : undefined) === 'https' ? 'https' : 'http'
			if (!req.url?.startsWith('/')) throw new BadRequest()
			url = new URL(`${protocol}://${requestHost(req, trusted)}${req.url}`)
			// a broken percent-escape in the path is the client's error (as Express answered it), never a lenient 404
			if (url.pathname.includes('%')) decodeURIComponent(url.pathname)
		} catch {
			throw new BadRequest()
		}
		// every body is bounded before a route reads it (app/lib/body-limits.ts): a declared
		// length over the limit is refused unread; forms and JSON are read here, up to the limit
		let body: Buffer | undefined
		if (req.method !== 'GET' && req.method !== 'HEAD') {
			const limit = bodyLimit(url.pathname)
			if (Number(req.headers['content-length'] ?? '0') > limit.bytes) return sendTooLarge(req, res, limit.bytes)
			if (!limit.stream) {
				const read = await readBounded(req, limit.bytes)
				if (read === null) return sendTooLarge(req, res, limit.bytes)
				body = read
			}
			// a page action gets a form (or JSON where it takes it) it can read, else a 415/400 here
			if (!url.pathname.startsWith('/api/')) {
				const refusal = await pageBodyRefusal(url.pathname, req.headers['content-type'], body)
				if (refusal) return sendPlainPage(res, refusal.status, refusal.message)
			}
		}
		// a public page every visitor without credentials shares: from the cache, else rendered and kept
		const shared = sharedPageKey(req.method ?? 'GET', url, (header) => req.headers[header] !== undefined)
		const nonce = own['x-yardstick-csp-nonce']!
		if (shared) {
			const page = cachedPage(shared, nonce)
			if (page) {
				setRouteHeaders(res, page.headers)
				res.end(page.html)
				return
			}
			own['x-yardstick-shared-page'] = '1'
		}
		const response = await handleRequest(toFetchRequest(req, res, url, own, body))
		if (shared && response.body) {
			const html = await response.text()
			rememberPage(shared, response, html, nonce)
			await sendFetchResponse(res, new Response(html, response))
			return
		}
		await sendFetchResponse(res, response)
	}

	return (req, res) => {
		// a reply sent before the request's body arrived (a 401 ahead of a big upload,
		// a 413): the rest of that body is never read, so the connection cannot carry
		// another request. Say so in the reply; otherwise it was kept alive and reset
		// under the client's next request (found by tests/api/fuzz.spec.ts)
		// A request without a body (no Content-Length, no Transfer-Encoding) has none left
		// unread even when it is answered at once, before Node marks it complete (a shared page).
		const hasBody = req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0'
		const writeHead = res.writeHead
		res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
			if (hasBody && !req.complete && !res.headersSent && !lingering.has(res)) res.setHeader('Connection', 'close')
			return writeHead.apply(this, args)
		} as typeof writeHead

		const fail = (error: unknown) => {
			const declared = (error as { status?: number; statusCode?: number } | null)?.status ?? (error as { statusCode?: number } | null)?.statusCode
			const status = error instanceof BadRequest ? 400 : declared && declared >= 400 && declared < 500 ? declared : 500
			if (status === 500) console.error('Unhandled server error', error)
			sendError(req, res, status)
		}
		try {
			// the client address, from our socket (or the proxy chain we trust), never from the client
			const own: Record<string, string> = { 'x-yardstick-client-ip': proxyaddr(req, trust) || req.socket.remoteAddress || 'unknown' }
			// security headers on every response; entry.server.tsx puts the nonce on React Router's scripts
			const nonce = randomBytes(16).toString('base64')
			own['x-yardstick-csp-nonce'] = nonce
			for (const [name, value] of Object.entries(headersFor(nonce))) res.setHeader(name, value)
			// the cross-site check for cookie-authenticated writes
			const trusted = trust(req.socket.remoteAddress ?? '', 0)
			const refusal = crossSiteRefusal({
				method: req.method ?? 'GET',
				host: requestHost(req, trusted),
				origin: req.headers.origin,
				referer: req.headers.referer,
				secFetchSite: firstValue(req.headers['sec-fetch-site']),
				// the same reading of the credentials as the session reader's (app/lib/credentials.ts)
				cookieAuthenticated: sessionCredential({ authorization: req.headers.authorization, cookie: req.headers.cookie })?.kind === 'cookie',
			})
			if (refusal) {
				res.statusCode = 403
				res.setHeader('Content-Type', 'application/json; charset=utf-8')
				res.end(JSON.stringify({ error: 'Cross-site request refused. Please use Yardstick from its own pages.' }))
				return
			}
			compress(req, res, (error) => {
				if (error) return fail(error)
				const pathname = (req.url ?? '').split('?')[0]!
				const run = () => app(req, res, own).catch(fail)
				// only a GET/HEAD of a path whose last segment has an extension can be a file of
				// build/client (favicon.ico, /assets/…); /api/* never is one. Pages and API
				// calls skip the file-system look-up.
				const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
				if (pathname.startsWith('/api/') || !lastSegment.includes('.') || (req.method !== 'GET' && req.method !== 'HEAD')) return void run()
				const files = pathname.startsWith('/assets/') ? assets : publicFiles
				files(req, res, (staticError) => (staticError ? fail(staticError) : void run()))
			})
		} catch (error) {
			fail(error)
		}
	}
}
