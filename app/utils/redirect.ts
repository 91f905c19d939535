// The one redirect rule (issue 33): every `redirectTo` we accept and every
// Location we build from something a client sent goes through safeRedirect.
const BASE = new URL('http://yardstick.invalid/')

/**
 * Only same-site paths: "/x" yes; "//evil.example", "https://…", and every form a
 * browser would turn into one of those no. Browsers drop tabs and newlines
 * anywhere in a URL, trim leading control characters and spaces, and read "\" as
 * "/", so "/\t/evil.example" and "/\\evil.example" both mean "//evil.example".
 * We refuse any value with a control character or a backslash outright, refuse a
 * value whose percent-decoded form would start like a host ("/%2F/evil"), and
 * finally check that the URL the browser would build stays on our origin.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
	if (typeof to !== 'string' || to.length === 0 || to.length > 2048) return fallback
	if (!isSafePath(to)) return fallback
	const url = new URL(to, BASE)
	// "/.//evil.example" resolves to the path "//evil.example": never hand that back
	if (url.pathname.startsWith('//')) return fallback
	return url.pathname + url.search + url.hash
}

function isSafePath(to: string): boolean {
	// eslint-disable-next-line no-control-regex
	if (/[\u0000-\u001f\u007f\\]/.test(to)) return false
	if (!to.startsWith('/') || to.startsWith('//')) return false
	// the decoded forms (up to three rounds) must not look like a host either
	let decoded = to
	for (let round = 0; round < 3; round++) {
		let next: string
		try {
			next = decodeURIComponent(decoded)
		} catch {
			return false
		}
		if (next === decoded) break
		decoded = next
		// eslint-disable-next-line no-control-regex
		const normalised = decoded.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '').replace(/\\/g, '/')
		if (!normalised.startsWith('/') || normalised.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(normalised)) return false
	}
	try {
		const url = new URL(to, BASE)
		return url.origin === BASE.origin
	} catch {
		return false
	}
}
