// When the imagery under a property was captured (issue 18 §5), from the
// attributes an ArcGIS metadata service answers for a point: Esri World
// Imagery's SRC_DATE (yyyymmdd) / SRC_DATE2 (epoch ms), or the acquisition-date
// fields USGS/NAIP services use. Pure: the server parses, the page and the PDF
// print "Imagery: <source>, <month year>"; no date → nothing is shown.

/** Attribute names that hold a capture date, most specific first (compared case-insensitively). */
export const CAPTURE_DATE_FIELDS = ['SRC_DATE', 'SRC_DATE2', 'ACQ_DATE', 'ACQUISITION_DATE', 'ACQUISITIONDATE', 'DATE_ACQUIRED', 'IMAGE_DATE', 'IMAGERY_DATE', 'IDATE'] as const

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const FIRST_YEAR = 1990

function yearMonth(year: number, month: number, now: Date): string | null {
	if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) return null
	if (year < FIRST_YEAR || year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month > now.getUTCMonth() + 1)) return null
	return `${year}-${String(month).padStart(2, '0')}`
}

/** A capture date as "YYYY-MM", or null when the value is not a plausible past date. */
export function parseCaptureDate(value: unknown, now = new Date()): string | null {
	if (typeof value === 'number' && Number.isFinite(value)) {
		// 20190312 (yyyymmdd) or milliseconds since the epoch
		if (value >= 19_900_101 && value <= 29_991_231 && Number.isInteger(value)) return yearMonth(Math.floor(value / 10_000), Math.floor(value / 100) % 100, now)
		if (value > 1e11) {
			const date = new Date(value)
			return yearMonth(date.getUTCFullYear(), date.getUTCMonth() + 1, now)
		}
		return null
	}
	if (typeof value !== 'string') return null
	const text = value.trim()
	let m = /^(\d{4})(\d{2})(\d{2})$/.exec(text) ?? /^(\d{4})[-/](\d{1,2})(?:[-/](\d{1,2}))?(?:[T ].*)?$/.exec(text)
	if (m) return yearMonth(Number(m[1]), Number(m[2]), now)
	m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)
	if (m) return yearMonth(Number(m[3]), Number(m[1]), now)
	if (/^\d{11,14}$/.test(text)) return parseCaptureDate(Number(text), now)
	return null
}

/** The capture date in one result's attributes, by the first field that has a valid one. */
export function captureDateFromAttributes(attributes: Record<string, unknown>, now = new Date()): string | null {
	const byName = new Map(Object.entries(attributes).map(([k, v]) => [k.toUpperCase(), v]))
	for (const field of CAPTURE_DATE_FIELDS) {
		const date = parseCaptureDate(byName.get(field), now)
		if (date) return date
	}
	return null
}

/** "March 2024" from "2024-03". */
export function monthYear(captured: string): string | null {
	const m = /^(\d{4})-(\d{2})$/.exec(captured)
	const month = m ? MONTHS[Number(m[2]) - 1] : undefined
	return m && month ? `${month} ${m[1]}` : null
}

/** "Imagery: <source>, <month year>", or null when there is no date to show. */
export function imageryCaption(source: string, captured: string | null | undefined): string | null {
	const when = captured ? monthYear(captured) : null
	return when ? `Imagery: ${source}, ${when}` : null
}
