import { Form, useFetcher, useLocation } from 'react-router'
import type { Route } from './+types/cookies'
import { Button } from '~/components/ui/button.tsx'
import { consentFor, readConsent, saveConsent } from '~/services/consent.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { safeRedirect } from '~/utils/redirect.ts'

export const meta: Route.MetaFunction = () => [
	{ title: 'Cookie Settings | Yardstick' },
	{ name: 'description', content: 'Choose which cookies Yardstick may use.' },
]

export async function loader({ request }: Route.LoaderArgs) {
	return { consent: await readConsent(request) }
}

/** The banner and this page post here: accept-all, essential-only or save. */
export async function action({ request }: Route.ActionArgs) {
	const form = await request.formData()
	const intent = form.get('intent')
	const back = safeRedirect(form.get('redirectTo'), '/cookies')
	const consent =
		intent === 'accept-all' ? consentFor('all') : intent === 'save' ? consentFor({ analytics: form.get('analytics') === 'on', preferences: form.get('preferences') === 'on' }) : consentFor('essential')
	const toast =
		intent === 'accept-all'
			? { title: 'All Cookies Accepted', description: 'Thank you. You can change this at any time in Cookie Settings.' }
			: intent === 'save'
				? { title: 'Preferences Saved', description: 'Your cookie preferences have been saved.' }
				: { title: 'Optional Cookies Rejected', description: 'Only essential cookies will be used.' }
	return redirectWithToast(back, { ...toast, type: 'success' }, { headers: { 'Set-Cookie': await saveConsent(consent) } })
}

const CATEGORIES = [
	{ name: 'essential', title: 'Essential', text: 'Sign-in, security and your cookie choice. The site cannot work without them, so they are always on.' },
	{ name: 'analytics', title: 'Analytics', text: 'Anonymous counts of how pages are used, so we can make Yardstick better. Off unless you allow them.' },
	{ name: 'preferences', title: 'Preferences', text: 'Remember choices such as your theme and recent searches between visits.' },
] as const

export default function CookieSettings({ loaderData }: Route.ComponentProps) {
	const consent = loaderData.consent
	return (
		<div className="mx-auto max-w-3xl px-4 py-12">
			<h1 className="text-3xl font-bold tracking-tight">Cookie Settings</h1>
			<p className="mt-2 text-gray-700 dark:text-gray-300">Choose which cookies Yardstick may use. Essential cookies are always on.</p>
			<Form method="post" className="mt-8 space-y-4" key={JSON.stringify(consent)}>
				<input type="hidden" name="redirectTo" value="/cookies" />
				{CATEGORIES.map((c) => (
					<div key={c.name} className="flex items-start justify-between gap-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
						<div>
							<h2 className="font-semibold">{c.title}</h2>
							<p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{c.text}</p>
						</div>
						<label className="flex shrink-0 items-center gap-2 text-sm">
							{c.name === 'essential' ? (
								<input type="checkbox" checked disabled aria-describedby="essential-locked" />
							) : (
								<input type="checkbox" name={c.name} defaultChecked={consent ? consent[c.name] : false} />
							)}
							<span>{c.name === 'essential' ? <span id="essential-locked">Always on</span> : `Allow ${c.title.toLowerCase()} cookies`}</span>
						</label>
					</div>
				))}
				<div className="flex flex-wrap gap-2 pt-2">
					<Button type="submit" name="intent" value="accept-all">
						Accept All Cookies
					</Button>
					<Button type="submit" name="intent" value="save" variant="secondary">
						Save My Preferences
					</Button>
					<Button type="submit" name="intent" value="essential-only" variant="secondary">
						Reject Optional Cookies
					</Button>
				</div>
			</Form>
			<section className="mt-12">
				<h2 className="text-xl font-semibold">Managing cookies in your browser</h2>
				<ul className="mt-3 list-disc space-y-1 pl-6 text-gray-800 dark:text-gray-200">
					<li>Chrome: Settings → Privacy and security → Third-party cookies / See all site data and permissions.</li>
					<li>Firefox: Settings → Privacy &amp; Security → Cookies and Site Data.</li>
					<li>Safari: Settings (Preferences) → Privacy → Manage Website Data.</li>
					<li>Edge: Settings → Cookies and site permissions → Manage and delete cookies and site data.</li>
				</ul>
			</section>
		</div>
	)
}

/** The banner (spec 3): 1 s after load, when no choice has been made. */
export function CookieBanner() {
	const fetcher = useFetcher()
	const location = useLocation()
	const path = location.pathname + location.search
	if (fetcher.state !== 'idle' || fetcher.data !== undefined) return null
	return (
		<div role="region" aria-label="Cookie consent" className="cookie-banner fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white p-4 shadow-lg max-md:px-2 max-md:py-1 dark:border-gray-800 dark:bg-gray-900">
			{/* on a phone one compact line (issue 31): the short sentence, the buttons beside it */}
			<fetcher.Form method="post" action="/cookies" className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 max-md:flex-nowrap max-md:gap-2">
				<input type="hidden" name="redirectTo" value={path} />
				<p className="text-sm text-gray-800 max-md:min-w-0 max-md:truncate max-md:text-xs dark:text-gray-200">
					<span className="max-md:hidden">We use essential cookies to run Yardstick, and optional ones only if you allow them.</span>
					<span className="md:hidden">We use cookies.</span>
				</p>
				<div className="flex items-center gap-2 max-md:shrink-0 max-md:gap-1">
					<Button type="submit" name="intent" value="accept-all" className="px-3 py-1.5 max-md:min-h-11 max-md:px-2 max-md:text-xs">
						Accept All
					</Button>
					<Button type="submit" name="intent" value="essential-only" variant="secondary" className="px-3 py-1.5 max-md:min-h-11 max-md:px-2 max-md:text-xs">
						Essential Only
					</Button>
					<a href="/cookies" aria-label="Cookie settings" className="rounded p-1.5 text-lg hover:bg-gray-100 max-md:inline-flex max-md:min-h-11 max-md:min-w-11 max-md:items-center max-md:justify-center dark:hover:bg-gray-800">
						⚙
					</a>
					<button type="submit" name="intent" value="essential-only" aria-label="Close" className="rounded p-1.5 text-lg hover:bg-gray-100 max-md:min-h-11 max-md:min-w-11 dark:hover:bg-gray-800">
						×
					</button>
				</div>
			</fetcher.Form>
		</div>
	)
}
