// Public pages a visitor without credentials sees are the same for every such
// visitor: the front door keeps the first render for a minute and answers later
// requests with it, their own CSP nonce swapped in, without running React Router
// (docs/decisions.md "Shared public pages"). Anything that can differ per
// visitor — a cookie (session, theme, consent, toast), an Authorization header
// (a Bearer session), a query string — bypasses it, and only a plain 200
// without a Set-Cookie is kept.
const CACHEABLE_PATHS = new Set(['/', '/about', '/terms', '/privacy'])
const PAGE_CACHE_MS = 60_000

export type SharedPage = { html: string; headers: [string, string][] }
type Entry = SharedPage & { nonce: string; expires: number }
const pages = new Map<string, Entry>()

/** The cache key of a request whose page may be shared, else null. `has` says whether the request carries a header. */
export function sharedPageKey(method: string, url: URL, has: (header: 'cookie' | 'authorization') => boolean): string | null {
	if (method !== 'GET' || url.search || has('cookie') || has('authorization') || !CACHEABLE_PATHS.has(url.pathname)) return null
	return url.pathname
}

/** The cached page for `key`, with `nonce` in place of the one it was rendered with. */
export function cachedPage(key: string, nonce: string, now = Date.now()): SharedPage | null {
	const entry = pages.get(key)
	if (!entry || entry.expires <= now) return null
	return { html: entry.html.replaceAll(entry.nonce, nonce), headers: entry.headers }
}

/** Keeps the page a shareable request got, when it is a plain 200 that sets no cookie. */
export function rememberPage(key: string, response: { status: number; headers: Headers }, html: string, nonce: string, now = Date.now()) {
	// a nonce is 128 random bits (server/front-door.ts): it occurs only where it was put
	if (response.status !== 200 || response.headers.has('set-cookie') || nonce.length < 16) return
	pages.set(key, { html, headers: [...response.headers], nonce, expires: now + PAGE_CACHE_MS })
}
