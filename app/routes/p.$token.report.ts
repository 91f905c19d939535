// GET /p/{token}/report.pdf — the PDF report of a live share link (issue 19),
// with the estimate the link quotes. Unknown, expired or revoked: 404.
import type { Route } from './+types/p.$token.report'
import { attachment, CONTENT_TYPES } from '~/lib/exports.ts'
import { clientIp } from '~/services/session.server.ts'
import { sharedReportPdf } from '~/services/share.server.ts'
import { HttpError } from '~/utils/http.server.ts'

export async function loader({ request, params }: Route.LoaderArgs) {
	try {
		const report = await sharedReportPdf(params.token, clientIp(request))
		if (!report) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Robots-Tag': 'noindex' } })
		return new Response(new Uint8Array(report.pdf), {
			headers: {
				'Content-Type': CONTENT_TYPES.pdf,
				'Content-Disposition': attachment(report.name),
				'Content-Length': String(report.pdf.length),
				'Cache-Control': 'private, no-store',
				'X-Robots-Tag': 'noindex',
			},
		})
	} catch (error) {
		if (error instanceof HttpError) return new Response(error.message, { status: error.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...error.headers } })
		throw error
	}
}
