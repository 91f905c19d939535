// Reading a provider's reply: one bounded fetch (timeout, no redirects, at
// most 1 MB) parsed as JSON, then checked against its schema. Every failure
// is a GeocoderError: 504 when the provider is slow, 502 for the rest.
import { z } from 'zod'
import { readLimited } from '~/utils/read-limited.server.ts'
import { GeocoderError, type GeocoderProvider } from './types.server.ts'

const MAX_REPLY_BYTES = 1024 * 1024

/** GET a provider URL as JSON within the timeout; every failure becomes a GeocoderError. */
export async function getJson(
	provider: GeocoderProvider,
	url: URL,
	timeoutMs: number,
	signal?: AbortSignal,
	init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<unknown> {
	const timeout = AbortSignal.timeout(timeoutMs)
	const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
	const fail = (status: 502 | 504, detail: string) => {
		console.warn(`[geocoder] ${provider}: ${detail}`)
		return new GeocoderError(status, provider, detail)
	}
	let text: string
	try {
		const response = await fetch(url, { method: init.method ?? 'GET', body: init.body, signal: combined, redirect: 'error', headers: { Accept: 'application/json', ...init.headers } })
		if (!response.ok) {
			await response.body?.cancel().catch(() => {})
			throw fail(502, `HTTP ${response.status} from ${url.origin}`)
		}
		text = await readText(response)
	} catch (error) {
		if (error instanceof GeocoderError) throw error
		// the caller went away: not the provider's fault, nothing to answer
		if (signal?.aborted) throw signal.reason
		if (timeout.aborted) throw fail(504, `no answer from ${url.origin} within ${timeoutMs} ms`)
		throw fail(502, `${url.origin} unreachable: ${error instanceof Error ? error.message : String(error)}`)
	}
	try {
		return JSON.parse(text)
	} catch {
		throw fail(502, `reply from ${url.origin} is not JSON`)
	}
}

async function readText(response: Response): Promise<string> {
	const declared = Number(response.headers.get('content-length') ?? '0')
	if (declared > MAX_REPLY_BYTES) throw new Error('reply too large')
	return (await readLimited(response.body, MAX_REPLY_BYTES, () => new Error('reply too large'))).toString('utf8')
}

export function expectShape<S extends z.ZodType>(provider: GeocoderProvider, schema: S, reply: unknown): z.output<S> {
	const parsed = schema.safeParse(reply)
	if (!parsed.success) {
		const detail = `unexpected reply: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`
		console.warn(`[geocoder] ${provider}: ${detail}`)
		throw new GeocoderError(502, provider, detail)
	}
	return parsed.data
}

export const joinUrl = (base: string, path: string) => new URL(path, base.endsWith('/') ? base : `${base}/`)

/** an optional non-empty text field of a reply (anything else reads as absent) */
export const optionalText = z.string().trim().min(1).optional().catch(undefined)
