// "Free Searches": searches used this month against the plan's limit (spec 1 §5: capped at 100 %, unlimited when null).
export function UsageMeter({ used, limit, className }: { used: number; limit: number | null; className?: string }) {
	const percent = limit ? Math.min(100, (used / limit) * 100) : 0
	return (
		<section aria-labelledby="usage-heading" className={className}>
			<div className="flex items-center justify-between text-sm">
				<h2 id="usage-heading" className="font-semibold">
					Free Searches
				</h2>
				<span data-testid="usage-count">{limit === null ? `${used} used · Unlimited` : `${used} / ${limit}`}</span>
			</div>
			<div className="mt-1 h-2 rounded-full bg-gray-200 dark:bg-gray-800" role="progressbar" aria-label="Searches used" aria-valuenow={Math.round(percent)} aria-valuemin={0} aria-valuemax={100}>
				<div className="h-2 rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
			</div>
		</section>
	)
}
