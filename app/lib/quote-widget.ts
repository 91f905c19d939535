// The instant-quote widget (issue 19 item 3), the parts without I/O: website
// domains as CSP frame-ancestors sources, the price a homeowner is shown
// (exact, or a range of ± n %), and the embed snippet. Pure.

export const WIDGET_NOT_FOUND = 'This quote widget is not available.'
export const WIDGET_NOT_ALLOWED = 'This quote widget is not set up for this website.'
export const PRICE_DISPLAYS = ['exact', 'range'] as const
export type PriceDisplay = (typeof PRICE_DISPLAYS)[number]
export const MAX_RANGE_PERCENT = 50
export const MAX_ALLOWED_DOMAINS = 20
export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]
export const LEAD_SOURCES = ['widget', 'share'] as const
export type LeadSource = (typeof LEAD_SOURCES)[number]

/**
 * One website the widget may be embedded in, as a CSP host-source: a host
 * (`example.com`, `*.example.com`, `www.example.com:8080`) or an origin with
 * its scheme (`https://example.com`, `http://localhost:3000`). A pasted URL
 * keeps only its origin. Null when it is not one (paths, quotes, spaces and
 * semicolons would change the policy, so they never get through).
 */
export function normalizeDomain(input: string): string | null {
	let text = input.trim().toLowerCase()
	if (!text) return null
	const scheme = /^(https?):\/\//.exec(text)?.[1] ?? null
	if (scheme) text = text.slice(scheme.length + 3)
	// a pasted URL: drop its path, query and fragment
	text = text.replace(/[/?#].*$/, '')
	const match = /^(\*\.)?((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?::(\d{1,5}))?$/.exec(text)
	if (!match) return null
	const [, wildcard = '', host = '', port] = match
	if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return null
	// a bare word is a typo ("example"), except localhost; a wildcard needs a registrable domain under it
	if (!host.includes('.') && host !== 'localhost') return null
	if (wildcard && !host.includes('.')) return null
	if (host.length > 253) return null
	return `${scheme ? `${scheme}://` : ''}${wildcard}${host}${port ? `:${port}` : ''}`
}

/** The Content-Security-Policy frame-ancestors value: the listed sites, or 'none' with none listed. */
export function frameAncestors(domains: readonly string[]): string {
	const sources = domains.map(normalizeDomain).filter((d): d is string => d !== null)
	return sources.length ? sources.join(' ') : "'none'"
}

/** A whole policy with its frame-ancestors directive replaced (added when missing). */
export function withFrameAncestors(policy: string, domains: readonly string[]): string {
	const directive = `frame-ancestors ${frameAncestors(domains)}`
	const parts = policy
		.split(';')
		.map((p) => p.trim())
		.filter(Boolean)
	const at = parts.findIndex((p) => /^frame-ancestors(\s|$)/i.test(p))
	if (at >= 0) parts[at] = directive
	else parts.push(directive)
	return parts.join('; ')
}

/** Is the page at `referrer` (an origin or URL) one of `domains`? Used to say so in the widget; the browser enforces the policy. */
export function domainAllows(domains: readonly string[], referrer: string): boolean {
	let url: URL
	try {
		url = new URL(referrer)
	} catch {
		return false
	}
	const host = url.hostname.toLowerCase()
	const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '')
	return domains.some((raw) => {
		const source = normalizeDomain(raw)
		if (!source) return false
		const m = /^(?:(https?):\/\/)?(\*\.)?([^:]+)(?::(\d+))?$/.exec(source)
		if (!m) return false
		const [, scheme, wildcard, sourceHost = '', sourcePort] = m
		if (scheme && `${scheme}:` !== url.protocol && !(scheme === 'http' && url.protocol === 'https:')) return false
		if (!scheme && url.protocol !== 'https:' && url.protocol !== 'http:') return false
		const hostOk = wildcard ? host.endsWith(`.${sourceHost}`) : host === sourceHost
		const portOk = sourcePort ? sourcePort === port : port === '443' || port === '80'
		return hostOk && portOk
	})
}

/** The price a homeowner sees: the total, or the total ± percent rounded out to whole dollars. */
export function quotedPrice(totalCents: number, display: PriceDisplay, rangePercent: number): { lowCents: number; highCents: number } {
	if (display === 'exact' || rangePercent <= 0) return { lowCents: totalCents, highCents: totalCents }
	const low = Math.floor((totalCents * (100 - rangePercent)) / 100 / 100) * 100
	const high = Math.ceil((totalCents * (100 + rangePercent)) / 100 / 100) * 100
	return { lowCents: Math.max(0, low), highCents: high }
}

const dollars = (cents: number) => `$${Math.floor(cents / 100).toLocaleString('en-US')}${cents % 100 ? `.${String(cents % 100).padStart(2, '0')}` : ''}`

/** "$1,234.50", or "$1,100 – $1,300" for a range; null without a price. */
export function formatQuotedPrice(lowCents: number | null, highCents: number | null): string | null {
	if (lowCents === null || highCents === null) return null
	if (lowCents === highCents) return `$${Math.floor(lowCents / 100).toLocaleString('en-US')}.${String(lowCents % 100).padStart(2, '0')}`
	return `${dollars(lowCents)} – ${dollars(highCents)}`
}

/** The snippet a contractor pastes into their website. */
export function embedSnippet(origin: string, publicKey: string): string {
	return `<script src="${origin}/embed/quote.js" data-org="${publicKey}"></script>`
}

/** The public key's shape: 16 random bytes as base64url. */
export const PUBLIC_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** The widget page tells the embedding page its height with this message type (embed/quote.js listens). */
export const QUOTE_HEIGHT_MESSAGE = 'yardstick:quote-height'
