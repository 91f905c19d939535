// Data Cleanup (spec 3 §9): the cleanup job's statistics (refetched every 30
// seconds), Run Cleanup Now and the data retention policy.
import { useEffect, useState } from 'react'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { cn } from '~/utils/cn.ts'
import { FormError, Hidden, cardClass, formatDateTime, replyFor, type SectionProps } from './ui.tsx'

export const CLEANUP_POLL_MS = 30_000

export function CleanupSection({ data, actionData }: SectionProps) {
	const initial = data.tab === 'cleanup' && 'cleanup' in data ? data.cleanup : null
	const [stats, setStats] = useState(initial)
	useEffect(() => setStats(initial), [initial])
	useEffect(() => {
		// spec 3 §9: the statistics are refetched every 30 seconds
		const timer = setInterval(async () => {
			const res = await fetch('/api/admin/cleanup/stats', { headers: { Accept: 'application/json' } }).catch(() => null)
			if (res?.ok) setStats(await res.json())
		}, CLEANUP_POLL_MS)
		return () => clearInterval(timer)
	}, [])
	if (!stats) return null
	const reply = replyFor(actionData, 'cleanup-trigger')
	const cards: [string, string][] = [
		['Organizations pending cleanup', String(stats.organizationsPendingCleanup)],
		['Last cleanup run', formatDateTime(stats.lastCleanupRun)],
		['Next cleanup scheduled', formatDateTime(stats.nextCleanupScheduled)],
	]
	return (
		<div className="space-y-6">
			<ul className="grid gap-4 sm:grid-cols-3">
				{cards.map(([label, value]) => (
					<li key={label} className={cardClass}>
						<p className="text-sm text-gray-600 dark:text-gray-400">{label}</p>
						<p className="mt-1 text-xl font-semibold" data-testid={label}>
							{value}
						</p>
					</li>
				))}
			</ul>
			<Form method="post" className="space-y-3">
				<Hidden intent="cleanup-trigger" />
				<FormError reply={reply} />
				<Button type="submit">Run Cleanup Now</Button>
			</Form>
			<div className={cn(cardClass, 'space-y-2 text-sm text-gray-700 dark:text-gray-300')}>
				<h3 className="text-base font-semibold text-gray-900 dark:text-gray-100">Data retention policy</h3>
				<p>
					When an organization is deactivated — by an administrator, or when a cancelled subscription ends — its members lose access at once. Thirty days later all of its data is permanently deleted: its
					users and their sessions, measurements, projects, invitations and invoices.
				</p>
				<p>An organization can be reactivated at any time before the cleanup runs, which restores access and cancels the deletion.</p>
				<p>The cleanup runs automatically once a day and when the application starts. Every run and every deleted organization is recorded in the audit log.</p>
			</div>
		</div>
	)
}
