import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { measureLink, STATUS_LABELS } from '~/lib/bulk-results.ts'
import type { BatchRowView } from '~/services/bulk-measure.server.ts'

const td = 'px-2 py-1 align-top'

type Column = { header: ReactNode; cell: (row: BatchRowView) => ReactNode; className?: string }

/** One table of a batch's rows; what it shows is its columns. */
function RowsTable({ label, columns, rows }: { label: string; columns: Column[]; rows: BatchRowView[] }) {
	return (
		<div className="overflow-x-auto">
			<table className="w-full text-sm" aria-label={label}>
				<thead>
					<tr className="border-b border-gray-200 dark:border-gray-700">
						{columns.map((column, i) => (
							<th key={i} className="px-2 py-1 text-left font-semibold">
								{column.header}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<tr key={row.rowNumber} className="border-b border-gray-100 dark:border-gray-800">
							{columns.map((column, i) => (
								<td key={i} className={column.className ? `${td} ${column.className}` : td}>
									{column.cell(row)}
								</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}

const orDash = <T,>(value: T | null, show: (value: T) => ReactNode = String) => (value === null ? '—' : show(value))

const PREVIEW_COLUMNS: Column[] = [
	{ header: 'Row', cell: (row) => row.rowNumber },
	{ header: 'Address', cell: (row) => row.address || '—' },
	{ header: 'Problem', cell: (row) => row.error ?? '', className: 'text-red-700 dark:text-red-400' },
]

const RESULT_COLUMNS: Column[] = [
	{ header: 'Address', cell: (row) => row.address },
	{ header: 'Precision', cell: (row) => orDash(row.precision) },
	{ header: 'Lawn sq ft', cell: (row) => orDash(row.areaSqft, (sqft) => Math.round(sqft).toLocaleString('en-US')) },
	{ header: 'Confidence', cell: (row) => orDash(row.confidence, (c) => `${Math.round(c * 100)}%`) },
	{ header: 'Rough outline', cell: (row) => orDash(row.roughOutline, (rough) => (rough ? 'Yes' : 'No')) },
	{
		header: 'Status',
		cell: (row) => (
			<>
				{STATUS_LABELS[row.status] ?? row.status}
				{row.error ? <span className="block text-xs text-red-700 dark:text-red-400">{row.error}</span> : null}
			</>
		),
	},
	{
		header: <span className="sr-only">Open</span>,
		cell: (row) =>
			row.measurementId ? (
				<Link to={measureLink(row.measurementId)} className="text-green-700 underline dark:text-green-400">
					Open in Measure
				</Link>
			) : null,
	},
]

/** A draft's first rows and what is wrong with each. */
export const PreviewTable = ({ rows }: { rows: BatchRowView[] }) => <RowsTable label="Preview" columns={PREVIEW_COLUMNS} rows={rows} />

/** Every row's result: address, precision, lawn, confidence, rough outline, status, and the measurement. */
export const ResultsTable = ({ rows }: { rows: BatchRowView[] }) => <RowsTable label="Results" columns={RESULT_COLUMNS} rows={rows} />
