import { Link } from 'react-router'
import { measureLink, STATUS_LABELS } from '~/lib/bulk-results.ts'
import type { BatchRowView } from '~/services/bulk-measure.server.ts'

const th = 'px-2 py-1 text-left font-semibold'
const td = 'px-2 py-1 align-top'

/** A draft's first rows and what is wrong with each. */
export function PreviewTable({ rows }: { rows: BatchRowView[] }) {
	return (
		<div className="overflow-x-auto">
			<table className="w-full text-sm" aria-label="Preview">
				<thead>
					<tr className="border-b border-gray-200 dark:border-gray-700">
						<th className={th}>Row</th>
						<th className={th}>Address</th>
						<th className={th}>Problem</th>
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<tr key={row.rowNumber} className="border-b border-gray-100 dark:border-gray-800">
							<td className={td}>{row.rowNumber}</td>
							<td className={td}>{row.address || '—'}</td>
							<td className={`${td} text-red-700 dark:text-red-400`}>{row.error ?? ''}</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}

/** Every row's result: address, precision, lawn, confidence, rough outline, status, and the measurement. */
export function ResultsTable({ rows }: { rows: BatchRowView[] }) {
	return (
		<div className="overflow-x-auto">
			<table className="w-full text-sm" aria-label="Results">
				<thead>
					<tr className="border-b border-gray-200 dark:border-gray-700">
						<th className={th}>Address</th>
						<th className={th}>Precision</th>
						<th className={th}>Lawn sq ft</th>
						<th className={th}>Confidence</th>
						<th className={th}>Rough outline</th>
						<th className={th}>Status</th>
						<th className={th}>
							<span className="sr-only">Open</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<tr key={row.rowNumber} className="border-b border-gray-100 dark:border-gray-800">
							<td className={td}>{row.address}</td>
							<td className={td}>{row.precision ?? '—'}</td>
							<td className={td}>{row.areaSqft === null ? '—' : Math.round(row.areaSqft).toLocaleString('en-US')}</td>
							<td className={td}>{row.confidence === null ? '—' : `${Math.round(row.confidence * 100)}%`}</td>
							<td className={td}>{row.roughOutline === null ? '—' : row.roughOutline ? 'Yes' : 'No'}</td>
							<td className={td}>
								{STATUS_LABELS[row.status] ?? row.status}
								{row.error ? <span className="block text-xs text-red-700 dark:text-red-400">{row.error}</span> : null}
							</td>
							<td className={td}>
								{row.measurementId ? (
									<Link to={measureLink(row.measurementId)} className="text-green-700 underline dark:text-green-400">
										Open in Measure
									</Link>
								) : null}
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
