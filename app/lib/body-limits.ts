// How large a request body may be, per route kind (issue 33 §1). The front door
// applies these before any route reads a byte: a declared Content-Length above
// the limit is answered 413 at once; a body without one is read only up to it.
import { SUPPORT_MAX_ATTACHMENT_BYTES, SUPPORT_MAX_ATTACHMENTS } from './schemas/billing.ts'
import { MAX_PHOTO_BYTES } from './schemas/settings.ts'
import { BULK_MAX_BYTES } from './bulk-limits.ts'

/** Page forms and JSON bodies (docs/api.md: MAX_JSON_BYTES). */
export const MAX_FORM_BYTES = 100 * 1024
/** Measurement JSON carries the shapes (docs/api.md). */
export const MAX_MEASUREMENT_BYTES = 2 * 1024 * 1024
/**
 * A profile photo or a logo: the hard ceiling readMultipart keeps (four times a
 * 5 MB photo and its form), so a photo a little over 5 MB still gets the form's own
 * "The photo is too large" message from the settings service.
 */
export const MAX_PHOTO_UPLOAD_BYTES = (MAX_PHOTO_BYTES + 64 * 1024) * 4
/** A billing support request with all its attachments, plus the form around it. */
export const MAX_SUPPORT_UPLOAD_BYTES = SUPPORT_MAX_ATTACHMENTS * SUPPORT_MAX_ATTACHMENT_BYTES + 256 * 1024

/**
 * A bulk-measure address list (issue 34): a little over the 2 MB file limit is read, so the
 * service can name the limit (400); beyond, the front door's 413 (under its 4 MB drain, so
 * the client still reads the answer).
 */
export const MAX_BULK_UPLOAD_BYTES = BULK_MAX_BYTES + 256 * 1024

export type BodyLimit = {
	bytes: number
	/** uploads stream to their service, which reads them bounded; everything else the front door reads whole, bounded */
	stream: boolean
}

/** The route a path belongs to: React Router's data requests add ".data" ("/_root.data" for "/"). */
export function routePath(pathname: string): string {
	if (pathname === '/_root.data') return '/'
	return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
}

export function bodyLimit(rawPathname: string): BodyLimit {
	const pathname = routePath(rawPathname)
	if (pathname === '/api/contact-billing-support' || pathname === '/billing') return { bytes: MAX_SUPPORT_UPLOAD_BYTES, stream: true }
	if (pathname === '/api/user/profile-photo' || pathname === '/settings') return { bytes: MAX_PHOTO_UPLOAD_BYTES, stream: true }
	if (pathname === '/api/bulk-measurements' || pathname === '/dashboard/bulk') return { bytes: MAX_BULK_UPLOAD_BYTES, stream: true }
	if (pathname === '/api/measurements' || pathname.startsWith('/api/measurements/') || pathname === '/measure') return { bytes: MAX_MEASUREMENT_BYTES, stream: false }
	return { bytes: MAX_FORM_BYTES, stream: false }
}

export const BODY_TOO_LARGE = 'That request is too large.'

/** Page actions that take JSON (the measure screen saves its shapes as JSON); all others take forms only. */
const JSON_PAGES = new Set(['/measure'])

export type BodyKind = 'form' | 'multipart' | 'json'

/**
 * What a page action may be sent (issue 33 §4): a form, or JSON where the page
 * takes it; anything else is a 415 before the route sees it. /api/* routes check
 * their own bodies.
 */
export function pageBodyKind(rawPathname: string, contentType: string | undefined): BodyKind | null {
	const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
	if (type === 'application/x-www-form-urlencoded') return 'form'
	if (type === 'multipart/form-data') return 'multipart'
	if (type === 'application/json' && JSON_PAGES.has(routePath(rawPathname))) return 'json'
	return null
}

export const UNSUPPORTED_BODY = 'Please send this form from its page.'
export const MALFORMED_BODY = 'That form could not be read. Please try again from its page.'
