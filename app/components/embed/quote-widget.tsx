// The instant-quote widget's screen (issue 19), inside the iframe on the
// contractor's website and in their brand (issue 31): the address form, the
// quote (lawn area and price or range) and "Request this quote" with the
// contact form's fields and bot check. It tells the embedding page its height
// (embed/quote.js resizes the iframe). Server-rendered; every step is a form post.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { CaptchaField, useCaptcha } from '~/components/captcha.tsx'
import { ContactFields } from '~/components/contact-fields.tsx'
import { OrganizationHeader, PreparedWithYardstick } from '~/components/customer-brand.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList, inputClass } from '~/components/ui/field.tsx'
import { QUOTE_HEIGHT_MESSAGE } from '~/lib/quote-widget.ts'
import { QuoteRequestSchema } from '~/lib/schemas/quote-widget.ts'
import type { WidgetQuote } from '~/services/quote-widget.server.ts'

export type WidgetActionData = {
	address: string
	quote: WidgetQuote | null
	/** why the address could not be quoted */
	error: string | null
	/** the request form's result */
	result: SubmissionResult<string[]> | null
	at: number
}

/** Posts the widget's height to the page that embeds it whenever it changes. */
function useReportHeight() {
	const ref = useRef<HTMLDivElement>(null)
	useEffect(() => {
		const el = ref.current
		if (!el || window.parent === window) return
		const send = () => window.parent.postMessage({ type: QUOTE_HEIGHT_MESSAGE, height: el.getBoundingClientRect().height }, '*')
		const observer = new ResizeObserver(send)
		observer.observe(el)
		send()
		return () => observer.disconnect()
	}, [])
	return ref
}

export function QuoteWidgetView({
	organizationName,
	organizationLogoUrl = null,
	requested,
	actionData,
}: {
	organizationName: string
	/** our own /uploads/logos/… (the widget's CSP allows images from 'self') */
	organizationLogoUrl?: string | null
	requested: boolean
	actionData?: WidgetActionData
}) {
	const ref = useReportHeight()
	const navigation = useNavigation()
	const measuring = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'quote'
	const quote = actionData?.quote ?? null
	return (
		<div ref={ref} className="mx-auto w-full max-w-xl space-y-4 p-4 wrap-break-word" data-testid="quote-widget">
			<OrganizationHeader name={organizationName} logoUrl={organizationLogoUrl}>
				<h1 className="text-sm font-medium text-gray-700 dark:text-gray-300">Instant lawn quote</h1>
			</OrganizationHeader>

			{requested ? (
				<section role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100">
					<h2 className="font-semibold">Request sent</h2>
					<p className="mt-1 text-sm">Thank you! {organizationName} has your request and will contact you soon.</p>
				</section>
			) : null}

			<AddressForm key={actionData?.at ?? 0} address={actionData?.address ?? ''} error={actionData?.error ?? null} measuring={measuring} />

			{quote && !measuring ? <QuoteResult quote={quote} organizationName={organizationName} result={actionData?.result ?? null} /> : null}

			<PreparedWithYardstick />
		</div>
	)
}

/** Step 1: the address, with the contact form's bot check (a fresh one for each answer: the form mounts again). */
function AddressForm({ address, error, measuring }: { address: string; error: string | null; measuring: boolean }) {
	const captcha = useCaptcha()
	return (
		<Form method="post" className="space-y-2" aria-label="Property address">
			<label htmlFor="quote-address" className="block text-sm font-medium">
				Your street address
			</label>
			<div className="flex flex-col gap-2 sm:flex-row">
				<input
					id="quote-address"
					name="address"
					type="text"
					required
					maxLength={200}
					autoComplete="street-address"
					placeholder="123 Main St, Springfield, IL"
					defaultValue={address}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'quote-address-error' : undefined}
					className={inputClass}
				/>
				<Button type="submit" name="intent" value="quote" disabled={measuring || captcha.state === 'solving'} className="shrink-0">
					{measuring ? 'Measuring your lawn...' : 'Get my quote'}
				</Button>
			</div>
			<div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
				<label htmlFor="quote-address-website">Website</label>
				<input id="quote-address-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
			</div>
			<CaptchaField token={captcha.token} state={captcha.state} turnstile={captcha.turnstile} />
			{error ? (
				<p id="quote-address-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
					{error}
				</p>
			) : null}
		</Form>
	)
}

