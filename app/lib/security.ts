// Security headers and the cross-site request check (spec/0-decisions.md,
// docs/decisions.md "Security"). Pure: server/index.ts applies them to every
// response; the tests call them directly.

export type HeaderOptions = {
	/** a fresh random value per response; scripts without it do not run */
	nonce: string
	production: boolean
	/** URL templates of the map layers the browser loads directly */
	tileUrls: string[]
	/** other images the browser loads directly (a tile provider's required logo): img-src only */
	imageUrls?: string[]
	/** Cloudflare Turnstile is used when its keys are configured */
	turnstile?: boolean
	/** the payment processor's hosted pages a form may lead to (Stripe Checkout, the bank's 3-D Secure page) */
	paymentPageUrls?: string[]
}

/** scheme://host[:port] of an XYZ template such as https://tiles.example/{z}/{x}/{y} */
export function originOf(template: string): string | null {
	try {
		const url = new URL(template.replace(/\{[^}]*\}/g, '0'))
		return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
	} catch {
		return null
	}
}

export function contentSecurityPolicy({ nonce, tileUrls, imageUrls = [], turnstile, paymentPageUrls = [] }: HeaderOptions): string {
	const tiles = [...new Set(tileUrls.map(originOf).filter((o): o is string => o !== null))]
	const images = [...new Set(imageUrls.map(originOf).filter((o): o is string => o !== null && !tiles.includes(o)))]
	const turnstileOrigin = turnstile ? ['https://challenges.cloudflare.com'] : []
	const directives: Record<string, string[]> = {
		'default-src': ["'self'"],
		// no 'unsafe-inline': React Router's inline scripts carry the nonce
		'script-src': ["'self'", `'nonce-${nonce}'`, ...turnstileOrigin],
		// inline style attributes (the map library positions its overlays with them)
		'style-src': ["'self'", "'unsafe-inline'"],
		'img-src': ["'self'", 'data:', 'blob:', ...tiles, ...images],
		'connect-src': ["'self'", ...tiles],
		'font-src': ["'self'", 'data:'],
		// the proof-of-work captcha solves in a worker made from a blob
		'worker-src': ["'self'", 'blob:'],
		'frame-src': turnstileOrigin.length ? turnstileOrigin : ["'none'"],
		'object-src': ["'none'"],
		'base-uri': ["'self'"],
		// a form posted to us may be redirected to the processor's hosted page (browsers check redirects too)
		'form-action': ["'self'", ...new Set(paymentPageUrls.map(originOf).filter((o): o is string => o !== null))],
		'frame-ancestors': ["'none'"],
	}
	return Object.entries(directives)
		.map(([name, values]) => `${name} ${values.join(' ')}`)
		.join('; ')
}

/**
 * securityHeaders for many responses of one server: everything but the nonce is
 * worked out once (the policy's origins, its text), so a request pays for one
 * string replacement.
 */
export function securityHeadersFor(options: Omit<HeaderOptions, 'nonce'>): (nonce: string) => Record<string, string> {
	const marker = 'NONCE-PLACEHOLDER-0f1e2d3c'
	const template = securityHeaders({ ...options, nonce: marker })
	const [before, after] = template['Content-Security-Policy']!.split(marker) as [string, string]
	return (nonce) => ({ ...template, 'Content-Security-Policy': before + nonce + after })
}

export function securityHeaders(options: HeaderOptions): Record<string, string> {
	const headers: Record<string, string> = {
		'Content-Security-Policy': contentSecurityPolicy(options),
		'X-Content-Type-Options': 'nosniff',
		'X-Frame-Options': 'DENY',
		'Referrer-Policy': 'strict-origin-when-cross-origin',
		'Cross-Origin-Opener-Policy': 'same-origin',
		'Permissions-Policy': 'camera=(), microphone=(), payment=(), geolocation=(self)',
	}
	if (options.production) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
	return headers
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type CsrfInput = {
	method: string
	/** the host the request was sent to (Host, or X-Forwarded-Host behind a trusted proxy) */
	host: string | undefined
	origin: string | undefined
	referer: string | undefined
	secFetchSite: string | undefined
	/** true when the request is authenticated by the session cookie (not a Bearer token) */
	cookieAuthenticated: boolean
}

/**
 * A state-changing request that rides on the session cookie must come from one
 * of our own pages. Browsers send Origin (or at least Sec-Fetch-Site) with every
 * POST/PUT/PATCH/DELETE; API clients authenticate with a Bearer token, which a
 * foreign page cannot attach, so those are not checked. Returns why the request
 * is refused, or null.
 */
export function crossSiteRefusal(input: CsrfInput): string | null {
	if (SAFE_METHODS.has(input.method.toUpperCase()) || !input.cookieAuthenticated) return null
	if (input.secFetchSite === 'cross-site') return 'cross-site'
	const source = input.origin && input.origin !== 'null' ? input.origin : input.referer
	if (input.origin === 'null') return 'opaque origin'
	if (!source) return null // not a browser (browsers always send one of them)
	let sourceHost: string
	try {
		sourceHost = new URL(source).host
	} catch {
		return 'unreadable origin'
	}
	return input.host && sourceHost.toLowerCase() === input.host.toLowerCase() ? null : 'foreign origin'
}
