// React Router's Node entry (its default), plus the per-response CSP nonce that
// server/index.ts generates: React Router's inline scripts carry it, so the
// Content-Security-Policy needs no 'unsafe-inline' for scripts.
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, ServerRouter } from 'react-router'
import { NonceProvider } from './utils/nonce.tsx'
import { cachedPage, rememberPage, sharedPageKey } from './utils/page-cache.server.ts'

export const streamTimeout = 5_000

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	const nonce = request.headers.get('x-yardstick-csp-nonce') ?? undefined
	const sharedKey = process.env.NODE_ENV === 'production' ? sharedPageKey(request, responseStatusCode, responseHeaders) : null
	if (sharedKey) {
		const html = cachedPage(sharedKey, nonce)
		responseHeaders.set('Content-Type', 'text/html')
		if (html) return new Response(html, { headers: responseHeaders, status: responseStatusCode })
	}
	return new Promise((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		// a page to share is rendered whole first (it is kept as one string)
		const readyOption: keyof RenderToPipeableStreamOptions = sharedKey || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				[readyOption]() {
					shellRendered = true
					const body = new PassThrough({
						final(callback) {
							clearTimeout(timeoutId)
							timeoutId = undefined
							callback()
						},
					})
					responseHeaders.set('Content-Type', 'text/html')
					pipe(body)
					if (sharedKey && responseStatusCode === 200) {
						const chunks: Buffer[] = []
						body.on('data', (chunk: Buffer) => chunks.push(chunk))
						body.on('end', () => {
							const html = Buffer.concat(chunks).toString('utf8')
							rememberPage(sharedKey, html, nonce)
							resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
						})
						body.on('error', reject)
						return
					}
					resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) console.error(error)
				},
			},
		)
	})
}
