import { Card } from '~/components/ui/card.tsx'
import { ButtonLink } from '~/components/ui/button.tsx'

export function QuickActions({ manager = false }: { manager?: boolean }) {
	return (
		<Card title="Quick Actions" labelledBy="quick-actions">
			<div className="flex flex-wrap gap-3">
				<ButtonLink to="/measure">Start Measuring</ButtonLink>
				{manager ? (
					<ButtonLink to="/dashboard/bulk" variant="secondary">
						Bulk Measure
					</ButtonLink>
				) : null}
				<ButtonLink to="/settings" variant="secondary">
					Settings
				</ButtonLink>
			</div>
		</Card>
	)
}
