// GET /api/invoices/{id}/pdf → the invoice as a PDF download (?inline=1 to view)
import type { Route } from './+types/invoices.$id.pdf'
import { requireActor } from '~/services/auth.server.ts'
import { getInvoice } from '~/services/billing.server.ts'
import { renderInvoicePdf } from '~/services/invoice-pdf.server.ts'
import { api, methodNotAllowed } from '~/utils/http.server.ts'

export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
	const { user } = await requireActor(request)
	const invoice = await getInvoice(user, params.id)
	const pdf = await renderInvoicePdf(invoice)
	const inline = new URL(request.url).searchParams.get('inline') === '1'
	return new Response(new Uint8Array(pdf), {
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Length': String(pdf.length),
			'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="invoice-${invoice.invoiceNumber}.pdf"`,
			'Cache-Control': 'private, no-store',
		},
	})
})

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
