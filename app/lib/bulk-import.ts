// Bulk measure (issue 34): reading an uploaded list of addresses (pure). A CSV
// with one address column, or address/city/state/zip columns (header found by
// name; a one-column file without a header is a list of addresses), or JSON: an
// array of strings or of {address, city?, state?, zip?} objects (also under
// "addresses" or "rows"). Whole-file problems throw BulkImportError (the
// service answers 400 naming it); a row's own problem stays with the row.
import { parse } from 'csv-parse/sync'
import { BULK_MAX_BYTES, BULK_MAX_ROWS } from './bulk-limits.ts'

export { BULK_MAX_BYTES, BULK_MAX_ROWS }
export const BULK_ADDRESS_MAX_CHARS = 200
/** rows the preview shows */
export const BULK_PREVIEW_ROWS = 10

export const BULK_TOO_LARGE = 'The file is larger than 2 MB. Split it into smaller files.'
export const BULK_TOO_MANY_ROWS = `The file has more than ${BULK_MAX_ROWS.toLocaleString('en-US')} addresses. Split it into smaller files.`
export const BULK_NOT_CSV_OR_JSON = 'The file is not a CSV or JSON list of addresses.'
export const BULK_NO_ADDRESS_COLUMN = 'No address column found. Name a column "address" (or use address, city, state and zip columns).'
export const BULK_EMPTY = 'The file has no addresses.'
export const ROW_NO_ADDRESS = 'No address in this row'
export const ROW_ADDRESS_TOO_LONG = `Address is longer than ${BULK_ADDRESS_MAX_CHARS} characters`

export const formulaProblem = (rowNumber: number) =>
	`Row ${rowNumber} has a cell starting with =, +, - or @ (a spreadsheet formula). Remove formulas and upload the values only.`

export class BulkImportError extends Error {}

export type ImportedRow = { rowNumber: number; address: string; problem: string | null }
export type ImportedList = { rows: ImportedRow[]; hasHeader: boolean }

const ADDRESS_NAMES = ['address', 'street address', 'street', 'address line 1', 'address1', 'property address', 'site address', 'full address']
const PART_NAMES = {
	city: ['city', 'town', 'locality'],
	state: ['state', 'st', 'province', 'region'],
	zip: ['zip', 'zip code', 'zipcode', 'postal code', 'postcode', 'zip5'],
} as const

const norm = (cell: string) => cell.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ')
/** A cell a spreadsheet would run as a formula (CSV injection). */
export const isFormula = (cell: string) => /^[=+\-@]/.test(cell.trimStart())

type Parts = { address: string; city?: string; state?: string; zip?: string }

/** One line of text for the geocoder: "12 Main St, Springfield, IL 62701". */
export function joinAddress({ address, city, state, zip }: Parts): string {
	const tail = [state?.trim(), zip?.trim()].filter(Boolean).join(' ')
	return [address.trim(), city?.trim(), tail].filter(Boolean).join(', ').replace(/\s+/g, ' ')
}

function rowOf(rowNumber: number, parts: Parts): ImportedRow {
	const address = joinAddress(parts)
	const problem = !parts.address.trim() ? ROW_NO_ADDRESS : address.length > BULK_ADDRESS_MAX_CHARS ? ROW_ADDRESS_TOO_LONG : null
	return { rowNumber, address: address.slice(0, 500), problem }
}

function checkCount(count: number) {
	if (count > BULK_MAX_ROWS) throw new BulkImportError(BULK_TOO_MANY_ROWS)
	if (count === 0) throw new BulkImportError(BULK_EMPTY)
}

