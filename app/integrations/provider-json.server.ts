// One JSON request to a third-party provider, bounded: a timeout, the caller's
// AbortSignal, at most 1 MB read, no redirects (the configured host is the only
// one called). Failures come back as values saying what went wrong, never as
// a hang; the caller decides whether that is a fallback or a 502/504.
import { readLimited } from '~/utils/read-limited.server.ts'

export const MAX_PROVIDER_REPLY_BYTES = 1024 * 1024

export type ProviderJson = { ok: true; value: unknown } | { ok: false; kind: 'timeout' | 'unavailable' | 'invalid'; detail: string }

export async function fetchProviderJson(
	url: URL,
	{ timeoutMs, signal, method = 'GET', headers = {}, body }: { timeoutMs: number; signal?: AbortSignal; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<ProviderJson> {
	const timeout = AbortSignal.timeout(timeoutMs)
	const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
	let text: string
	try {
		const response = await fetch(url, { method, body, signal: combined, redirect: 'error', headers: { Accept: 'application/json', ...headers } })
		if (!response.ok) {
			await response.body?.cancel().catch(() => {})
			return { ok: false, kind: 'unavailable', detail: `HTTP ${response.status} from ${url.origin}` }
		}
		if (Number(response.headers.get('content-length') ?? 0) > MAX_PROVIDER_REPLY_BYTES) {
			await response.body?.cancel().catch(() => {})
			return { ok: false, kind: 'invalid', detail: `reply from ${url.origin} over 1 MB` }
		}
		const tooLarge = new Error('too large')
		text = (await readLimited(response.body, MAX_PROVIDER_REPLY_BYTES, () => tooLarge).catch((error: unknown) => {
			if (error === tooLarge) return null
			throw error
		}))?.toString('utf8') ?? ''
		if (!text) return { ok: false, kind: 'invalid', detail: `reply from ${url.origin} over 1 MB or empty` }
	} catch (error) {
		if (signal?.aborted) throw signal.reason
		if (timeout.aborted) return { ok: false, kind: 'timeout', detail: `no answer from ${url.origin} within ${timeoutMs} ms` }
		return { ok: false, kind: 'unavailable', detail: `${url.origin} unreachable: ${error instanceof Error ? error.message : String(error)}` }
	}
	try {
		return { ok: true, value: JSON.parse(text) }
	} catch {
		return { ok: false, kind: 'invalid', detail: `reply from ${url.origin} is not JSON` }
	}
}
