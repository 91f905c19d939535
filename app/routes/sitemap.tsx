// /sitemap.xml — the public pages and every published post.
import { appUrl } from '~/env.server.ts'
import { allPublishedPosts } from '~/services/blog.server.ts'

export const PUBLIC_PATHS = ['/', '/about', '/contact', '/news-updates', '/terms', '/privacy', '/cookies', '/checkout/BETA']

export async function loader() {
	const base = appUrl()
	const posts = await allPublishedPosts()
	const urls = [
		...PUBLIC_PATHS.map((p) => `<url><loc>${base}${p}</loc></url>`),
		...posts.map((p) => `<url><loc>${base}/news-updates/${encodeURIComponent(p.slug)}</loc><lastmod>${p.updatedAt.slice(0, 10)}</lastmod></url>`),
	]
	const body = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`
	return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' } })
}
