// Leads (issue 19 item 4): customers who asked for the work, from the quote
// widget (source 'widget') or by accepting a shared estimate (source
// 'share'). They are the organization's own data: every read and write is
// scoped to the caller's organization (another organization's id is a 404),
// and any member may work them (status, "Open in Measure"). A new widget lead
// is e-mailed to each account admin (an accepted estimate already mails them
// "Estimate accepted").
import type { FeatureCollection } from 'geojson'
import { prisma, type Prisma } from '~/db.server.ts'
import { appUrl } from '~/env.server.ts'
import { sendEmail } from '~/integrations/email.server.ts'
import { geometry } from '~/lib/geojson.ts'
import { leadShapesToMeasurementShapes, measureHref, subjectText } from '~/lib/leads.ts'
import { formatQuotedPrice, type LeadSource, type LeadStatus } from '~/lib/quote-widget.ts'
import { MeasurementCreateSchema } from '~/lib/schemas/measurement.ts'
import type { LeadUpdateInput } from '~/lib/schemas/quote-widget.ts'
import type { Shape } from '~/lib/shapes.ts'
import { formatArea } from '~/lib/units.ts'
import { notFound } from '~/utils/http.server.ts'
import { organizationScope } from './auth.server.ts'
import { createMeasurement, deleteMeasurement } from './measurements.server.ts'
import type { ClientUser } from './users.server.ts'

export const LEAD_NOT_FOUND = 'Lead not found'

export type NewLead = {
	organizationId: string
	source: LeadSource
	address: string | null
	lat: number | null
	lng: number | null
	areaSqft: number | null
	shapes: FeatureCollection | null
	priceLowCents: number | null
	priceHighCents: number | null
	name: string
	email: string
	phone: string
	message: string | null
	measurementShareId?: string | null
}

/** Stores a lead; pass the transaction it belongs to (an acceptance and its lead are one write). */
export function createLead(tx: Prisma.TransactionClient, lead: NewLead) {
	return tx.lead.create({
		data: {
			...lead,
			shapes: lead.shapes ? (lead.shapes as unknown as Prisma.InputJsonValue) : undefined,
			measurementShareId: lead.measurementShareId ?? null,
		},
	})
}

/** A measurement's polygons as a GeoJSON FeatureCollection (lines are not lawn); null when there are none. */
export function shapesToGeoJson(shapes: readonly Shape[]): FeatureCollection | null {
	const areas = shapes.filter((s) => s.type !== 'polyline')
	if (!areas.length) return null
	return {
		type: 'FeatureCollection',
		features: areas.map((shape, i) => ({ type: 'Feature', geometry: geometry(shape), properties: { number: i + 1, label: shape.label ?? null, area_sqft: shape.area_sqft } })),
	}
}

type LeadRow = Prisma.LeadGetPayload<object>

export function toApiLead(row: LeadRow) {
	return {
		id: row.id,
		source: row.source as LeadSource,
		status: row.status as LeadStatus,
		address: row.address,
		lat: row.lat,
		lng: row.lng,
		areaSqft: row.areaSqft,
		shapes: (row.shapes as FeatureCollection | null) ?? null,
		priceLowCents: row.priceLowCents,
		priceHighCents: row.priceHighCents,
		priceQuoted: formatQuotedPrice(row.priceLowCents, row.priceHighCents),
		name: row.name,
		email: row.email,
		phone: row.phone,
		message: row.message,
		measurementId: row.measurementId,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt.toISOString(),
	}
}

/** GET /api/leads: the caller's organization's leads, newest first, optionally one status. */
export async function listLeads(user: ClientUser, query: { status?: LeadStatus; page: number; limit: number }) {
	const where = { ...organizationScope(user), ...(query.status ? { status: query.status } : {}) }
	const [rows, total] = await Promise.all([
		prisma.lead.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (query.page - 1) * query.limit, take: query.limit }),
		prisma.lead.count({ where }),
	])
	return { leads: rows.map(toApiLead), total, page: query.page, limit: query.limit }
}

export type ApiLead = ReturnType<typeof toApiLead>

async function findOwnLead(user: ClientUser, id: string) {
	const row = await prisma.lead.findFirst({ where: { id, ...organizationScope(user) } })
	if (!row) throw notFound(LEAD_NOT_FOUND)
	return row
}

/** GET /api/leads/{id} */
export async function getLead(user: ClientUser, id: string) {
	return toApiLead(await findOwnLead(user, id))
}

/** PATCH /api/leads/{id} and the dashboard's status select: one scoped UPDATE. */
export async function updateLead(user: ClientUser, id: string, input: LeadUpdateInput) {
	const { count } = await prisma.lead.updateMany({ where: { id, ...organizationScope(user) }, data: { status: input.status } })
	if (count === 0) throw notFound(LEAD_NOT_FOUND)
	return getLead(user, id)
}

const DASHBOARD_LEAD_SELECT = {
	id: true,
	source: true,
	status: true,
	address: true,
	areaSqft: true,
	priceLowCents: true,
	priceHighCents: true,
	name: true,
	email: true,
	phone: true,
	message: true,
	measurementId: true,
	createdAt: true,
} satisfies Prisma.LeadSelect

