import { parse } from 'csv-parse/sync'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { expect, test } from 'vitest'
import { measurementsToGeoJson } from './geojson.ts'
import { CSV_COLUMNS, fileSlug, measurementsToCsv, measurementsToKml } from './exports.ts'
import { computeShape, type ShapeInput } from './shapes.ts'

const c = { lat: 30.2672, lng: -97.7431 }
const inputs: ShapeInput[] = [
	{
		type: 'polygon',
		label: '=HYPERLINK("http://evil")',
		surface: 'lawn',
		coordinates: [c, { lat: c.lat, lng: c.lng + 0.0004 }, { lat: c.lat + 0.0004, lng: c.lng + 0.0004 }, { lat: c.lat + 0.0004, lng: c.lng }],
		holes: [[{ lat: c.lat + 0.0001, lng: c.lng + 0.0001 }, { lat: c.lat + 0.0002, lng: c.lng + 0.0001 }, { lat: c.lat + 0.0002, lng: c.lng + 0.0002 }]],
	},
	{ type: 'circle', coordinates: [c], radius_m: 5, measurement_type: 'ai', user_verified: 'true' },
	{ type: 'polyline', label: 'Fence, "north" side', surface: 'edging', coordinates: [c, { lat: c.lat + 0.001, lng: c.lng }] },
]
const measurement = {
	id: 'm1',
	label: 'Smith & Sons <front>',
	address: '1100 Congress Ave, Austin, TX 78701',
	measurement_type: 'manual',
	created_at: '2026-11-22T10:00:00.000Z',
	shapes: inputs.map(computeShape),
}

test('file names are slugs of the label or address', () => {
	expect(fileSlug('1100 Congress Ave, Austin, TX 78701')).toBe('1100-congress-ave-austin-tx-78701')
	expect(fileSlug('', 'measurement')).toBe('measurement')
	expect(fileSlug('Café "Ünïcode"/..\\')).toBe('cafe-unicode')
})

test('KML is well-formed, has one Placemark per shape with its figures, and escapes text', () => {
	const kml = measurementsToKml([measurement], measurement.address)
	expect(XMLValidator.validate(kml)).toBe(true)
	const doc = new XMLParser({ ignoreAttributes: false }).parse(kml)
	const folder = doc.kml.Document.Folder
	expect(folder.name).toBe('Smith & Sons <front>')
	expect(folder.Placemark).toHaveLength(3)
	const [area, circle, line] = folder.Placemark
	expect(area.Polygon.outerBoundaryIs.LinearRing.coordinates.split(' ')).toHaveLength(5)
	expect(area.Polygon.innerBoundaryIs.LinearRing.coordinates.split(' ')).toHaveLength(4)
	expect(area.Polygon.outerBoundaryIs.LinearRing.coordinates.split(' ')[0]).toBe(`${c.lng},${c.lat},0`)
	const sqft = area.ExtendedData.Data.find((d: { '@_name': string }) => d['@_name'] === 'area_sqft').value
	expect(area.ExtendedData.Data.find((d: { '@_name': string }) => d['@_name'] === 'surface').value).toBe('lawn')
	expect(line.ExtendedData.Data.find((d: { '@_name': string }) => d['@_name'] === 'surface').value).toBe('edging')
	expect(Number(sqft)).toBeCloseTo(measurement.shapes[0]!.area_sqft, 1)
	expect(circle.Polygon.outerBoundaryIs.LinearRing.coordinates.split(' ')).toHaveLength(129)
	expect(line.name).toBe('Fence, "north" side')
	expect(line.LineString.coordinates.split(' ')).toHaveLength(2)
})

test('CSV parses to one row per shape with the figures, and formula-like text stays text', () => {
	const rows = parse(measurementsToCsv([measurement]), { columns: true }) as Record<string, string>[]
	expect(Object.keys(rows[0]!)).toEqual([...CSV_COLUMNS])
	expect(rows).toHaveLength(3)
	expect(rows[0]!.shape_label).toBe(`'=HYPERLINK("http://evil")`)
	expect(Number(rows[0]!.area_sqft)).toBeCloseTo(measurement.shapes[0]!.area_sqft, 2)
	expect(rows[0]!.distance_feet).toBe('')
	expect(rows[1]).toMatchObject({ shape_label: 'Area 2', shape_type: 'circle', measurement_type: 'ai', user_verified: 'true' })
	// issue 32: each row says its surface; shapes saved without one are other
	expect(rows.map((r) => r.surface)).toEqual(['lawn', 'other', 'edging'])
	expect(rows[2]).toMatchObject({ shape_label: 'Fence, "north" side', shape_type: 'polyline', area_sqft: '' })
	expect(Number(rows[2]!.distance_feet)).toBeCloseTo(measurement.shapes[2]!.distance_feet, 2)
	expect(rows[2]!.measurement_label).toBe('Smith & Sons <front>')
})

test('GeoJSON features carry the figures and the shape labels', () => {
	const fc = measurementsToGeoJson([measurement])
	expect(fc.features.map((f) => f.properties!.shape_label)).toEqual(['=HYPERLINK("http://evil")', null, 'Fence, "north" side'])
	expect(fc.features[1]!.properties).toMatchObject({ shape_number: 2, user_verified: 'true', radius_m: 5 })
	expect(fc.features.map((f) => f.properties!.surface)).toEqual(['lawn', 'other', 'edging'])
})
