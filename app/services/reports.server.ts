// PDF measurement reports (issue 9) for one saved measurement or every saved
// measurement at an address. Order: load (404 for another organization's
// ids), validate the options (400), count the report (429 at the tier's
// reportsPerMonth), then draw the map and the PDF — a report that was counted
// is always delivered, with a vector-only map when imagery fails.
import { prisma } from '~/db.server.ts'
import { computeEstimate, type PriceItem } from '~/lib/estimate.ts'
import { attachment, CONTENT_TYPES } from '~/lib/exports.ts'
import type { ReportOptions } from '~/lib/schemas/reports.ts'
import { computeTotals, computeTotalsBySurface, type Shape } from '~/lib/shapes.ts'
import { loadTarget, type ExportTarget } from './exports.server.ts'
import { pricesForReport } from './price-list.server.ts'
import { renderReportMap } from './report-map.server.ts'
import { buildReportPdf, type ReportData } from './report-pdf.server.ts'
import { incrementReport } from './usage.server.ts'
import type { ApiMeasurement } from './measurements.server.ts'
import type { ClientUser } from './users.server.ts'
import { notFound } from '~/utils/http.server.ts'

const fullName = (u: { firstName: string | null; lastName: string | null; email: string }) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email

export type PreparedReport = Omit<ReportData, 'map'> & { center: { lat: number; lng: number } | null; slug: string }

/** Everything a report shows, without counting it (the benchmark and tests use it directly). */
export async function prepareReport(user: ClientUser, target: ExportTarget, options: ReportOptions, now = new Date()): Promise<PreparedReport> {
	const { measurements, title, slug } = await loadTarget(user, target)
	if (!measurements.length) throw notFound('No saved measurements for this address')
	const items = await pricesForReport(measurements[0]!.organizationId, options.services)
	return assembleReport(measurements, {
		title,
		slug,
		address: 'address' in target ? (target.address ?? null) : null,
		preparedBy: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
		items,
		taxRate: options.taxRate ?? null,
		notes: options.notes || null,
		now,
	})
}

export type ReportParts = {
	title: string
	slug: string
	/** the address when the measurements have none */
	address: string | null
	preparedBy: string
	items: readonly PriceItem[]
	taxRate: string | null
	notes: string | null
	now: Date
	/** for someone outside the organization (a shared link): people by name only, never an e-mail */
	namesOnly?: boolean
}

/** The report of loaded measurements (one organization's): also the shared link's PDF (share.server.ts). */
export async function assembleReport(measurements: readonly ApiMeasurement[], parts: ReportParts): Promise<PreparedReport> {
	const shapes = measurements.flatMap((m) => m.shapes.map((shape) => ({ shape: shape as Shape, measurementLabel: m.label, measurementType: m.measurement_type })))
	const totals = computeTotals(shapes.map((s) => s.shape))
	const totalsBySurface = computeTotalsBySurface(shapes.map((s) => s.shape))
	const lengthFeet = totals.total_distance_feet > 0 ? totals.total_distance_feet : shapes.reduce((sum, s) => sum + (s.shape.type === 'polyline' ? 0 : s.shape.perimeter_m / 0.3048), 0)
	const [org, creators] = await Promise.all([
		prisma.organization.findUnique({ where: { id: measurements[0]!.organizationId }, select: { name: true } }),
		prisma.user.findMany({ where: { id: { in: [...new Set(measurements.map((m) => m.createdByUserId).filter((id): id is string => Boolean(id)))] } }, select: { firstName: true, lastName: true, email: true } }),
	])
	return {
		organizationName: org?.name ?? 'Yardstick',
		address: measurements[0]!.address ?? parts.address,
		date: parts.now,
		measuredBy: parts.namesOnly ? creators.map((u) => [u.firstName, u.lastName].filter(Boolean).join(' ')).filter(Boolean) : creators.map(fullName),
		preparedBy: parts.preparedBy,
		title: parts.title,
		shapes,
		totals,
		totalsBySurface,
		notes: parts.notes,
		estimate: parts.items.length ? computeEstimate(parts.items, { areaSqft: totals.total_area_sqft, lengthFeet, bySurface: totalsBySurface }, parts.taxRate) : null,
		center: measurements[0]!.property_center,
		slug: parts.slug,
	}
}

/** Draws the map and the PDF for prepared report data. */
export async function renderReport(prepared: PreparedReport, { imagery = true }: { imagery?: boolean } = {}): Promise<Buffer> {
	const { center, slug: _slug, ...data } = prepared
	const map = await renderReportMap(
		data.shapes.map((s) => s.shape),
		center,
		{ imagery },
	)
	return buildReportPdf({ ...data, map })
}

/** GET …/report.pdf: counted against reportsPerMonth, then delivered as a download. */
export async function createReport(user: ClientUser, target: ExportTarget, options: ReportOptions): Promise<Response> {
	const prepared = await prepareReport(user, target, options)
	await incrementReport(user)
	const pdf = await renderReport(prepared, { imagery: options.imagery === 'on' })
	return new Response(new Uint8Array(pdf), {
		headers: {
			'Content-Type': CONTENT_TYPES.pdf,
			'Content-Disposition': attachment(`${prepared.slug}-report.pdf`),
			'Content-Length': String(pdf.length),
			'Cache-Control': 'private, no-store',
		},
	})
}
