// GET /embed/quote.js — the contractor's snippet
// <script src="{origin}/embed/quote.js" data-org="{publicKey}"></script>
// inserts an iframe of /embed/quote/{publicKey} after itself, as wide as the
// page allows, and sets its height from the widget's postMessage (only from
// that iframe and our origin). Whether the page may show it is the widget's
// Content-Security-Policy frame-ancestors (the allowed domains).
import { QUOTE_HEIGHT_MESSAGE } from '~/lib/quote-widget.ts'

const SCRIPT = `(function () {
	var script = document.currentScript
	if (!script) return
	var key = script.getAttribute('data-org') || ''
	if (!/^[A-Za-z0-9_-]{22}$/.test(key)) { console.error('Yardstick quote widget: data-org must be the public key from your settings'); return }
	var origin = new URL(script.src, document.baseURI).origin
	var frame = document.createElement('iframe')
	frame.src = origin + '/embed/quote/' + key
	frame.title = script.getAttribute('data-title') || 'Instant lawn quote'
	frame.setAttribute('data-yardstick-quote', key)
	frame.style.cssText = 'display:block;width:100%;max-width:40rem;height:34rem;border:0;overflow:hidden;color-scheme:normal'
	script.parentNode.insertBefore(frame, script.nextSibling)
	window.addEventListener('message', function (event) {
		if (event.origin !== origin || event.source !== frame.contentWindow) return
		var data = event.data
		if (!data || data.type !== '${QUOTE_HEIGHT_MESSAGE}' || typeof data.height !== 'number' || !isFinite(data.height)) return
		frame.style.height = Math.min(Math.max(Math.ceil(data.height), 160), 5000) + 'px'
	})
})()
`

export function loader() {
	return new Response(SCRIPT, {
		headers: {
			'Content-Type': 'text/javascript; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
			// loaded by other websites' pages
			'Cross-Origin-Resource-Policy': 'cross-origin',
		},
	})
}
