import { describe, expect, test } from 'vitest'
import { dateTimeUtc, longDate, shortDate } from './dates.ts'

const samples = ['2026-11-26T01:05:00.000Z', '2026-01-01T00:00:00Z', '2025-12-31T23:59:59.999Z', '2024-02-29T12:00:00Z']

describe('dates as Yardstick prints them (UTC)', () => {
	test('the same text as Date#toLocale…String with the same options', () => {
		for (const iso of samples) {
			const d = new Date(iso)
			expect(shortDate(iso)).toBe(d.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }))
			expect(longDate(d)).toBe(d.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }))
			expect(dateTimeUtc(iso)).toBe(d.toLocaleString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }))
		}
	})

	test('in UTC whatever the machine’s zone, and what a reader sees', () => {
		expect(shortDate('2026-11-26T01:05:00Z')).toBe('Nov 26, 2026')
		expect(longDate('2025-12-31T23:59:59Z')).toBe('December 31, 2025')
		expect(dateTimeUtc('2026-11-26T13:05:00Z')).toBe('Nov 26, 2026, 1:05 PM UTC')
	})

	test('a date that is not one prints as toLocaleDateString prints it, never throws', () => {
		expect(shortDate('not a date')).toBe('Invalid Date')
		expect(dateTimeUtc(new Date(Number.NaN))).toBe('Invalid Date')
	})
})
