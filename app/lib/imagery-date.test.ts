import { expect, test } from 'vitest'
import { captureDateFromAttributes, imageryCaption, parseCaptureDate } from './imagery-date.ts'

const now = new Date('2026-11-25T12:00:00Z')

test('capture dates in the forms metadata services answer, as YYYY-MM', () => {
	expect(parseCaptureDate(20190312, now)).toBe('2019-03')
	expect(parseCaptureDate('20190312', now)).toBe('2019-03')
	expect(parseCaptureDate('2021-07-04', now)).toBe('2021-07')
	expect(parseCaptureDate('2021/7/4', now)).toBe('2021-07')
	expect(parseCaptureDate('2021-07-04T00:00:00Z', now)).toBe('2021-07')
	expect(parseCaptureDate('7/4/2021', now)).toBe('2021-07')
	expect(parseCaptureDate(Date.UTC(2022, 9, 15), now)).toBe('2022-10')
	expect(parseCaptureDate(String(Date.UTC(2022, 9, 15)), now)).toBe('2022-10')
})

test('no date, or one that cannot be a capture date: null', () => {
	for (const value of [null, undefined, '', 'Null', 'unknown', 0, -1, 2019, 20191332, '2019-13-01', 19800101, '2027-01-01', 20261201, Number.NaN, {}, [], true]) {
		expect(parseCaptureDate(value, now), String(value)).toBeNull()
	}
	expect(parseCaptureDate('2026-11', now)).toBe('2026-11')
})

test('the first field with a valid date wins, names compared case-insensitively', () => {
	expect(captureDateFromAttributes({ NICE_NAME: 'Maxar', SRC_DATE: 20230415, SRC_DATE2: Date.UTC(2020, 0, 1) }, now)).toBe('2023-04')
	expect(captureDateFromAttributes({ SRC_DATE: 'Null', src_date2: Date.UTC(2020, 0, 1) }, now)).toBe('2020-01')
	expect(captureDateFromAttributes({ AcquisitionDate: '2018-06-21' }, now)).toBe('2018-06')
	expect(captureDateFromAttributes({ NAME: 'no dates here', OBJECTID: 20190312 }, now)).toBeNull()
})

test('"Imagery: <source>, <month year>"; nothing without a date', () => {
	expect(imageryCaption('Esri World Imagery', '2023-04')).toBe('Imagery: Esri World Imagery, April 2023')
	expect(imageryCaption('USGS The National Map', '2019-12')).toBe('Imagery: USGS The National Map, December 2019')
	expect(imageryCaption('Google Map Tiles', null)).toBeNull()
	expect(imageryCaption('Esri World Imagery', 'garbage')).toBeNull()
})
