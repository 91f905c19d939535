// The side column: Account Summary and Quick Actions.
import { ButtonLink } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import type { BillingOverview } from '~/services/billing.server.ts'
import { dateText } from './shared.ts'

export function SideCards({ overview }: { overview: BillingOverview }) {
	const { organization: org, tier } = overview
	return (
		<div className="space-y-6">
			<Card title="Account Summary">
				<dl className="space-y-2 text-sm">
					<SummaryRow label="Organization" value={org.name} />
					<SummaryRow label="Account number" value={org.accountNumber} />
					<SummaryRow label="Plan" value={tier.name} />
					<SummaryRow label="Created" value={dateText(org.createdAt)} />
				</dl>
			</Card>
			<Card title="Quick Actions">
				<div className="flex flex-col gap-2">
					<ButtonLink to="/measure" variant="secondary">
						Create Measurement
					</ButtonLink>
					<ButtonLink to="/dashboard" variant="secondary">
						Add User
					</ButtonLink>
					<ButtonLink to="/billing?dialog=support" preventScrollReset variant="secondary">
						Contact Billing Support
					</ButtonLink>
				</div>
			</Card>
		</div>
	)
}

export function SummaryRow({ label, value }: { label: string; value: string }) {
	return (
		<div className="flex justify-between gap-4">
			<dt className="text-gray-500">{label}</dt>
			<dd className="text-right font-medium">{value}</dd>
		</div>
	)
}
