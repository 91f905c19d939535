import { ButtonLink } from '~/components/ui/button.tsx'
import { Dialog } from '~/components/ui/dialog.tsx'
import type { InvoiceDetail } from '~/services/billing.server.ts'
import { dateText, money } from './shared.ts'
import { SummaryRow } from './side-cards.tsx'

export function InvoiceDialog({ invoice }: { invoice: InvoiceDetail }) {
	return (
		<Dialog title={`Invoice ${invoice.invoiceNumber}`} closeTo="/billing">
			<dl className="mb-4 space-y-1 text-sm">
				<SummaryRow label="Status" value={invoice.status} />
				<SummaryRow label="Billing period" value={`${dateText(invoice.billingPeriodStart)} – ${dateText(invoice.billingPeriodEnd)}`} />
				<SummaryRow label="Due date" value={dateText(invoice.dueDate)} />
			</dl>
			<table className="w-full text-left text-sm">
				<thead className="text-gray-500">
					<tr>
						<th className="py-1 font-medium">Description</th>
						<th className="py-1 text-right font-medium">Amount</th>
					</tr>
				</thead>
				<tbody className="divide-y divide-gray-200 dark:divide-gray-700">
					{invoice.lineItems.map((l, index) => (
						<tr key={index}>
							<td className="py-1">{l.description}</td>
							<td className="py-1 text-right">{money(l.totalPrice)}</td>
						</tr>
					))}
				</tbody>
				<tfoot>
					<tr className="font-semibold">
						<td className="pt-2">Total</td>
						<td className="pt-2 text-right">{money(invoice.totalAmount)}</td>
					</tr>
				</tfoot>
			</table>
			<div className="mt-4 flex justify-end gap-2">
				<ButtonLink to="/billing" preventScrollReset variant="secondary">
					Close
				</ButtonLink>
				<a href={`/api/invoices/${invoice.id}/pdf`} download className="inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
					Download PDF
				</a>
			</div>
		</Dialog>
	)
}
