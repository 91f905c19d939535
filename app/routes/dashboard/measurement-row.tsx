// One measurement of the list: its name (renamed in place), address, date,
// area and shapes, share status, and its actions.
import type { SubmissionResult } from '@conform-to/react'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useNavigate } from 'react-router'
import { DownloadReportLink } from '~/components/report-export.tsx'
import { ShareStatusLine } from '~/components/share/share-dialog.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { ErrorList, inputClass } from '~/components/ui/field.tsx'
import { RenameMeasurementSchema, type DashboardQuery } from '~/lib/schemas/account.ts'
import type { ApiMeasurement } from '~/services/measurements.server.ts'
import type { ShareSummary } from '~/services/share.server.ts'
import { surfaceFigures } from '~/lib/surfaces.ts'
import { displayUnits } from '~/lib/units.ts'
import { formatDate, hrefWith, measurementName } from './shared.ts'

/** "Lawn 2,400 sq ft · Bed 300 sq ft · Edging 120 ft" */
const bySurface = (m: ApiMeasurement) =>
	surfaceFigures(m.totals_by_surface, displayUnits('sqft'))
		.map((r) => `${r.label} ${r.figure}`)
		.join(' · ') || undefined

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function mapLink(m: ApiMeasurement) {
	const params = new URLSearchParams({ id: m.id })
	const first = m.shapes[0]?.coordinates?.[0]
	if (first) {
		params.set('lat', String(first.lat))
		params.set('lng', String(first.lng))
	}
	if (m.address) params.set('address', m.address)
	return `/measure?${params}`
}

export function MeasurementRow({
	measurement: m,
	query,
	renaming,
	renameResult,
	showTraining,
	share,
}: {
	measurement: ApiMeasurement
	query: DashboardQuery
	renaming: boolean
	renameResult?: SubmissionResult<string[]>
	showTraining: boolean
	share?: ShareSummary
}) {
	const name = measurementName(m)
	return (
		<li className="py-3" aria-label={name}>
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div className="min-w-0 flex-1">
					{renaming ? (
						<RenameForm measurement={m} close={hrefWith(query, {})} result={renameResult} />
					) : (
						<div className="flex flex-wrap items-center gap-2">
							<span className="font-medium">{name}</span>
							<Link
								to={hrefWith(query, { rename: m.id })}
								preventScrollReset
								className="text-xs text-brand-700 hover:underline dark:text-brand-500"
								aria-label={`Rename ${name}`}
							>
								Rename
							</Link>
							<Badge>{m.measurement_type}</Badge>
							{showTraining ? <Badge tone="purple">AI Training</Badge> : null}
						</div>
					)}
					{m.address ? <p className="text-sm text-gray-600 dark:text-gray-400">{m.address}</p> : null}
					<p className="mt-1 flex flex-wrap gap-x-3 text-xs text-gray-500 dark:text-gray-400">
						<span>{formatDate(m.created_at)}</span>
						{/* issue 32: the area per surface, as a tooltip */}
						<span title={bySurface(m)} data-testid="area-by-surface" className={m.shape_count ? 'cursor-help underline decoration-dotted' : undefined}>
							{Math.round(m.total_area_sqft).toLocaleString('en-US')} sq ft
						</span>
						<span>{m.total_area_acres.toFixed(3)} acres</span>
						<span>{plural(m.shape_count, 'shape')}</span>
					</p>
					<ShareStatusLine summary={share} />
				</div>
				<div className="flex items-center gap-2">
					<Link to={mapLink(m)} className={buttonClass('secondary', 'px-3 py-1 text-xs')} aria-label={`View ${name} on map`}>
						View on Map
					</Link>
					<DownloadReportLink id={m.id} name={name} className={buttonClass('secondary', 'px-3 py-1 text-xs')} />
					<Link to={hrefWith(query, { dialog: 'share', id: m.id })} preventScrollReset className={buttonClass('secondary', 'px-3 py-1 text-xs')} aria-label={`Share ${name} with customer`}>
						Share
					</Link>
					<Link
						to={hrefWith(query, { dialog: 'delete', id: m.id })}
						preventScrollReset
						className={buttonClass('ghost', 'px-3 py-1 text-xs text-red-700 dark:text-red-400')}
						aria-label={`Delete ${name}`}
					>
						Delete
					</Link>
				</div>
			</div>
		</li>
	)
}

function RenameForm({ measurement, close, result }: { measurement: ApiMeasurement; close: string; result?: SubmissionResult<string[]> }) {
	const navigate = useNavigate()
	const [form, fields] = useForm({
		id: `rename-${measurement.id}`,
		lastResult: result,
		defaultValue: { id: measurement.id, label: measurement.label ?? '' },
		constraint: getZodConstraint(RenameMeasurementSchema),
		onValidate: ({ formData }) => {
			formData.delete('intent')
			return parseWithZod(formData, { schema: RenameMeasurementSchema })
		},
		shouldValidate: 'onSubmit',
	})
	return (
		<Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-2" preventScrollReset>
			<input type="hidden" name="intent" value="rename" />
			<input {...getInputProps(fields.id, { type: 'hidden' })} />
			<input
				{...getInputProps(fields.label, { type: 'text' })}
				aria-label="Measurement name"
				autoFocus
				onKeyDown={(event) => {
					if (event.key === 'Escape') void navigate(close, { preventScrollReset: true })
				}}
				className={`${inputClass} max-w-xs py-1`}
			/>
			<Button type="submit" className="px-2 py-1" aria-label="Save name">
				✓
			</Button>
			<Link to={close} preventScrollReset className={buttonClass('ghost', 'px-2 py-1')} aria-label="Cancel rename">
				✕
			</Link>
			<ErrorList errors={fields.label.errors ?? form.errors} />
		</Form>
	)
}
