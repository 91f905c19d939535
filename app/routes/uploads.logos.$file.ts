// GET /uploads/logos/:file — organization logos this app stored (names it
// chose; always PNG, re-encoded at upload). Public: the share page and the
// quote widget show them to customers without an account.
import type { Route } from './+types/uploads.logos.$file'
import { getStorage } from '~/integrations/storage.server.ts'

export async function loader({ params }: Route.LoaderArgs) {
	const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
	if (!/^[a-f0-9]{32}\.png$/.test(params.file)) return notFound()
	const bytes = await getStorage().get(`logos/${params.file}`)
	if (!bytes) return notFound()
	return new Response(new Uint8Array(bytes), {
		headers: {
			'Content-Type': 'image/png',
			'Content-Length': String(bytes.length),
			'Cache-Control': 'public, max-age=31536000, immutable',
			'Content-Security-Policy': "default-src 'none'; sandbox",
		},
	})
}