/** The dashboard's Leads list: one page, newest first, without the shapes (the list never draws them). */
export async function dashboardLeads(user: ClientUser, query: { status?: LeadStatus; page: number }, pageSize: number) {
	const scope = organizationScope(user)
	const where = { ...scope, ...(query.status ? { status: query.status } : {}) }
	const [rows, matching, total] = await Promise.all([
		prisma.lead.findMany({ where, select: DASHBOARD_LEAD_SELECT, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (query.page - 1) * pageSize, take: pageSize }),
		prisma.lead.count({ where }),
		query.status ? prisma.lead.count({ where: scope }) : null,
	])
	return {
		leads: rows.map(({ priceLowCents, priceHighCents, createdAt, ...row }) => ({
			...row,
			source: row.source as LeadSource,
			status: row.status as LeadStatus,
			priceQuoted: formatQuotedPrice(priceLowCents, priceHighCents),
			createdAt: createdAt.toISOString(),
		})),
		matching,
		total: total ?? matching,
		page: query.page,
		pageSize,
		pageCount: Math.max(1, Math.ceil(matching / pageSize)),
	}
}
export type DashboardLead = Awaited<ReturnType<typeof dashboardLeads>>['leads'][number]

/**
 * "Open in Measure": the lead's measurement on /measure. The first time, a
 * widget lead's detected lawn becomes a saved measurement at its address (an
 * 'ai' measurement, through createMeasurement: the same validation, default
 * label and totals as POST /api/measurements) and the lead keeps its id, so
 * the next time opens the same one; a share lead opens the measurement that
 * was shared. A lead without shapes (no lawn found, quotes unavailable) opens
 * /measure at its address and saves nothing. `created` says whether a
 * measurement was made.
 */
export async function openLeadInMeasure(user: ClientUser, id: string): Promise<{ url: string; created: boolean }> {
	const lead = await prisma.lead.findFirst({ where: { id, ...organizationScope(user) }, include: { measurementShare: { select: { measurementId: true } } } })
	if (!lead) throw notFound(LEAD_NOT_FOUND)
	if (lead.measurementId) return { url: measureHref(lead, lead.measurementId), created: false }
	// linked only while unlinked: of two clicks at once, one measurement stays
	const link = (measurementId: string) => prisma.lead.updateMany({ where: { id: lead.id, measurementId: null }, data: { measurementId } })
	const shared = lead.measurementShare?.measurementId
	if (shared) {
		await link(shared)
		return { url: measureHref(lead, shared), created: false }
	}
	const shapes = leadShapesToMeasurementShapes(lead.shapes as FeatureCollection | null, lead.source === 'widget' ? 'ai' : 'manual')
	if (!shapes.length) return { url: measureHref(lead), created: false }
	const input = MeasurementCreateSchema.parse({
		address: lead.address,
		shapes,
		measurement_type: lead.source === 'widget' ? 'ai' : 'manual',
		property_center: lead.lat !== null && lead.lng !== null ? { lat: lead.lat, lng: lead.lng } : null,
	})
	const measurement = await createMeasurement(user, input)
	if ((await link(measurement.id)).count === 1) return { url: measureHref(lead, measurement.id), created: true }
	// another click linked one first: keep that one
	await deleteMeasurement(user, measurement.id)
	const winner = await prisma.lead.findFirst({ where: { id: lead.id, ...organizationScope(user) }, select: { measurementId: true } })
	return { url: measureHref(lead, winner?.measurementId), created: false }
}

/** "New lead" to each active account admin; the stored lead is the record, so a mail outage is only logged. */
export async function mailNewLead(lead: LeadRow, organizationName: string) {
	const admins = await prisma.user.findMany({ where: { organizationId: lead.organizationId, role: 'account_admin', isActive: true }, select: { email: true } })
	const price = formatQuotedPrice(lead.priceLowCents, lead.priceHighCents)
	const where = lead.address ?? 'an address'
	const text = [
		`${lead.name} asked for a quote for ${where} through the quote widget on your website.`,
		'',
		`Name: ${lead.name}`,
		`Email: ${lead.email}`,
		`Phone: ${lead.phone}`,
		...(lead.address ? [`Address: ${lead.address}`] : []),
		...(lead.areaSqft !== null ? [`Lawn area: ${formatArea(lead.areaSqft, 'sqft')}`] : []),
		price ? `Price quoted: ${price}` : 'Price quoted: none (instant quotes were unavailable)',
		...(lead.message ? ['', 'Message:', lead.message] : []),
		'',
		`${organizationName} · Open your dashboard: ${appUrl()}/dashboard`,
	].join('\n')
	await Promise.all(
		admins.map((admin) =>
			sendEmail({ to: admin.email, replyTo: lead.email, subject: `New lead: ${subjectText(where)}`, text }).catch((error) =>
				console.error(`Lead ${lead.id} stored but not e-mailed to an admin`, error),
			),
		),
	)
}
