// Measurement exports (issue 9): GeoJSON, KML and CSV of one saved measurement
// or of every saved measurement at an address, organization-scoped (another
// organization's id answers 404). Exports are not counted; PDF reports are.
import { attachment, CONTENT_TYPES, fileSlug, measurementsToCsv, measurementsToKml, type ExportFormat } from '~/lib/exports.ts'
import { measurementsToGeoJson } from '~/lib/geojson.ts'
import { getMeasurement, listMeasurements, type ApiMeasurement } from './measurements.server.ts'
import type { ClientUser } from './users.server.ts'

export type ExportTarget = { id: string } | { address?: string }

/** The measurements a target names, and the slug its files are named after. */
export async function loadTarget(user: ClientUser, target: ExportTarget): Promise<{ measurements: ApiMeasurement[]; slug: string; title: string }> {
	if ('id' in target) {
		const m = await getMeasurement(user, target.id)
		return { measurements: [m], slug: fileSlug(m.label ?? m.address, 'measurement'), title: m.label ?? m.address ?? 'Measurement' }
	}
	const { measurements } = await listMeasurements(user, { address: target.address || undefined, page: 1, limit: 500 })
	return { measurements, slug: fileSlug(target.address), title: target.address || 'Measurements' }
}

export async function exportMeasurements(user: ClientUser, target: ExportTarget, format: ExportFormat): Promise<Response> {
	const { measurements, slug, title } = await loadTarget(user, target)
	const body =
		format === 'geojson' ? JSON.stringify(measurementsToGeoJson(measurements)) : format === 'kml' ? measurementsToKml(measurements, title) : measurementsToCsv(measurements)
	return new Response(body, {
		headers: {
			'Content-Type': CONTENT_TYPES[format],
			'Content-Disposition': attachment(`${slug}.${format}`),
			'Cache-Control': 'private, no-store',
		},
	})
}

export function formatFromPath(request: Request): ExportFormat | null {
	const ext = /\.(geojson|kml|csv)$/.exec(new URL(request.url).pathname)?.[1]
	return (ext as ExportFormat | undefined) ?? null
}
