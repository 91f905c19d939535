// The logo an imagery provider requires beside its tiles (Google's, issue 18
// §3), for the pictures the server makes of them: the PDF report's map and the
// share page's picture. Fetched once from the configured URL (GOOGLE_LOGO_URL)
// and kept in memory; bounded (a timeout, at most 256 KB, an image of at most
// 600 × 200 px). Anything wrong — slow, an error status, too large, not an
// image — gives null and a warning: the picture keeps its text credit and the
// report never fails for the logo. A failure is not remembered, so the next
// report asks again (reports are few; each ask is bounded by the timeout).
import sharp from 'sharp'
import { readLimited } from '~/utils/read-limited.server.ts'

export const MAX_LOGO_BYTES = 256 * 1024
const MAX_LOGO_WIDTH = 600
const MAX_LOGO_HEIGHT = 200

/** The logo as PNG bytes and its size in image pixels (one pixel per CSS pixel: how big it is drawn). */
export type ProviderLogo = { png: Buffer; width: number; height: number }

const cache = new Map<string, Promise<ProviderLogo | null>>()

/** The logo at `url`, or null (with a warning logged) when it cannot be had now. */
export function providerLogo(url: string, { timeoutMs }: { timeoutMs: number }): Promise<ProviderLogo | null> {
	const hit = cache.get(url)
	if (hit) return hit
	const pending = fetchLogo(url, timeoutMs).then(
		(logo) => {
			if (!logo) cache.delete(url)
			return logo
		},
		(error: unknown) => {
			cache.delete(url)
			console.warn(`[imagery] provider logo: ${error instanceof Error ? error.message : String(error)}`)
			return null
		},
	)
	cache.set(url, pending)
	return pending
}

async function fetchLogo(url: string, timeoutMs: number): Promise<ProviderLogo | null> {
	const origin = new URL(url).origin
	const warn = (why: string) => {
		console.warn(`[imagery] provider logo from ${origin}: ${why}; the picture keeps the text credit only`)
		return null
	}
	const timeout = AbortSignal.timeout(timeoutMs)
	let bytes: Buffer
	try {
		const response = await fetch(url, { signal: timeout, headers: { Accept: 'image/png,image/*' } })
		if (!response.ok) {
			await response.body?.cancel().catch(() => {})
			return warn(`HTTP ${response.status}`)
		}
		if (Number(response.headers.get('content-length') ?? 0) > MAX_LOGO_BYTES) {
			await response.body?.cancel().catch(() => {})
			return warn(`over ${MAX_LOGO_BYTES / 1024} KB`)
		}
		const tooLarge = new Error(`over ${MAX_LOGO_BYTES / 1024} KB`)
		bytes = await readLimited(response.body, MAX_LOGO_BYTES, () => tooLarge)
	} catch (error) {
		if (timeout.aborted) return warn(`no answer within ${timeoutMs} ms`)
		return warn(error instanceof Error ? error.message : String(error))
	}
	try {
		const meta = await sharp(bytes).metadata()
		if (!meta.width || !meta.height || !['png', 'jpeg', 'webp', 'gif'].includes(meta.format ?? '')) return warn('not a PNG, JPEG, WebP or GIF image')
		if (meta.width > MAX_LOGO_WIDTH || meta.height > MAX_LOGO_HEIGHT) return warn(`${meta.width} × ${meta.height} px is larger than a logo`)
		// re-encoded as a plain 8-bit, non-interlaced PNG whatever it came as (what PDFKit draws), transparency kept
		const png = await sharp(bytes).png().toBuffer()
		return { png, width: meta.width, height: meta.height }
	} catch {
		return warn('not a readable image')
	}
}
