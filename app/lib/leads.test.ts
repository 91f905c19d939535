import type { FeatureCollection } from 'geojson'
import { describe, expect, test } from 'vitest'
import { leadShapesToMeasurementShapes, MAX_SUBJECT_TEXT, subjectText } from './leads.ts'
import { computeShape } from './shapes.ts'

const square = (lng: number, lat: number, d: number) => [
	[lng, lat],
	[lng + d, lat],
	[lng + d, lat + d],
	[lng, lat + d],
	[lng, lat],
]

const collection = (...features: FeatureCollection['features']): FeatureCollection => ({ type: 'FeatureCollection', features })

describe('leadShapesToMeasurementShapes', () => {
	test('detected polygons become ai polygons with their holes and confidence, rings opened', () => {
		const shapes = leadShapesToMeasurementShapes(
			collection(
				{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [square(-104.99, 39.74, 0.0004), square(-104.9899, 39.7401, 0.0001)] }, properties: { number: 1, area_sqft: 1000, ai_confidence: 0.83 } },
				{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [square(-104.98, 39.74, 0.0002)] }, properties: { number: 2 } },
			),
			'ai',
		)
		expect(shapes).toHaveLength(2)
		expect(shapes[0]).toMatchObject({ type: 'polygon', measurement_type: 'ai', ai_confidence: 0.83 })
		expect(shapes[0]!.coordinates).toEqual([
			{ lat: 39.74, lng: -104.99 },
			{ lat: 39.74, lng: -104.9896 },
			{ lat: 39.7404, lng: -104.9896 },
			{ lat: 39.7404, lng: -104.99 },
		])
		expect(shapes[0]!.holes).toHaveLength(1)
		expect(shapes[0]!.holes![0]).toHaveLength(4)
		expect(shapes[1]).not.toHaveProperty('ai_confidence')
		// the outer square less the hole: 15/16 of it
		const outer = computeShape({ ...shapes[0]!, holes: undefined }).area_sqm
		expect(computeShape(shapes[0]!).area_sqm / outer).toBeCloseTo(15 / 16, 3)
	})

	test('measured shapes of a share lead keep their labels and are manual', () => {
		const [shape] = leadShapesToMeasurementShapes(collection({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [square(-97.74, 30.27, 0.0003)] }, properties: { label: 'Back lawn', ai_confidence: 0.5 } }), 'manual')
		expect(shape).toMatchObject({ type: 'polygon', measurement_type: 'manual', label: 'Back lawn' })
		expect(shape).not.toHaveProperty('ai_confidence')
	})

	test('nothing usable: null, lines, points out of range and crossing outlines are left out', () => {
		expect(leadShapesToMeasurementShapes(null, 'ai')).toEqual([])
		const bowtie = [
			[-97.74, 30.27],
			[-97.739, 30.271],
			[-97.739, 30.27],
			[-97.74, 30.271],
			[-97.74, 30.27],
		]
		expect(
			leadShapesToMeasurementShapes(
				collection(
					{ type: 'Feature', geometry: { type: 'LineString', coordinates: [[-97.74, 30.27], [-97.73, 30.28]] }, properties: {} },
					{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [square(-197.74, 30.27, 0.001)] }, properties: {} },
					{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [bowtie] }, properties: {} },
					{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[-97.74, 30.27], [-97.73, 30.28], [-97.74, 30.27]]] }, properties: {} },
				),
				'ai',
			),
		).toEqual([])
	})
})

describe('subjectText', () => {
	test('keeps a plain address as it is', () => {
		expect(subjectText('1200 TEST LAWN WAY, DENVER, CO, 80202')).toBe('1200 TEST LAWN WAY, DENVER, CO, 80202')
	})
	test('turns newlines, tabs, other controls and bidi overrides into single spaces', () => {
		expect(subjectText('1 Main St\r\nBcc: victim@example.com\t\u0000x\u202Eevil')).toBe('1 Main St Bcc: victim@example.com x evil')
	})
	test('cuts long text to the limit with an ellipsis', () => {
		const cut = subjectText('A'.repeat(500))
		expect([...cut]).toHaveLength(MAX_SUBJECT_TEXT)
		expect(cut.endsWith('…')).toBe(true)
		expect(subjectText('Ünïcödé '.repeat(30), 10)).toBe('Ünïcödé Ü…')
	})
})
