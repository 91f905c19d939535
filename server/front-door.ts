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

function toFetchRequest(req: IncomingMessage, res: ServerResponse, url: URL, own: Record<string, string>): Request {
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
	if (req.method !== 'GET' && req.method !== 'HEAD') {
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
	const headersFor = securityHeadersFor({ production: options.production, tileUrls: options.tileUrls, imageUrls: options.imageUrls, turnstile: options.turnstile })

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
		const response = await handleRequest(toFetchRequest(req, res, url, own))
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
			if (hasBody && !req.complete && !res.headersSent) res.setHeader('Connection', 'close')
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
