import {
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	data,
	isRouteErrorResponse,
	useMatches,
	useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { Footer } from './components/footer.tsx'
import { Header, TAGLINE } from './components/header.tsx'
import type { RouteHandle } from './utils/route-handle.ts'
import { useNonce } from './utils/nonce.tsx'
import { ToastProvider } from './components/toaster.tsx'
import { CookieBanner } from './routes/cookies.tsx'
import { getActor } from './services/auth.server.ts'
import { readConsent } from './services/consent.server.ts'
import { effectiveTheme, getLocalTheme } from './services/theme.server.ts'
import { readToast } from './services/toast.server.ts'

export const meta: Route.MetaFunction = () => [
	{ title: `Yardstick — ${TAGLINE}` },
	{ name: 'description', content: 'Measure lawns, areas and distances on satellite imagery and quote outdoor jobs without driving there.' },
]

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export async function loader({ request }: Route.LoaderArgs) {
	const [actor, localTheme, { toast, headers }, consent] = await Promise.all([getActor(request), getLocalTheme(request), readToast(request), readConsent(request)])
	const user = actor?.user ?? null
	// the footer's year: read on the server and sent along, so the hydrated page shows the same year
	const year = new Date().getUTCFullYear()
	return data({ user, theme: effectiveTheme(user?.themePreference, localTheme), toast, consent, year }, { headers })
}

export function Layout({ children }: { children: React.ReactNode }) {
	const rootData = useRouteLoaderData<typeof loader>('root')
	const theme = rootData?.theme ?? 'system'
	const nonce = useNonce()
	return (
		<html lang="en" className={theme}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body className="flex min-h-screen flex-col bg-white font-sans text-gray-900 antialiased dark:bg-gray-950 dark:text-gray-100">
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App({ loaderData }: Route.ComponentProps) {
	const matches = useMatches()
	const handle = Object.assign({}, ...matches.map((m) => (m.handle ?? {}) as RouteHandle)) as RouteHandle
	const header = handle.header ?? 'default'
	const footer = handle.footer ?? 'default'
	return (
		<ToastProvider initial={loaderData.toast}>
			{header !== 'none' ? <Header user={loaderData.user} theme={loaderData.theme} variant={header} /> : null}
			<main id="main" className="flex-1">
				<Outlet />
			</main>
			{footer !== 'none' ? <Footer year={loaderData.year} showCookies={footer !== 'no-cookies'} /> : null}
			{loaderData.consent || handle.cookieBanner === false ? null : <CookieBanner />}
		</ToastProvider>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	let title = 'Something went wrong'
	let details = 'An unexpected error occurred. Please try again.'
	if (isRouteErrorResponse(error)) {
		title = error.status === 404 ? 'Page not found' : `${error.status} ${error.statusText || 'Error'}`
		details = typeof error.data === 'string' && error.data ? error.data : details
	} else if (import.meta.env.DEV && error instanceof Error) {
		details = error.message
	}
	return (
		<main className="mx-auto max-w-xl flex-1 px-4 py-24 text-center">
			<h1 className="text-3xl font-bold">{title}</h1>
			<p className="mt-4 text-gray-600 dark:text-gray-400">{details}</p>
			<a href="/" className="mt-8 inline-block text-brand-700 underline">
				Go to Home Page
			</a>
		</main>
	)
}
