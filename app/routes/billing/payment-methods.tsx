import { ButtonLink } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import type { BillingOverview } from '~/services/billing.server.ts'

export function PaymentMethods({ overview, canAddCard }: { overview: BillingOverview; canAddCard: boolean }) {
	return (
		<Card title="Payment Methods">
			{overview.paymentMethods.length === 0 ? (
				<p className="text-sm text-gray-600 dark:text-gray-400">No payment methods on file.</p>
			) : (
				<ul className="divide-y divide-gray-200 dark:divide-gray-700">
					{overview.paymentMethods.map((p) => (
						<li key={p.id} className="flex items-center justify-between py-2 text-sm">
							<span className="font-medium">
								{p.brand} •••• {p.last4}
							</span>
							<span className="text-gray-600 dark:text-gray-400">
								Expires {String(p.expiryMonth).padStart(2, '0')}/{String(p.expiryYear).slice(-2)}
								{p.isDefault ? ' · Default' : ''}
							</span>
						</li>
					))}
				</ul>
			)}
			{canAddCard ? (
				<div className="mt-3">
					<ButtonLink to="/billing?dialog=card" preventScrollReset variant="secondary">
						Add Card
					</ButtonLink>
				</div>
			) : null}
		</Card>
	)
}
