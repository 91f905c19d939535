// Current Subscription: plan, price, limits, next billing date, coupon,
// credit, an upgrade waiting for its payment (Stripe), a scheduled change or
// the cancellation, and Cancel Subscription.
import { Form } from 'react-router'
import { Button, ButtonLink } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import { toCents } from '~/lib/pricing.ts'
import type { BillingOverview } from '~/services/billing.server.ts'
import { STATUS_TONES, dateText, money } from './shared.ts'

export function CurrentSubscription({ overview, canPay }: { overview: BillingOverview; canPay: boolean }) {
	const { organization: org, tier } = overview
	const cancelled = org.subscriptionStatus === 'cancelled'
	return (
		<Card title="Current Subscription">
			<div className="flex flex-wrap items-center gap-3">
				<p className="text-2xl font-bold" data-testid="billing-plan">
					{tier.name}
				</p>
				<span className={`rounded-full px-2 py-0.5 text-xs font-medium ${cancelled ? STATUS_TONES.failed : STATUS_TONES.paid}`}>{cancelled ? 'Cancelled' : 'Active'}</span>
			</div>
			<p className="text-gray-700 dark:text-gray-300">{toCents(tier.monthlyPrice) === 0 ? 'Free' : `${money(tier.monthlyPrice)}/month`}</p>
			{tier.description ? <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{tier.description}</p> : null}
			<dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
				<div>
					<dt className="text-gray-500">Monthly searches</dt>
					<dd className="font-medium">{tier.searchesPerMonth === null ? 'Unlimited' : `${tier.searchesPerMonth} included`}</dd>
				</div>
				<div>
					<dt className="text-gray-500">{cancelled ? 'Access until' : 'Next billing date'}</dt>
					<dd className="font-medium" data-testid="next-billing-date">
						{dateText(org.nextBillingDate)}
					</dd>
				</div>
				{overview.coupon ? (
					<div>
						<dt className="text-gray-500">Coupon</dt>
						<dd className="font-medium">
							{overview.coupon.code} — {overview.coupon.discountText}
						</dd>
					</div>
				) : null}
				{toCents(org.accountBalance) > 0 ? (
					<div>
						<dt className="text-gray-500">Account credit</dt>
						<dd className="font-medium">{money(org.accountBalance)}</dd>
					</div>
				) : null}
			</dl>
			{overview.pendingUpgrade ? <PendingUpgrade upgrade={overview.pendingUpgrade} canPay={canPay} /> : null}
			{org.scheduledTierName && !cancelled ? (
				<p className="mt-3 text-sm text-amber-700 dark:text-amber-400">
					Your plan changes to {org.scheduledTierName} on {dateText(org.nextBillingDate)}.
				</p>
			) : null}
			{cancelled ? (
				<p className="mt-3 text-sm text-red-700 dark:text-red-400">
					Your subscription is cancelled. You keep access until {dateText(org.nextBillingDate)}; then the account is deactivated and its data is deleted 30 days later.
				</p>
			) : null}
			{overview.canCancel ? (
				<div className="mt-4">
					<ButtonLink to="/billing?dialog=cancel" preventScrollReset variant="secondary" className="text-red-700 dark:text-red-400">
						Cancel Subscription
					</ButtonLink>
				</div>
			) : null}
		</Card>
	)
}

/** An upgrade paid through Stripe that has not changed the plan yet: the bank's confirmation, a decline, or a payment still to come. */
function PendingUpgrade({ upgrade, canPay }: { upgrade: NonNullable<BillingOverview['pendingUpgrade']>; canPay: boolean }) {
	const what = `Your upgrade to ${upgrade.tierName} (${money(upgrade.totalAmount)})`
	return (
		<div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="pending-upgrade">
			{upgrade.state === 'awaiting_confirmation' ? (
				<>
					<p>{what} is waiting for confirmation with your bank. Your plan changes when the payment succeeds.</p>
					{canPay ? (
						<Form method="post" encType="multipart/form-data" className="mt-2">
							<input type="hidden" name="invoiceId" value={upgrade.invoiceId} />
							<Button type="submit" name="intent" value="confirm-payment">
								Confirm payment
							</Button>
						</Form>
					) : null}
				</>
			) : upgrade.state === 'declined' ? (
				<p>
					{what} was declined: {upgrade.message ?? 'Your card was declined.'} Your plan has not changed. Add another card to pay it, or choose the plan again.
				</p>
			) : (
				<p>
					{what} is waiting for payment{upgrade.message ? `: ${upgrade.message}` : '.'} Your plan changes when the payment succeeds.
				</p>
			)}
		</div>
	)
}
