// Invoices of an organization that staff can refund (issue 30): each paid
// invoice with what was refunded so far and a form for a full (amount left
// empty) or partial refund through the payment processor.
import { Form } from 'react-router'
import { Dialog } from '~/components/ui/dialog.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'
import { formatCents, toCents } from '~/lib/pricing.ts'
import type { listRefundableInvoices } from '~/services/admin/refunds.server.ts'
import { FormError, Hidden, TextField, replyFor, type AdminActionData } from './ui.tsx'

type Refundable = Awaited<ReturnType<typeof listRefundableInvoices>>[number]

export function RefundsDialog({ name, invoices, closeTo, actionData }: { name: string; invoices: Refundable[]; closeTo: string; actionData: AdminActionData | null }) {
	return (
		<Dialog title={`Invoices of ${name}`} closeTo={closeTo}>
			{invoices.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">No paid invoices to refund.</p> : null}
			<ul className="space-y-4">
				{invoices.map((i) => {
					const left = toCents(i.totalAmount) - toCents(i.refundedAmount)
					const reply = replyFor(actionData, 'invoice-refund', i.id)
					return (
						<li key={i.id} className="rounded-md border border-gray-200 p-3 dark:border-gray-700">
							<p className="text-sm font-medium">
								{i.invoiceNumber} · {formatCents(toCents(i.totalAmount))}
								{toCents(i.refundedAmount) > 0 ? <span className="ml-2 text-gray-600 dark:text-gray-400">Refunded {formatCents(toCents(i.refundedAmount))}</span> : null}
							</p>
							{left > 0 ? (
								<Form method="post" className="mt-2 space-y-2">
									<Hidden intent="invoice-refund" id={i.id} />
									<FormError reply={reply} />
									<TextField idPrefix={`refund-${i.id}`} label={`Refund amount for ${i.invoiceNumber}`} name="amount" inputMode="decimal" placeholder={(left / 100).toFixed(2)} hint={`Empty: all that is left (${formatCents(left)}).`} reply={reply} />
									<SubmitRow closeTo={closeTo} label="Refund" />
								</Form>
							) : (
								<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Fully refunded.</p>
							)}
						</li>
					)
				})}
			</ul>
		</Dialog>
	)
}