function QuoteResult({ quote, organizationName, result }: { quote: WidgetQuote; organizationName: string; result: SubmissionResult<string[]> | null }) {
	return (
		<section aria-labelledby="quote-heading" className="space-y-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
			{quote.kind === 'unavailable' ? (
				<div role="status">
					<h2 id="quote-heading" className="font-semibold">
						Instant quotes are unavailable right now.
					</h2>
					<p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
						Leave your details and {organizationName} will contact you with a quote for {quote.address || 'your property'}.
					</p>
				</div>
			) : (
				<div>
					<h2 id="quote-heading" className="font-semibold break-words">
						{quote.address}
					</h2>
					{quote.areaSqft > 0 ? (
						<dl className="mt-2 grid grid-cols-2 gap-2">
							<div>
								<dt className="text-xs text-gray-600 uppercase dark:text-gray-400">Lawn area</dt>
								<dd className="text-lg font-semibold tabular-nums" data-testid="quote-area">
									{quote.area}
								</dd>
							</div>
							{quote.price ? (
								<div>
									<dt className="text-xs text-gray-600 uppercase dark:text-gray-400">{quote.price.includes('–') ? 'Estimated price' : 'Your price'}</dt>
									<dd className="text-lg font-bold tabular-nums" data-testid="quote-price">
										{quote.price}
									</dd>
								</div>
							) : null}
						</dl>
					) : (
						<p className="mt-1 text-sm text-gray-700 dark:text-gray-300">We could not find a lawn to measure at this address. Leave your details and {organizationName} will measure it for you.</p>
					)}
					{quote.lines.length ? (
						<ul className="mt-2 space-y-0.5 text-sm text-gray-700 dark:text-gray-300" aria-label="Services">
							{quote.lines.map((l) => (
								<li key={l.name} className="flex justify-between gap-3">
									<span>{l.name}</span>
									<span className="tabular-nums">{l.detail}</span>
								</li>
							))}
						</ul>
					) : null}
					<p className="mt-2 text-xs text-gray-500 dark:text-gray-400">Measured from satellite imagery. {organizationName} confirms the final price.</p>
				</div>
			)}
			<RequestForm quote={quote} result={result} />
		</section>
	)
}

function RequestForm({ quote, result }: { quote: WidgetQuote; result: SubmissionResult<string[]> | null }) {
	const [form, fields] = useForm({
		id: 'quote-request',
		lastResult: result,
		constraint: getZodConstraint(QuoteRequestSchema),
		onValidate: ({ formData }) => {
			const copy = new FormData()
			for (const [k, v] of formData) if (k !== 'intent') copy.append(k, v)
			return parseWithZod(copy, { schema: QuoteRequestSchema })
		},
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const captcha = useCaptcha()
	const navigation = useNavigation()
	const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'request'
	return (
		<Form method="post" className="space-y-3" {...getFormProps(form)}>
			<h3 className="text-base font-semibold">Request this quote</h3>
			{quote.kind === 'quote' ? <input type="hidden" name="quote" value={quote.token} /> : <input type="hidden" name="address" value={quote.address} />}
			<ContactFields fields={fields} honeypotId="quote-website" compact />
			<CaptchaField token={captcha.token} state={captcha.state} turnstile={captcha.turnstile} />
			<ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...(fields.quote.errors ?? []), ...(fields.address.errors ?? [])]} />
			<Button type="submit" name="intent" value="request" className="w-full sm:w-auto" disabled={sending || captcha.state === 'solving'}>
				{sending ? 'Sending...' : 'Request this quote'}
			</Button>
		</Form>
	)
}
