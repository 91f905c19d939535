// /p/{token} — the estimate a contractor shared with a customer (issue 19).
// Public, no account, in the contractor's brand (issue 31: their logo or
// initials and name, no Yardstick header or footer): the property picture with
// the shapes, the estimate, each area and length, notes, "Accept estimate", the
// PDF and the contractor's contact. Unknown, expired and revoked links are the
// 404 page. Server-rendered and complete without JavaScript; never indexed.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import type { Route } from './+types/p.$token'
import { OrganizationHeader, PreparedWithYardstick } from '~/components/customer-brand.tsx'
import { AcceptEstimateForm } from '~/components/share/accept-estimate-form.tsx'
import { ShareAcceptSchema } from '~/lib/schemas/share.ts'
import { MAP_HEIGHT_PX, MAP_WIDTH_PX } from '~/services/report-map.server.ts'
import { getActor } from '~/services/auth.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { getSatelliteImagery } from '~/integrations/satellite.server.ts'
import { acceptShare, LINK_NOT_FOUND, viewShare, type PublicShare } from '~/services/share.server.ts'
import { HttpError } from '~/utils/http.server.ts'
import { longDate } from '~/lib/dates.ts'
import type { RouteHandle } from '~/utils/route-handle.ts'

/** The contractor's page, in their brand: no Yardstick header or footer (issue 31). */
export const handle: RouteHandle = { header: 'none', footer: 'none' }

/**
 * Link-preview fetchers and crawlers that open a pasted link on their own
 * (chat unfurls, mail scanners, search engines): not the customer's views.
 * A narrow list rather than isbot(): headless browsers are people's tools too.
 */
const PREVIEW_AGENTS = /slackbot|facebookexternalhit|twitterbot|whatsapp|telegrambot|discordbot|linkedinbot|skypeuripreview|applebot|googlebot|bingbot|yandex|duckduckbot|embedly|outlook|microsoft preview|google-safety|bitlybot/i

const PRIVATE_HEADERS = { 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'same-origin', 'Cache-Control': 'private, no-store' }

/**
 * Request contexts of the accept form's posts: without JavaScript the page is
 * rendered again through the loader in the same request, which is not a view.
 */
const POSTED = new WeakSet<object>()
const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const actor = await getActor(request)
	// the page the accept form lands on is not another view
	const justAccepted = new URL(request.url).searchParams.get('accepted') === '1'
	const afterPost = isObject(context) && POSTED.has(context)
	const share = await viewShare(params.token, {
		countView: !justAccepted && !afterPost && !PREVIEW_AGENTS.test(request.headers.get('user-agent') ?? ''),
		viewerOrganizationId: actor?.user.organizationId ?? null,
	})
	if (!share) throw data(LINK_NOT_FOUND, { status: 404, headers: PRIVATE_HEADERS })
	// the credit the imagery provider requires beside its picture, as on the map and the PDF
	const imageryCredit = (await getSatelliteImagery().resolve({ signal: request.signal })).attribution
	return data({ share, justAccepted, imageryCredit, mapSize: { width: MAP_WIDTH_PX, height: MAP_HEIGHT_PX } }, { headers: PRIVATE_HEADERS })
}

export function headers() {
	return PRIVATE_HEADERS
}

export async function action({ request, params, context }: Route.ActionArgs) {
	if (isObject(context)) POSTED.add(context)
	const submission = parseWithZod(await request.formData(), { schema: ShareAcceptSchema })
	if (submission.status !== 'success') return data({ result: submission.reply(), notice: null }, { status: 400, headers: PRIVATE_HEADERS })
	try {
		await acceptShare(params.token, submission.value, clientIp(request))
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		if (error.status === 404) throw data(LINK_NOT_FOUND, { status: 404, headers: PRIVATE_HEADERS })
		// someone accepted first: theirs stands, and this visitor is told so
		if (error.status === 409) return data({ result: submission.reply({ resetForm: true }), notice: error.message }, { status: 409, headers: PRIVATE_HEADERS })
		const fields = error.fields ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, [v]])) : undefined
		return data({ result: submission.reply({ formErrors: [error.message], fieldErrors: fields }), notice: null }, { status: error.status, headers: PRIVATE_HEADERS })
	}
	// post/redirect/get: a reload does not send the form again
	throw redirect(`/p/${encodeURIComponent(params.token)}?accepted=1`, { headers: PRIVATE_HEADERS })
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
	{ title: loaderData ? `Estimate from ${loaderData.share.organizationName} | Yardstick` : 'Page not found | Yardstick' },
	{ name: 'robots', content: 'noindex, nofollow' },
]


