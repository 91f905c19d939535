// /embed/quote/{publicKey} — the instant-quote widget (issue 19) that
// /embed/quote.js puts in an iframe on the contractor's website. Address → the
// lawn area and the price (or range) → "Request this quote" → a lead. Only the
// organization's allowed domains may frame it (Content-Security-Policy
// frame-ancestors); an unknown or disabled key is a 404 any page may show.
// Both steps are form posts, so it works without JavaScript.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import type { Route } from './+types/embed.quote.$publicKey'
import { QuoteWidgetView, type WidgetActionData } from '~/components/embed/quote-widget.tsx'
import { getEnv } from '~/env.server.ts'
import { domainAllows, WIDGET_NOT_ALLOWED, WIDGET_NOT_FOUND, withFrameAncestors } from '~/lib/quote-widget.ts'
import { QuoteAddressSchema, QuoteRequestSchema } from '~/lib/schemas/quote-widget.ts'
import { contentSecurityPolicy } from '~/lib/security.ts'
import { describeQuote, findPublicWidget, quoteAddress, requestQuote, type PublicWidget } from '~/services/quote-widget.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { HttpError } from '~/utils/http.server.ts'
import type { RouteHandle } from '~/utils/route-handle.ts'

export const handle: RouteHandle = { header: 'none', footer: 'none', cookieBanner: false }

/**
 * The site's policy with frame-ancestors set to the widget's domains (any page
 * for the not-found answer, which shows nothing of anyone). X-Frame-Options is
 * dropped: frame-ancestors decides.
 */
function widgetHeaders(request: Request, domains: readonly string[] | null): Record<string, string> {
	const env = getEnv()
	const policy = contentSecurityPolicy({
		nonce: request.headers.get('x-yardstick-csp-nonce') ?? '',
		production: env.NODE_ENV === 'production',
		tileUrls: [],
		turnstile: Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY),
	})
	return {
		'Content-Security-Policy': domains ? withFrameAncestors(policy, domains) : policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'),
		'X-Frame-Options': '',
		'X-Robots-Tag': 'noindex, nofollow',
		'Cache-Control': 'private, no-store',
	}
}

async function requireWidget(request: Request, publicKey: string): Promise<{ widget: PublicWidget; headers: Record<string, string> }> {
	const widget = await findPublicWidget(publicKey)
	if (!widget) throw data(WIDGET_NOT_FOUND, { status: 404, headers: widgetHeaders(request, null) })
	return { widget, headers: widgetHeaders(request, widget.allowedDomains) }
}

/** The page that frames the widget, when the browser says (an iframe's Referer: its origin by default); null when it doesn't. */
function framingPage(request: Request): string | null {
	const referer = request.headers.get('referer')
	if (request.headers.get('sec-fetch-dest') !== 'iframe' || !referer) return null
	try {
		return new URL(referer).origin === new URL(request.url).origin ? null : referer
	} catch {
		return null
	}
}

export async function loader({ request, params }: Route.LoaderArgs) {
	const { widget, headers } = await requireWidget(request, params.publicKey)
	// a website that is not on the widget's list: say so inside the frame (an answer any page
	// may show, with nothing of the organization in it) instead of the browser's blank refusal;
	// without a Referer the policy's frame-ancestors still keeps such a site out
	const page = framingPage(request)
	if (page && !domainAllows(widget.allowedDomains, page)) throw data(WIDGET_NOT_ALLOWED, { status: 403, headers: widgetHeaders(request, null) })
	const requested = new URL(request.url).searchParams.get('requested') === '1'
	return data({ organizationName: widget.organizationName, organizationLogoUrl: widget.organizationLogoUrl, priceDisplay: widget.priceDisplay, requested }, { headers })
}

export function headers({ loaderHeaders, actionHeaders, errorHeaders }: Route.HeadersArgs) {
	for (const h of [errorHeaders, actionHeaders, loaderHeaders]) if (h?.has('Content-Security-Policy')) return h
	return loaderHeaders
}

/** `at` makes each answer new, so the address form mounts again and solves a fresh bot check. */
const reply = (body: Omit<WidgetActionData, 'at'>, status: number, headers: Record<string, string>) => data<WidgetActionData>({ ...body, at: Date.now() }, { status, headers })

export async function action({ request, params }: Route.ActionArgs) {
	const { widget, headers } = await requireWidget(request, params.publicKey)
	const formData = await request.formData()
	const intent = formData.get('intent')
	formData.delete('intent')
	const ip = clientIp(request)

	if (intent === 'request') {
		const submission = parseWithZod(formData, { schema: QuoteRequestSchema })
		const token = formData.get('quote')
		const address = String(formData.get('address') ?? '')
		// the quote shown again beside the errors (or the address alone when quotes were unavailable)
		const shown = describeQuote(widget, typeof token === 'string' ? token : null) ?? { kind: 'unavailable' as const, address }
		if (submission.status !== 'success') return reply({ address: shown.address, quote: shown, error: null, result: submission.reply() }, 400, headers)
		try {
			await requestQuote(widget, submission.value, ip)
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			const fieldErrors = error.fields ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, [v]])) : undefined
			return reply({ address: shown.address, quote: shown, error: null, result: submission.reply({ formErrors: [error.message], fieldErrors }) }, error.status, headers)
		}
		// post/redirect/get: a reload does not send the request again
		throw redirect(`/embed/quote/${encodeURIComponent(widget.publicKey)}?requested=1`, { headers })
	}

	const submission = parseWithZod(formData, { schema: QuoteAddressSchema })
	const typed = String(formData.get('address') ?? '').slice(0, 200)
	if (submission.status !== 'success') {
		const error = Object.values(submission.error ?? {}).flat()[0] ?? 'Enter your street address'
		return reply({ address: typed, quote: null, error, result: null }, 400, headers)
	}
	try {
		const quote = await quoteAddress(widget, submission.value, ip, { signal: request.signal })
		return reply({ address: submission.value.address, quote, error: null, result: null }, 200, headers)
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		return reply({ address: typed, quote: null, error: error.message, result: null }, error.status, headers)
	}
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
	{ title: loaderData ? `Instant lawn quote · ${loaderData.organizationName}` : 'Quote widget not available' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function QuoteWidgetPage({ loaderData, actionData }: Route.ComponentProps) {
	return <QuoteWidgetView organizationName={loaderData.organizationName} organizationLogoUrl={loaderData.organizationLogoUrl} requested={loaderData.requested} actionData={actionData} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: number }).status : 500
	const [title, detail] =
		status === 404
			? [WIDGET_NOT_FOUND, 'The website owner may have turned it off.']
			: status === 403
				? [WIDGET_NOT_ALLOWED, 'The website owner can add this website to the widget in Yardstick’s settings.']
				: ['Something went wrong. Please try again.', null]
	return (
		<div role="alert" className="p-4 text-sm">
			<p className="font-semibold">{title}</p>
			{detail ? <p className="mt-1 text-gray-600 dark:text-gray-400">{detail}</p> : null}
		</div>
	)
}
