// GET /p/{token}/map.jpg — the property picture of a live share link (issue 19):
// the report's map with the shapes drawn on it. Unknown, expired or revoked: 404.
import type { Route } from './+types/p.$token.map'
import { clientIp } from '~/services/session.server.ts'
import { sharedMapPicture } from '~/services/share.server.ts'
import { HttpError } from '~/utils/http.server.ts'

export async function loader({ request, params }: Route.LoaderArgs) {
	try {
		const jpeg = await sharedMapPicture(params.token, clientIp(request))
		if (!jpeg) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Robots-Tag': 'noindex' } })
		return new Response(new Uint8Array(jpeg), {
			headers: { 'Content-Type': 'image/jpeg', 'Content-Length': String(jpeg.length), 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' },
		})
	} catch (error) {
		if (error instanceof HttpError) return new Response(error.message, { status: error.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...error.headers } })
		throw error
	}
}