export default function SharedEstimate({ loaderData, actionData, params }: Route.ComponentProps) {
	const { share, mapSize } = loaderData
	const base = `/p/${params.token}`
	// the estimate (its lines and total) comes first, with the picture on a phone's first screen;
	// the accept form after it, or once accepted the acceptance at the top
	return (
		<div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 wrap-break-word sm:py-10">
			<OrganizationHeader name={share.organizationName} logoUrl={share.organizationLogoUrl}>
				<p className="text-sm text-gray-600 dark:text-gray-400">Estimate · valid until {longDate(share.expiresAt)}</p>
			</OrganizationHeader>

			{share.accepted ? (
				<Accepted accepted={share.accepted} organizationName={share.organizationName} justAccepted={loaderData.justAccepted} notice={actionData?.notice ?? null} />
			) : null}

			<section aria-labelledby="property-heading" className="space-y-3">
				<h1 id="property-heading" className="text-2xl font-bold tracking-tight">
					{share.address ?? share.title}
				</h1>
				{share.address && share.title !== share.address ? <p className="text-gray-700 dark:text-gray-300">{share.title}</p> : null}
				<img
					src={`${base}/map.jpg`}
					width={mapSize.width}
					height={mapSize.height}
					alt="Aerial picture of the property with the measured areas outlined and numbered"
					className="h-auto w-full rounded-lg border border-gray-200 bg-gray-100 dark:border-gray-800"
				/>
				<p className="-mt-2 text-xs text-gray-600 dark:text-gray-400">{loaderData.imageryCredit}</p>
			</section>

			{share.estimate ? <EstimateTable estimate={share.estimate} /> : null}
			<Measurements share={share} />

			{share.notes ? (
				<section aria-labelledby="notes-heading" className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
					<h2 id="notes-heading" className="font-semibold">
						Notes
					</h2>
					<p className="mt-2 whitespace-pre-line text-gray-800 dark:text-gray-200">{share.notes}</p>
				</section>
			) : null}

			{share.accepted ? null : <AcceptForm share={share} actionData={actionData} />}

			<p>
				<a href={`${base}/report.pdf`} className="font-medium text-brand-700 underline dark:text-brand-500" download>
					Download the PDF report
				</a>
			</p>

			<Contact share={share} />
			<PreparedWithYardstick />
		</div>
	)
}

type Acceptance = NonNullable<PublicShare['accepted']>

function Accepted({ accepted, organizationName, justAccepted, notice }: { accepted: Acceptance; organizationName: string; justAccepted: boolean; notice: string | null }) {
	return (
		<section role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100">
			<h2 className="text-lg font-semibold">Accepted</h2>
			{notice ? <p className="mt-1 font-medium">{notice}</p> : null}
			<p className="mt-1">
				{`Accepted by ${accepted.name} on ${longDate(accepted.at)}.`}
				{justAccepted ? ` Thank you! ${organizationName} has been told and will be in touch.` : null}
			</p>
		</section>
	)
}

function AcceptForm({ share, actionData }: { share: PublicShare; actionData: Route.ComponentProps['actionData'] }) {
	return (
		<section aria-labelledby="accept-heading" className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
			<h2 id="accept-heading" className="text-lg font-semibold">
				Accept estimate
			</h2>
			<p className="mt-1 mb-4 text-sm text-gray-600 dark:text-gray-400">Leave your details and {share.organizationName} will contact you to schedule the work.</p>
			<AcceptEstimateForm lastResult={actionData?.result} />
		</section>
	)
}

