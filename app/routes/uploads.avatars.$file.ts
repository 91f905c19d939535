// GET /uploads/avatars/:file — profile photos this app stored (names it chose),
// served with the content type of the format sharp recognised at upload.
import type { Route } from './+types/uploads.avatars.$file'
import { getStorage } from '~/integrations/storage.server.ts'
import { AVATAR_CONTENT_TYPES } from '~/services/profile.server.ts'

export async function loader({ params }: Route.LoaderArgs) {
	const match = /^([a-f0-9]{32})\.(png|jpg|gif)$/.exec(params.file)
	const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
	if (!match) return notFound()
	const bytes = await getStorage().get(`avatars/${params.file}`)
	if (!bytes) return notFound()
	return new Response(new Uint8Array(bytes), {
		headers: {
			'Content-Type': AVATAR_CONTENT_TYPES[match[2]!]!,
			'Content-Length': String(bytes.length),
			'Cache-Control': 'public, max-age=31536000, immutable',
			'Content-Security-Policy': "default-src 'none'; sandbox",
		},
	})
}
