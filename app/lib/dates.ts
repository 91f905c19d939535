// Dates as Yardstick shows them: in UTC, so the server's render and the
// browser's hydration print the same text. Pure.
//
// Each format is one Intl.DateTimeFormat made once: Date#toLocaleDateString
// with options builds a new formatter on every call (35–115 µs each on the
// 2-core machine, 100 of them in a dashboard page of measurements).
const formats = {
	/** Nov 26, 2026 */
	short: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }),
	/** November 26, 2026 */
	long: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }),
	/** Nov 26, 2026, 1:05 AM UTC */
	dateTime: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
}

function format(kind: keyof typeof formats, value: string | Date): string {
	const date = typeof value === 'string' ? new Date(value) : value
	// as toLocaleDateString answers it (format() would throw)
	return Number.isNaN(date.getTime()) ? 'Invalid Date' : formats[kind].format(date)
}

/** "Nov 26, 2026" (UTC) */
export const shortDate = (value: string | Date) => format('short', value)
/** "November 26, 2026" (UTC) */
export const longDate = (value: string | Date) => format('long', value)
/** "Nov 26, 2026, 1:05 AM UTC" */
export const dateTimeUtc = (value: string | Date) => format('dateTime', value)
