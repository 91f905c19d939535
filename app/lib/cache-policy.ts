// Caching of HTML pages (issue 33 §7). Every page can differ by session (the
// header's menu at least), so every page varies on Cookie and Authorization; a
// page rendered for a request that carries a session credential is personal and
// no cache may keep it. Pages for visitors without credentials keep whatever
// caching their route chose (the shared public pages).
import { sessionCredential } from './credentials.ts'

export const PERSONAL_CACHE_CONTROL = 'private, no-store'

export function applyPageCachePolicy(requestHeaders: Headers, responseHeaders: Headers): void {
	const vary = (responseHeaders.get('Vary') ?? '').split(',').map((v) => v.trim()).filter(Boolean)
	for (const name of ['Cookie', 'Authorization']) if (!vary.some((v) => v.toLowerCase() === name.toLowerCase() || v === '*')) vary.push(name)
	responseHeaders.set('Vary', vary.join(', '))
	if (sessionCredential({ authorization: requestHeaders.get('authorization'), cookie: requestHeaders.get('cookie') })) {
		responseHeaders.set('Cache-Control', PERSONAL_CACHE_CONTROL)
	}
}
