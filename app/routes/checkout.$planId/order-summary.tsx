import { planPriceText, type CheckoutPlan } from '~/lib/checkout.ts'

export function OrderSummary({ plan }: { plan: CheckoutPlan }) {
	return (
		<aside aria-labelledby="order-summary" className="h-fit rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-700 dark:bg-gray-900">
			<h2 id="order-summary" className="text-lg font-semibold">
				Order Summary
			</h2>
			<p className="mt-3 font-semibold" data-testid="summary-plan">
				{plan.name}
			</p>
			<p className="text-sm text-gray-600 dark:text-gray-400">{plan.description}</p>
			<p className="mt-2 text-xl font-bold">{planPriceText(plan)}</p>
			<ul className="mt-3 space-y-1 text-sm">
				{plan.features.map((f) => (
					<li key={f}>✓ {f}</li>
				))}
			</ul>
			<div className="mt-4 flex justify-between border-t border-gray-200 pt-3 font-semibold dark:border-gray-700">
				<span>Monthly total</span>
				<span data-testid="summary-total">{plan.price === null ? 'Contact Sales' : Number(plan.price) === 0 ? 'Free' : `$${plan.price}`}</span>
			</div>
		</aside>
	)
}
