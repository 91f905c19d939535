import { Link } from 'react-router'

/** `year`: the current year from the server's clock (the root loader), so server and browser render the same text. */
export function Footer({ year, showCookies = true }: { year: number; showCookies?: boolean }) {
	const links = [
		{ to: '/about', label: 'About' },
		{ to: '/news-updates', label: 'News & Updates' },
		{ to: '/terms', label: 'Terms' },
		{ to: '/privacy', label: 'Privacy' },
		...(showCookies ? [{ to: '/cookies', label: 'Cookies' }] : []),
	]
	return (
		<footer className="border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-950">
			<div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 sm:flex-row">
				<nav aria-label="Footer" className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
					{links.map((l) => (
						<Link key={l.to} to={l.to} className="text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white">
							{l.label}
						</Link>
					))}
				</nav>
				<p className="text-sm text-gray-600 dark:text-gray-400">© {year} Yardstick. All rights reserved.</p>
			</div>
		</footer>
	)
}
