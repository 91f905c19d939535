// The four stat cards above the sections (site admins with the stats flag).
import { cardClass, type AdminData } from './ui.tsx'

export function StatCards({ stats }: { stats: NonNullable<AdminData['stats']> }) {
	const cards: [string, number][] = [
		['Total Accounts', stats.accounts],
		['Total Users', stats.users],
		["Today's Searches", stats.searchStats.day],
		["Today's Measurements", stats.measurementStats.day],
	]
	return (
		<ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
			{cards.map(([label, value]) => (
				<li key={label} className={cardClass}>
					<p className="text-sm text-gray-600 dark:text-gray-400">{label}</p>
					<p className="mt-1 text-2xl font-bold" aria-label={`${label}: ${value}`}>
						{value.toLocaleString('en-US')}
					</p>
				</li>
			))}
		</ul>
	)
}
