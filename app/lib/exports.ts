// Saved measurements as KML (Google Earth) and CSV (one row per shape), and
// the download file names. GeoJSON lives in geojson.ts; KML reuses its
// geometry (closed rings, outer counter-clockwise) so all formats agree. Pure.
import type { Position } from 'geojson'
import { geometry, type ExportMeasurement } from './geojson.ts'
import type { Shape } from './shapes.ts'
import { surfaceOf } from './surfaces.ts'
import { metersToFeet } from './units.ts'

export const EXPORT_FORMATS = ['geojson', 'kml', 'csv'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const CONTENT_TYPES: Record<ExportFormat | 'pdf', string> = {
	geojson: 'application/geo+json',
	kml: 'application/vnd.google-earth.kml+xml',
	csv: 'text/csv; charset=utf-8',
	pdf: 'application/pdf',
}

/** A file-name-safe slug: "1100 Congress Ave, Austin" → "1100-congress-ave-austin". */
export function fileSlug(text: string | null | undefined, fallback = 'measurements'): string {
	const slug = (text ?? '')
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^a-z0-9]+/gi, '-')
		.replace(/^-|-$/g, '')
		.toLowerCase()
		.slice(0, 80)
		.replace(/-$/, '')
	return slug || fallback
}

export function attachment(name: string): string {
	return `attachment; filename="${name}"`
}

/** The label a shape shows in exports and reports: its own, else "Area 2" / "Line 3". */
export function shapeLabel(shape: Shape, index: number): string {
	if (shape.label) return shape.label
	return `${shape.type === 'polyline' ? 'Line' : 'Area'} ${index + 1}`
}

const xml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)
const kmlCoordinates = (positions: Position[]) => positions.map(([lng, lat]) => `${lng},${lat},0`).join(' ')
const round = (value: number, digits: number) => Number(value.toFixed(digits))

function kmlGeometry(shape: Shape): string {
	const g = geometry(shape)
	if (g.type === 'LineString') return `<LineString><tessellate>1</tessellate><coordinates>${kmlCoordinates(g.coordinates)}</coordinates></LineString>`
	if (g.type !== 'Polygon') return ''
	const [outer, ...holes] = g.coordinates
	return (
		`<Polygon><tessellate>1</tessellate><outerBoundaryIs><LinearRing><coordinates>${kmlCoordinates(outer!)}</coordinates></LinearRing></outerBoundaryIs>` +
		holes.map((h) => `<innerBoundaryIs><LinearRing><coordinates>${kmlCoordinates(h)}</coordinates></LinearRing></innerBoundaryIs>`).join('') +
		`</Polygon>`
	)
}

function figures(shape: Shape): Record<string, number> {
	return shape.type === 'polyline'
		? { distance_feet: round(shape.distance_feet, 2), distance_yards: round(shape.distance_yards, 2), distance_meters: round(shape.distance_meters, 2) }
		: { area_sqft: round(shape.area_sqft, 2), area_acres: round(shape.area_acres, 5), area_sqm: round(shape.area_sqm, 2), perimeter_feet: round(metersToFeet(shape.perimeter_m), 2) }
}

function describe(shape: Shape): string {
	if (shape.type === 'polyline') return `${Math.round(shape.distance_feet).toLocaleString('en-US')} ft`
	return `${Math.round(shape.area_sqft).toLocaleString('en-US')} sq ft (${shape.area_acres.toFixed(3)} acres)`
}

/** KML 2.2: one Folder per measurement, one Placemark per shape with its figures. */
export function measurementsToKml(measurements: readonly ExportMeasurement[], title: string): string {
	const folders = measurements.map((m) => {
		const placemarks = m.shapes.map((shape, i) => {
			const data = {
				measurement_id: m.id,
				shape_type: shape.type,
				surface: surfaceOf(shape),
				measurement_type: shape.measurement_type ?? m.measurement_type,
				...figures(shape),
			}
			return (
				`<Placemark><name>${xml(shapeLabel(shape, i))}</name><description>${xml(describe(shape))}</description>` +
				`<styleUrl>#${shape.type === 'polyline' ? 'line' : 'area'}</styleUrl><ExtendedData>` +
				Object.entries(data)
					.map(([k, v]) => `<Data name="${k}"><value>${xml(String(v))}</value></Data>`)
					.join('') +
				`</ExtendedData>${kmlGeometry(shape)}</Placemark>`
			)
		})
		const name = m.label ?? m.address ?? 'Measurement'
		return `<Folder><name>${xml(name)}</name>${m.address ? `<address>${xml(m.address)}</address>` : ''}${placemarks.join('')}</Folder>`
	})
	return (
		`<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${xml(title)}</name>` +
		`<Style id="area"><LineStyle><color>ff00d7ff</color><width>2</width></LineStyle><PolyStyle><color>5500d7ff</color></PolyStyle></Style>` +
		`<Style id="line"><LineStyle><color>ff0000ff</color><width>3</width></LineStyle></Style>` +
		folders.join('') +
		`</Document></kml>\n`
	)
}

export const CSV_COLUMNS = [
	'measurement_id',
	'measurement_label',
	'address',
	'shape_number',
	'shape_label',
	'shape_type',
	'surface',
	'measurement_type',
	'user_verified',
	'area_sqft',
	'area_acres',
	'area_sqm',
	'perimeter_feet',
	'distance_feet',
	'distance_yards',
	'distance_meters',
	'created_at',
] as const

export function csvCell(value: string | number | null | undefined): string {
	if (value === null || value === undefined) return ''
	let text = String(value)
	// a text cell starting like a formula would run in a spreadsheet: keep it text
	if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
	return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** RFC 4180 CSV, one row per shape, CRLF line ends. */
export function measurementsToCsv(measurements: readonly ExportMeasurement[]): string {
	const rows = measurements.flatMap((m) =>
		m.shapes.map((shape, i) => {
			const line = shape.type === 'polyline'
			const row: Record<(typeof CSV_COLUMNS)[number], string | number | null> = {
				measurement_id: m.id,
				measurement_label: m.label,
				address: m.address,
				shape_number: i + 1,
				shape_label: shapeLabel(shape, i),
				shape_type: shape.type,
				surface: surfaceOf(shape),
				measurement_type: shape.measurement_type ?? m.measurement_type,
				user_verified: shape.user_verified ?? 'false',
				area_sqft: line ? null : round(shape.area_sqft, 2),
				area_acres: line ? null : round(shape.area_acres, 5),
				area_sqm: line ? null : round(shape.area_sqm, 2),
				perimeter_feet: line ? null : round(metersToFeet(shape.perimeter_m), 2),
				distance_feet: line ? round(shape.distance_feet, 2) : null,
				distance_yards: line ? round(shape.distance_yards, 2) : null,
				distance_meters: line ? round(shape.distance_meters, 2) : null,
				created_at: m.created_at,
			}
			return CSV_COLUMNS.map((c) => csvCell(row[c])).join(',')
		}),
	)
	return [CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n'
}
