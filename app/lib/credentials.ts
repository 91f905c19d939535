// The one reading of a request's credentials (issue 33 §5). The front door's
// cross-site check and the session reader both call sessionCredential, so what
// the check calls "not cookie-authenticated" is exactly what the reader will
// not take from the cookie.

export const SESSION_COOKIE = 'ys_session'
const MAX_TOKEN = 200

/**
 * The credential a request carries: a Bearer token when the Authorization header
 * names the Bearer scheme (any case, then spaces or tabs, RFC 9110 §11.4), else
 * the raw session cookie value. The header wins even when its token is unusable,
 * so a request is never read as both.
 */
export type SessionCredential = { kind: 'bearer'; token: string | null } | { kind: 'cookie'; raw: string } | null

export function sessionCredential(headers: { authorization?: string | null; cookie?: string | null }): SessionCredential {
	const bearer = /^bearer(?:[ \t]+(.*))?$/is.exec(headers.authorization?.trim() ?? '')
	if (bearer) {
		const token = (bearer[1] ?? '').trim()
		return { kind: 'bearer', token: token.length > 0 && token.length <= MAX_TOKEN && !/\s/.test(token) ? token : null }
	}
	const raw = cookieValue(headers.cookie, SESSION_COOKIE)
	return raw === null ? null : { kind: 'cookie', raw }
}

/**
 * One cookie's raw value, read the way the `cookie` package (and browsers'
 * servers generally) read it: pairs split on ";", names and values trimmed, the
 * first pair of that name wins; an empty value is no cookie.
 */
export function cookieValue(header: string | null | undefined, name: string): string | null {
	if (!header) return null
	for (const pair of header.split(';')) {
		const eq = pair.indexOf('=')
		if (eq < 0) continue
		if (pair.slice(0, eq).trim() !== name) continue
		let value = pair.slice(eq + 1).trim()
		if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1)
		return value.length > 0 ? value : null
	}
	return null
}