function Measurements({ share }: { share: PublicShare }) {
	return (
		<section aria-labelledby="measurements-heading">
			<h2 id="measurements-heading" className="text-lg font-semibold">
				Measurements
			</h2>
			<ul className="mt-2 divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
				{share.shapes.map((s) => (
					<li key={s.number} className="flex items-center justify-between gap-3 px-4 py-2">
						<span className="min-w-0 break-words">
							<span className="mr-2 inline-flex h-6 w-6 items-center justify-center rounded-full bg-gray-900 text-xs font-bold text-white">{s.number}</span>
							{s.name}
							<span className="ml-2 text-sm text-gray-600 dark:text-gray-400">{s.surface}</span>
						</span>
						<span className="shrink-0 font-medium tabular-nums">{s.figure}</span>
					</li>
				))}
			</ul>
			<dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
				{share.surfaces.length > 1 || share.surfaces[0]?.surface !== 'other'
					? share.surfaces.map((s) => (
							<div key={s.surface} className="flex gap-2">
								<dt className="text-gray-600 dark:text-gray-400">{s.name}</dt>
								<dd className="font-semibold">{s.figure}</dd>
							</div>
						))
					: null}
				{share.totalArea ? (
					<div className="flex gap-2">
						<dt className="text-gray-600 dark:text-gray-400">Total area</dt>
						<dd className="font-semibold">{share.totalArea}</dd>
					</div>
				) : null}
				{share.totalLength ? (
					<div className="flex gap-2">
						<dt className="text-gray-600 dark:text-gray-400">Total length</dt>
						<dd className="font-semibold">{share.totalLength}</dd>
					</div>
				) : null}
			</dl>
		</section>
	)
}

function EstimateTable({ estimate }: { estimate: NonNullable<PublicShare['estimate']> }) {
	return (
		<section aria-labelledby="estimate-heading">
			<h2 id="estimate-heading" className="text-lg font-semibold">
				Estimate
			</h2>
			<div className="mt-2 overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800">
				<table className="w-full text-sm">
					<thead className="bg-gray-50 text-left dark:bg-gray-900">
						<tr>
							<th scope="col" className="px-4 py-2 font-medium">
								Service
							</th>
							<th scope="col" className="px-4 py-2 text-right font-medium">
								Amount
							</th>
						</tr>
					</thead>
					<tbody className="divide-y divide-gray-200 dark:divide-gray-800">
						{estimate.lines.map((l) => (
							<tr key={l.name + l.quantity}>
								<td className="px-4 py-2">
									<span className="font-medium">{l.name}</span>
									<span className="block text-gray-600 dark:text-gray-400">
										{l.quantity}
										{l.minimumApplied ? ' (minimum charge)' : ''}
									</span>
								</td>
								<td className="px-4 py-2 text-right tabular-nums">{l.charge}</td>
							</tr>
						))}
						{estimate.omitted.map((o) => (
							<tr key={`omitted-${o.name}`}>
								<td className="px-4 py-2">
									<span className="font-medium">{o.name}</span>
									<span className="block text-gray-600 dark:text-gray-400">{o.note}</span>
								</td>
								<td className="px-4 py-2 text-right text-gray-600 tabular-nums dark:text-gray-400">—</td>
							</tr>
						))}
					</tbody>
					<tfoot className="border-t border-gray-200 dark:border-gray-800">
						{estimate.taxRate ? (
							<>
								<tr>
									<th scope="row" className="px-4 py-1 text-left font-normal">
										Subtotal
									</th>
									<td className="px-4 py-1 text-right tabular-nums">{estimate.subtotal}</td>
								</tr>
								<tr>
									<th scope="row" className="px-4 py-1 text-left font-normal">
										Tax ({estimate.taxRate}%)
									</th>
									<td className="px-4 py-1 text-right tabular-nums">{estimate.tax}</td>
								</tr>
							</>
						) : null}
						<tr>
							<th scope="row" className="px-4 py-2 text-left font-semibold">
								Total
							</th>
							<td className="px-4 py-2 text-right text-base font-bold tabular-nums">{estimate.total}</td>
						</tr>
					</tfoot>
				</table>
			</div>
		</section>
	)
}

function Contact({ share }: { share: PublicShare }) {
	const { name, phone, email } = share.contact
	return (
		<section aria-labelledby="contact-heading" className="rounded-lg bg-gray-50 p-4 dark:bg-gray-900">
			<h2 id="contact-heading" className="font-semibold">
				Your contractor
			</h2>
			<p className="mt-1">{share.organizationName}</p>
			{name ? <p>{name}</p> : null}
			{phone ? (
				<p>
					<a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="text-brand-700 underline dark:text-brand-500">
						{phone}
					</a>
				</p>
			) : null}
			{email ? (
				<p>
					<a href={`mailto:${email}`} className="break-all text-brand-700 underline dark:text-brand-500">
						{email}
					</a>
				</p>
			) : null}
		</section>
	)
}
