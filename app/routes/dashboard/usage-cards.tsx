// Monthly Searches and Monthly Reports: used / limit, a bar and what is left.
import type { ClientUser } from '~/services/users.server.ts'

export function usageText(used: number, limit: number | null, noun: 'searches' | 'reports') {
	if (limit === null) return `Unlimited ${noun} available`
	const remaining = Math.max(0, limit - used)
	return remaining > 0 ? `${remaining} ${noun} remaining` : `No ${noun} remaining`
}

export function UsageCards({ user }: { user: ClientUser }) {
	const stats = user.usageStats
	return (
		<div className="grid gap-4 sm:grid-cols-2">
			<UsageCard title="Monthly Searches" used={stats.searches} limit={stats.searchLimit} noun="searches" />
			<UsageCard title="Monthly Reports" used={stats.reports} limit={stats.reportLimit} noun="reports" />
		</div>
	)
}

function UsageCard({ title, used, limit, noun }: { title: string; used: number; limit: number | null; noun: 'searches' | 'reports' }) {
	const percent = limit === null || limit === 0 ? (limit === 0 ? 100 : 0) : Math.min(100, (used / limit) * 100)
	const id = `usage-${noun}`
	return (
		<section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-700 dark:bg-gray-900">
			<h2 id={id} className="text-sm font-medium text-gray-600 dark:text-gray-400">
				{title}
			</h2>
			<p className="mt-2 text-2xl font-bold" data-testid={`${id}-count`}>
				{used} / {limit === null ? '∞' : limit}
			</p>
			<div
				role="progressbar"
				aria-label={`${title} used`}
				aria-valuemin={0}
				aria-valuemax={100}
				aria-valuenow={Math.round(percent)}
				className="mt-3 h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
			>
				<div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
			</div>
			<p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{usageText(used, limit, noun)}</p>
		</section>
	)
}