export function parseCsv(text: string): ImportedList {
	let records: string[][]
	try {
		records = parse(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: false, max_record_size: 64 * 1024 }) as string[][]
	} catch {
		throw new BulkImportError(BULK_NOT_CSV_OR_JSON)
	}
	records = records.filter((r) => r.some((c) => c.trim() !== ''))
	if (!records.length) throw new BulkImportError(BULK_EMPTY)
	const header = records[0]!.map(norm)
	const find = (names: readonly string[]) => header.findIndex((h) => names.includes(h))
	const addressAt = find(ADDRESS_NAMES)
	const hasHeader = addressAt >= 0
	// no header: a plain list of addresses ("12 Main St, Denver, CO 80202" per line) starts with a house number
	if (!hasHeader && !/^\s*\d/.test(records[0]![0] ?? '')) throw new BulkImportError(BULK_NO_ADDRESS_COLUMN)
	// one address per line, its commas unquoted: the line's cells are the address's parts
	const wholeLine = !hasHeader || header.length === 1
	const body = hasHeader ? records.slice(1) : records
	checkCount(body.length)
	const cityAt = hasHeader ? find(PART_NAMES.city) : -1
	const stateAt = hasHeader ? find(PART_NAMES.state) : -1
	const zipAt = hasHeader ? find(PART_NAMES.zip) : -1
	const rows = body.map((record, i) => {
		const rowNumber = i + 1
		if (record.some(isFormula)) throw new BulkImportError(formulaProblem(rowNumber))
		if (wholeLine) return rowOf(rowNumber, { address: record.map((c) => c.trim()).filter(Boolean).join(', ') })
		const cell = (at: number) => (at >= 0 ? (record[at] ?? '') : undefined)
		return rowOf(rowNumber, { address: cell(addressAt) ?? '', city: cell(cityAt), state: cell(stateAt), zip: cell(zipAt) })
	})
	return { rows, hasHeader }
}

export function parseJsonList(text: string): ImportedList {
	let value: unknown
	try {
		value = JSON.parse(text.replace(/^\uFEFF/, ''))
	} catch {
		throw new BulkImportError(BULK_NOT_CSV_OR_JSON)
	}
	if (value && typeof value === 'object' && !Array.isArray(value)) {
		const box = value as Record<string, unknown>
		value = box.addresses ?? box.rows
	}
	if (!Array.isArray(value)) throw new BulkImportError(BULK_NOT_CSV_OR_JSON)
	checkCount(value.length)
	const text_ = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
	let sawAddress = false
	const rows = value.map((item, i) => {
		const rowNumber = i + 1
		const parts: Parts =
			typeof item === 'string'
				? { address: item }
				: item && typeof item === 'object'
					? {
							address: text_((item as Record<string, unknown>).address),
							city: text_((item as Record<string, unknown>).city),
							state: text_((item as Record<string, unknown>).state),
							zip: text_((item as Record<string, unknown>).zip ?? (item as Record<string, unknown>).postalCode),
						}
					: { address: '' }
		if (typeof item === 'string' || (item && typeof item === 'object' && 'address' in item)) sawAddress = true
		if (Object.values(parts).some((v) => typeof v === 'string' && isFormula(v))) throw new BulkImportError(formulaProblem(rowNumber))
		return rowOf(rowNumber, parts)
	})
	if (!sawAddress) throw new BulkImportError(BULK_NO_ADDRESS_COLUMN)
	return { rows, hasHeader: false }
}

export type BulkFileKind = 'csv' | 'json'

/** CSV or JSON, by the file's name or type, else by its first character. */
export function fileKind(name: string | null | undefined, type: string | null | undefined, text: string): BulkFileKind | null {
	const lower = (name ?? '').toLowerCase()
	const mime = (type ?? '').split(';')[0]!.trim().toLowerCase()
	if (lower.endsWith('.json') || mime === 'application/json') return 'json'
	if (lower.endsWith('.csv') || lower.endsWith('.txt') || mime === 'text/csv' || mime === 'text/plain' || mime === 'application/vnd.ms-excel') return 'csv'
	// another extension (.xlsx, .pdf, .png …) is another kind of file
	if (/\.[a-z0-9]+$/.test(lower)) return null
	const first = text.replace(/^\uFEFF/, '').trimStart()[0]
	if (first === '[' || first === '{') return 'json'
	return first ? 'csv' : null
}

/** Reads the list; throws BulkImportError naming what is wrong with the file as a whole. */
export function readAddressList(bytes: Uint8Array, name?: string | null, type?: string | null): ImportedList {
	if (bytes.byteLength > BULK_MAX_BYTES) throw new BulkImportError(BULK_TOO_LARGE)
	if (bytes.byteLength === 0) throw new BulkImportError(BULK_EMPTY)
	let text: string
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		throw new BulkImportError(BULK_NOT_CSV_OR_JSON)
	}
	// binary files (a spreadsheet saved as .xlsx, an image) are not lists
	if (text.includes('\u0000')) throw new BulkImportError(BULK_NOT_CSV_OR_JSON)
	const kind = fileKind(name, type, text)
	if (!kind) throw new BulkImportError(BULK_NOT_CSV_OR_JSON)
	return kind === 'json' ? parseJsonList(text) : parseCsv(text)
}
