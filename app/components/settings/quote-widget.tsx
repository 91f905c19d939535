// Settings → Organization → "Quote widget" (issue 19): turn the instant-quote
// widget on, choose the price-list services it quotes, an exact price or a
// range, and the websites allowed to embed it; then copy the snippet. Posts to
// the /settings action (intent "quote-widget"), so it works without JavaScript.
import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList, inputClass } from '~/components/ui/field.tsx'
import { formatUnitPrice } from '~/lib/estimate.ts'
import { MAX_RANGE_PERCENT } from '~/lib/quote-widget.ts'
import { QuoteWidgetSettingsSchema } from '~/lib/schemas/quote-widget.ts'
import type { QuoteWidgetActionData, QuoteWidgetSectionData } from '~/services/quote-widget-settings.server.ts'

const INTENT = 'quote-widget'

function ruleText(s: QuoteWidgetSectionData['services'][number]) {
	if (s.unit === 'flat') return `${formatUnitPrice(s.unitPrice)} flat rate`
	const minimum = Number(s.minimumCharge) > 0 ? `, minimum ${formatUnitPrice(s.minimumCharge)}` : ''
	return `${formatUnitPrice(s.unitPrice)} per sq ft${minimum}`
}

export function QuoteWidgetSection({ widget, actionData }: { widget: QuoteWidgetSectionData; actionData?: unknown }) {
	const own = (actionData as QuoteWidgetActionData | undefined)?.intent === INTENT ? (actionData as QuoteWidgetActionData) : undefined
	const navigation = useNavigation()
	const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === INTENT
	const [form, fields] = useForm({
		id: 'quote-widget-form',
		lastResult: own?.result,
		defaultValue: { allowedDomains: widget.allowedDomains.join('\n') },
		onValidate: ({ formData }) => {
			const copy = new FormData()
			for (const [k, v] of formData) if (k !== 'intent') copy.append(k, v)
			return parseWithZod(copy, { schema: QuoteWidgetSettingsSchema })
		},
		shouldValidate: 'onSubmit',
	})
	const [display, setDisplay] = useState(widget.priceDisplay)
	const [copied, setCopied] = useState(false)
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])

	return (
		<section id="quote-widget" aria-labelledby="quote-widget-heading" className="space-y-4 border-t border-gray-200 pt-6 dark:border-gray-800">
			<div>
				<h3 id="quote-widget-heading" className="text-lg font-semibold">
					Quote Widget
				</h3>
				<p className="text-sm text-gray-600 dark:text-gray-400">
					An instant quote on your own website: a homeowner types an address, the AI measures the lawn and shows your price, and they can request the
					work. Requests arrive as leads and by e-mail to account admins. Each quote counts as one of your monthly searches.
				</p>
			</div>
			{widget.unavailableReason ? (
				<div role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
					<p className="font-medium">Quote widget unavailable on your plan</p>
					<p className="mt-1">{widget.unavailableReason}</p>
					<Link to="/billing" className="mt-2 inline-block font-medium underline">
						See plans
					</Link>
				</div>
			) : (
				<Form method="post" {...getFormProps(form)} className="space-y-5">
					<label className="flex items-start gap-3">
						<input type="checkbox" name="enabled" defaultChecked={widget.enabled} className="mt-1 h-4 w-4 rounded border-gray-300" />
						<span>
							<span className="block text-sm font-medium">Turn on the quote widget</span>
							<span className="block text-xs text-gray-500 dark:text-gray-400">When off, the widget on your website says it is not available.</span>
						</span>
					</label>

					<fieldset aria-describedby={fields.serviceIds.errors?.length ? 'quote-widget-services-error' : undefined}>
						<legend className="text-sm font-medium">Services to quote</legend>
						{widget.services.length ? (
							<div className="mt-2 space-y-2">
								{widget.services.map((s) => (
									<label key={s.id} className="flex items-center gap-2 text-sm">
										<input type="checkbox" name="serviceIds" value={s.id} defaultChecked={widget.serviceIds.includes(s.id)} className="h-4 w-4 rounded border-gray-300" />
										<span>
											{s.name} <span className="text-gray-500 dark:text-gray-400">({ruleText(s)})</span>
										</span>
									</label>
								))}
							</div>
						) : (
							<p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Add a service priced per sq ft or at a flat rate to the price list above first.</p>
						)}
						<p className="mt-1 text-xs text-gray-500 dark:text-gray-400">Prices and minimum charges come from your price list.</p>
						<ErrorList id="quote-widget-services-error" errors={fields.serviceIds.errors} />
					</fieldset>

					<fieldset>
						<legend className="text-sm font-medium">Price shown</legend>
						<div className="mt-2 flex flex-wrap items-center gap-4 text-sm">
							<label className="flex items-center gap-2">
								<input type="radio" name="priceDisplay" value="exact" defaultChecked={widget.priceDisplay === 'exact'} onChange={() => setDisplay('exact')} />
								Exact price
							</label>
							<label className="flex items-center gap-2">
								<input type="radio" name="priceDisplay" value="range" defaultChecked={widget.priceDisplay === 'range'} onChange={() => setDisplay('range')} />
								Price range
							</label>
							<label className="flex items-center gap-2" hidden={hydrated && display !== 'range'}>
								±
								<input
									name="rangePercent"
									defaultValue={String(widget.rangePercent)}
									inputMode="numeric"
									aria-label="Range (percent either side)"
									className={`${inputClass} w-20`}
									aria-invalid={fields.rangePercent.errors?.length ? true : undefined}
								/>
								%
							</label>
						</div>
						<ErrorList errors={fields.rangePercent.errors} />
					</fieldset>

					<div className="space-y-1">
						<label htmlFor="quote-widget-domains" className="block text-sm font-medium">
							Websites allowed to show the widget
						</label>
						<textarea
							{...getTextareaProps(fields.allowedDomains)}
							id="quote-widget-domains"
							rows={3}
							placeholder={'example.com\nwww.example.com'}
							aria-describedby="quote-widget-domains-hint"
							className={inputClass}
						/>
						<p id="quote-widget-domains-hint" className="text-xs text-gray-500 dark:text-gray-400">
							One per line, e.g. example.com, *.example.com or https://www.example.com. Other websites cannot embed it.
						</p>
						<ErrorList errors={fields.allowedDomains.errors} />
					</div>

					<ErrorList id={form.errorId} errors={form.errors} />
					<Button type="submit" name="intent" value={INTENT} disabled={saving}>
						{saving ? 'Saving...' : 'Save Quote Widget'}
					</Button>
				</Form>
			)}
			{!widget.unavailableReason && widget.snippet ? (
				<div className="space-y-2">
					<label htmlFor="quote-widget-snippet" className="block text-sm font-medium">
						Embed snippet
					</label>
					<textarea id="quote-widget-snippet" readOnly value={widget.snippet} rows={2} className={`${inputClass} font-mono text-xs`} onFocus={(e) => e.currentTarget.select()} />
					<p className="text-xs text-gray-500 dark:text-gray-400">
						Paste it into your website's page where the quote should appear.{' '}
						{widget.enabled && widget.publicKey ? (
							<a href={`/embed/quote/${widget.publicKey}`} target="_blank" rel="noreferrer" className="text-brand-700 underline dark:text-brand-500">
								Preview the widget
							</a>
						) : (
							'Turn the widget on to show it.'
						)}
					</p>
					{hydrated ? (
						<Button
							type="button"
							variant="secondary"
							onClick={() => {
								void navigator.clipboard?.writeText(widget.snippet ?? '').then(() => setCopied(true))
							}}
						>
							{copied ? 'Copied' : 'Copy Snippet'}
						</Button>
					) : null}
				</div>
			) : null}
		</section>
	)
}
