import { Form, Link, useFetcher, useLocation, useNavigation } from 'react-router'
import { menuFor, showNewMeasurement } from '~/lib/roles.ts'
import type { ClientUser } from '~/services/users.server.ts'
import { cn } from '~/utils/cn.ts'
import { ButtonLink, buttonClass } from './ui/button.tsx'

export type HeaderVariant = 'default' | 'landing'

export const TAGLINE = 'AI-powered property measurement for outdoor pros'

export function Header({ user, theme, variant }: { user: ClientUser | null; theme: string; variant: HeaderVariant }) {
	return (
		<header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95">
			{user?.isMasquerading ? <MasqueradeBanner user={user} /> : null}
			<div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-4">
				<Link to="/" className="flex shrink-0 items-center gap-3" aria-label="Yardstick home">
					<Logo />
					<span className="flex flex-col leading-tight">
						{/* under 375 px the logo alone: the buttons beside it keep to the screen */}
						<span className="text-lg font-bold text-gray-900 max-[23.4375rem]:hidden dark:text-white">Yardstick</span>
						<span className="hidden text-xs text-gray-600 sm:block dark:text-gray-400">{TAGLINE}</span>
					</span>
				</Link>
				<nav className="flex min-w-0 items-center gap-1 sm:gap-2" aria-label="Main">
					{variant === 'landing' ? <ThemeToggle theme={theme} /> : null}
					{user ? <SignedIn user={user} /> : <SignedOut variant={variant} />}
				</nav>
			</div>
		</header>
	)
}

function Logo() {
	return (
		<svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
			<rect width="36" height="36" rx="8" className="fill-brand-600" />
			<path d="M7 26 L18 9 L29 26 Z" fill="none" stroke="white" strokeWidth="2.5" strokeLinejoin="round" />
			<path d="M11 26 v-3 M15 26 v-4 M19 26 v-3 M23 26 v-4" stroke="white" strokeWidth="2" />
		</svg>
	)
}

function SignedOut({ variant }: { variant: HeaderVariant }) {
	if (variant === 'landing') {
		return (
			<>
				<ButtonLink to="/auth" variant="ghost" className="max-sm:px-2.5">
					Sign In
				</ButtonLink>
				<ButtonLink to="/checkout/BETA" className="max-sm:px-2.5">
					<span className="hidden sm:inline">Become a Founding Member</span>
					<span className="sm:hidden">Join Beta</span>
				</ButtonLink>
			</>
		)
	}
	return (
		<>
			{/* on a phone the footer links to About: the header keeps to the screen's width */}
			<ButtonLink to="/about" variant="ghost" className="max-sm:hidden">
				About
			</ButtonLink>
			<ButtonLink to="/auth" variant="ghost" className="max-sm:px-2.5">
				Sign In
			</ButtonLink>
			<ButtonLink to="/auth" className="max-sm:px-2.5">
				Get Started
			</ButtonLink>
		</>
	)
}

function SignedIn({ user }: { user: ClientUser }) {
	const navigation = useNavigation()
	const loggingOut = navigation.formAction === '/api/logout'
	const items = menuFor(user)
	return (
		<>
			{showNewMeasurement(user) ? (
				<ButtonLink to="/measure" className="hidden sm:inline-flex">
					New Measurement
				</ButtonLink>
			) : null}
			<details className="group relative">
				<summary
					className={cn(buttonClass('secondary'), 'cursor-pointer list-none max-sm:px-2.5 [&::-webkit-details-marker]:hidden')}
					aria-label="User menu"
				>
					<span className="max-w-28 truncate">{user.firstName || 'User'}</span>
					<span aria-hidden="true">▾</span>
				</summary>
				<div className="absolute right-0 mt-2 w-48 rounded-md border border-gray-200 bg-white py-1 shadow-lg dark:border-gray-700 dark:bg-gray-900">
					{items.map((item) => (
						<Link
							key={item.to}
							to={item.to}
							className="block px-4 py-2 text-sm text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
						>
							{item.label}
						</Link>
					))}
					<Form method="post" action="/api/logout" onSubmit={() => window.localStorage.removeItem('authToken')}>
						<button
							type="submit"
							disabled={loggingOut}
							className="block w-full px-4 py-2 text-left text-sm text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
						>
							{loggingOut ? 'Logging Out...' : 'Log Out'}
						</button>
					</Form>
				</div>
			</details>
		</>
	)
}

function MasqueradeBanner({ user }: { user: ClientUser }) {
	return (
		<div className="sticky top-0 flex flex-wrap items-center justify-center gap-3 bg-orange-500 px-4 py-2 text-sm text-white">
			<span>
				Masquerading as {user.firstName} {user.lastName} ({user.email})
			</span>
			<Form method="post" action="/api/admin/masquerade/stop">
				<button type="submit" className="rounded bg-white px-3 py-1 font-medium text-orange-700">
					Return to Admin Panel
				</button>
			</Form>
		</div>
	)
}

export function ThemeToggle({ theme }: { theme: string }) {
	const fetcher = useFetcher()
	const location = useLocation()
	const optimistic = (fetcher.formData?.get('theme') as string | null) ?? theme
	const options = [
		{ value: 'light', label: 'Light', icon: '☀' },
		{ value: 'dark', label: 'Dark', icon: '☾' },
		{ value: 'system', label: 'System', icon: '◐' },
	]
	return (
		<fetcher.Form method="post" action="/theme" className="flex rounded-md border border-gray-300 p-0.5 dark:border-gray-700" aria-label="Theme">
			<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
			{options.map((o) => (
				<button
					key={o.value}
					type="submit"
					name="theme"
					value={o.value}
					aria-pressed={optimistic === o.value}
					title={o.label}
					className={cn(
						'rounded px-2 py-1 text-xs',
						optimistic === o.value ? 'bg-gray-900 text-white dark:bg-white dark:text-gray-900' : 'text-gray-700 dark:text-gray-300',
					)}
				>
					<span aria-hidden="true">{o.icon}</span>
					<span className="sr-only sm:not-sr-only sm:ml-1">{o.label}</span>
				</button>
			))}
		</fetcher.Form>
	)
}
