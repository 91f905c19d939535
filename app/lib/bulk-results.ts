// Bulk measure results as a table (issue 34), shared by the batch page, the
// CSV export and the XLSX export (pure): the same columns, headers and values.
import { csvCell } from './exports.ts'

export type BulkResultRow = {
	rowNumber: number
	address: string
	status: string
	error: string | null
	precision: string | null
	areaSqft: number | null
	confidence: number | null
	roughOutline: boolean | null
	measurementId: string | null
	lat: number | null
	lng: number | null
}

/** What a row's status reads as. */
export const STATUS_LABELS: Record<string, string> = {
	queued: 'Queued',
	geocoded: 'Measuring',
	measured: 'Measured',
	failed: 'Failed',
	cancelled: 'Cancelled',
}

export const RESULT_HEADERS = ['Row', 'Address', 'Precision', 'Lawn sq ft', 'Confidence', 'Rough outline', 'Status', 'Reason', 'Latitude', 'Longitude', 'Measure link'] as const

/** /measure opened on the saved measurement. */
export const measureLink = (measurementId: string) => `/measure?id=${encodeURIComponent(measurementId)}`

/** One row's cells, in RESULT_HEADERS order; numbers stay numbers. */
export function resultCells(row: BulkResultRow, origin: string): (string | number | null)[] {
	return [
		row.rowNumber,
		row.address,
		row.precision,
		row.areaSqft === null ? null : Math.round(row.areaSqft),
		row.confidence === null ? null : Math.round(row.confidence * 100) / 100,
		row.roughOutline === null ? null : row.roughOutline ? 'yes' : 'no',
		STATUS_LABELS[row.status] ?? row.status,
		row.error,
		row.lat === null ? null : Math.round(row.lat * 1e6) / 1e6,
		row.lng === null ? null : Math.round(row.lng * 1e6) / 1e6,
		row.measurementId ? origin + measureLink(row.measurementId) : null,
	]
}

/** RFC 4180 CSV, CRLF line ends; text cells that look like formulas stay text. */
export function resultsToCsv(rows: readonly BulkResultRow[], origin: string): string {
	return [RESULT_HEADERS.join(','), ...rows.map((r) => resultCells(r, origin).map(csvCell).join(','))].join('\r\n') + '\r\n'
}
