// /robots.txt — public pages are crawlable; the app and the API are not.
import { appUrl } from '~/env.server.ts'

export function loader() {
	const body = ['User-agent: *', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /dashboard', 'Disallow: /measure', 'Disallow: /settings', 'Disallow: /billing', `Sitemap: ${appUrl()}/sitemap.xml`, ''].join('\n')
	return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
