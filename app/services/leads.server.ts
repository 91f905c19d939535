// Leads (issue 19 item 4): customers who asked for the work, from the quote
// widget (source 'widget') or by accepting a shared estimate (source
// 'share'). They are the organization's own data: every read is scoped to the
// caller's organization. A new widget lead is e-mailed to each account admin
// (an accepted estimate already mails them "Estimate accepted").
import type { FeatureCollection } from 'geojson'
import { prisma, type Prisma } from '~/db.server.ts'
import { appUrl } from '~/env.server.ts'
import { sendEmail } from '~/integrations/email.server.ts'
import { geometry } from '~/lib/geojson.ts'
import { formatQuotedPrice, type LeadSource, type LeadStatus } from '~/lib/quote-widget.ts'
import type { Shape } from '~/lib/shapes.ts'
import { formatArea } from '~/lib/units.ts'
import { organizationScope } from './auth.server.ts'
import type { ClientUser } from './users.server.ts'

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
			sendEmail({ to: admin.email, replyTo: lead.email, subject: `New lead: ${where}`, text }).catch((error) =>
				console.error(`Lead ${lead.id} stored but not e-mailed to an admin`, error),
			),
		),
	)
}
