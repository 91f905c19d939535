import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { ErrorList, Field, inputClass } from '~/components/ui/field.tsx'
import { PRICE_UNIT_LABELS, PRICE_UNITS } from '~/lib/estimate.ts'
import { PriceItemSchema } from '~/lib/schemas/reports.ts'
import { ALL_SURFACES, SURFACE_LABELS, SURFACES } from '~/lib/surfaces.ts'
import { resultFor, usePendingIntent, withoutIntent } from '~/utils/forms.ts'
import { failureKey, useLoader, type TabProps } from './shared.ts'

/** issue 32: what a service is priced on; "All areas" for items made before surfaces */
const SURFACE_OPTIONS = [[ALL_SURFACES, 'All areas'] as const, ...SURFACES.map((v) => [v, SURFACE_LABELS[v]] as const)]

function SurfaceOptions() {
	return SURFACE_OPTIONS.map(([v, l]) => (
		<option key={v} value={v}>
			{l}
		</option>
	))
}

const PRICE_UNIT_OPTIONS = PRICE_UNITS.map((u) => [u, u === 'sqft' ? '$ per sq ft' : u === 'ft' ? '$ per ft' : 'Flat rate'] as const)

/**
 * Price list for report estimates (issue 9): one small form per service and
 * one to add, all posting to this action (works without JavaScript).
 */
export function PriceListSection({ actionData }: TabProps) {
	const { priceList } = useLoader()
	const adding = usePendingIntent('price-add')
	const addResult = resultFor(actionData, 'price-add')
	const [form, fields] = useForm({
		id: 'price-add-form',
		lastResult: addResult,
		constraint: getZodConstraint(PriceItemSchema),
		onValidate: ({ formData }) => parseWithZod(withoutIntent(formData), { schema: PriceItemSchema }),
		shouldValidate: 'onSubmit',
	})
	return (
		<section aria-labelledby="price-list-heading" className="space-y-4 border-t border-gray-200 pt-6 dark:border-gray-800">
			<div>
				<h3 id="price-list-heading" className="text-lg font-semibold">
					Price List
				</h3>
				<p className="text-sm text-gray-600 dark:text-gray-400">
					Services and prices for the estimate section of PDF reports: a price per square foot of measured area, per foot of measured length, or a flat
					rate, with an optional minimum charge.
				</p>
			</div>
			{priceList.length ? (
				<ul className="space-y-3" aria-label="Services">
					{priceList.map((item) => (
						<li key={`${item.id}-${item.updatedAt}-${actionData?.at ?? ''}`}>
							<Form method="post" className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_8rem_7rem_6rem_6rem_auto]">
								<input type="hidden" name="id" value={item.id} />
								<label className="col-span-2 text-xs font-medium sm:col-span-1">
									Service
									<input name="name" defaultValue={item.name} required maxLength={100} aria-label={`Service name (${item.name})`} className={inputClass} />
								</label>
								<label className="text-xs font-medium">
									Unit
									<select name="unit" defaultValue={item.unit} aria-label={`Unit (${item.name})`} className={inputClass}>
										{PRICE_UNIT_OPTIONS.map(([v, l]) => (
											<option key={v} value={v}>
												{l}
											</option>
										))}
									</select>
								</label>
								<label className="text-xs font-medium">
									Priced on
									<select name="surface" defaultValue={item.surface ?? ALL_SURFACES} aria-label={`Priced on (${item.name})`} className={inputClass}>
										<SurfaceOptions />
									</select>
								</label>
								<label className="text-xs font-medium">
									Price ($)
									<input name="unitPrice" defaultValue={item.unitPrice} inputMode="decimal" required aria-label={`Price (${item.name})`} className={inputClass} />
								</label>
								<label className="text-xs font-medium">
									Minimum ($)
									<input name="minimumCharge" defaultValue={item.minimumCharge} inputMode="decimal" aria-label={`Minimum charge (${item.name})`} className={inputClass} />
								</label>
								<div className="flex gap-2">
									<Button type="submit" name="intent" value="price-update" variant="secondary">
										Save
									</Button>
									<Button type="submit" name="intent" value="price-delete" variant="destructive" aria-label={`Delete ${item.name}`}>
										Delete
									</Button>
								</div>
							</Form>
						</li>
					))}
				</ul>
			) : (
				<p className="text-sm text-gray-600 dark:text-gray-400">No services yet.</p>
			)}
			<Form method="post" {...getFormProps(form)} key={failureKey(actionData, 'price-add')} className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
				<h4 className="text-sm font-semibold">Add a service</h4>
				<Field label="Service name" inputProps={{ ...getInputProps(fields.name, { type: 'text' }), id: 'price-name' }} errors={fields.name.errors} />
				<div className="grid gap-3 sm:grid-cols-4">
					<div className="space-y-1">
						<label htmlFor="price-unit" className="block text-sm font-medium">
							Unit
						</label>
						<select id="price-unit" name={fields.unit.name} defaultValue="sqft" className={inputClass}>
							{PRICE_UNIT_OPTIONS.map(([v, l]) => (
								<option key={v} value={v}>
									{l}
								</option>
							))}
						</select>
						<ErrorList id="price-unit-error" errors={fields.unit.errors} />
					</div>
					<div className="space-y-1">
						<label htmlFor="price-surface" className="block text-sm font-medium">
							Priced on
						</label>
						<select id="price-surface" name={fields.surface.name} defaultValue={ALL_SURFACES} className={inputClass} aria-describedby="price-surface-error">
							<SurfaceOptions />
						</select>
						<ErrorList id="price-surface-error" errors={fields.surface.errors} />
					</div>
					<Field label="Price ($)" inputProps={{ ...getInputProps(fields.unitPrice, { type: 'text' }), id: 'price-unit-price', inputMode: 'decimal' }} errors={fields.unitPrice.errors} />
					<Field
						label="Minimum charge ($)"
						inputProps={{ ...getInputProps(fields.minimumCharge, { type: 'text' }), id: 'price-minimum', inputMode: 'decimal', required: false }}
						errors={fields.minimumCharge.errors}
					/>
				</div>
				<ErrorList id={form.errorId} errors={form.errors} />
				<Button type="submit" name="intent" value="price-add" disabled={adding}>
					{adding ? 'Adding...' : 'Add Service'}
				</Button>
			</Form>
			<p className="text-xs text-gray-500 dark:text-gray-400">
				{PRICE_UNITS.map((u) => `${u}: ${PRICE_UNIT_LABELS[u]}`).join(' · ')}. Prices may have up to 4 decimals (e.g. 0.0125 per sq ft). Priced on: a per sq ft service
				multiplies that surface's area (lawn, bed, hardscape, building, other), a per ft service that line's length (edging, fence, other); All areas uses every area or
				line.
			</p>
		</section>
	)
}
