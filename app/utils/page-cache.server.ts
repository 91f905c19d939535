// Public pages a visitor without cookies sees are the same for every such
// visitor: the first render is kept for a minute and later answers only swap
// in their own CSP nonce (docs/decisions.md "Load"). Anything that can differ
// per visitor — a cookie (session, theme, consent, toast), a query string, a
// Set-Cookie from a loader, another status — bypasses it.
const CACHEABLE_PATHS = new Set(['/', '/about', '/terms', '/privacy'])
const PAGE_CACHE_MS = 60_000

type Entry = { html: string; nonce: string; expires: number }
const pages = new Map<string, Entry>()

/** The cache key of a request whose page may be shared, else null. */
export function sharedPageKey(request: Request, status: number, headers: Headers): string | null {
	if (request.method !== 'GET' || status !== 200 || headers.has('set-cookie') || request.headers.has('cookie')) return null
	const url = new URL(request.url)
	if (url.search || !CACHEABLE_PATHS.has(url.pathname)) return null
	return url.pathname
}

/** The cached page for `key`, with `nonce` in place of the one it was rendered with. */
export function cachedPage(key: string, nonce: string | undefined, now = Date.now()): string | null {
	const entry = pages.get(key)
	if (!entry || entry.expires <= now || !nonce) return null
	return entry.html.replaceAll(entry.nonce, nonce)
}

export function rememberPage(key: string, html: string, nonce: string | undefined, now = Date.now()) {
	// a nonce is 128 random bits (server/index.ts): it occurs only where it was put
	if (!nonce || nonce.length < 16) return
	pages.set(key, { html, nonce, expires: now + PAGE_CACHE_MS })
}
