// /news-updates/rss.xml — RSS 2.0 feed of the published posts.
import { appUrl } from '~/env.server.ts'
import { allPublishedPosts } from '~/services/blog.server.ts'

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

export async function loader() {
	const base = appUrl()
	const posts = await allPublishedPosts(50)
	const items = posts
		.map(
			(p) => `<item><title>${xml(p.title)}</title><link>${base}/news-updates/${xml(p.slug)}</link><guid isPermaLink="false">${xml(p.id)}</guid><pubDate>${new Date(p.publishDate).toUTCString()}</pubDate><description>${xml(p.excerpt)}</description></item>`,
		)
		.join('')
	const body = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Yardstick News &amp; Updates</title><link>${base}/news-updates</link><atom:link href="${base}/news-updates/rss.xml" rel="self" type="application/rss+xml"/><description>Product news, tips and updates from the Yardstick team.</description><language>en-us</language>${items}</channel></rss>`
	return new Response(body, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' } })
}
