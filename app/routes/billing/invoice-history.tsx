// Invoice History: search, and each invoice with View and Download (PDF).
import { Form, Link } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import type { ClientInvoice } from '~/services/billing.server.ts'
import { STATUS_TONES, dateText, money } from './shared.ts'

export function InvoiceHistory({ invoices, total, q, canPay }: { invoices: ClientInvoice[]; total: number; q: string; canPay: boolean }) {
	return (
		<Card title="Invoice History">
			<Form method="get" className="mb-4 flex gap-2" role="search">
				<label htmlFor="invoice-search" className="sr-only">
					Search invoices
				</label>
				<input id="invoice-search" key={q} name="q" type="search" defaultValue={q} placeholder="Search invoices..." className={inputClass} />
				<Button type="submit" variant="secondary">
					Search
				</Button>
			</Form>
			{total === 0 ? (
				<p className="text-sm text-gray-600 dark:text-gray-400">No invoices yet.</p>
			) : invoices.length === 0 ? (
				<p className="text-sm text-gray-600 dark:text-gray-400">No invoices match your search.</p>
			) : (
				<div className="overflow-x-auto">
					<table className="w-full text-left text-sm">
						<thead className="text-gray-500">
							<tr>
								<th className="py-2 pr-3 font-medium">Invoice</th>
								<th className="py-2 pr-3 font-medium">Date</th>
								<th className="py-2 pr-3 font-medium">Plan</th>
								<th className="py-2 pr-3 font-medium">Amount</th>
								<th className="py-2 pr-3 font-medium">Status</th>
								<th className="py-2 font-medium">
									<span className="sr-only">Actions</span>
								</th>
							</tr>
						</thead>
						<tbody className="divide-y divide-gray-200 dark:divide-gray-700">
							{invoices.map((i) => (
								<tr key={i.id}>
									<td className="py-2 pr-3 font-medium">{i.invoiceNumber}</td>
									<td className="py-2 pr-3">{dateText(i.invoiceDate ?? i.billingPeriodStart)}</td>
									<td className="py-2 pr-3">{i.subscriptionTierName}</td>
									<td className="py-2 pr-3">{money(i.totalAmount)}</td>
									<td className="py-2 pr-3">
										<span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONES[i.status] ?? STATUS_TONES.cancelled}`}>{i.status}</span>
										{i.refundedAmount ? <span className="ml-2 text-xs text-gray-600 dark:text-gray-400">Refunded {money(i.refundedAmount)}</span> : null}
									</td>
									<td className="flex gap-2 py-2">
										<Link to={`/billing?invoice=${i.id}`} preventScrollReset className="text-brand-700 hover:underline dark:text-brand-500" aria-label={`View invoice ${i.invoiceNumber}`}>
											View
										</Link>
										<a href={`/api/invoices/${i.id}/pdf`} download className="text-brand-700 hover:underline dark:text-brand-500" aria-label={`Download invoice ${i.invoiceNumber}`}>
											Download
										</a>
										{canPay && i.awaitingConfirmation ? (
											// the bank wants the customer to confirm this charge (3-D Secure): its page and back
											<Form method="post" encType="multipart/form-data">
												<input type="hidden" name="invoiceId" value={i.id} />
												<button type="submit" name="intent" value="confirm-payment" className="text-brand-700 hover:underline dark:text-brand-500" aria-label={`Confirm payment of invoice ${i.invoiceNumber}`}>
													Confirm payment
												</button>
											</Form>
										) : null}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</Card>
	)
}
