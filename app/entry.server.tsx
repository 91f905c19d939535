// React Router's Node entry (its default), plus the per-response CSP nonce that
// server/index.ts generates: React Router's inline scripts carry it, so the
// Content-Security-Policy needs no 'unsafe-inline' for scripts.
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, ServerRouter } from 'react-router'
import { applyPageCachePolicy } from './lib/cache-policy.ts'
import { NonceProvider } from './utils/nonce.tsx'

export const streamTimeout = 5_000

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
	applyPageCachePolicy(request.headers, responseHeaders)
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	const nonce = request.headers.get('x-yardstick-csp-nonce') ?? undefined
	return new Promise((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		// a page the front door will share (server/page-cache.ts) is rendered whole, so an error anywhere in it makes it a 500, never kept
		const whole = request.headers.has('x-yardstick-shared-page') || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
		const readyOption: keyof RenderToPipeableStreamOptions = whole ? 'onAllReady' : 'onShellReady'
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
